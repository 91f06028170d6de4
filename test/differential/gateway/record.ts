// Records Cube's own API gateway's answers for the gateway differential suite (gateway.diff.node.test.ts): for each
// model of queries.ts, starts Cube 1.7.43's gateway (production mode, JWT, the DuckDB driver over the model's data
// files) and stores its `/meta` and every load's status and body in fixtures/<model>.json.
//
//   mkdir /tmp/cube-gw && cd /tmp/cube-gw && npm init -y && CUBESTORE_SKIP_POST_INSTALL=1 npm install \
//     @cubejs-backend/server@1.7.43 @cubejs-backend/duckdb-driver@1.7.43
//   CUBE_GATEWAY_DIR=/tmp/cube-gw npm run record:cube-gateway
//
// The gateway's Rust module is absent there; cube-native-double.js stands in for the calls the REST path makes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { SignJWT } from 'jose';
import { format, resolveConfig } from 'prettier';
import { arrowTypeName } from '../../../src/engine/data/arrow.js';
import { tableNameFor } from '../../../src/engine/data/table-names.js';
import { GATEWAY_MODELS, expand, type GatewayModel } from './queries.js';

const root = resolve(import.meta.dirname, '../../..');
const here = import.meta.dirname;
const SECRET = 'cube-gateway-differential-secret';
const gatewayDir = process.env.CUBE_GATEWAY_DIR;
if (!gatewayDir || !existsSync(join(gatewayDir, 'node_modules/@cubejs-backend/server'))) {
  console.error('CUBE_GATEWAY_DIR must name a folder where @cubejs-backend/server@1.7.43 is installed (see record.ts)');
  process.exit(2);
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlValue = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return sqlString(v);
  return typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? `${v}`
    : sqlString(JSON.stringify(v));
};

/** DuckDB statements creating the model's tables from its data files, each read by DuckDB's own reader. */
async function initSql(m: GatewayModel): Promise<string> {
  const dir = join(root, m.data);
  const files = m.files ?? (await readdir(dir));
  const lines = ["SET TimeZone = 'UTC';"];
  for (const file of files) {
    const path = sqlString(join(dir, file));
    const table = tableNameFor(file);
    const ext = extname(file).toLowerCase();
    if (ext === '.arrow') {
      const t = tableFromIPC(readFileSync(join(dir, file)));
      const columns = t.schema.fields.map((f) => `"${f.name}" ${arrowTypeName(f.type)}`);
      lines.push(`CREATE TABLE ${table} (${columns.join(', ')});`);
      const rows = (t.toArray() as Record<string, unknown>[]).map(
        (r) => `(${t.schema.fields.map((f) => sqlValue(r[f.name])).join(', ')})`,
      );
      if (rows.length) lines.push(`INSERT INTO ${table} VALUES ${rows.join(', ')};`);
      continue;
    }
    const reader = {
      '.json': `read_json(${path})`,
      '.ndjson': `read_json(${path}, format = 'newline_delimited')`,
      '.csv': `read_csv(${path})`,
      '.parquet': `read_parquet(${path})`,
    }[ext];
    if (reader) lines.push(`CREATE TABLE ${table} AS SELECT * FROM ${reader};`);
  }
  return lines.join('\n');
}

async function startGateway(m: GatewayModel, port: number) {
  // The double is loaded in place of the absent native module (an empty file for Node to find).
  const nativeFile = join(gatewayDir!, 'node_modules/@cubejs-backend/native/index.node');
  if (!existsSync(nativeFile)) await writeFile(nativeFile, '');
  const sqlFile = join(await mkdtemp(join(tmpdir(), 'cube-gw-')), 'init.sql');
  await writeFile(sqlFile, await initSql(m));
  const child = spawn(
    process.execPath,
    ['--import', join(here, 'cube-native-double.js'), join(here, 'cube-server.js')],
    {
      cwd: gatewayDir,
      env: {
        ...process.env,
        CUBE_GATEWAY_DIR: gatewayDir,
        MODEL_DIR: join(root, m.model),
        INIT_SQL_FILE: sqlFile,
        PORT: String(port),
        CUBEJS_API_SECRET: SECRET,
        NODE_ENV: 'production',
        CUBEJS_DEV_MODE: 'false',
        CUBEJS_TESSERACT_SQL_PLANNER: 'false',
        CUBEJS_PG_SQL_PORT: 'false',
        CUBEJS_CACHE_AND_QUEUE_DRIVER: 'memory',
        CUBEJS_TELEMETRY: 'false',
        CUBEJS_DB_TYPE: 'duckdb',
      },
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const begun = Date.now();
  while (!out.includes('READY')) {
    if (child.exitCode !== null || Date.now() - begun > 60_000) throw new Error(`gateway did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** A body without what changes from one run to the next. */
function stable(body: Record<string, unknown>) {
  const { lastRefreshTime: _t, requestId: _r, ...rest } = body;
  return rest;
}

for (const m of GATEWAY_MODELS) {
  const port = 4100 + GATEWAY_MODELS.indexOf(m);
  const gateway = await startGateway(m, port);
  try {
    const token = await new SignJWT({ groups: m.groups })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    const api = `http://127.0.0.1:${port}/cubejs-api/v1`;
    const headers = { authorization: token, 'content-type': 'application/json' };
    const meta = (await (await fetch(`${api}/meta`, { headers })).json()) as unknown;
    const loads = [];
    for (const { name, query } of expand(m)) {
      const response = await fetch(`${api}/load`, { method: 'POST', headers, body: JSON.stringify({ query }) });
      const body = (await response.json()) as Record<string, unknown>;
      loads.push({ name, query, status: response.status, body: stable(body) });
    }
    const fixture = {
      recorded: 'Cube 1.7.43 API gateway, production mode, JWT, DuckDB driver',
      model: m.name,
      meta,
      loads,
    };
    const file = join(here, 'fixtures', `${m.name}.json`);
    const options = { ...(await resolveConfig(file)), parser: 'json' };
    await writeFile(file, await format(JSON.stringify(fixture), options));
    console.log(`${m.name}: /meta and ${loads.length} loads recorded`);
  } finally {
    gateway.kill();
  }
}
