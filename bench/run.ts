// `npm run bench`: every benchmark, each a table of medians with ratios against a baseline measured in the same run.
// `npm run bench -- ndjson` (or engine, data, chat, markdown, chat-element, layout, dashboard, size) runs one.
import { inChromium } from './browser.js';
import { ndjsonBench } from './ndjson.js';
import { sizeBench } from './size.js';
import { printTable } from './util.js';

const only = process.argv[2];
if (!only || only === 'ndjson') {
  const title = 'NDJSON reader (ratio to the JSON.parse floor; higher is better)';
  printTable(`${title} — Chromium`, await inChromium(new URL('./ndjson.ts', import.meta.url).pathname, 'ndjsonBench'));
  printTable(`${title} — Node ${process.version}`, await ndjsonBench());
}
if (!only || only === 'engine') {
  const engineModule = new URL('./engine.ts', import.meta.url).pathname;
  printTable(
    'Engine latency through engine.fetch — Chromium, real IndexedDB',
    await inChromium(engineModule, 'engineBench'),
  );
  printTable(
    'generate-session latency as external users grow — Chromium, real IndexedDB',
    await inChromium(engineModule, 'userCountCurve'),
  );
}
if (!only || only === 'data') {
  printTable(
    'Data plane at 1,000,000 orders — Chromium, IndexedDB and DuckDB-wasm',
    await inChromium(new URL('./data.ts', import.meta.url).pathname, 'dataBench'),
  );
}
if (!only || only === 'chat') {
  printTable(
    'Chat through engine.fetch — Chromium',
    await inChromium(new URL('./chat.ts', import.meta.url).pathname, 'chatBench'),
  );
}
if (!only || only === 'markdown') {
  printTable(
    'Streaming markdown — Chromium',
    await inChromium(new URL('./markdown.ts', import.meta.url).pathname, 'markdownBench'),
  );
}
if (!only || only === 'chat-element') {
  printTable(
    '<svc-chat> streaming a 5,000-delta answer, against naive re-rendering and deep-chat — Chromium',
    await inChromium(new URL('./chat-element.ts', import.meta.url).pathname, 'chatElementBench'),
  );
}
if (!only || only === 'layout') {
  printTable(
    'Grid-layout core — Chromium (medians)',
    await inChromium(new URL('./layout.ts', import.meta.url).pathname, 'layoutBench'),
  );
}
if (!only || only === 'dashboard') {
  printTable(
    '<svc-dashboard> with 50 widgets on the local engine — Chromium (medians of 5)',
    await inChromium(new URL('./dashboard.ts', import.meta.url).pathname, 'dashboardBench'),
  );
}
if (!only || only === 'size') printTable('Entry sizes (minified + gzip, runtime deps external)', await sizeBench());
