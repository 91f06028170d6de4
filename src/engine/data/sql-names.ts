// The SQL API's own names for a caller's CTEs. The deparser prints a CTE's name as it is, unquoted, so a name that
// needs quotes (`"my cte"`, `"Totals"`, a keyword) would print as different SQL; the re-parse check would refuse it.
// So each CTE of the caller's query takes a plain name of ours (`__cte_1`, …: a caller's CTE may not start with `__`)
// and each reference bound to it (by scope, as sql-guard.ts binds them) reads `__cte_1 AS "my cte"`: the alias keeps
// the name the query's columns are qualified with, so the query means what it meant.

import type { PgNode } from './pg-parser.js';

type Node = PgNode;

const PREFIX = '__cte_';

/** Whether `name` is one this module gives. */
export const isOwnCteName = (name: string) => new RegExp(`^${PREFIX}\\d+$`).test(name);

/** `stmt` with every CTE renamed and every reference to one bound to its new name (a new tree; `stmt` is kept). */
export function renameCtes(stmt: Node): Node {
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

  return visit(stmt, new Map()) as Node;
}
