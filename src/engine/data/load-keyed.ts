// Load queries whose measures a join multiplies, as Cube's schema compiler builds them: measures of a multiplied cube
// are aggregated over the distinct (dimensions, primary key) pairs of the joined rows, joined back to that cube by its
// primary key; the other measures over the joined rows; the parts are then joined on the dimensions (NULL matching
// NULL), and measure filters apply to the joined result.

import { quoteIdent } from './sql-quote.js';
import type { Member } from './model.js';
import type { Plan } from './plan.js';
import { invalid } from '../errors.js';

export interface Part {
  /** The multiplied cube whose measures this part aggregates over its primary keys; none: the regular measures. */
  keyCube?: string;
  measures: Member[];
}

export interface KeyedInput {
  plan: Plan;
  /** SQL of the grouping columns (dimensions and time buckets). */
  dims: string[];
  from: string;
  where: string;
  parts: Part[];
  /** The measures the query selects, in order (after the dimensions). */
  selected: Member[];
  /** The measure filters as conditions, given each measure's column in the joined result. */
  having: (column: (m: Member) => string) => string[];
}

const groupBy = (n: number) => (n ? `\nGROUP BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}` : '');

/** The SELECT (without order and limit) of a keyed plan: columns are the dimensions, then the selected measures. */
export function keyedSelect({ plan, dims, from, where, parts, selected, having }: KeyedInput): string {
  const d = (i: number) => quoteIdent(`d${i}`);
  const columnOf = new Map<string, string>();
  const subqueries = parts.map((part, p) => {
    const alias = `q_${p}`;
    const measures = part.measures.map((m, j) => {
      columnOf.set(m.fullName, `${quoteIdent(alias)}.${quoteIdent(`m${j}`)}`);
      return `${plan.measureSql(m.measure!.name, m.cube)} AS ${quoteIdent(`m${j}`)}`;
    });
    if (!part.keyCube) {
      const select = [...dims.map((s, i) => `${s} AS ${d(i)}`), ...measures].join(', ');
      return `SELECT ${select}\n${from}\n${where}${groupBy(dims.length)}`;
    }
    const cube = part.keyCube;
    const keys = plan.primaryKeys(cube);
    if (keys.length === 0)
      throw invalid(`Cube ${cube} needs a primary key: its measures are multiplied by the joins of this query`);
    const keySelect = [
      ...dims.map((s, i) => `${s} AS ${d(i)}`),
      ...keys.map((k, i) => `${k} AS ${quoteIdent(`k${i}`)}`),
    ];
    const on = keys.map((k, i) => `"keys".${quoteIdent(`k${i}`)} = ${k}`).join(' AND ');
    const select = [...dims.map((_, i) => `"keys".${d(i)}`), ...measures].join(', ');
    return (
      `SELECT ${select}\nFROM (SELECT DISTINCT ${keySelect.join(', ')}\n${from}\n${where}) AS "keys"\n` +
      `LEFT JOIN ${plan.table(cube)} AS ${quoteIdent(cube)} ON ${on}${groupBy(dims.length)}`
    );
  });
  const joined = subqueries
    .map((sql, p) => {
      if (p === 0) return `FROM (${sql}) AS "q_0"`;
      const on = dims.map((_, i) => {
        const [a, b] = [`"q_0".${d(i)}`, `"q_${p}".${d(i)}`];
        return `(${a} = ${b} OR (${a} IS NULL AND ${b} IS NULL))`;
      });
      return dims.length ? `INNER JOIN (${sql}) AS "q_${p}" ON ${on.join(' AND ')}` : `CROSS JOIN (${sql}) AS "q_${p}"`;
    })
    .join('\n');
  const columns = [
    ...dims.map((_, i) => `"q_0".${d(i)} AS ${quoteIdent(`c${i}`)}`),
    ...selected.map((m, j) => `${columnOf.get(m.fullName)!} AS ${quoteIdent(`c${dims.length + j}`)}`),
  ];
  const conditions = having((m) => columnOf.get(m.fullName)!);
  return `SELECT ${columns.join(', ')}\n${joined}${conditions.length ? `\nWHERE ${conditions.join(' AND ')}` : ''}`;
}
