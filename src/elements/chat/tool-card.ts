// A tool call of the agent in <svc-chat>, as a card: its title, the SQL, and for a query that returned rows the
// first rows with titled, formatted columns ("20 of N rows", load all, CSV) and the chart.

import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatStreamMessage, MetaResponse, ServiceSqlApiResult } from '../../api/types.js';
import { SERVICE_SQL_API } from '../../api/tools.js';
import { parseToolPayload } from '../../transport/chat.js';
import { formatNumber, formatValue } from '../shared/format.js';
import { vegaChart } from '../shared/chart.js';
import { chatChartOptions } from './chat-chart.js';
import { resultColumns, type ResultColumn } from './result-columns.js';
import { sqlBlock } from './sql-block.js';

/** Rows shown before "load all". */
export const SHOWN_ROWS = 20;

/** What a card needs from the chat around it. */
export interface ToolCardContext {
  locale: string | undefined;
  meta: MetaResponse | undefined;
  /** Every row, once the user loaded them all through the data API. */
  loadedRows: unknown[][] | undefined;
  copied: boolean;
  /** What charts are drawn for (see ChatLook). */
  look: string;
  copy(sql: string, code: HTMLElement | null): void;
  loadAll(sql: string): void;
  /** Something else loaded (the highlighter): render again. */
  refresh: () => void;
  error: (error: unknown) => void;
}

/** A tool call's parts: its title, input SQL, result and spec. */
export function toolParts(message: ChatStreamMessage) {
  const payload = parseToolPayload(message.toolCall!);
  const input = payload.input as { sqlQuery?: string; queryTitle?: string; vegaSpec?: string };
  const title =
    message.toolCall!.name === SERVICE_SQL_API ? (input.queryTitle ?? msg('Query')) : msg('Searching the data model');
  const result = payload.result as Partial<ServiceSqlApiResult> | undefined;
  return { payload, input, title, result, spec: result?.vegaSpec ?? input.vegaSpec };
}

// Languages whose plural forms would have to agree with the count say it after a label ("Wiersze: 20 z 135").
const rowsShown = (shown: string, total: string) => msg(str`${shown} of ${total} rows`);
const loadAllRows = (total: string) => msg(str`Load all ${total} rows`);

/** Saves rows as a CSV file named after the query (csv.ts loads on first use). */
function downloadCsv(title: string, schema: ServiceSqlApiResult['schema'], rows: unknown[][]): void {
  void import('../shared/csv.js').then(({ toCsv }) => {
    const url = URL.createObjectURL(new Blob([toCsv(schema, rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'result'}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
}

function resultTable(columns: ResultColumn[], rows: unknown[][], locale: string | undefined): TemplateResult {
  return html`<table part="result-table">
    <thead>
      <tr>
        ${columns.map((c) => html`<th scope="col" class=${c.numeric ? 'num' : ''} title=${c.name}>${c.title}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.slice(0, SHOWN_ROWS).map(
        (row) =>
          html`<tr>
            ${columns.map((c, i) => html`<td class=${c.numeric ? 'num' : ''}>${formatValue(row[i], locale, c.hints)}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function toolCard(message: ChatStreamMessage, ctx: ToolCardContext): TemplateResult {
  const { payload, input, title, result, spec } = toolParts(message);
  const rows = ctx.loadedRows ?? result?.data ?? [];
  const count = (n: number) => formatNumber(n, ctx.locale, { kind: 'integer' });
  const total = Math.max(result?.totalRows ?? 0, rows.length);
  const columns =
    result?.schema && result.data
      ? resultColumns(result.schema, rows, { meta: ctx.meta, sql: input.sqlQuery, spec })
      : undefined;
  return html`<div part="tool-call" class="tool" role="group" aria-label=${title}>
    <header>${title}${payload.complete ? nothing : html` <span class="pending">${msg('running…')}</span>`}</header>
    ${
      input.sqlQuery
        ? sqlBlock(input.sqlQuery, ctx.copied, (code) => ctx.copy(input.sqlQuery!, code), ctx.refresh)
        : nothing
    }
    ${payload.error ? html`<p class="error" role="alert">${payload.error}</p>` : nothing}
    ${
      columns && result?.schema
        ? html`<div class="rows">${resultTable(columns, rows, ctx.locale)}</div>
            <p class="count">
              ${rowsShown(count(Math.min(SHOWN_ROWS, rows.length)), count(total))}
              ${
                input.sqlQuery && (result.totalRows ?? 0) > rows.length
                  ? html`<button part="load-all" type="button" @click=${() => ctx.loadAll(input.sqlQuery!)}>
                      ${loadAllRows(count(result.totalRows ?? 0))}
                    </button>`
                  : nothing
              }
              <button part="download" type="button" @click=${() => downloadCsv(title, result.schema!, rows)}>
                ${msg('Download CSV')}
              </button>
            </p>
            ${
              spec
                ? html`<div
                    part="chart"
                    class="chart"
                    role="img"
                    aria-label=${msg(str`Chart: ${title}`)}
                    ${vegaChart(chatChartOptions(spec, { schema: result.schema, data: result.data! }, columns, ctx.locale, ctx.look, ctx.error))}
                  ></div>`
                : nothing
            }`
        : nothing
    }
  </div>`;
}
