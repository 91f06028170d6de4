// Vega's number and time locale for a BCP 47 locale, built from the browser's Intl rather than shipped tables: the
// decimal and group separators, digit grouping (3 or Indian 3-2), digits (Arabic-Indic in Arabic), minus and percent
// signs, where a currency symbol goes; month and weekday names, AM/PM, and the order of date and time fields. A
// chart's config takes it as `locale` (per view: no page-global vega state), so axes and labels read as the elements'
// tables and KPIs do. Loaded with the charts, not with the elements.

import { dateFormat, numberFormat } from './format.js';

/** d3-format's locale definition. */
export interface NumberLocale {
  decimal: string;
  thousands: string;
  grouping: number[];
  currency: [string, string];
  numerals?: string[];
  percent?: string;
  minus?: string;
}

/** d3-time-format's locale definition. */
export interface TimeLocale {
  dateTime: string;
  date: string;
  time: string;
  periods: [string, string];
  days: string[];
  shortDays: string[];
  months: string[];
  shortMonths: string[];
}

const part = (parts: Intl.NumberFormatPart[] | Intl.DateTimeFormatPart[], type: string) =>
  (parts as { type: string; value: string }[]).find((p) => p.type === type)?.value;

export function numberLocale(locale: string | undefined): NumberLocale {
  const parts = numberFormat(locale, { maximumFractionDigits: 1 }).formatToParts(-1234567890.5);
  // Group sizes from the right, as d3 cycles them: [3], or [3, 2, 2, …] for Indian grouping (12,34,56,789).
  const fromRight = parts
    .filter((p) => p.type === 'integer')
    .map((p) => p.value.length)
    .reverse();
  const [first, second] = fromRight;
  const grouping = fromRight.length > 2 && second !== first ? [first, ...Array<number>(12).fill(second)] : [first];
  const plain = numberFormat(locale, { useGrouping: false });
  const numerals = Array.from({ length: 10 }, (_, i) => plain.format(i));
  const money = numberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const moneyParts = money.formatToParts(1);
  const start = moneyParts.findIndex((p) => p.type === 'integer');
  let end = start;
  moneyParts.forEach((p, i) => (end = p.type === 'integer' || p.type === 'fraction' ? i : end));
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return {
    decimal: part(parts, 'decimal') ?? '.',
    thousands: part(parts, 'group') ?? ',',
    grouping,
    currency: [text(moneyParts.slice(0, start)), text(moneyParts.slice(end + 1))],
    ...(numerals.join('') !== '0123456789' && { numerals }),
    percent: part(numberFormat(locale, { style: 'percent' }).formatToParts(0.5), 'percentSign') ?? '%',
    minus: part(parts, 'minusSign') ?? '−',
  };
}

/** Intl's field types as d3-time-format directives. */
const DIRECTIVES: Record<string, string> = {
  year: '%Y',
  month: '%m',
  day: '%d',
  hour: '%H',
  minute: '%M',
  second: '%S',
  dayPeriod: '%p',
  weekday: '%a',
};

/** A d3 format string with the fields of `options` in the order and with the separators `locale` writes them. */
function pattern(locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const parts = dateFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(Date.UTC(2001, 10, 23, 15, 4, 5));
  const twelve = parts.some((p) => p.type === 'dayPeriod');
  return parts
    .map((p) =>
      p.type === 'literal'
        ? p.value.replace(/%/g, '%%')
        : p.type === 'hour' && twelve
          ? '%I'
          : (DIRECTIVES[p.type] ?? p.value.replace(/%/g, '%%')),
    )
    .join('');
}

export function timeLocale(locale: string | undefined): TimeLocale {
  const names = (options: Intl.DateTimeFormatOptions, dates: number[]) =>
    dates.map((d) => dateFormat(locale, { ...options, timeZone: 'UTC' }).format(d));
  const week = Array.from({ length: 7 }, (_, i) => Date.UTC(2001, 0, 7 + i)); // a Sunday, then the week
  const year = Array.from({ length: 12 }, (_, i) => Date.UTC(2001, i, 15));
  const period = (hour: number) =>
    part(
      dateFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(Date.UTC(2001, 0, 1, hour)),
      'dayPeriod',
    );
  const date = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const time = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
  return {
    dateTime: pattern(locale, { ...date, ...time }),
    date: pattern(locale, date),
    time: pattern(locale, time),
    periods: [period(9) ?? 'AM', period(21) ?? 'PM'],
    days: names({ weekday: 'long' }, week),
    shortDays: names({ weekday: 'short' }, week),
    months: names({ month: 'long' }, year),
    shortMonths: names({ month: 'short' }, year),
  };
}

const locales = new Map<string, { number: NumberLocale; time: TimeLocale }>();

/** Vega's `locale` config for `locale` (undefined: the browser's), built once per locale. */
export function vegaLocale(locale: string | undefined): { number: NumberLocale; time: TimeLocale } {
  const key = locale ?? '';
  let found = locales.get(key);
  if (!found) locales.set(key, (found = { number: numberLocale(locale), time: timeLocale(locale) }));
  return found;
}
