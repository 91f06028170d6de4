// The answer to a user: a one-sentence plain reading of the query that ran ("Revenue, sum, for orders dated
// 2024-02-01 to 2024-02-29, region EU") and the numbers of its result — only numbers that are in the result — with a
// Vega-Lite spec picked from the result's shape. Titles, values, column names and the engine's notes are text from
// outside: written through say.text / say.format, which escape them in markdown (only the phrase book's markup is
// markup); the chart spec is no markdown and keeps them as they are.

import type { ServiceSqlApiResult } from '../../../../api/types.js';
import type { AggWord } from './phrase-book.js';
import type { Phrases } from './phrases.js';
import type { Field } from './catalog.js';
import type { Filter, Plan } from './plan.js';
import { grainColumn } from './sql.js';
import { yearValued } from './year-column.js';

function filterText(say: Phrases, f: Filter): string {
  const { book } = say;
  const name = say.text(book.inline(f.field.title));
  const values = () => book.or(f.values.map((v) => say.text(String(v))));
  if (f.field.type === 'boolean') return f.values[0] ? book.isTrue(name) : book.isFalse(name);
  if (f.op === '=' && !f.values.length) return book.isUnset(name);
  if (f.op === '=') return book.isAny(name, values());
  if (f.op === '!=') return book.isNone(name, values());
  return book.compares(name, f.op, f.values.map((v) => say.format(v)).join(book.comma));
}

/** Words in a measure's title that already say its aggregation. */
const NAMES_AGG: Record<string, RegExp | undefined> = {
  avg: /\b(average|avg|mean)\b/i,
  sum: /\b(total|sum)\b/i,
  count: /\b(count|number of)\b/i,
  min: /\b(minimum|lowest|min)\b/i,
  max: /\b(maximum|highest|max)\b/i,
};

/** A measure and its aggregation ("Revenue (sum)"), or its title alone where that says its aggregation. */
function measureText(say: Phrases, m: Field): string {
  const agg = m.agg ?? '';
  // "Average delay (min)" is not "Average delay (min) (average)": a title that names its aggregation is said as it is
  // (outside parentheses: there "(min)" is a unit).
  // A number column aggregated by the planner has its aggregation in its title already ("Duration (maximum)").
  const named = m.columnOf !== undefined || NAMES_AGG[agg]?.test(m.title.replace(/\([^)]*\)/g, ' '));
  return named ? say.text(m.title) : say.book.measureAgg(say.text(m.title), say.book.agg[agg as AggWord] ?? agg);
}

/** One sentence: what was measured, how, over which rows (markdown or plain text, as `say` writes). */
export function reading(say: Phrases, p: Plan): string {
  const { book } = say;
  const title = (t: string) => say.text(book.inline(t));
  const parts = [book.and([p.measure, ...(p.also ?? [])].map((m) => measureText(say, m)))];
  if (p.per) parts.push(book.dividedBy(say.text(book.inline(p.per.title))));
  if (p.groups.length) parts.push(book.by(book.and(p.groups.map((g) => title(g.title)))));
  if (p.time?.grain)
    parts.push(
      p.time.grain === 'weekday' ? book.byWeekday : p.time.grain === 'hour' ? book.byHour : book.per[p.time.grain],
    );
  if (p.time?.range) parts.push(book.forRange(title(p.time.field.title), say.range(p.time.range)));
  if (p.time?.present) parts.push(book.hasDate(title(p.time.field.title)));
  if (p.time?.weekdays) parts.push(book.onDays(p.time.weekdays.map((d) => book.weekdays[d - 1]).join(book.comma)));
  const where = p.filters.map((f) => filterText(say, f));
  if (where.length) parts.push(book.where(book.and(where)));
  if (p.having.length) parts.push(book.keeping(book.and(p.having.map((f) => filterText(say, f)))));
  if (p.order)
    parts.push(
      p.order.limit
        ? (p.order.dir === 'DESC' ? book.top : book.bottom)(say.format(p.order.limit))
        : p.order.dir === 'DESC'
          ? book.highestFirst
          : book.lowestFirst,
    );
  if (p.compare) {
    const [a, b] = p.compare.map((s) => sliceLabel(say, s));
    parts.push(book.comparing(a, b));
  }
  if (p.share?.of) parts.push(book.shareOf(say.text(book.inline(p.share.of.title))));
  else if (p.share?.part) {
    const period = p.share.range ? [say.range(p.share.range)] : [];
    parts.push(book.shareWhere(book.and([...p.share.part.map((f) => filterText(say, f)), ...period])));
  } else if (p.share) parts.push(book.shareOfTotal);
  return book.reading(parts, say.text(p.source.title));
}

/** A compared slice's name: its days in the locale's words, or the value it keeps. */
const sliceLabel = (say: Phrases, s: NonNullable<Plan['compare']>[number]) =>
  s.range ? say.range(s.range) : say.text(s.label);

/**
 * A cell as the answer writes it: a year held as a number (a year column, a decade) as written, 2023 and not 2,023;
 * any other value in the locale's way.
 */
function cells(say: Phrases, p: Plan, result: ServiceSqlApiResult): (v: unknown, i: number) => string {
  const years = new Set(
    [...(p.time?.field.yearNumber ? [p.time.field] : []), ...p.groups]
      .filter((f) => f.yearNumber || (f.type === 'number' && yearValued(f.column, f.title)) || /^decade/i.test(f.title))
      .map((f) => f.column),
  );
  return (v, i) => (Number.isInteger(v) && years.has(result.schema[i]?.name) ? String(v) : say.format(v));
}

function table(say: Phrases, result: ServiceSqlApiResult, cell: (v: unknown, i: number) => string): string {
  const head = `| ${result.schema.map((c) => say.text(c.name)).join(' | ')} |\n| ${result.schema.map(() => '---').join(' | ')} |`;
  const shown = result.data.slice(0, 12);
  const more =
    result.totalRows > shown.length
      ? `\n\n${say.book.showing(say.format(shown.length), say.format(result.totalRows))}`
      : '';
  return `${head}\n${shown.map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n')}${more}`;
}

export function answerText(say: Phrases, p: Plan, result: ServiceSqlApiResult): string {
  const { book } = say;
  const f = (v: unknown) => say.format(v);
  const read = book.measured(reading(say, p));
  const rows = result.data;
  if (rows.length === 0 || (rows.length === 1 && rows[0].every((v) => v === null)))
    return `${read}\n\n${book.noRows}${result.notes?.length ? ` ${result.notes.map((n) => say.text(n)).join(' ')}` : ''}`;
  const r = rows[0];
  if (p.compare) {
    const [a, b] = p.compare.map((s) => sliceLabel(say, s));
    const pct = r[3] === null ? book.noPercentage : say.percent(r[3]);
    return `${read}\n\n${book.comparison(a, f(r[0]), b, f(r[1]), f(r[2]), pct)}`;
  }
  if (p.share?.part && !p.groups.length && !p.time?.grain)
    return `${read}\n\n${book.sharePart(say.percent(r[2]), f(r[0]), f(r[1]))}`;
  if (result.schema.length === 1) return `${read}\n\n${book.single(f(r[0]))}`;
  const measureAt = result.schema.length - 1 - (p.also?.length ?? 0);
  const cell = cells(say, p, result);
  const lead =
    p.time?.grain && !p.groups.length && !p.order
      ? book.periods(f(result.totalRows), say.plural(result.totalRows))
      : (p.order?.dir === 'ASC' ? book.lowest : book.highest)(cell(r[0], 0), f(r[measureAt]));
  return `${read}\n\n${lead}\n\n${table(say, result, cell)}`;
}

const VEGA_LITE = 'https://vega.github.io/schema/vega-lite/v5.json';

/**
 * Two measures by one breakdown: a layer each, told apart by colour (their titles: data, no expression), bars side by
 * side; none where the breakdown takes the colour already (the table answers).
 */
function besideSpec(say: Phrases, p: Plan): Record<string, unknown> | undefined {
  const all = [p.measure, ...(p.also ?? [])];
  const title = all.map((m) => m.title).join(', ');
  const layer = [];
  for (const measure of all) {
    const { $schema: _schema, ...one } = chartSpec(say, { ...p, measure, also: undefined }) ?? {};
    const encoding = one.encoding as Record<string, Record<string, unknown>> | undefined;
    if (!encoding?.x || encoding.color) return undefined;
    const bars = one.mark === 'bar';
    const x = bars ? { ...encoding.x, sort: null } : encoding.x;
    const color = { datum: measure.title, type: 'nominal', title: null };
    const y = { ...encoding.y, title };
    layer.push({ ...one, encoding: { ...encoding, x, y, color, ...(bars && { xOffset: { datum: measure.title } }) } });
  }
  return { $schema: VEGA_LITE, layer };
}

/** A Vega-Lite v5 spec without data, from the plan's shape. */
export function chartSpec(say: Phrases, p: Plan): Record<string, unknown> | undefined {
  const $schema = VEGA_LITE;
  if (p.compare || p.share?.part) return undefined;
  if (p.also?.length) return besideSpec(say, p);
  const y = p.share
    ? { field: 'share_percent', type: 'quantitative', title: say.book.shareAxis(say.book.inline(p.measure.title)) }
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
