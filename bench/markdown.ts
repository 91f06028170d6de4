// Streaming markdown in the browser: a ~200 KB answer (headings, lists, 39 GFM tables, SQL code blocks) fed as
// 5,000 deltas, 10 per task, rendered into the DOM incrementally (finished blocks cached) against the naive way
// (re-render the whole message with marked + DOMPurify on every delta), measured in the same run.
import { StreamingMarkdown, renderMarkdown } from '../src/elements/shared/markdown.js';
import { longMarkdownAnswer, splitIntoDeltas } from '../test/fixtures/long-answer.js';
import type { Row } from './util.js';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

export async function markdownBench(naiveBudgetMs = 20_000): Promise<Row[]> {
  const text = longMarkdownAnswer();
  const deltas = splitIntoDeltas(text, 5000);

  // Incremental, as the element does it: deltas of a task are coalesced into one update (one per frame at most);
  // new finished blocks are appended once, only the tail is replaced.
  const host = document.createElement('div');
  document.body.append(host);
  const blocks = document.createElement('div');
  const tail = document.createElement('div');
  host.append(blocks, tail);
  const md = new StreamingMarkdown();
  const perDelta: number[] = [];
  let longestTask = 0;
  let total = 0;
  for (let i = 0; i < deltas.length; i += 10) {
    const taskStart = performance.now();
    const batch = deltas.slice(i, i + 10);
    const before = md.blocks.length;
    md.append(batch.join(''));
    if (md.blocks.length > before) blocks.insertAdjacentHTML('beforeend', md.blocks.slice(before).join(''));
    tail.innerHTML = md.tail;
    const task = performance.now() - taskStart;
    for (const _ of batch) perDelta.push(task / batch.length);
    longestTask = Math.max(longestTask, task);
    total += task;
    await tick();
  }
  const sameDom =
    host.textContent ===
    (() => {
      const d = document.createElement('div');
      d.innerHTML = renderMarkdown(text);
      return d.textContent;
    })();
  host.remove();

  // Naive: re-render everything on every delta, until the budget runs out.
  const naiveHost = document.createElement('div');
  document.body.append(naiveHost);
  let naiveTotal = 0;
  let naiveDeltas = 0;
  let acc = '';
  for (let i = 0; i < deltas.length && naiveTotal < naiveBudgetMs; i += 10) {
    const t = performance.now();
    for (const d of deltas.slice(i, i + 10)) {
      acc += d;
      naiveHost.innerHTML = renderMarkdown(acc);
      naiveDeltas++;
    }
    naiveTotal += performance.now() - t;
    await tick();
  }
  naiveHost.remove();
  const incrementalSamePrefix = perDelta.slice(0, naiveDeltas).reduce((a, b) => a + b, 0);
  const first = perDelta.slice(0, 500).reduce((a, b) => a + b, 0);
  const last = perDelta.slice(-500).reduce((a, b) => a + b, 0);
  const curve = Array.from({ length: 10 }, (_, k) =>
    perDelta
      .slice(k * 500, (k + 1) * 500)
      .reduce((a, b) => a + b, 0)
      .toFixed(0),
  ).join(' / ');
  return [
    {
      measure: `incremental: ${deltas.length} deltas, ${(text.length / 1024).toFixed(0)} KB`,
      value: `${total.toFixed(0)} ms main thread`,
      target: '≈ 2 s or less',
    },
    { measure: 'incremental: longest task (10 deltas)', value: `${longestTask.toFixed(1)} ms`, target: '≤ 50 ms' },
    { measure: 'incremental: last 500 deltas ÷ first 500', value: `${(last / first).toFixed(2)}×`, target: '≤ 1.5×' },
    { measure: 'incremental: ms per 500 deltas, in order', value: curve, target: 'flat' },
    { measure: 'final DOM text equals rendering the whole answer', value: String(sameDom), target: 'true' },
    { measure: `naive (baseline): first ${naiveDeltas} deltas`, value: `${naiveTotal.toFixed(0)} ms`, target: '' },
    {
      measure: `incremental on the same ${naiveDeltas} deltas`,
      value: `${incrementalSamePrefix.toFixed(0)} ms`,
      target: '',
    },
    {
      measure: 'naive ÷ incremental on that prefix',
      value: `${(naiveTotal / incrementalSamePrefix).toFixed(0)}×`,
      target: '',
    },
    // The naive cost per delta grows with the text, so its total grows with the square of the number of deltas.
    {
      measure: `naive over all ${deltas.length} deltas (extrapolated, quadratic)`,
      value: `≈ ${((naiveTotal * (deltas.length / naiveDeltas) ** 2) / 1000).toFixed(0)} s = ${((naiveTotal * (deltas.length / naiveDeltas) ** 2) / total).toFixed(0)}× incremental`,
      target: '≥ 100×',
    },
  ];
}
