// DuckDB's and the SQL parser's workers when the engine runs in its worker: the page makes them (a Worker constructor
// inside the engine's worker could freeze it in Firefox), hands the engine's worker a port to each, and ends them with
// the engine; a helper the page cannot start is a clear error, not a wait for ever.
import { expect } from '@open-wc/testing';
import { DEMO, createLocalEngine, demoSeed } from '../../../src/engine/index.js';
import { forgetCompiledModules, keptModules } from '../../../src/engine/worker/helper-host.js';
import { HttpTransport } from '../../../src/transport/index.js';
import { deleteDatabase } from '../helpers.js';
import { BASE, HOUSES, open, rejection } from './greenhouse.js';

interface Made {
  url: string;
  ended: boolean;
  /** The first message the page sent it held a port to the page's module keeper (classic-host.worker.ts). */
  handedKeeper?: boolean;
  /** And told it to ask the keeper for a module before compiling (the keeper was running before it). */
  askedKeeper?: boolean;
}

/**
 * Records the page's Worker constructions (and terminations) while `run` runs; `refuse` makes a URL fail at once,
 * `missing` makes its script one the server does not have (the worker starts, then has an error event).
 */
async function watchingWorkers<T>(
  run: (made: Made[]) => Promise<T>,
  { refuse, missing }: { refuse?: RegExp; missing?: RegExp } = {},
): Promise<T> {
  const Original = globalThis.Worker;
  const made: Made[] = [];
  globalThis.Worker = class extends Original {
    readonly #made: Made;
    constructor(url: string | URL, options?: WorkerOptions) {
      if (refuse?.test(String(url))) throw new DOMException('refused by the test', 'SecurityError');
      super(missing?.test(String(url)) ? new URL('/no-such-script.js', location.href) : url, options);
      this.#made = { url: String(url), ended: false };
      made.push(this.#made);
    }
    override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions) {
      const first = message as { keeper?: unknown; askKeeper?: unknown };
      this.#made.askedKeeper ??= first?.askKeeper === true;
      this.#made.handedKeeper ??= first?.keeper instanceof MessagePort;
      super.postMessage(message, transfer as Transferable[]);
    }
    override terminate() {
      this.#made.ended = true;
      super.terminate();
    }
  };
  try {
    return await run(made);
  } finally {
    globalThis.Worker = Original;
  }
}

const cubesql = (query: string) =>
  new Request(`${BASE}/cubejs-api/v1/cubesql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO.developerKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe("local engine in its worker: DuckDB's and the parser's workers are the page's", function () {
  this.timeout(120_000);
  const names: string[] = [];
  after(async () => {
    for (const name of names) await deleteDatabase(name);
  });

  it('the page makes them, queries run through them, and they end with the engine', async () => {
    await watchingWorkers(async (made) => {
      const { engine, name } = await open({ label: 'helpers', worker: true });
      names.push(name);
      const response = await engine.fetch(
        cubesql('SELECT house, MEASURE(count) AS n FROM readings GROUP BY 1 ORDER BY 1'),
      );
      expect(response.status).to.equal(200);
      const lines = (await response.text()).trim().split('\n');
      expect(lines.slice(1).flatMap((l) => (JSON.parse(l) as { data: unknown[][] }).data)).to.deep.equal(
        HOUSES.map((house) => [house, 80]),
      );
      const urls = made.map((m) => m.url);
      expect(urls.filter((u) => /engine\.worker/.test(u))).to.have.length(1);
      expect(urls.filter((u) => /classic-host\.worker/.test(u))).to.have.length(1);
      expect(urls.filter((u) => /pg-parser\.worker/.test(u))).to.have.length(1);
      const engines = made.filter((m) => !/module-keeper\.worker/.test(m.url)); // the page's, not the engine's
      expect(engines.every((m) => !m.ended)).to.equal(true);
      await engine.close();
      expect(engines.map((m) => m.ended)).to.deep.equal(engines.map(() => true));
    });
  });

  it("DuckDB's module is compiled once per page: the keeper holds it for the next DuckDB, which answers the same", async () => {
    forgetCompiledModules();
    expect(await keptModules()).to.deep.equal([]);
    await watchingWorkers(async (made) => {
      const answers: string[] = [];
      for (const label of ['module-first', 'module-second']) {
        const { engine, name } = await open({ label, worker: true });
        names.push(name);
        const response = await engine.fetch(cubesql('SELECT house, MEASURE(count) AS n FROM readings GROUP BY 1'));
        expect(response.status).to.equal(200);
        answers.push(await response.text());
        expect(await keptModules()).to.deep.equal([
          new URL('/node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js', location.href).href,
        ]);
        await engine.close();
      }
      expect(answers[1]).to.equal(answers[0]);
      const duckdb = made.filter((m) => /classic-host\.worker/.test(m.url));
      expect(duckdb.map((m) => m.handedKeeper)).to.deep.equal([true, true]);
      // The first compiles at once (the keeper, started with it, has nothing yet); the second asks it.
      expect(duckdb.map((m) => m.askedKeeper)).to.deep.equal([false, true]);
      // The keeper outlives the engines (a minute), and is one for the page.
      expect(made.filter((m) => /module-keeper\.worker/.test(m.url))).to.have.length(1);
    });
    forgetCompiledModules();
    expect(await keptModules()).to.deep.equal([]);
  });

  it("DuckDB's worker that cannot start rejects createLocalEngine with the reason", async () => {
    await watchingWorkers(
      async (made) => {
        const error = await rejection(open({ label: 'no-duckdb', worker: true }));
        expect(error.message).to.match(/DuckDB's worker failed: .*refused by the test/);
        expect(made.map((m) => m.ended)).to.deep.equal(made.map(() => true));
      },
      { refuse: /classic-host\.worker/ },
    );
  });

  it("a keeper whose script does not load: DuckDB compiles its module at once, and later ones aren't told to ask", async () => {
    forgetCompiledModules();
    await watchingWorkers(
      async (made) => {
        for (const label of ['no-keeper-first', 'no-keeper-second']) {
          const { engine, name } = await open({ label, worker: true });
          names.push(name);
          const response = await engine.fetch(cubesql('SELECT house, MEASURE(count) AS n FROM readings GROUP BY 1'));
          expect(response.status).to.equal(200);
          await engine.close();
        }
        const duckdb = made.filter((m) => /classic-host\.worker/.test(m.url));
        // The first is handed the keeper just started (nothing to ask it); its script fails; the second is not.
        expect(duckdb.map((m) => [m.handedKeeper, m.askedKeeper])).to.deep.equal([
          [true, false],
          [false, false],
        ]);
        expect(made.filter((m) => /module-keeper\.worker/.test(m.url))).to.have.length(1);
      },
      { missing: /module-keeper\.worker/ },
    );
    expect(await keptModules()).to.deep.equal([]);
  });

  it("a seed that generates its data: the page's keeper compiles DuckDB's module before DuckDB's worker asks", async () => {
    for (const prepareData of [true, false]) {
      forgetCompiledModules();
      await watchingWorkers(async (made) => {
        const name = `svc-test-precompile-${prepareData}-${Date.now()}`;
        names.push(name);
        const engine = await createLocalEngine({
          name,
          seed: { ...demoSeed, data: { rows: 300 } },
          worker: true,
          prepareData,
        });
        try {
          // Through the transport, which asks again while the engine answers "Continue wait" (a slow start).
          const transport = new HttpTransport({ baseUrl: BASE, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
          const { data } = await transport.load({ query: { measures: ['sales.count'] } });
          expect(data[0]['sales.count']).to.equal(300);
        } finally {
          await engine.close();
        }
        const kinds = made.map((m) => /module-keeper|classic-host|engine\.worker/.exec(m.url)?.[0]).filter(Boolean);
        const duckdb = made.filter((m) => /classic-host\.worker/.test(m.url));
        if (prepareData) {
          // The keeper starts with the page's call, before the engine's worker; the DuckDB worker asks it.
          expect(kinds.slice(0, 2)).to.deep.equal(['module-keeper', 'engine.worker']);
          expect(duckdb.map((m) => m.askedKeeper)).to.deep.equal([true]);
        } else {
          expect(kinds.slice(0, 1)).to.deep.equal(['engine.worker']);
          expect(duckdb.map((m) => m.askedKeeper)).to.deep.equal([false]);
        }
        expect(await keptModules()).to.deep.equal([
          new URL('/node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js', location.href).href,
        ]);
      });
    }
    forgetCompiledModules();
  });
});
