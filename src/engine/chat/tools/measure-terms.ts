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

/**
 * The terms of measure `name` of `source`; none for a dimension, a segment or a formula over other measures. Only
 * members the asker may see (`shown`, their names in the source) are named: a filter on a member an access policy
 * hides says only that the measure is filtered.
 */
export function measureTerms(source: Source | undefined, name: string, shown: ReadonlySet<string>): MeasureTerms {
  const m = source?.members.get(name);
  if (!source || !m?.measure) return {};
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
