// The columns of a query result as a person reads them: the member each column shows (found in the data API's meta,
// preferring the cubes the SQL reads), its title instead of the raw name (`customers_region` → "Region"), and the
// hints that format its values (type, `format`, `meta`, a time column's granularity).

import type { MetaMember, MetaResponse, SchemaColumn } from '../../api/types.js';
import { humanize } from '../../util/titles.js';
import { percentScaleOf, type ValueHints } from '../shared/format.js';

export interface ResultColumn {
  name: string;
  title: string;
  hints: ValueHints;
  /** Numbers are right-aligned and formatted; other values show as they are. */
  numeric: boolean;
}

/** What the model may say about a member beyond the typed meta (`format` and `meta` are optional in the API). */
type ModelMember = MetaMember & { format?: unknown; meta?: unknown };

const GRANULARITIES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
const NUMERIC_TYPE = /^(u?int|float|double|decimal|number|numeric|real|bigint|smallint|tinyint|hugeint)/i;
const TIME_TYPE = /^(timestamp|date|time)/i;

/** "customers_region" → "Customers region" (acronyms kept), for columns no model names. */
export { humanize };

/** The cubes and views an SQL statement reads (`FROM x`, `JOIN x`), lowercased. */
function sourcesOf(sql: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const m of (sql ?? '').matchAll(/\b(?:from|join)\s+("?)([\w$]+(?:\.[\w$]+)?)\1/gi)) {
    names.add(m[2].toLowerCase().split('.').pop()!);
  }
  return names;
}

/** Field titles a Vega-Lite spec gives (`encoding.*.title`), in its layers too. */
function specTitles(spec: unknown, into = new Map<string, string>()): Map<string, string> {
  if (!spec || typeof spec !== 'object') return into;
  if (Array.isArray(spec)) {
    for (const s of spec) specTitles(s, into);
    return into;
  }
  const record = spec as Record<string, unknown>;
  if (typeof record.field === 'string' && typeof record.title === 'string' && !into.has(record.field)) {
    into.set(record.field, record.title);
  }
  for (const [key, value] of Object.entries(record)) if (key !== 'data') specTitles(value, into);
  return into;
}

function parseSpec(spec: string | undefined): unknown {
  try {
    return spec ? JSON.parse(spec) : undefined;
  } catch {
    return undefined;
  }
}

/** Members by their name within their cube, each with the cube it belongs to. */
function membersByShortName(meta: MetaResponse | undefined): Map<string, { cube: string; member: ModelMember }[]> {
  const index = new Map<string, { cube: string; member: ModelMember }[]>();
  for (const cube of meta?.cubes ?? []) {
    for (const member of [...cube.measures, ...cube.dimensions] as ModelMember[]) {
      const short = member.name.slice(member.name.indexOf('.') + 1).toLowerCase();
      for (const key of new Set([short, member.name.toLowerCase()])) {
        index.set(key, [...(index.get(key) ?? []), { cube: cube.name.toLowerCase(), member }]);
      }
    }
  }
  return index;
}

export interface ColumnSources {
  meta?: MetaResponse;
  /** The query's SQL: members of the cubes it reads win over same-named ones elsewhere. */
  sql?: string;
  /** The chart's Vega-Lite spec (JSON): its axis titles name columns when the meta does not. */
  spec?: string;
}

/** The result's columns with titles and formatting hints; `data` decides percent scales. */
export function resultColumns(schema: SchemaColumn[], data: unknown[][], sources: ColumnSources): ResultColumn[] {
  const index = membersByShortName(sources.meta);
  const read = sourcesOf(sources.sql);
  const titles = specTitles(parseSpec(sources.spec));
  const find = (name: string) => {
    const found = index.get(name.toLowerCase());
    return (found?.find((f) => read.has(f.cube)) ?? found?.[0])?.member;
  };
  return schema.map((column, i) => {
    let member = find(column.name);
    let granularity: string | undefined;
    if (!member) {
      const suffix = GRANULARITIES.find((g) => column.name.toLowerCase().endsWith(`_${g}`));
      const base = suffix && find(column.name.slice(0, -suffix.length - 1));
      if (base && base.type === 'time') [member, granularity] = [base, suffix];
    }
    const time = member?.type === 'time' || TIME_TYPE.test(column.column_type);
    const numeric = !time && (NUMERIC_TYPE.test(column.column_type) || typeof data[0]?.[i] === 'number');
    const hints: ValueHints = {
      type: time ? 'time' : (member?.aggType ?? member?.type ?? (numeric ? 'number' : 'string')),
      ...(member?.format !== undefined && { format: member.format }),
      ...(member?.meta !== undefined && { meta: member.meta }),
      ...(granularity && { granularity }),
    };
    if (hints.format === 'percent') hints.percentScale = percentScaleOf(data.map((row) => row[i]));
    const title = member?.shortTitle ?? member?.title ?? titles.get(column.name) ?? humanize(column.name);
    return { name: column.name, title, hints, numeric };
  });
}
