// The local analyst's sentences in English (the source language; loaded with the agent, every other book lazily).

import type { PhraseBook } from '../phrase-book.js';

const a = (agg: string) => (agg === 'avg' ? 'an average' : `a ${agg}`);

export default {
  comma: ', ',
  and: (items) => items.join(' and '),
  or: (items) => items.join(' or '),
  quote: (text) => `"${text}"`,
  // An acronym stays as written ("MPAA rating"); any other first letter is lowercased inside a sentence.
  inline: (title) => (/^\p{Lu}{2,}(?=\s|$)/u.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1)),

  askSomething: 'Ask me a question about your data, for example "revenue by region last year".',
  looking: 'Looking for the data that matches the question. ',
  willQuery: (reading) => `I will query ${reading}`,
  queryTitle: (measure, groups) => `${measure}${groups.length ? ` by ${groups.join(', ')}` : ''}`,
  couldNotRun: (error) => `I could not run the query: ${error}`,
  valuesUnread: (sources, error) =>
    `I could not read the values of ${sources} (${error}), so a value you named there may be one I did not recognise.`,

  agg: {
    count: 'count',
    count_distinct: 'distinct count',
    sum: 'sum',
    avg: 'average',
    min: 'minimum',
    max: 'maximum',
    number: 'calculated',
  },
  measureAgg: (measure, agg) => `${measure} (${agg})`,
  dividedBy: (count) => `divided by ${count}`,
  shareOf: (whole) => `as a share of ${whole}`,
  by: (groups) => `by ${groups}`,
  byWeekday: 'by day of the week',
  byHour: 'by hour of the day',
  per: { day: 'per day', week: 'per week', month: 'per month', quarter: 'per quarter', year: 'per year' },
  weekdays: ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'],
  onDays: (days) => `on ${days}`,
  forRange: (field, range) => `for ${field} ${range}`,
  hasDate: (field) => `where ${field} is set`,
  where: (conditions) => `where ${conditions}`,
  keeping: (conditions) => `keeping groups where ${conditions}`,
  top: (n) => `top ${n}`,
  bottom: (n) => `bottom ${n}`,
  highestFirst: 'ranked highest first',
  lowestFirst: 'ranked lowest first',
  comparing: (x, y) => `comparing ${x} with ${y}`,
  shareWhere: (conditions) => `as the share where ${conditions}`,
  shareOfTotal: 'as each one’s share of the total',
  reading: (parts, source) => `${parts.join(', ')}, from ${source}.`,
  isTrue: (field) => field,
  isFalse: (field) => `not ${field}`,
  isUnset: (field) => `${field} not recorded`,
  isAny: (field, values) => `${field} ${values}`,
  isNone: (field, values) => `${field} not ${values}`,
  compares: (field, op, values) => `${field} ${op} ${values}`,
  rangeDays: (from, to) => `${from} to ${to}`,
  rangeFrom: (from) => `from ${from}`,
  rangeUpTo: (to) => `up to ${to}`,

  measured: (reading) => `I measured ${reading}`,
  noRows: 'No rows match: the result is empty, so there is no number to report.',
  comparison: (x, vx, y, vy, difference, percentage) =>
    `**${x}**: ${vx}; **${y}**: ${vy}. The difference (${y} minus ${x}) is **${difference}**, ${percentage}.`,
  noPercentage: 'no percentage (the first value is zero)',
  sharePart: (percentage, part, total) => `**${percentage}**: ${part} of ${total}.`,
  single: (value) => `The result is **${value}**.`,
  periods: (count, plural) => `${count} ${plural === 'one' ? 'period' : 'periods'}:`,
  lowest: (label, value) => `Lowest: **${label}** with **${value}**.`,
  highest: (label, value) => `Highest: **${label}** with **${value}**.`,
  showing: (shown, total) => `Showing ${shown} of ${total} rows.`,
  shareAxis: (measure) => `Share of ${measure} (%)`,

  noSources: 'I could not find any data you have access to, so I cannot answer this.',
  whichValue: (words, fields) => `I could not tell which ${words} you mean: it is a value of ${fields}.`,
  whichBreakdown: (fields) => `I could not tell which breakdown you mean: ${fields}. Please name one.`,
  whichColumn: (words, fields) => `I could not tell which column ${words} is about: ${fields}.`,
  unmapped: (words, count, source, measures, dimensions) =>
    `I could not tell which number you want: ${words} ${count > 1 ? 'map' : 'maps'} to nothing in **${source}**. I can answer about ${measures}${dimensions ? `, by ${dimensions}` : ''}.`,
  noValue: (words, source, dimensions) =>
    `I could not find ${words} in **${source}**: no value of ${dimensions} is written so.`,
  noMeasure: (source, measures, agg) =>
    `I could not find ${agg ? `${a(agg)} ` : ''}measure for this question in **${source}**. It has: ${measures}.`,
  noAggOf: (agg, fields, measures) =>
    `I could not find ${a(agg)} of ${fields} in the model. Measures that exist: ${measures}.`,
  whichMeasure: (fields) => `I could not tell which measure you mean: ${fields}. Please say which.`,
  compareWhat: (value) => `I could not tell what to compare with ${value}: name a column or a breakdown ("by …").`,
  whichDate: (fields) => `I could not tell which date you mean: ${fields}. Please name one.`,
  noDate: (source) => `I could not apply the dates: **${source}** has no date to filter or group by.`,
  rankWhat: (limit, measure) =>
    `I could not tell what to rank: say what the top ${limit} are of (for example "top ${limit} … by ${measure}").`,
  twoPeriodsBroken: 'I could not compare two periods broken down: ask for the two totals, or one period by group.',
  shareOfWhat: 'I could not tell a share of what: name the part (a value such as a status) or a breakdown.',
  notShareable: (measure) => `I could not split ${measure} into shares: it is not a count or a sum.`,
  whichData: (options) => `I could not tell which data you mean: ${options}.`,
  measureIn: (measure, source) => `**${measure}** in ${source}`,
} satisfies PhraseBook;
