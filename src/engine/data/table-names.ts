// Table names: which names DuckDB and the SQL API take, and the one rule that names a table after its file, the same
// in `svc-elements serve --data`, in the playground's "your data" panel and for a host (`tableNameFor`).

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const RESERVED = /^(__|duckdb_|pg_|sqlite_|information_schema$|main$|temp$|system$)/i;

/** A table name as DuckDB and the SQL API take it: an identifier, not a catalog name. */
export function checkTableName(name: string): void {
  if (typeof name !== 'string' || !NAME.test(name) || RESERVED.test(name))
    throw new Error(
      `Table name ${JSON.stringify(name)} is not usable: letters, digits and _, starting with a letter (at most 63)`,
    );
}

/**
 * The table a file becomes: its name without folder and extension, every run of other characters than ASCII
 * letters, digits and _ made one _, `t_` before a name that would start with a digit or be reserved (`__x`,
 * `main`, `duckdb_…`), at most 63 characters. `flights-3m.parquet` → `flights_3m`, `seattle-weather.csv` →
 * `seattle_weather`, `2024 sales.csv` → `t_2024_sales`, `Orders.CSV` → `Orders`.
 */
export function tableNameFor(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_]+/g, '_');
  const name = base === '' || /^\d/.test(base) || RESERVED.test(base) ? `t_${base}` : base;
  return name.slice(0, 63);
}
