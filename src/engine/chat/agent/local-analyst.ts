// The local analyst agent: deterministic, no network. It reads the question, finds the measure, dimensions, time
// granularity, date range, filters on known values and top-N in what the user may see (serviceMeta, and one lookup
// of dimension values), writes SQL-API SQL with MEASURE(), runs it (serviceSqlApi), picks a Vega-Lite chart from the
// result's shape and states the numbers. It says so when it cannot answer.

import type { ServiceMetaCube, ServiceMetaMember, ServiceSqlApiResult, TimeGranularity } from '../../../api/types.js';
import { resolveDateRange } from '../../data/date-ranges.js';
import { literal, q } from '../../data/load-compiler.js';
import type { Agent, AgentContext, AgentEvent } from './types.js';

const STOP = new Set([
  'the',
  'and',
  'for',
  'what',
  'was',
  'were',
  'are',
  'is',
  'how',
  'many',
  'much',
  'show',
  'me',
  'give',
  'by',
  'per',
  'of',
  'in',
  'on',
  'to',
  'a',
  'an',
  'each',
  'our',
  'my',
  'with',
  'from',
  'last',
  'this',
  'top',
  'which',
  'who',
  'did',
  'do',
  'does',
  'over',
  'time',
  'all',
  'total',
]);

/** Words a user says for a measure, by what the measure is. */
const MEASURE_WORDS: [RegExp, (m: ServiceMetaMember) => boolean][] = [
  [
    /\b(average|avg|mean|typical)\b.*\b(order|basket|ticket|value|amount|revenue)/,
    (m) => m.aggType === 'avg' && /amount/.test(m.name),
  ],
  [/\b(largest|biggest|max(imum)?|highest)\b.*\border/, (m) => m.aggType === 'max'],
  [/\b(smallest|min(imum)?|lowest)\b.*\border/, (m) => m.aggType === 'min'],
  [/\b(completion rate|completed share|share of completed)\b/, (m) => /rate/.test(m.name)],
  [/\bcompleted orders\b|\bhow many .*completed\b/, (m) => /completed_count/.test(m.name)],
  [/\b(units|quantity|items sold|pieces)\b/, (m) => /quantity/.test(m.name)],
  [
    /\b(revenue|sales|turnover|income|amount|spend|spent|money|earn\w*)\b/,
    (m) => m.aggType === 'sum' && /amount|revenue/.test(`${m.name} ${m.title}`.toLowerCase()),
  ],
  [/\b(customers|buyers|clients|shoppers)\b/, (m) => m.aggType === 'count_distinct' && /customer/.test(m.name)],
  [
    /\b(orders|purchases|transactions|how many|number of|count)\b/,
    (m) => m.aggType === 'count' && !/completed/.test(m.name),
  ],
];

const GRANULARITY: [RegExp, TimeGranularity][] = [
  [/\b(daily|per day|by day|each day|day by day)\b/, 'day'],
  [/\b(weekly|per week|by week|each week)\b/, 'week'],
  [/\b(monthly|per month|by month|each month|month by month|over time|trend)\b/, 'month'],
  [/\b(quarterly|per quarter|by quarter|each quarter)\b/, 'quarter'],
  [/\b(yearly|annual(ly)?|per year|by year|each year|year over year)\b/, 'year'],
];

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/(ies)$/, 'y').replace(/(?<!s)s$/, ''));

const shortName = (member: string) => member.slice(member.indexOf('.') + 1);
const format = (v: unknown) =>
  typeof v === 'number'
    ? Number.isInteger(v)
      ? v.toLocaleString('en-US')
      : v.toLocaleString('en-US', { maximumFractionDigits: 2 })
    : String(v);

interface Plan {
  cube: ServiceMetaCube;
  measure: ServiceMetaMember;
  dimensions: ServiceMetaMember[];
  time?: { member: ServiceMetaMember; granularity?: TimeGranularity; range?: [string, string]; rangeText?: string };
  filters: { member: ServiceMetaMember; value: string }[];
  top?: { n: number; direction: 'DESC' | 'ASC' };
}

function pickMeasure(question: string, cube: ServiceMetaCube): ServiceMetaMember | undefined {
  const measures = cube.members.filter((m) => m.aggType !== undefined || m.type === 'number');
  for (const [pattern, accepts] of MEASURE_WORDS) {
    if (pattern.test(question)) {
      const hit = measures.find((m) => m.aggType !== undefined && accepts(m)) ?? measures.find(accepts);
      if (hit) return hit;
    }
  }
  // Otherwise the measure whose name or title shares the most words with the question.
  const q = new Set(words(question));
  let best: ServiceMetaMember | undefined;
  let score = 0;
  for (const m of measures.filter((x) => x.aggType)) {
    const s = words(`${shortName(m.name)} ${m.title}`).filter((w) => q.has(w)).length;
    if (s > score) [best, score] = [m, s];
  }
  return best;
}

function pickDimensions(question: string, cube: ServiceMetaCube): ServiceMetaMember[] {
  const dims = cube.members.filter((m) => !m.aggType && m.type !== 'time' && m.type !== 'number');
  const picked: ServiceMetaMember[] = [];
  // "by X", "per X", "for each X", "across X", "which X", "X breakdown"
  const phrases = [
    ...question.matchAll(/\b(?:by|per|for each|across|which|what|each|split by|broken down by)\s+([\p{L}_ ]{3,40})/gu),
  ].map((m) => m[1]);
  for (const phrase of phrases) {
    // "region and status" names two; within one part the head noun comes last ("product category").
    for (const part of phrase.split(/\s*(?:,|\band\b|&)\s*/)) {
      const ws = words(part).slice(0, 3);
      let best: { dim: ServiceMetaMember; score: number } | undefined;
      for (const d of dims) {
        const own = words(`${shortName(d.name)} ${d.title}`);
        const at = ws.reduce((acc, w, i) => (own.includes(w) ? i + 1 : acc), 0);
        if (at > (best?.score ?? 0)) best = { dim: d, score: at };
      }
      if (best && !picked.includes(best.dim)) picked.push(best.dim);
    }
  }
  if (picked.length === 0) {
    // A dimension named anywhere ("top 3 product categories"): the last one mentioned is the noun.
    const qw = words(question);
    let best: { dim: ServiceMetaMember; at: number } | undefined;
    for (const d of dims) {
      const at = Math.max(...words(d.title).map((w) => qw.lastIndexOf(w)));
      if (at >= 0 && (!best || at > best.at)) best = { dim: d, at };
    }
    if (best) picked.push(best.dim);
  }
  return picked.slice(0, 2);
}

function pickTime(question: string, cube: ServiceMetaCube, now: number): Plan['time'] {
  const member = cube.members.find((m) => m.type === 'time');
  if (!member) return undefined;
  const granularity = GRANULARITY.find(([p]) => p.test(question.toLowerCase()))?.[1];
  let rangeText: string | undefined;
  let range: [string, string] | undefined;
  const q = question.toLowerCase();
  const m =
    /\b(last|past) (\d+) (day|week|month|quarter|year)s?\b/.exec(q) ??
    /\b(this|last) (week|month|quarter|year)\b/.exec(q) ??
    /\b(today|yesterday)\b/.exec(q);
  const year = /\b(?:in|during|for) (20\d\d)\b/.exec(q) ?? /\b(20\d\d)\b/.exec(q);
  if (m) {
    rangeText = m[0].replace(/^past/, 'last');
    range = resolveDateRange(rangeText, now);
  } else if (year) {
    rangeText = `in ${year[1]}`;
    range = resolveDateRange([`${year[1]}-01-01`, `${year[1]}-12-31`], now);
  }
  if (!granularity && !range) return undefined;
  return { member, granularity, range, rangeText };
}

async function plan(
  ctx: AgentContext,
  question: string,
  cube: ServiceMetaCube,
  values: Map<string, string[]>,
): Promise<Plan | string> {
  const measure = pickMeasure(question.toLowerCase(), cube);
  if (!measure) {
    const names = cube.members.filter((m) => m.aggType).map((m) => m.title.toLowerCase());
    return `I could not tell which number you want from "${question}". I can answer about ${names.join(', ')}.`;
  }
  const dimensions = pickDimensions(question, cube);
  // Values named in the question become filters; a value inside a longer matched one ("Home" in "Home Office") does not.
  const q = ` ${question.toLowerCase()} `;
  const found: { member: ServiceMetaMember; value: string; start: number; end: number }[] = [];
  for (const [member, list] of values) {
    const m = cube.members.find((x) => x.name === member)!;
    if (dimensions.includes(m)) continue;
    for (const v of list) {
      const escaped = v.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const hit = new RegExp(`(?<=[^\\p{L}\\p{N}])${escaped}(?=[^\\p{L}\\p{N}])`, 'u').exec(q);
      if (hit) found.push({ member: m, value: v, start: hit.index, end: hit.index + v.length });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start));
  const filters: Plan['filters'] = [];
  for (const f of found) {
    const inside = filters.some((g) => (g as typeof f).start <= f.start && f.end <= (g as typeof f).end);
    if (!inside && !filters.some((g) => g.member === f.member)) filters.push(f);
  }
  const top = /\b(top|best|highest|largest|biggest)\s+(\d+)\b/i.exec(question);
  const bottom = /\b(bottom|worst|lowest|smallest)\s+(\d+)\b/i.exec(question);
  await Promise.resolve();
  return {
    cube,
    measure,
    dimensions,
    time: pickTime(question, cube, ctx.now()),
    filters,
    ...(top
      ? { top: { n: Number(top[2]), direction: 'DESC' as const } }
      : bottom
        ? { top: { n: Number(bottom[2]), direction: 'ASC' as const } }
        : {}),
  };
}

function toSql(p: Plan): string {
  const select: string[] = [];
  const group: number[] = [];
  for (const d of p.dimensions) {
    select.push(q(shortName(d.name)));
    group.push(select.length);
  }
  const timeCol = p.time && q(shortName(p.time.member.name));
  if (p.time?.granularity) {
    select.push(
      `DATE_TRUNC('${p.time.granularity}', ${timeCol}) AS ${q(`${shortName(p.time.member.name)}_${p.time.granularity}`)}`,
    );
    group.push(select.length);
  }
  const measureAlias = q(shortName(p.measure.name));
  select.push(`MEASURE(${q(shortName(p.measure.name))}) AS ${measureAlias}`);
  const where = p.filters.map((f) => `${q(shortName(f.member.name))} = ${literal(f.value)}`);
  if (p.time?.range)
    where.push(
      `${timeCol} >= TIMESTAMP ${literal(p.time.range[0].replace('T', ' '))} AND ${timeCol} <= TIMESTAMP ${literal(p.time.range[1].replace('T', ' '))}`,
    );
  const order = p.top
    ? `${select.length} ${p.top.direction}`
    : p.time?.granularity
      ? `${group[group.length - 1]} ASC`
      : group.length
        ? `${select.length} DESC`
        : '';
  return [
    `SELECT ${select.join(', ')}`,
    `FROM ${q(p.cube.name)}`,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    group.length ? `GROUP BY ${group.join(', ')}` : '',
    order ? `ORDER BY ${order}` : '',
    p.top ? `LIMIT ${p.top.n}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A Vega-Lite v5 spec without data, from the result's shape. */
function chartSpec(p: Plan): Record<string, unknown> | undefined {
  const y = { field: shortName(p.measure.name), type: 'quantitative', title: p.measure.title };
  const dims = p.dimensions.map((d) => ({ field: shortName(d.name), type: 'nominal', title: d.title }));
  if (p.time?.granularity) {
    const x = {
      field: `${shortName(p.time.member.name)}_${p.time.granularity}`,
      type: 'temporal',
      title: p.time.member.title,
    };
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: { type: 'line', point: true },
      encoding: { x, y, ...(dims[0] && { color: dims[0] }) },
    };
  }
  if (dims.length === 1)
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: 'bar',
      encoding: { x: { ...dims[0], sort: '-y' }, y },
    };
  if (dims.length === 2)
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      mark: 'bar',
      encoding: { x: dims[0], y, color: dims[1] },
    };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    mark: { type: 'text', fontSize: 32 },
    encoding: { text: { ...y, format: ',.2~f' } },
  };
}

function describe(p: Plan): string {
  const parts = [p.measure.title.toLowerCase()];
  if (p.dimensions.length) parts.push(`by ${p.dimensions.map((d) => d.title.toLowerCase()).join(' and ')}`);
  if (p.time?.granularity) parts.push(`per ${p.time.granularity}`);
  if (p.filters.length)
    parts.push(`for ${p.filters.map((f) => `${f.member.title.toLowerCase()} ${f.value}`).join(', ')}`);
  if (p.time?.rangeText) parts.push(p.time.rangeText);
  if (p.top) parts.push(`(${p.top.direction === 'DESC' ? 'top' : 'bottom'} ${p.top.n})`);
  return parts.join(' ');
}

function answer(p: Plan, result: ServiceSqlApiResult): string {
  const rows = result.data;
  if (rows.length === 0) return `There is no data for ${describe(p)}.`;
  const title = describe(p);
  if (result.schema.length === 1) return `The ${title} is **${format(rows[0][0])}**.`;
  const head = `| ${result.schema.map((c) => c.name).join(' | ')} |\n| ${result.schema.map(() => '---').join(' | ')} |`;
  const shown = rows.slice(0, 10);
  const table = shown.map((r) => `| ${r.map(format).join(' | ')} |`).join('\n');
  const first = rows[0];
  const lead = p.time?.granularity
    ? `Here is the ${title}, ${result.totalRows} periods.`
    : `The ${title}: **${format(first[0])}** leads with **${format(first[first.length - 1])}**.`;
  const more = result.totalRows > shown.length ? `\n\nShowing ${shown.length} of ${result.totalRows} rows.` : '';
  return `${lead}\n\n${head}\n${table}${more}`;
}

/** How long the values of categorical dimensions are reused for the same user (engine clock). */
const VALUES_TTL_MS = 5 * 60 * 1000;

export function createLocalAnalystAgent(): Agent {
  // Dimension values per user and source: the lookup is the costliest step, and values change rarely.
  const valueCache = new Map<string, { at: number; values: Map<string, string[]> }>();
  return {
    async *answer(ctx: AgentContext): AsyncGenerator<AgentEvent> {
      const question = ctx.input.trim();
      if (!question) {
        yield { final: 'Ask me a question about your data, for example "revenue by region last year".' };
        return;
      }
      yield { thinking: 'Looking for the data that matches the question. ' };
      const meta = await ctx.tools.serviceMeta({ searchQuery: '' });
      const cube = meta.cubes.find((c) => c.type === 'view') ?? meta.cubes[0];
      if (!cube) {
        yield { final: 'I cannot see any data you have access to, so I cannot answer this.' };
        return;
      }
      if (ctx.signal.aborted) return;
      // Known values of the categorical dimensions, to recognise filters such as "in EU" or "completed orders".
      const categorical = cube.members.filter(
        (m) => !m.aggType && m.type === 'string' && !/name|email|id$/.test(m.name),
      );
      const cacheKey = `${cube.name}|${JSON.stringify(ctx.user)}`;
      const cached = valueCache.get(cacheKey);
      let values = cached && ctx.now() - cached.at < VALUES_TTL_MS ? cached.values : undefined;
      if (!values) {
        values = new Map<string, string[]>();
        if (categorical.length) {
          yield { thinking: `Checking the values of ${categorical.map((m) => m.title.toLowerCase()).join(', ')}. ` };
          const lookup = await ctx.tools.serviceSqlApi({
            sqlQuery: categorical
              .map(
                (m) =>
                  `(SELECT '${m.name}' AS member, CAST(${q(shortName(m.name))} AS VARCHAR) AS value FROM ${q(cube.name)} GROUP BY 2 LIMIT 50)`,
              )
              .join(' UNION ALL '),
            queryTitle: 'Dimension values',
            description: 'Values the question may refer to',
            userRequest: question,
          });
          if ('error' in lookup) values = undefined;
          else {
            for (const [member, value] of lookup.data as [string, string | null][]) {
              if (value !== null) values.set(member, [...(values.get(member) ?? []), value]);
            }
            valueCache.set(cacheKey, { at: ctx.now(), values });
          }
        }
      }
      if (ctx.signal.aborted) return;
      const planned = await plan(ctx, question, cube, values ?? new Map<string, string[]>());
      if (typeof planned === 'string') {
        yield { final: planned };
        return;
      }
      yield { thinking: `I will query ${describe(planned)}.` };
      const sqlQuery = toSql(planned);
      const spec = chartSpec(planned);
      const result = await ctx.tools.serviceSqlApi({
        sqlQuery,
        queryTitle: describe(planned).replace(/^./, (c) => c.toUpperCase()),
        description: `${planned.measure.title} from ${planned.cube.title}`,
        userRequest: question,
        memoryId: `q-${ctx.now()}`,
        ...(spec && { vegaSpec: JSON.stringify(spec) }),
      });
      if (ctx.signal.aborted) return;
      if ('error' in result) {
        yield { final: `I could not run the query: ${result.error}` };
        return;
      }
      const text = answer(planned, result);
      // Stream the answer in a few pieces, as a model would.
      for (const piece of text.match(/[\s\S]{1,80}/g) ?? []) {
        if (ctx.signal.aborted) return;
        yield { final: piece };
      }
    },
  };
}
