// Numbers and dates as a person reads them, for every element: by the member's type and `format` (currency, percent,
// number), in the viewer's locale, with sensible precision — no float noise (540623.1800000004 → 540,623.18). One
// Intl formatter per locale and options, created once: building one costs far more than using it.

import { own } from '../../util/own.js';

/** What the data model says about a value's member (the meta's `type`, `format` and `meta`), all optional. */
export interface ValueHints {
  /** The member's type: `number`, `string`, `time`, `boolean`, or a measure's (`sum`, `count`, `avg`, …). */
  type?: string;
  /** The member's `format`: `currency`, `percent`, `number`, `id`, …, or `{ type, value }` (custom formats). */
  format?: unknown;
  /** The member's `meta`: `currency` (ISO 4217 code) and `unit` (a suffix such as "kWh") are read. */
  meta?: unknown;
  /** For time values: the granularity they were truncated to (`day`, `month`, …), which picks the date's precision. */
  granularity?: string;
  /**
   * For percent values: `ratio` (0.25 is 25 %, the data model's convention) or `points` (25 is 25 %, older models
   * that multiply by 100). Callers who see a whole column pass `percentScaleOf(values)`.
   */
  percentScale?: 'ratio' | 'points';
}

/** How a number is written. */
export type NumberStyle =
  | { kind: 'number'; unit?: string }
  | { kind: 'integer'; unit?: string }
  | { kind: 'currency'; currency: string }
  | { kind: 'percent'; scale: 'ratio' | 'points' };

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The Intl.NumberFormat for `locale` and `options`, shared by every caller. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat(undefined, options); // a malformed locale from an attribute: the browser's
    }
    numberFormats.set(key, format);
  }
  return format;
}

/** The Intl.DateTimeFormat for `locale` and `options`, shared by every caller. */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Sets up Intl's number and date formatting for `locale` (the locale's plain formatters, kept here). The first use
 * on a page loads ICU's data: tens of ms. Those data are the browser process's: once a worker has done this, the
 * page's own first formatter is cheap.
 */
export function warmUpIntl(locale: string | undefined): void {
  numberFormat(locale).format(1234.5);
  dateFormat(locale, { month: 'short', day: 'numeric' }).format(0);
}

const INTEGER_TYPES = new Set([
  'count',
  'count_distinct',
  'countDistinct',
  'count_distinct_approx',
  'countDistinctApprox',
]);

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** How numbers of a member with these hints are written. */
export function numberStyleOf(hints: ValueHints = {}): NumberStyle {
  const format = typeof hints.format === 'string' ? hints.format : record(hints.format)?.type;
  const meta = record(hints.meta);
  const currency = typeof meta?.currency === 'string' && /^[A-Za-z]{3}$/.test(meta.currency) ? meta.currency : 'USD';
  const unit = typeof meta?.unit === 'string' && meta.unit.length <= 16 ? meta.unit : undefined;
  if (format === 'currency') return { kind: 'currency', currency: currency.toUpperCase() };
  if (format === 'percent') return { kind: 'percent', scale: hints.percentScale ?? 'ratio' };
  if (hints.type && INTEGER_TYPES.has(hints.type)) return { kind: 'integer', ...(unit && { unit }) };
  return { kind: 'number', ...(unit && { unit }) };
}

/** Percent values above 1.5 in absolute value mean the column is in points (25 = 25 %), not a ratio. */
export function percentScaleOf(values: Iterable<unknown>): 'ratio' | 'points' {
  for (const v of values) if (typeof v === 'number' && Math.abs(v) > 1.5) return 'points';
  return 'ratio';
}

/** Digits that read well: whole numbers stay whole, others keep two decimals, small ones three significant digits. */
function precision(value: number): Intl.NumberFormatOptions {
  const abs = Math.abs(value);
  if (Number.isInteger(value) || abs >= 1e15) return { maximumFractionDigits: 0 };
  if (abs >= 1) return { maximumFractionDigits: 2 };
  return { maximumSignificantDigits: 3 };
}

/**
 * A number in `locale`, written in `style`. `compact` writes large numbers short ("540.6K", "1.2 Mio."), for axes,
 * KPIs and tight spaces.
 */
export function formatNumber(
  value: number | bigint,
  locale: string | undefined,
  style: NumberStyle = { kind: 'number' },
  compact = false,
): string {
  if (typeof value === 'bigint') {
    if (style.kind === 'number' || style.kind === 'integer') {
      return withUnit(numberFormat(locale, compact ? { notation: 'compact' } : {}).format(value), style.unit);
    }
    value = Number(value);
  }
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '—' : value > 0 ? '∞' : '−∞';
  const shortly: Intl.NumberFormatOptions = compact && Math.abs(value) >= 1e4 ? { notation: 'compact' } : {};
  switch (style.kind) {
    case 'currency': {
      const options: Intl.NumberFormatOptions = { style: 'currency', currency: style.currency, ...shortly };
      return numberFormat(locale, shortly.notation ? { ...options, maximumFractionDigits: 1 } : options).format(value);
    }
    case 'percent': {
      const ratio = style.scale === 'points' ? value / 100 : value;
      const digits = Math.abs(ratio) >= 0.1 || ratio === 0 ? 1 : 2;
      return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(ratio);
    }
    case 'integer':
      return withUnit(numberFormat(locale, { maximumFractionDigits: 0, ...shortly }).format(value), style.unit);
    default: {
      const options = shortly.notation ? { ...shortly, maximumFractionDigits: 1 } : precision(value);
      return withUnit(numberFormat(locale, options).format(value), style.unit);
    }
  }
}

const withUnit = (text: string, unit: string | undefined) => (unit ? `${text} ${unit}` : text);

/** The fields a date shows at each granularity. */
const DATE_FIELDS: Record<string, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  quarter: { year: 'numeric', month: 'short' },
  month: { year: 'numeric', month: 'short' },
  week: { year: 'numeric', month: 'short', day: 'numeric' },
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  hour: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric' },
  minute: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  second: { dateStyle: 'medium', timeStyle: 'medium' },
};

/** A timestamp value (ISO string without zone, epoch milliseconds, or Date) as a Date, or undefined. */
function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  // Truncated timestamps come as wall time without a zone: read and write them in UTC so nothing shifts a day.
  const iso = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date in `locale`, as precise as its granularity ("Mar 2024" for a month; "Q1 2024" for a quarter). */
export function formatDate(value: unknown, locale: string | undefined, granularity?: string): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  if (granularity === 'quarter') return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
  const midnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
  const fields = own(DATE_FIELDS, granularity ?? '') ?? (midnight ? DATE_FIELDS.day : DATE_FIELDS.minute);
  return dateFormat(locale, { ...fields, timeZone: 'UTC' }).format(date);
}

/** Any result value as text: numbers and dates by their member's hints and the locale; nothing as "—". */
export function formatValue(value: unknown, locale: string | undefined, hints: ValueHints = {}): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (hints.type === 'time' && typeof value === 'number') return formatDate(value, locale, hints.granularity) ?? '';
    return formatNumber(value, locale, numberStyleOf(hints));
  }
  if (typeof value === 'string') {
    if (hints.type === 'time') return formatDate(value, locale, hints.granularity) ?? value;
    // Numeric measures sometimes arrive as strings (decimals, 64-bit integers).
    if (hints.type && hints.type !== 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value)) {
      return formatNumber(Number(value), locale, numberStyleOf(hints));
    }
    return value;
  }
  if (value instanceof Date) return formatDate(value, locale, hints.granularity) ?? '';
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
