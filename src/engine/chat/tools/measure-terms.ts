// What a measure is over, as serviceMeta tells the analyst (ours, beside Cube's fields): the one column of its
// source it aggregates (`sum` of `{CUBE}.tip`: Tip) and the conditions its model filters keep, each on a column of
// the source (`NOT {CUBE}.voided`: Voided = false; `{CUBE}.status = 'completed'`: Status = completed). An average the
// analyst composes of that column then keeps the rows the model's own measure keeps.

import type { Member, Source } from '../../data/model.js';

export interface MeasureTerms {
  /** The source member (its name inside the source) the measure aggregates. */
  over?: string;
  /** The measure has filters; `keeps` lists them when each is a plain condition on a member of the source. */
  filtered?: boolean;
  keeps?: { member: string; value: string | boolean }[];
  /** A percent of two other measures of the source, the part a restriction of the whole: their names. */
  ratio?: { part: string; whole: string };
  /** A percent of any two other measures of the source (Collection rate: collected of billed): their names. */
  percentOf?: { part: string; whole: string };
}

const plain = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The source's dimension of the same cube, reached by the same joins, whose SQL is `sql`. */
function columnOf(source: Source, m: Member, sql: string): Member | undefined {
  const path = m.joinPath.join('.');
  return [...source.members.values()].find(
    (d) =>
      d.kind === 'dimension' && d.cube === m.cube && d.joinPath.join('.') === path && plain(d.dimension!.sql) === sql,
  );
}

/** One filter's condition, when it is a yes/no column or a column equal to a quoted value. */
function condition(source: Source, m: Member, sql: string): { member: string; value: string | boolean } | undefined {
  const flag = /^(NOT )?(\{CUBE\}\.\w+)$/i.exec(plain(sql));
  if (flag) {
    const d = columnOf(source, m, flag[2]);
    return d?.type === 'boolean' ? { member: d.name, value: !flag[1] } : undefined;
  }
  const equal = /^(\{CUBE\}\.\w+) ?= ?'([^']*)'$/.exec(plain(sql));
  const d = equal ? columnOf(source, m, equal[1]) : undefined;
  return d && equal ? { member: d.name, value: equal[2] } : undefined;
}

/** `100.0 * {a} / NULLIF({b}, 0)`, `{a} * 100 / {b}`: the two measures a percent is of, as the model names them. */
const PERCENT = [
  /^100(?:\.0*)? ?\* ?\{(\w+)\} ?\/ ?(?:NULLIF\( ?\{(\w+)\} ?, ?0 ?\)|\{(\w+)\})$/i,
  /^\{(\w+)\} ?\* ?100(?:\.0*)? ?\/ ?(?:NULLIF\( ?\{(\w+)\} ?, ?0 ?\)|\{(\w+)\})$/i,
];

/**
 * "Late delivery %" as `100.0 * {late} / NULLIF({delivered}, 0)`: a percent of two measures of the same cube and
 * aggregation, both shown, the first filtered (a part of the rows the second adds up, over the same column) is a
 * ratio; of any other two shown measures of the cube ("Collection rate": collected of billed), a percent of them.
 */
function ratioOf(source: Source, m: Member, sql: string, shown: ReadonlySet<string>): MeasureTerms {
  const found = PERCENT.map((p) => p.exec(sql)).find(Boolean);
  if (!found) return {};
  const [a, b] = [found[1], found[2] ?? found[3]].map((n) =>
    [...source.members.values()].find(
      (d) =>
        d.kind === 'measure' &&
        d.cube === m.cube &&
        d.cubeMember === n &&
        d.joinPath.join('.') === m.joinPath.join('.'),
    ),
  );
  if (!a?.measure || !b?.measure || !shown.has(a.name) || !shown.has(b.name)) return {};
  const pair = { part: a.name, whole: b.name };
  const same = a.measure.type === b.measure.type && plain(a.measure.sql ?? '') === plain(b.measure.sql ?? '');
  return same && a.measure.filters?.length ? { ratio: pair } : { percentOf: pair };
}

/**
 * The terms of measure `name` of `source`; none for a dimension, a segment or a formula over other measures. Only
 * members the asker may see (`shown`, their names in the source) are named: a filter on a member an access policy
 * hides says only that the measure is filtered.
 */
export function measureTerms(source: Source | undefined, name: string, shown: ReadonlySet<string>): MeasureTerms {
  const m = source?.members.get(name);
  if (!source || !m?.measure) return {};
  const percent = m.measure.type === 'number' ? ratioOf(source, m, plain(m.measure.sql ?? ''), shown) : {};
  if (percent.ratio || percent.percentOf) return percent;
  const visible = (d: Member | undefined) => (d && shown.has(d.name) ? d : undefined);
  const over = m.measure.sql ? visible(columnOf(source, m, plain(m.measure.sql))) : undefined;
  const filters = m.measure.filters ?? [];
  const keeps = filters.map((f) => {
    const kept = condition(source, m, f.sql);
    return kept && shown.has(kept.member) ? kept : undefined;
  });
  const plainKeeps = keeps.filter((k) => k !== undefined);
  return {
    ...(over && { over: over.name }),
    ...(filters.length > 0 && { filtered: true }),
    ...(filters.length > 0 && plainKeeps.length === filters.length && { keeps: plainKeeps }),
  };
}
