// A plan as SQL-API SQL: MEASURE() of the measure over one view or cube, grouped by its dimensions and time grain,
// filtered, ranked; comparisons and shares as two sub-selects side by side. Only functions of the SQL API's
// allow-list (DATE_TRUNC, DAYNAME, ISODOW, HOUR, NULLIF, SUM) are used.

import type { DayRange } from './time-range.js';
import type { Field } from './catalog.js';
import type { Filter, Plan } from './plan.js';
import { quoteIdent, quoteString } from '../../../data/sql-quote.js';

export const quoteText = quoteString;

const DAY = 86_400_000;
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

const literal = (v: string | number | boolean) =>
  typeof v === 'string' ? quoteText(v) : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);

function filterSql(f: Filter, column = quoteIdent(f.field.column)): string {
  if (f.field.type === 'boolean' && f.values.length === 1 && typeof f.values[0] === 'boolean')
    return f.values[0] ? `${column} = TRUE` : `${column} = FALSE`;
  if (f.op === '=' && !f.values.length) return `${column} IS NULL`;
  if (f.op === '=' && f.values.length > 1) return `${column} IN (${f.values.map(literal).join(', ')})`;
  if (f.op === '!=') return `(${column} IS NULL OR ${column} NOT IN (${f.values.map(literal).join(', ')}))`;
  return `${column} ${f.op} ${literal(f.values[0])}`;
}

function rangeSql(column: string, r: DayRange): string[] {
  return [
    ...(r.from ? [`${column} >= TIMESTAMP ${quoteText(`${r.from} 00:00:00`)}`] : []),
    ...(r.to ? [`${column} < TIMESTAMP ${quoteText(`${nextDay(r.to)} 00:00:00`)}`] : []),
  ];
}

/**
 * A range as whole years, for a dimension of year numbers: none when it starts or ends inside a year ("last month"),
 * unless it runs to today ("since 2000": to this year).
 */
export function yearsOf(r: DayRange, untilNow = false): { from?: number; to?: number } | undefined {
  if ((r.from && !r.from.endsWith('-01-01')) || (r.to && !r.to.endsWith('-12-31') && !untilNow)) return undefined;
  return { ...(r.from && { from: Number(r.from.slice(0, 4)) }), ...(r.to && { to: Number(r.to.slice(0, 4)) }) };
}

function yearsSql(column: string, r: DayRange): string[] {
  const { from, to } = yearsOf(r, true) ?? {};
  if (from !== undefined && from === to) return [`${column} = ${from}`];
  return [...(from !== undefined ? [`${column} >= ${from}`] : []), ...(to !== undefined ? [`${column} <= ${to}`] : [])];
}

/** The output column of the time grain. */
export function grainColumn(p: Plan): string | undefined {
  const t = p.time;
  if (!t?.grain) return undefined;
  if (t.field.yearNumber) return t.field.column;
  if (t.grain === 'weekday') return 'weekday';
  if (t.grain === 'hour') return 'hour_of_day';
  return `${t.field.column}_${t.grain}`;
}

/** WHERE conditions of the plan, plus `extra` filters and a range replacing the plan's. */
function whereSql(p: Plan, extra: Filter[] = [], range = p.time?.range): string[] {
  const where = [...p.filters, ...extra].map((f) => filterSql(f));
  const span = p.time?.field.yearNumber ? yearsSql : rangeSql;
  if (p.time && range) where.push(...span(quoteIdent(p.time.field.column), range));
  if (p.time?.present) where.push(`${quoteIdent(p.time.field.column)} IS NOT NULL`);
  // "top 5 exhibitions by income": rows with no exhibition are none of the ranked.
  if (p.order) where.push(...p.groups.map((g) => `${quoteIdent(g.column)} IS NOT NULL`));
  if (p.time?.weekdays?.length)
    where.push(`ISODOW(${quoteIdent(p.time.field.column)}) IN (${p.time.weekdays.join(', ')})`);
  return where;
}

/** A measure of the model, or a distinct count or an aggregation the planner made of a dimension. */
const of = (f: Field) =>
  f.distinctOf
    ? `COUNT(DISTINCT ${quoteIdent(f.distinctOf)})`
    : f.columnOf
      ? `${f.agg!.toUpperCase()}(${quoteIdent(f.columnOf)})`
      : `MEASURE(${quoteIdent(f.column)})`;

const measureSql = (p: Plan) => (p.per ? `${of(p.measure)} / NULLIF(${of(p.per)}, 0)` : of(p.measure));

/** A grouped select of the measure: groups, time grain, measure; WHERE; GROUP BY. */
function baseSelect(p: Plan, alias: string, extra: Filter[] = [], range = p.time?.range, withGrain = true) {
  const select = p.groups.map((g) => quoteIdent(g.column));
  const t = p.time;
  const grain = withGrain ? grainColumn(p) : undefined;
  if (t && grain) {
    const col = quoteIdent(t.field.column);
    select.push(
      t.field.yearNumber
        ? col
        : t.grain === 'weekday'
          ? `DAYNAME(${col}) AS weekday`
          : t.grain === 'hour'
            ? `HOUR(${col}) AS hour_of_day`
            : `DATE_TRUNC('${t.grain}', ${col}) AS ${quoteIdent(grain)}`,
    );
  }
  const groups = select.length;
  select.push(
    `${measureSql(p)} AS ${quoteIdent(alias)}`,
    ...(p.also ?? []).map((f) => `${of(f)} AS ${quoteIdent(f.column)}`),
  );
  const where = whereSql(p, extra, range);
  return {
    groups,
    lines: [
      `SELECT ${select.join(', ')}`,
      `FROM ${quoteIdent(p.source.name)}`,
      ...(where.length ? [`WHERE ${where.join(' AND ')}`] : []),
      ...(groups ? [`GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`] : []),
    ],
  };
}

const indent = (lines: string[]) => lines.map((l) => `  ${l}`).join('\n');

export function toSql(p: Plan): string {
  const alias = p.measure.column;
  const m = quoteIdent(alias);
  if (p.per && p.perFrom) return acrossSql(p, p.per, p.perFrom);
  if (p.countOf) {
    const inner = indent(toSql({ ...p, ...p.countOf, countOf: undefined, order: undefined }).split('\n'));
    return `SELECT count(*) AS ${m}\nFROM (\n${inner}\n) AS t`;
  }
  if (p.compare) {
    const [a, b] = p.compare;
    const side = (s: typeof a) =>
      indent(
        baseSelect({ ...p, measure: s.measure ?? p.measure }, alias, s.filters, s.range ?? p.time?.range, false).lines,
      );
    const [la, lb] = [quoteIdent(a.label), quoteIdent(b.label)];
    return [
      `SELECT a.${m} AS ${la}, b.${m} AS ${lb}, b.${m} - a.${m} AS difference,`,
      `  100.0 * (b.${m} - a.${m}) / NULLIF(a.${m}, 0) AS percent_change`,
      `FROM (\n${side(a)}\n) AS a CROSS JOIN (\n${side(b)}\n) AS b`,
    ].join('\n');
  }
  if (p.share?.part) {
    const part = indent(baseSelect(p, alias, p.share.part, p.share.range ?? p.time?.range).lines);
    const all = indent(baseSelect({ ...p, measure: p.share.of ?? p.measure }, alias).lines);
    // "what % of requests were duplicates by month": each period's part of its own whole, in the periods' order.
    const grain = grainColumn(p);
    const keys = [...p.groups.map((g) => g.column), ...(grain ? [grain] : [])].map(quoteIdent);
    const join = keys.length
      ? `LEFT JOIN (\n${part}\n) AS a ON ${keys.map((k) => `a.${k} = b.${k}`).join(' AND ')}`
      : '';
    return [
      `SELECT ${keys.map((k) => `b.${k}, `).join('')}COALESCE(a.${m}, 0) AS part, b.${m} AS total,`,
      `  100.0 * COALESCE(a.${m}, 0) / NULLIF(b.${m}, 0) AS share_percent`,
      keys.length ? `FROM (\n${all}\n) AS b ${join}` : `FROM (\n${part}\n) AS a CROSS JOIN (\n${all}\n) AS b`,
      ...(keys.length ? [`ORDER BY ${grain ? `b.${quoteIdent(grain)} ASC` : 'share_percent DESC'}`] : []),
    ].join('\n');
  }
  if (p.share) {
    const inner = indent(baseSelect(p, alias).lines);
    const keys = p.groups.map((g) => quoteIdent(g.column));
    return [
      `SELECT ${keys.join(', ')}, ${m}, 100.0 * ${m} / NULLIF(SUM(${m}) OVER (), 0) AS share_percent`,
      `FROM (\n${inner}\n) AS t`,
      `ORDER BY ${m} DESC`,
    ].join('\n');
  }
  const { groups, lines } = baseSelect(p, alias);
  // "which driver had the most late deliveries": those with none are not ranked among them.
  const none = p.order && p.groups.length && !p.per && p.measure.agg === 'count' && p.measure.filtered;
  const measure = measureSql(p);
  const having = [...p.having.map((f) => filterSql(f, measure)), ...(none ? [`${measure} > 0`] : [])];
  if (having.length) lines.push(`HAVING ${having.join(' AND ')}`);
  const grain = grainColumn(p);
  const order = p.order
    ? `${m} ${p.order.dir}`
    : p.time?.grain === 'weekday'
      ? `MIN(ISODOW(${quoteIdent(p.time.field.column)}))`
      : grain || periodic(p)
        ? `${groups} ASC`
        : groups
          ? `${m} DESC`
          : '';
  if (order) lines.push(`ORDER BY ${order}${grain && p.groups.length && !p.order ? `, ${m} DESC` : ''}`);
  if (p.order?.limit) lines.push(`LIMIT ${p.order.limit}`);
  return lines.join('\n');
}

/**
 * A measure of one source divided by a measure of another ("interviews per hire"): each aggregated on its own source
 * by the same groups (their own columns), then joined on the groups.
 */
function acrossSql(p: Plan, per: Field, from: NonNullable<Plan['perFrom']>): string {
  const [m, d] = [quoteIdent(p.measure.column), quoteIdent(per.column)];
  // Columns qualified by their source: both sources may have a member of the same name.
  const side = (source: string, as: string, groups: Field[], f: Field) =>
    indent([
      `SELECT ${[...groups.map((g) => `${as}.${quoteIdent(g.column)}`), `MEASURE(${as}.${quoteIdent(f.column)}) AS ${quoteIdent(f.column)}`].join(', ')}`,
      `FROM ${quoteIdent(source)} AS ${as}`,
      ...(groups.length ? [`GROUP BY ${groups.map((_, i) => i + 1).join(', ')}`] : []),
    ]);
  const a = side(p.source.name, 'x', p.groups, p.measure);
  const b = side(from.source.name, 'y', from.groups, per);
  const ratio = `a.${m} / NULLIF(b.${d}, 0) AS ${m}`;
  if (!p.groups.length) return `SELECT ${ratio}\nFROM (\n${a}\n) AS a CROSS JOIN (\n${b}\n) AS b`;
  const on = p.groups.map((g, i) => `a.${quoteIdent(g.column)} = b.${quoteIdent(from.groups[i].column)}`);
  return [
    `SELECT ${[...p.groups.map((g) => `a.${quoteIdent(g.column)}`), ratio].join(', ')}`,
    `FROM (\n${a}\n) AS a LEFT JOIN (\n${b}\n) AS b ON ${on.join(' AND ')}`,
    `ORDER BY ${m} DESC`,
  ].join('\n');
}

/** "deaths by decade": a breakdown by one number column titled as a period of the calendar is listed in its order. */
const periodic = (p: Plan) =>
  p.groups.length === 1 &&
  p.groups[0].type === 'number' &&
  /\b(decades?|years?|quarters?|months?|weeks?|seasons?|centur(y|ies))$/i.test(p.groups[0].title);
