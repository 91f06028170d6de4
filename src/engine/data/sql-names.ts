// The SQL API's own names for what a caller's query reads. The deparser prints a CTE's name as it is, unquoted, so a
// name that needs quotes (`"my cte"`, `"Totals"`, a keyword) would print as different SQL; the re-parse check would
// refuse it. So each CTE of the caller's query takes a plain name of ours (`__cte_1`, …: a caller's CTE may not start
// with `__`) and each reference bound to it (by scope, as sql-guard.ts binds them) reads `__cte_1 AS "my cte"`: the
// alias keeps the name the query's columns are qualified with, so the query means what it meant. References to the
// cubes and views it reads are renamed the same way, to the names of the engine's CTEs for them (`__source_1`, …):
// those CTEs read the raw tables, and a CTE named after a cube would capture another CTE's reference to a raw table
// of the same name (a view over cube `screenings`, whose table is `screenings`, read the cube's CTE instead).

import type { PgNode } from './pg-parser.js';

type Node = PgNode;

const PREFIX = '__cte_';
const SOURCE_PREFIX = '__source_';

/** Whether `name` is one this module gives a caller's CTE. */
export const isOwnCteName = (name: string) => new RegExp(`^${PREFIX}\\d+$`).test(name);

/** Names for the CTEs of `sources` (source name → CTE name), none of them one of `taken` (compared in lower case). */
export function sourceCteNames(sources: Iterable<string>, taken: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  let n = 0;
  for (const source of sources) {
    let name: string;
    do name = `${SOURCE_PREFIX}${++n}`;
    while (taken.has(name));
    out.set(source, name);
  }
  return out;
}

/**
 * `stmt` with every CTE renamed and every reference to one bound to its new name, and every reference to a source
 * bound to its CTE's name in `sources` (a new tree; `stmt` is kept).
 */
export function renameCtes(stmt: Node, sources: ReadonlyMap<string, string> = new Map()): Node {
  let count = 0;
  const fresh = () => `${PREFIX}${++count}`;

  function visit(node: unknown, scope: ReadonlyMap<string, string>): unknown {
    if (Array.isArray(node)) return node.map((n) => visit(n, scope));
    if (!node || typeof node !== 'object') return node;
    const n = node as Node;
    if (n.SelectStmt) return { ...n, SelectStmt: visitSelect(n.SelectStmt as Node, scope) };
    const range = n.RangeVar as Node | undefined;
    if (range && !range.schemaname && !range.catalogname && scope.has(String(range.relname))) {
      const original = String(range.relname);
      return {
        ...n,
        RangeVar: { ...range, relname: scope.get(original), alias: range.alias ?? { aliasname: original } },
      };
    }
    return Object.fromEntries(Object.entries(n).map(([key, value]) => [key, visit(value, scope)]));
  }

  function visitSelect(select: Node, scope: ReadonlyMap<string, string>): Node {
    let inner = scope;
    const out: Node = {};
    const withClause = select.withClause as Node | undefined;
    if (withClause) {
      const ctes: Node[] = [];
      for (const item of withClause.ctes as Node[]) {
        const cte = item.CommonTableExpr as Node;
        const name = fresh();
        ctes.push({ ...item, CommonTableExpr: { ...cte, ctename: name, ctequery: visit(cte.ctequery, inner) } });
        inner = new Map([...inner, [String(cte.ctename), name]]);
      }
      out.withClause = { ...withClause, ctes };
    }
    for (const [key, value] of Object.entries(select)) if (key !== 'withClause') out[key] = visit(value, inner);
    return out;
  }

  return visit(stmt, sources) as Node;
}
