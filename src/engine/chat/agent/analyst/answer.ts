// The answer to a user: a one-sentence plain reading of the query that ran ("Revenue, sum, for orders dated
// 2024-02-01 to 2024-02-29, region EU") and the numbers of its result — only numbers that are in the result — with a
// Vega-Lite spec picked from the result's shape.

import type { ServiceSqlApiResult } from '../../../../api/types.js';
import { lower } from './catalog.js';
import type { Filter, Plan } from './plan.js';
import { grainColumn } from './sql.js';
import { rangeLabel } from './time-range.js';

const AGG_WORDS: Record<string, string> = {
  count: 'count',
  count_distinct: 'distinct count',
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  number: 'calculated',
};
const WEEKDAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

export function format(v: unknown): string {
  if (typeof v === 'number')
    return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (typeof v === 'bigint') return v.toLocaleString('en-US');
  if (v === null || v === undefined) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function filterText(f: Filter): string {
  const name = lower(f.field.title);
  if (f.field.type === 'boolean') return f.values[0] ? name : `not ${name}`;
  if (f.op === '=') return `${name} ${f.values.map(String).join(' or ')}`;
  if (f.op === '!=') return `${name} not ${f.values.map(String).join(' or ')}`;
  return `${name} ${f.op} ${f.values.map(format).join(', ')}`;
}

/** One sentence: what was measured, how, over which rows. */
export function reading(p: Plan): string {
  const parts = [`${p.measure.title} (${AGG_WORDS[p.measure.agg ?? ''] ?? p.measure.agg})`];
  if (p.groups.length) parts.push(`by ${p.groups.map((g) => lower(g.title)).join(' and ')}`);
  if (p.time?.grain)
    parts.push(
      p.time.grain === 'weekday'
        ? 'by day of the week'
        : p.time.grain === 'hour'
          ? 'by hour of the day'
          : `per ${p.time.grain}`,
    );
  if (p.time?.range) parts.push(`for ${lower(p.time.field.title)} ${rangeLabel(p.time.range)}`);
  if (p.time?.weekdays) parts.push(`on ${p.time.weekdays.map((d) => WEEKDAY_NAMES[d - 1]).join(', ')}`);
  const where = p.filters.map(filterText);
  if (where.length) parts.push(`where ${where.join(' and ')}`);
  if (p.having.length) parts.push(`keeping groups where ${p.having.map(filterText).join(' and ')}`);
  if (p.order)
    parts.push(
      p.order.limit
        ? `${p.order.dir === 'DESC' ? 'top' : 'bottom'} ${p.order.limit}`
        : `ranked ${p.order.dir === 'DESC' ? 'highest' : 'lowest'} first`,
    );
  if (p.compare) parts.push(`comparing ${p.compare.map((s) => s.label).join(' with ')}`);
  if (p.share?.part) parts.push(`as the share where ${p.share.part.map(filterText).join(' and ')}`);
  else if (p.share) parts.push('as each one’s share of the total');
  return `${parts.join(', ')}, from ${p.source.title}.`;
}

function table(result: ServiceSqlApiResult): string {
  const head = `| ${result.schema.map((c) => c.name).join(' | ')} |\n| ${result.schema.map(() => '---').join(' | ')} |`;
  const shown = result.data.slice(0, 12);
  const more = result.totalRows > shown.length ? `\n\nShowing ${shown.length} of ${result.totalRows} rows.` : '';
  return `${head}\n${shown.map((r) => `| ${r.map(format).join(' | ')} |`).join('\n')}${more}`;
}

export function answerText(p: Plan, result: ServiceSqlApiResult): string {
  const read = `I measured ${reading(p)}`;
  const rows = result.data;
  if (rows.length === 0 || (rows.length === 1 && rows[0].every((v) => v === null)))
    return `${read}\n\nNo rows match: the result is empty, so there is no number to report.${
      result.notes?.length ? ` ${result.notes.join(' ')}` : ''
    }`;
  const r = rows[0];
  if (p.compare) {
    const [a, b] = p.compare;
    const pct = r[3] === null ? 'no percentage (the first value is zero)' : `${format(r[3])}%`;
    return `${read}\n\n**${a.label}**: ${format(r[0])}; **${b.label}**: ${format(r[1])}. The difference (${b.label} minus ${a.label}) is **${format(r[2])}**, ${pct}.`;
  }
  if (p.share?.part && !p.groups.length) return `${read}\n\n**${format(r[2])}%**: ${format(r[0])} of ${format(r[1])}.`;
  if (result.schema.length === 1) return `${read}\n\nThe result is **${format(r[0])}**.`;
  const measureAt = p.share ? result.schema.length - 1 : result.schema.length - 1;
  const lead =
    p.time?.grain && !p.groups.length
      ? `${result.totalRows} ${result.totalRows === 1 ? 'period' : 'periods'}:`
      : p.order?.dir === 'ASC'
        ? `Lowest: **${format(r[0])}** with **${format(r[measureAt])}**.`
        : `Highest: **${format(r[0])}** with **${format(r[measureAt])}**.`;
  return `${read}\n\n${lead}\n\n${table(result)}`;
}

/** A Vega-Lite v5 spec without data, from the plan's shape. */
export function chartSpec(p: Plan): Record<string, unknown> | undefined {
  const $schema = 'https://vega.github.io/schema/vega-lite/v5.json';
  if (p.compare || p.share?.part) return undefined;
  const y = p.share
    ? { field: 'share_percent', type: 'quantitative', title: `Share of ${lower(p.measure.title)} (%)` }
    : { field: p.measure.column, type: 'quantitative', title: p.measure.title };
  const dims = p.groups.map((d) => ({ field: d.column, type: 'nominal', title: d.title }));
  const grain = grainColumn(p);
  if (grain && p.time) {
    const temporal = p.time.grain !== 'weekday' && p.time.grain !== 'hour';
    const x = {
      field: grain,
      type: temporal ? 'temporal' : 'ordinal',
      title: p.time.field.title,
      ...(!temporal && { sort: null }),
    };
    return {
      $schema,
      mark: temporal ? { type: 'line', point: true } : 'bar',
      encoding: { x, y, ...(dims[0] && { color: dims[0] }) },
    };
  }
  if (dims.length === 1) return { $schema, mark: 'bar', encoding: { x: { ...dims[0], sort: '-y' }, y } };
  if (dims.length >= 2) return { $schema, mark: 'bar', encoding: { x: dims[0], y, color: dims[1] } };
  return { $schema, mark: { type: 'text', fontSize: 32 }, encoding: { text: { ...y, format: ',.2~f' } } };
}
