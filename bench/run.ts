// `npm run bench`: every benchmark, each a table of medians with ratios against a baseline measured in the same run.
// `npm run bench -- <name>` runs one (the names of BENCHES, cold-start and size).
import { inChromium } from './browser.js';
import { coldStartBench } from './cold-start.js';
import { coldStartProfile } from './cold-start-profile.js';
import { ndjsonBench } from './ndjson.js';
import { serveBench } from './serve.js';
import { nativeParquetBench } from './parquet-native.js';
import { nativeLoadBench } from './native-load.js';
import { sizeBench } from './size.js';
import { printTable } from './util.js';

/** Benchmarks that run in Chromium: name → tables, each a module's exported function and the table's title. */
const BENCHES: Record<string, { module: string; fn: string; title: string }[]> = {
  ndjson: [
    {
      module: 'ndjson.ts',
      fn: 'ndjsonBench',
      title: 'NDJSON reader (ratio to the JSON.parse floor; higher is better) — Chromium',
    },
  ],
  engine: [
    { module: 'engine.ts', fn: 'engineBench', title: 'Engine latency through engine.fetch — Chromium, real IndexedDB' },
    {
      module: 'engine.ts',
      fn: 'userCountCurve',
      title: 'generate-session latency as external users grow — Chromium, real IndexedDB',
    },
  ],
  data: [
    {
      module: 'data.ts',
      fn: 'dataBench',
      title: 'Data plane at 1,000,000 orders — Chromium, IndexedDB and DuckDB-wasm',
    },
  ],
  import: [
    {
      module: 'import.ts',
      fn: 'importBench',
      title: 'Importing a 1,000,000-row CSV against DuckDB-wasm read_csv of the same bytes — Chromium (medians of 5)',
    },
  ],
  parquet: [
    {
      module: 'parquet.ts',
      fn: 'parquetBench',
      title:
        'flights-3m.parquet as it comes → queryable, against DuckDB-wasm read_csv of the same rows — Chromium (medians of 3)',
    },
  ],
  reload: [
    {
      module: 'reload.ts',
      fn: 'reloadBench',
      title: 'A page reload with flights-3m.parquet kept in OPFS → first /load — Chromium (medians of 3), in parts',
    },
  ],
  chat: [{ module: 'chat.ts', fn: 'chatBench', title: 'Chat through engine.fetch — Chromium' }],
  analyst: [
    {
      module: 'analyst.ts',
      fn: 'analystBench',
      title: 'Local analyst: planning a question on a 200-member model — Chromium (target < 20 ms)',
    },
  ],
  markdown: [{ module: 'markdown.ts', fn: 'markdownBench', title: 'Streaming markdown — Chromium' }],
  'chat-element': [
    {
      module: 'chat-element.ts',
      fn: 'chatElementBench',
      title: '<svc-chat> streaming a 5,000-delta answer, against naive re-rendering and deep-chat — Chromium',
    },
  ],
  'chat-main-thread': [
    {
      module: 'chat-main-thread.ts',
      fn: 'chatMainThreadBench',
      title:
        "<svc-chat> and the page's main thread: a 5,000-delta, 200 KB answer against a no-op renderer — Chromium (medians of 3)",
    },
  ],
  'chat-host': [
    {
      module: 'chat-host.ts',
      fn: 'chatHostBench',
      title:
        '<svc-chat> as a host page measures it: a 5,000-delta, 200 KB answer from a fetch Response through HttpTransport, against a no-op floor — Chromium (medians of 3, [range])',
    },
  ],
  'chat-host-profile': [
    { module: 'chat-host.ts', fn: 'chatHostProfile', title: 'Where a paced answer spends the main thread — Chromium' },
  ],
  'chat-host-timeline': [
    {
      module: 'chat-host.ts',
      fn: 'chatHostTimeline',
      title: "Where a paced answer spends the main thread, by DevTools' timeline events — Chromium",
    },
  ],
  'chat-host-layouts': [
    {
      module: 'chat-host.ts',
      fn: 'chatHostLayouts',
      title: 'Why a paced answer lays out what it does: layouts by where they ran and what dirtied them — Chromium',
    },
  ],
  layout: [{ module: 'layout.ts', fn: 'layoutBench', title: 'Grid-layout core — Chromium (medians)' }],
  dashboard: [
    {
      module: 'dashboard.ts',
      fn: 'dashboardBench',
      title: '<svc-dashboard> with 50 widgets on the local engine — Chromium (medians of 5)',
    },
  ],
};

const only = process.argv[2];
for (const [name, tables] of Object.entries(BENCHES)) {
  if (only && only !== name) continue;
  for (const { module, fn, title } of tables) {
    printTable(title, await inChromium(new URL(`./${module}`, import.meta.url).pathname, fn, ...process.argv.slice(3)));
  }
  if (name === 'parquet')
    printTable('The same file in native DuckDB — Node (medians of 3)', await nativeParquetBench());
  if (name === 'parquet')
    printTable('Arrow IPC uploaded to native DuckDB — Node (medians of 3)', await nativeLoadBench());
  if (name === 'ndjson') {
    printTable(
      `NDJSON reader (ratio to the JSON.parse floor; higher is better) — Node ${process.version}`,
      await ndjsonBench(),
    );
  }
}
if (!only || only === 'cold-start') {
  printTable(
    'Cold start of the demo’s production build — Chromium, main-thread long tasks and first chart (medians of 5 [range]; ratio to the engine in the page)',
    await coldStartBench(),
  );
  const { tasks, sources } = await coldStartProfile();
  printTable('The longest main-thread tasks of one traced cold start (engine in its worker)', tasks);
  printTable('Where those long tasks spend their own time (sampled; source maps of the build)', sources);
}
if (!only || only === 'serve')
  printTable(
    '`svc-elements serve` over flights-3m.parquet (ZSTD) — a child process on native DuckDB (medians of 3)',
    await serveBench(process.argv[3] === '30m'),
  );
if (!only || only === 'size') printTable('Entry sizes (minified + gzip; kB = 1,000 bytes)', await sizeBench());
