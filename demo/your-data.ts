// "Your own model and data": a person drops (or picks) Cube YAML model files and data files; the engine imports the
// tables and checks the model, the panel lists the tables (rows, column types) and any model problem with its file and
// line, and the page publishes a dashboard generated from the model's meta (generateDashboard) with the chat over the
// same model. "Back to the sample" puts the demo's model and dashboard back. What is imported stays in IndexedDB: a
// reload comes back to it (resume()).
import type { SvcChat } from '../src/index.js';
import {
  DEMO,
  ModelError,
  demoSeed,
  formatProblem,
  tableNameFor,
  type LocalEngine,
  type TableInfo,
} from '../src/engine/index.js';
import { generateDashboard } from '../src/generate/index.js';
import type { HttpTransport } from '../src/transport/index.js';
import type { MetaResponse } from '../src/api/types.js';
import { demoWorkbook } from './dashboard.js';
import { $, describeError } from './util.js';

export interface YourDataHooks {
  engine: () => LocalEngine;
  backend: () => HttpTransport;
  /** Upserts the workbook under `slug`, publishes it and shows it in the page's dashboard. */
  publish: (slug: string, input: object) => Promise<string>;
  chat: SvcChat;
  sampleStarters: string[];
}

const DATA = /\.(csv|tsv|parquet|ndjson|jsonl|arrow|json)$/i;
const MODEL = /\.(ya?ml)$/i;
const SLUG = 'your-data';

/** Model files (YAML, or JSON with `cubes` or `views`) and data files, by their names and contents. */
async function sortFiles(files: File[]) {
  const model: Record<string, string> = {};
  const data: File[] = [];
  const ignored: string[] = [];
  for (const file of files) {
    const path = file.webkitRelativePath || file.name;
    if (MODEL.test(file.name)) model[path] = await file.text();
    else if (/\.json$/i.test(file.name) && /^\s*\{/.test(await file.slice(0, 64).text())) {
      // A JSON object is a model file (a data file in JSON is an array of rows).
      model[path] = await file.text();
    } else if (DATA.test(file.name)) data.push(file);
    else ignored.push(path);
  }
  return { model, data, ignored };
}

const userTables = async (engine: LocalEngine) => (await engine.tables()).filter((t) => t.format !== undefined);

/** Distinct values of each string dimension (up to 100), as the admin sees them: the generator's hint. */
async function valueCounts(backend: HttpTransport, meta: MetaResponse): Promise<Record<string, number>> {
  const dims = meta.cubes
    .filter((c) => c.isVisible !== false && c.public !== false)
    .flatMap((c) => c.dimensions)
    .filter((d) => d.type === 'string' && !d.primaryKey && d.isVisible !== false)
    .slice(0, 24);
  const counts = await Promise.all(
    dims.map(async (d) => {
      try {
        const { data } = await backend.load({ query: { dimensions: [d.name], limit: 101 } });
        return [d.name, data.length] as const;
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(counts.filter((c) => c !== undefined));
}

export function setUpYourDataPanel(hooks: YourDataHooks): { resume(): Promise<boolean> } {
  const status = $<HTMLParagraphElement>('#your-status');
  const problems = $<HTMLUListElement>('#your-problems');
  const tablesBody = $<HTMLTableSectionElement>('#your-tables tbody');
  const back = $<HTMLButtonElement>('#your-back');
  const drop = $<HTMLElement>('#your-drop');
  const input = $<HTMLInputElement>('#your-files');

  function showProblems(lines: string[], kind: 'error' | 'warning'): void {
    for (const text of lines) {
      const item = document.createElement('li');
      item.className = kind;
      item.textContent = `${kind === 'error' ? 'Error' : 'Warning'}: ${text}`;
      problems.append(item);
    }
  }

  function showTables(tables: TableInfo[]): void {
    tablesBody.replaceChildren(
      ...tables.map((t) => {
        const row = document.createElement('tr');
        const cells = [
          t.name,
          t.rowCount.toLocaleString('en-US'),
          t.columns.map((c) => `${c.name} ${c.type}`).join(', '),
        ];
        for (const text of cells) {
          const cell = document.createElement('td');
          cell.textContent = text;
          row.append(cell);
        }
        row.children[1].classList.add('number');
        return row;
      }),
    );
    $('#your-tables').hidden = tables.length === 0;
  }

  /** Generates the dashboard from the model's meta and shows it with the chat over the same model. */
  async function showDashboard(): Promise<void> {
    const backend = hooks.backend();
    const meta = await backend.loadMeta();
    const generated = generateDashboard(meta, { valueCounts: await valueCounts(backend, meta) });
    await hooks.publish(SLUG, {
      name: 'Your data',
      meta: { dashboardDraft: generated.config, reports: generated.reportSnapshots },
    });
    hooks.chat.starterPrompts = []; // questions suggested from the model
    hooks.chat.newChat();
    back.hidden = false;
    const shown = meta.cubes.filter((c) => c.isVisible !== false && c.public !== false);
    const views = shown.filter((c) => c.type === 'view');
    const subjects = (views.length ? views : shown).map((c) => c.name);
    status.textContent = `Your model is in use (${subjects.join(', ') || 'nothing visible'}): the dashboard above was generated from it (${generated.reportSnapshots.length} reports) and the analyst answers over it. Access policies of the model apply to the viewer chosen in 1.`;
  }

  async function load(files: File[]): Promise<void> {
    problems.replaceChildren();
    const engine = hooks.engine();
    const { model, data, ignored } = await sortFiles(files);
    if (ignored.length) showProblems([`not a model or data file, left out: ${ignored.join(', ')}`], 'warning');
    let failed = false;
    const sample = new Set((await engine.tables()).filter((t) => t.format === undefined).map((t) => t.name));
    for (const [i, file] of data.entries()) {
      status.textContent = `Importing ${file.name} (${i + 1} of ${data.length})…`;
      try {
        const name = tableNameFor(file.name);
        if (sample.has(name))
          throw new Error(`${name} is a table of the sample: rename the file (and the model's sql_table)`);
        await engine.putTable(name, file);
      } catch (error) {
        failed = true;
        showProblems([`${file.name}: ${describeError(error)}`], 'error');
      }
    }
    showTables(await userTables(engine));
    const modelFiles = Object.keys(model);
    if (modelFiles.length === 0) {
      status.textContent = failed
        ? 'Some files could not be read (see below).'
        : 'Tables imported. Now add the model files (.yml) that describe them.';
      return;
    }
    status.textContent = `Checking the model (${modelFiles.join(', ')})…`;
    try {
      const { warnings } = await engine.setModel(model);
      showProblems(warnings.map(formatProblem), 'warning');
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      showProblems(error.problems.map(formatProblem), 'error');
      status.textContent = `The model has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}: fix the files and drop them again. The page keeps the model it had.`;
      return;
    }
    status.textContent = 'Generating a dashboard from your model…';
    await showDashboard();
  }

  const run = (files: File[]) => {
    if (files.length === 0) return;
    load(files).catch((error: unknown) => {
      status.textContent = `Error: ${describeError(error)}`;
    });
  };

  input.addEventListener('change', () => {
    run([...(input.files ?? [])]);
    input.value = '';
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    run([...(e.dataTransfer?.files ?? [])]);
  });
  back.addEventListener('click', () => {
    void (async () => {
      const engine = hooks.engine();
      try {
        status.textContent = 'Putting the sample back…';
        await engine.setModel(demoSeed.dataModel!);
        for (const t of await userTables(engine)) await engine.dropTable(t.name);
        await hooks.publish('sales-overview', demoWorkbook);
        hooks.chat.starterPrompts = hooks.sampleStarters;
        hooks.chat.newChat();
        problems.replaceChildren();
        showTables([]);
        back.hidden = true;
        status.textContent = `Back to the sample: the ${DEMO.accountName} account's sales model and dashboard.`;
      } catch (error) {
        status.textContent = `Error: ${describeError(error)}`;
      }
    })();
  });

  return {
    /** After a reload: true (and the generated dashboard shown) when the stored model is the person's own. */
    async resume() {
      const tables = await userTables(hooks.engine());
      const meta = await hooks.backend().loadMeta();
      if (tables.length === 0 || meta.cubes.some((c) => c.name === 'sales')) return false;
      showTables(tables);
      await showDashboard();
      return true;
    },
  };
}
