// A chart's spec and rows fitted to what the rows are, for the dashboard's cards and the chat's answers alike:
// - a time axis ticks at the data's own grain (monthly data: a tick per month, or every 2, 3, 6… months; never
//   weekly ticks between monthly points), labelled as precisely as that grain ("Jan 2001", "Q1 2001", "2001");
// - a blank category (NULL, or empty text) reads "(none)" in the UI's language instead of "null" or nothing;
// - a bar chart of more categories than `maxBars` draws the top ones by its measure, the rest as one "Other (n)" bar
//   when the measure adds up (a sum or a count), and says "Top 24 of 229" above the plot;
// - each row has its tooltip text (the columns' titles and values formatted like the tables).
// Pure: no DOM. `rowOf` turns a clicked mark's datum back into the row as the data have it.

import { msg, str } from '@lit/localize';
import { isBlank, noneLabel } from './blank.js';
import { formatValue, type ValueHints } from './format.js';

/** A column as the chart reads it: its name in the rows, its title and its formatting hints. */
export interface FitColumn {
  name: string;
  title: string;
  hints: ValueHints;
}

export interface FitOptions {
  /** The UI's locale (numbers and dates in tooltips). */
  locale: string | undefined;
  /** A narrow chart (fewer axis ticks). */
  narrow?: boolean;
  /** A bar chart of more categories than this draws the top ones and "Other" (default 25). */
  maxBars?: number;
}

export interface FittedChart {
  spec: Record<string, unknown>;
  values: Record<string, unknown>[];
}

const TOOLTIP = '__svc_tooltip';
/** The fields of a row whose blank value was replaced by the "(none)" label. */
const BLANKS = '__svc_blanks';
/** Set on the "Other" bar: it is no row of the data. */
const OTHER = '__svc_other';

/** Measures whose values add up: the "Other" bar is their sum. */
const ADDITIVE = new Set(['sum', 'count', 'runningTotal']);
const GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
type Grain = (typeof GRAINS)[number];
/** Tick steps that read well, in periods of each grain. */
const STEPS: Record<Grain, number[]> = {
  day: [1, 2, 7, 14, 28],
  week: [1, 2, 4, 8, 13, 26, 52],
  month: [1, 2, 3, 6, 12, 24, 60, 120],
  quarter: [1, 2, 4, 8, 20, 40],
  year: [1, 2, 5, 10, 20, 25, 50, 100],
};

/** A Vega-Lite field as the rows name it (`a\.b` → `a.b`). */
const columnName = (field: string) => field.replace(/\\(.)/g, '$1');
/** A time value as Vega reads it from the rows (text without a zone is local time, as in Vega). */
const instant = (v: unknown): number | undefined => {
  const t = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : v instanceof Date ? +v : NaN;
  return Number.isFinite(t) ? t : undefined;
};

type Channel = { field?: unknown; type?: unknown; axis?: unknown; aggregate?: unknown; timeUnit?: unknown };
const channelsOf = (spec: Record<string, unknown>): Record<string, Channel> =>
  (spec.encoding && typeof spec.encoding === 'object' ? spec.encoding : {}) as Record<string, Channel>;
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The grain time values are at: the columns' hint, else read from the values (all on month starts: month…). */
export function grainOf(times: number[], hint: string | undefined): Grain | undefined {
  if (GRAINS.includes(hint as Grain)) return hint as Grain;
  if (hint || times.length < 2) return undefined;
  const dates = times.map((t) => new Date(t));
  const midnight = dates.every((d) => d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0);
  if (!midnight) return undefined;
  if (dates.every((d) => d.getDate() === 1)) {
    if (dates.every((d) => d.getMonth() === 0)) return 'year';
    return dates.every((d) => d.getMonth() % 3 === 0) ? 'quarter' : 'month';
  }
  return dates.every((d) => d.getDay() === dates[0].getDay()) ? 'week' : 'day';
}

/** The axis of a time channel at `grain`: ticks on the data's own instants (every `step`-th), labelled for it. */
function timeAxis(times: number[], grain: Grain, maxTicks: number): Record<string, unknown> {
  const distinct = [...new Set(times)].sort((a, b) => a - b);
  const step =
    STEPS[grain].find((s) => Math.ceil(distinct.length / s) <= maxTicks) ?? Math.ceil(distinct.length / maxTicks);
  // As Vega-Lite DateTime objects (local time, as Vega reads the rows): epoch numbers lose their labels under the
  // CSP-safe expression interpreter.
  const values = distinct
    .filter((_, i) => i % step === 0)
    .map((t) => new Date(t))
    .map((d) => ({ year: d.getFullYear(), month: d.getMonth() + 1, date: d.getDate(), hours: d.getHours() }));
  const years = new Set(distinct.map((t) => new Date(t).getFullYear())).size;
  const format =
    grain === 'year'
      ? '%Y'
      : grain === 'quarter'
        ? 'Q%q %Y'
        : grain === 'month'
          ? '%b %Y'
          : years > 1
            ? '%b %d %Y'
            : '%b %d';
  return { values, format, formatType: 'time' };
}

/** The spec with each time channel's axis at its data's grain (unless the spec sets its ticks or format). */
function withTimeAxes(
  spec: Record<string, unknown>,
  rows: Record<string, unknown>[],
  columns: FitColumn[],
  maxTicks: number,
): Record<string, unknown> {
  const encoding = channelsOf(spec);
  let changed: Record<string, Channel> | undefined;
  for (const key of ['x', 'y'] as const) {
    const channel = encoding[key];
    const axis = record(channel?.axis);
    if (!channel || channel.type !== 'temporal' || typeof channel.field !== 'string' || channel.timeUnit) continue;
    if (channel.axis === null || 'values' in axis || 'tickCount' in axis || 'format' in axis) continue;
    const name = columnName(channel.field);
    const times = rows.map((r) => instant(r[name])).filter((t) => t !== undefined);
    const grain = grainOf(times, columns.find((c) => c.name === name)?.hints.granularity);
    if (!grain) continue;
    changed ??= { ...encoding };
    changed[key] = { ...channel, axis: { ...axis, ...timeAxis(times, grain, maxTicks) } };
  }
  return changed ? { ...spec, encoding: changed } : spec;
}

/** A bar chart's category and measure channels, when it has one of each and nothing else that splits the bars. */
function barsOf(spec: Record<string, unknown>): { category: string; measure: string; channel: 'x' | 'y' } | undefined {
  const mark = typeof spec.mark === 'string' ? spec.mark : record(spec.mark).type;
  if (mark !== 'bar' || spec.layer || spec.facet || spec.repeat || spec.transform) return undefined;
  const encoding = channelsOf(spec);
  const fields = (t: string[]) =>
    (['x', 'y'] as const).filter(
      (k) => t.includes(String(encoding[k]?.type)) && typeof encoding[k]?.field === 'string',
    );
  const [cat] = fields(['nominal', 'ordinal']);
  const [num] = fields(['quantitative']);
  if (!cat || !num || encoding[num]?.aggregate) return undefined;
  const category = columnName(String(encoding[cat].field));
  const measure = columnName(String(encoding[num].field));
  // Another channel naming another field (a colour by series, a facet row) splits bars: left as it is.
  for (const [key, c] of Object.entries(encoding)) {
    if (key === 'x' || key === 'y' || key === 'tooltip' || typeof c?.field !== 'string') continue;
    if (![category, measure].includes(columnName(c.field))) return undefined;
  }
  return { category, measure, channel: cat };
}

/** The categories in the order the channel's `sort` draws them (value sorts by the measure), "Other" after them. */
function barOrder(sort: unknown, kept: Record<string, unknown>[], category: string, other: string): unknown[] {
  const names = kept.map((r) => (isBlank(r[category]) ? noneLabel() : r[category]));
  const s = record(sort);
  const byValue = typeof sort === 'string' ? /^-?[xy]$/.test(sort) : 'field' in s || 'encoding' in s || 'op' in s;
  const descending =
    typeof sort === 'string' ? sort.startsWith('-') || sort === 'descending' : s.order === 'descending';
  // `kept` is by value, most first.
  const ordered = byValue
    ? descending
      ? names
      : [...names].reverse()
    : [...names].sort((a, b) => String(a).localeCompare(String(b)) * (descending ? -1 : 1));
  return Array.isArray(sort) ? sort : [...ordered, other];
}

/** The rows of a bar chart of many categories: the top ones by the measure, and "Other" when it adds up. */
function topBars(
  spec: Record<string, unknown>,
  rows: Record<string, unknown>[],
  columns: FitColumn[],
  maxBars: number,
): { spec: Record<string, unknown>; rows: Record<string, unknown>[] } | undefined {
  const bars = barsOf(spec);
  if (!bars || rows.length <= maxBars || new Set(rows.map((r) => r[bars.category])).size !== rows.length) return;
  const value = (r: Record<string, unknown>) => Number(r[bars.measure]) || 0;
  const sorted = [...rows].sort((a, b) => value(b) - value(a));
  const type = columns.find((c) => c.name === bars.measure)?.hints.type ?? '';
  const additive = ADDITIVE.has(type);
  const kept = sorted.slice(0, additive ? maxBars - 1 : maxBars);
  const rest = sorted.slice(kept.length);
  const total = rows.length;
  const shown = kept.length;
  const other = msg(str`Other (${rest.length})`);
  const out = additive
    ? [
        ...kept,
        {
          [bars.category]: other,
          [bars.measure]: rest.reduce((sum, r) => sum + value(r), 0),
          [OTHER]: true,
        },
      ]
    : kept;
  const caption = msg(str`Top ${shown} of ${total}`);
  // Above the plot: the spec's title with the caption under it, else the caption as a quiet title of its own.
  const own = typeof spec.title === 'string' ? { text: spec.title } : record(spec.title);
  const title = own.text
    ? { ...own, subtitle: caption }
    : { text: caption, anchor: 'start', fontSize: 11, fontWeight: 'normal' };
  // "Other" is drawn last, whatever the spec sorts by.
  const encoding = channelsOf(spec);
  const channel = encoding[bars.channel] as Channel & { sort?: unknown };
  const ordered = additive
    ? { ...encoding, [bars.channel]: { ...channel, sort: barOrder(channel.sort, kept, bars.category, other) } }
    : encoding;
  return {
    spec: { ...spec, title, encoding: ordered },
    rows: out,
  };
}

/** The rows with blank categories labelled and each row's tooltip text. */
function labelled(rows: Record<string, unknown>[], columns: FitColumn[], locale: string | undefined) {
  const categories = columns.filter((c) => c.hints.type === 'string' || c.hints.type === undefined);
  const none = noneLabel();
  return rows.map((row) => {
    const blanks = row[OTHER] ? [] : categories.filter((c) => c.name in row && isBlank(row[c.name])).map((c) => c.name);
    return {
      ...row,
      ...Object.fromEntries(blanks.map((name) => [name, none])),
      ...(blanks.length && { [BLANKS]: blanks }),
      [TOOLTIP]: columns
        .filter((c) => c.name in row)
        .map((c) => `${c.title}: ${blanks.includes(c.name) ? none : formatValue(row[c.name], locale, c.hints)}`)
        .join('\n'),
    };
  });
}

/** The spec and rows of a chart, fitted (see the module comment); the spec's tooltip channel wins over ours. */
export function fitChart(
  spec: Record<string, unknown>,
  rows: Record<string, unknown>[],
  columns: FitColumn[],
  { locale, narrow = false, maxBars = 25 }: FitOptions,
): FittedChart {
  // Layers (two measures by the same breakdown): each fitted alone, over all the rows (no bars folded into "Other":
  // the layers share their rows).
  if (Array.isArray(spec.layer)) {
    const one = (layer: unknown) => fitChart(record(layer), rows, columns, { locale, narrow, maxBars: Infinity }).spec;
    return { spec: { ...spec, layer: spec.layer.map(one) }, values: labelled(rows, columns, locale) };
  }
  const top = topBars(spec, rows, columns, Math.max(2, maxBars));
  const fitted = withTimeAxes(top?.spec ?? spec, top?.rows ?? rows, columns, narrow ? 5 : 10);
  const encoding = channelsOf(fitted);
  const withTooltip =
    (fitted.encoding || fitted.mark) && !encoding.tooltip
      ? { ...fitted, encoding: { ...encoding, tooltip: { field: TOOLTIP } } }
      : fitted;
  return { spec: withTooltip, values: labelled(top?.rows ?? rows, columns, locale) };
}

const fits = new WeakMap<object, { spec: object; columns: object; key: string; fitted: FittedChart }>();

/** fitChart, the same result (the same rows array: no redraw) while the rows, spec, columns and options are. */
export function fitChartOnce(
  spec: Record<string, unknown>,
  rows: Record<string, unknown>[],
  columns: FitColumn[],
  options: FitOptions,
): FittedChart {
  const key = JSON.stringify([options.locale, options.narrow, options.maxBars]);
  const known = fits.get(rows);
  if (known && known.spec === spec && known.columns === columns && known.key === key) return known.fitted;
  const fitted = fitChart(spec, rows, columns, options);
  fits.set(rows, { spec, columns, key, fitted });
  return fitted;
}

/** A clicked mark's datum as the data have it: its blanks back, our fields gone; nothing for the "Other" bar. */
export function rowOf(datum: Record<string, unknown>): Record<string, unknown> {
  if (datum[OTHER]) return {};
  const { [TOOLTIP]: _tooltip, [BLANKS]: blanks, ...row } = datum;
  for (const name of Array.isArray(blanks) ? (blanks as string[]) : []) row[name] = null;
  return row;
}
