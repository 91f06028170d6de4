// "Your own model and data": a person drops (or picks) Cube YAML model files and data files; the engine imports the
// tables and checks the model, the panel lists the tables (rows, column types) and every model problem with its file
// and line, and the page publishes a dashboard generated from the model's meta as the viewer chosen in 1 sees it
// (generateDashboard over what they may query; made again when the viewer changes), with the chat over the same
// model; what the model does not grant that viewer is said in words, with whom it grants it to (./your-grants.ts). A
// JSON object that holds no cubes: or views: is neither model nor rows: it is left out, never read as the model.
// "Back to the sample" puts the demo's model and dashboard back. What is imported stays in IndexedDB: a reload comes
// back to it (resume()).
import type { SvcChat } from '../src/index.js';
// Imported from their own modules, not the engine's entry: the model reader (YAML, checks) stays out of the page's
// start (your-grants.ts loads it when a person gives their files).
import type { LocalEngine, TableInfo } from '../src/engine/index.js';
import { DEMO } from '../src/engine/demo-keys.js';
import { demoSeed } from '../src/engine/demo-seed.js';
import { DEFAULT_MODEL_LIMITS } from '../src/engine/model/limits.js';
import { ModelError, formatProblem } from '../src/engine/model/problems.js';
import { tableNameFor } from '../src/engine/data/table-names.js';
import { generateDashboard } from '../src/generate/index.js';
import type { HttpTransport, Transport } from '../src/transport/index.js';
import type { MetaResponse } from '../src/api/types.js';
import { markdownText } from '../src/util/markdown-text.js';
import { demoWorkbook } from './dashboard.js';
import { $, describeError } from './util.js';
import { grantsOf, notGranted, saveGrants, savedGrants, whom, type Grants } from './your-grants.js';

export interface YourDataHooks {
  engine: () => LocalEngine;
  backend: () => HttpTransport;
  /** The viewer's own transport (their session): what they may query. */
  viewer: () => Transport | undefined;
  /** Who the viewer is, in words. */
  viewerName: () => string;
  /** Starts a session for a viewer in `group` (the form's groups set to it). */
  viewAs: (group: string) => void;
  /** Upserts the workbook under `slug`, publishes it and shows it in the page's dashboard. */
  publish: (slug: string, input: object) => Promise<string>;
  chat: SvcChat;
  sampleStarters: string[];
}

const DATA = /\.(csv|tsv|parquet|ndjson|jsonl|arrow|json)$/i;
const MODEL = /\.(ya?ml)$/i;
const SLUG = 'your-data';
/** A JSON object file larger than this is not read to see whether it is a model (64 MiB). */
const JSON_OBJECT_BYTES = 64 * DEFAULT_MODEL_LIMITS.maxFileBytes;

/** What a `.json` file holding an object is: a model file (with `cubes` or `views`), or neither model nor rows. */
async function jsonObject(file: File): Promise<{ model: string } | { refused: string } | undefined> {
  if (!/^\s*\{/.test(await file.slice(0, 64).text())) return undefined; // an array of rows
  // Read whole to see its keys, up to a bound: a model file is far smaller (the engine's limit says by how much).
  if (file.size > JSON_OBJECT_BYTES)
    return { refused: `a JSON object of ${(file.size / 2 ** 20).toFixed(0)} MiB (not rows)` };
  const text = await file.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // one object per line (NDJSON): rows
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if ('cubes' in value || 'views' in value) return { model: text };
  const keys = Object.keys(value).slice(0, 5).join(', ');
  return { refused: `a JSON object with neither cubes nor views (its keys: ${keys || 'none'})` };
}

/**
 * Model files (YAML, or a JSON object with `cubes` or `views`) and data files, by their names and contents; any other
 * JSON object (a GeoJSON, a config) is refused: it is not rows of data, and never becomes the model.
 */
async function sortFiles(files: File[]) {
  const model: Record<string, string> = {};
  const data: File[] = [];
  const ignored: string[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const path = file.webkitRelativePath || file.name;
    const json = /\.json$/i.test(file.name) ? await jsonObject(file) : undefined;
    if (MODEL.test(file.name)) model[path] = await file.text();
    else if (json && 'model' in json) model[path] = json.model;
    else if (json)
      refused.push(
        `${path}: ${json.refused}, so neither a model file nor a table (a table in JSON is an array of rows, or one row per line): left out`,
      );
    else if (DATA.test(file.name)) data.push(file);
    else ignored.push(path);
  }
  return { model, data, ignored, refused };
}

const userTables = async (engine: LocalEngine) => (await engine.tables()).filter((t) => t.format !== undefined);

/** Distinct values of each string dimension (up to 100), as the viewer sees them: the generator's hint. */
async function valueCounts(backend: Transport, meta: MetaResponse): Promise<Record<string, number>> {
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

export function setUpYourDataPanel(hooks: YourDataHooks): {
  resume(): Promise<boolean>;
  viewerChanged(): Promise<void>;
} {
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

  /** Whether the model in use is the person's own (the dashboard follows the viewer then). */
  let own = false;
  let grants: Grants | undefined;
  /** One dashboard made at a time; a change meanwhile makes it again after. */
  let making: Promise<void> = Promise.resolve();

  /** The groups the model's policies name, as buttons that start a session for a viewer in one; its attributes. */
  function showHints(): void {
    const hints = $<HTMLParagraphElement>('#viewer-hints');
    hints.replaceChildren();
    hints.hidden = !own || !grants || (grants.groups.length === 0 && grants.attributes.length === 0);
    if (hints.hidden || !grants) return;
    hints.append('Your model’s access policies name ');
    if (grants.groups.length) {
      hints.append('groups ');
      for (const group of grants.groups) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'view-as';
        button.textContent = `View as ${group}`;
        button.addEventListener('click', () => hooks.viewAs(group));
        hints.append(button, ' ');
      }
    }
    if (grants.attributes.length)
      hints.append(
        `${grants.groups.length ? 'and ' : ''}user attributes ${grants.attributes.join(', ')} (set them as name=value above)`,
      );
    hints.append('.');
  }

  /** The dashboard for a viewer the model lets see nothing: what it grants, and to whom. */
  function nothingFor(who: string, grantsText: string, admin: MetaResponse): object {
    const names = admin.cubes.filter((c) => c.public !== false).map((c) => c.name);
    const markdown = [
      '## Nothing here for this viewer',
      '',
      `${markdownText(who)} may query nothing in your model.`,
      grantsText
        ? `Its access policies let in: ${markdownText(grantsText)}.`
        : `It has ${markdownText(names.join(', ') || 'nothing visible')}, and its access policies keep all of it from this viewer.`,
      '',
      'Choose a viewer they let in (1. Who is looking?) and the dashboard is made for them.',
    ].join('\n');
    const widget = { id: 'not-granted', type: 'TEXT', position: { x: 0, y: 0, w: 12, h: 2 }, config: { markdown } };
    return { name: 'Your data', meta: { reports: [], dashboardDraft: { title: 'Your data', widgets: [widget] } } };
  }

  /**
   * Generates the dashboard from the model's meta as the viewer sees it (only what they may query) and shows it with
   * the chat over the same model; what the model keeps from this viewer is said, with whom it lets in.
   */
  async function makeDashboard(): Promise<void> {
    const viewer = hooks.viewer();
    if (!viewer) return;
    const meta = await viewer.loadMeta();
    const kept = notGranted(grants, meta);
    const who = hooks.viewerName();
    const grantsText = kept.map((g) => `${g.type} ${g.name} to ${whom(g)}`).join('; ');
    if (meta.cubes.length === 0) {
      await hooks.publish(SLUG, nothingFor(who, grantsText, await hooks.backend().loadMeta()));
      status.textContent = `Your model is in use, but ${who} may query nothing in it${grantsText ? ` (it lets in: ${grantsText})` : ''}: choose another viewer in 1.`;
      return;
    }
    const generated = generateDashboard(meta, { valueCounts: await valueCounts(viewer, meta) });
    await hooks.publish(SLUG, {
      name: 'Your data',
      meta: { dashboardDraft: generated.config, reports: generated.reportSnapshots },
    });
    const views = meta.cubes.filter((c) => c.type === 'view');
    const subjects = (views.length ? views : meta.cubes).map((c) => c.name);
    const reports = generated.reportSnapshots.length;
    status.textContent =
      `Your model is in use (${subjects.join(', ')}): the dashboard above was generated from what ${who} may query (${reports} reports) and the analyst answers over it.` +
      (kept.length ? ` Not for this viewer: ${grantsText}; choose another viewer in 1 to see it.` : '');
  }

  /** Makes the dashboard for the viewer (after one being made). */
  async function showDashboard(): Promise<void> {
    own = true;
    showHints();
    making = making.catch(() => undefined).then(makeDashboard);
    await making;
    back.hidden = false;
  }

  async function load(files: File[]): Promise<void> {
    problems.replaceChildren();
    const engine = hooks.engine();
    const { model, data, ignored, refused } = await sortFiles(files);
    if (ignored.length) showProblems([`not a model or data file, left out: ${ignored.join(', ')}`], 'warning');
    showProblems(refused, 'error');
    let failed = false;
    const sample = new Set((await engine.tables()).filter((t) => t.format === undefined).map((t) => t.name));
    for (const [i, file] of data.entries()) {
      status.textContent = `Importing ${file.name} (${i + 1} of ${data.length})…`;
      try {
        const name = tableNameFor(file.name);
        if (sample.has(name))
          throw new Error(`${name} is a table of the sample: rename the file (and the model's sql_table)`);
        const { warning } = await engine.putTable(name, file);
        if (warning) showProblems([`${file.name}: ${warning}`], 'warning');
      } catch (error) {
        failed = true;
        showProblems([`${file.name}: ${describeError(error)}`], 'error');
      }
    }
    showTables(await userTables(engine));
    const modelFiles = Object.keys(model);
    if (modelFiles.length === 0) {
      status.textContent =
        failed || refused.length
          ? `Some files could not be read (see below).${own ? ' The page keeps your model as it was.' : ''}`
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
    grants = await grantsOf(model);
    saveGrants(grants);
    status.textContent = 'Generating a dashboard from your model…';
    await showDashboard();
    hooks.chat.starterPrompts = []; // questions suggested from the model
    hooks.chat.newChat();
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
        own = false;
        grants = undefined;
        saveGrants(undefined);
        showHints();
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
      grants = savedGrants();
      await showDashboard();
      hooks.chat.starterPrompts = [];
      hooks.chat.newChat();
      return true;
    },
    /** Another viewer: a dashboard generated from the person's model is made again for them. */
    async viewerChanged() {
      if (own) await showDashboard();
    },
  };
}
