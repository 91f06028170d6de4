// The SQL API's own names for what a caller's query reads. The deparser prints a CTE's and a window's name as it is,
// unquoted, so a name that needs quotes (`"my cte"`, `"Totals"`, a keyword) would print as different SQL; the
// re-parse check would refuse it. So each CTE of the caller's query takes a plain name of ours (`__cte_1`, …: a
// caller's CTE may not start with `__`) and each reference bound to it (by scope, as sql-guard.ts binds them) reads
// `__cte_1 AS "my cte"`: the alias keeps the name the query's columns are qualified with, so the query means what it
// meant; each named window takes one (`__w_1`, …) within its SELECT, the only place it is seen. References to the
// cubes and views it reads are renamed the same way, to the names of the engine's CTEs for them (`__source_1`, …):
// those CTEs read the raw tables, and a CTE named after a cube would capture another CTE's reference to a raw table
// of the same name (a view over cube `screenings`, whose table is `screenings`, read the cube's CTE instead).

import type { PgNode } from './pg-parser.js';

type Node = PgNode;

const PREFIX = '__cte_';
const SOURCE_PREFIX = '__source_';
const WINDOW_PREFIX = '__w_';

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

/** Names in force where a node is: table names (CTEs in scope, sources) and the windows of the enclosing SELECT. */
interface Names {
  tables: ReadonlyMap<string, string>;
  windows: ReadonlyMap<string, string>;
}

/** A window definition (`WINDOW w AS …`, or a call's `OVER w` / `OVER (w …)`) naming its windows by `windows`. */
function renamedWindow(def: Node, windows: ReadonlyMap<string, string>): Node {
  const out = { ...def };
  for (const key of ['name', 'refname'] as const) {
    const name = def[key];
    if (typeof name === 'string' && windows.has(name)) out[key] = windows.get(name);
  }
  return out;
}

/**
 * `stmt` with every CTE renamed and every reference to one bound to its new name, every reference to a source bound
 * to its CTE's name in `sources`, and every named window renamed within its SELECT (the deparser prints window names
 * unquoted too; they are not seen outside the query). A new tree; `stmt` is kept.
 */
export function renameCtes(stmt: Node, sources: ReadonlyMap<string, string> = new Map()): Node {
  let ctes = 0;
  let windows = 0;

  function visit(node: unknown, names: Names): unknown {
    if (Array.isArray(node)) return node.map((n) => visit(n, names));
    if (!node || typeof node !== 'object') return node;
    const n = node as Node;
    if (n.SelectStmt) return { ...n, SelectStmt: visitSelect(n.SelectStmt as Node, names) };
    const range = n.RangeVar as Node | undefined;
    if (range && !range.schemaname && !range.catalogname && names.tables.has(String(range.relname))) {
      const original = String(range.relname);
      return {
        ...n,
        RangeVar: { ...range, relname: names.tables.get(original), alias: range.alias ?? { aliasname: original } },
      };
    }
    return Object.fromEntries(
      Object.entries(n).map(([key, value]) => {
        const isWindow = (key === 'over' || key === 'WindowDef') && value && typeof value === 'object';
        return [key, visit(isWindow ? renamedWindow(value as Node, names.windows) : value, names)];
      }),
    );
  }

  function visitSelect(select: Node, outer: Names): Node {
    let tables = outer.tables;
    const out: Node = {};
    const withClause = select.withClause as Node | undefined;
    if (withClause) {
      const list: Node[] = [];
      for (const item of withClause.ctes as Node[]) {
        const cte = item.CommonTableExpr as Node;
        const name = `${PREFIX}${++ctes}`;
        const ctequery = visit(cte.ctequery, { tables, windows: new Map() });
        list.push({ ...item, CommonTableExpr: { ...cte, ctename: name, ctequery } });
        tables = new Map([...tables, [String(cte.ctename), name]]);
      }
      out.withClause = { ...withClause, ctes: list };
    }
    // A SELECT's windows are its own: not its subqueries', nor its enclosing query's.
    const own = new Map<string, string>();
    for (const item of (select.windowClause as Node[] | undefined) ?? []) {
      const name = (item.WindowDef as Node | undefined)?.name;
      if (typeof name === 'string' && !own.has(name)) own.set(name, `${WINDOW_PREFIX}${++windows}`);
    }
    for (const [key, value] of Object.entries(select))
      if (key !== 'withClause') out[key] = visit(value, { tables, windows: own });
    return out;
  }

  return visit(stmt, { tables: sources, windows: new Map() }) as Node;
}
