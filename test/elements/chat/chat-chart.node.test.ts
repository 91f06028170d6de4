// A chat chart of a single number (the analyst's KPI: a text mark without x or y) is drawn inside its view: the text's
// bounds within the view's height (Vega-Lite's default view of such a chart is 20 px tall, and a 32 px number was
// clipped to its middle in the chat's card). Drawn by Vega itself, headless.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import { chatChartOptions } from '../../../src/elements/chat/chat-chart.js';
import type { ResultColumn } from '../../../src/elements/chat/result-columns.js';

interface Item {
  mark?: { marktype: string };
  marktype?: string;
  items?: Item[];
  bounds?: { y1: number; y2: number };
}

/** Every text item of a scenegraph. */
function texts(node: Item, out: Item[] = []): Item[] {
  if (node.marktype === 'text') out.push(...(node.items ?? []));
  for (const child of node.items ?? []) texts(child, out);
  return out;
}

describe('chatChartOptions', () => {
  for (const fontSize of [32, 48]) {
    it(`draws a single ${fontSize} px number inside its view`, async () => {
      const spec = JSON.stringify({
        mark: { type: 'text', fontSize },
        encoding: { text: { field: 'total_delay', type: 'quantitative', format: ',.2~f' } },
      });
      const result = { schema: [{ name: 'total_delay', column_type: 'DOUBLE' }], data: [[1234567.5]] };
      const columns: ResultColumn[] = [
        { name: 'total_delay', title: 'Total delay', hints: { type: 'sum' }, numeric: true },
      ];
      const options = chatChartOptions(spec, result, columns, 'en-US', 'light', (e) => assert.fail(String(e)));
      const fitted = options.spec as Record<string, unknown>;
      const compiled = compile({ ...fitted, data: { values: options.values }, width: 300 } as never).spec;
      const view = new View(parse(compiled), { renderer: 'none' });
      await view.runAsync();
      const [text] = texts((view.scenegraph() as unknown as { root: Item }).root);
      assert.ok(text?.bounds, 'the number is drawn');
      assert.ok(text.bounds.y1 >= 0, `its top (${text.bounds.y1}) inside the view`);
      assert.ok(text.bounds.y2 <= view.height(), `its bottom (${text.bounds.y2}) inside ${view.height()} px`);
      view.finalize();
    });
  }
});
