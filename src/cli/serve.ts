// `svc-elements serve --model <dir|file> --data <dir> [--port 8787] [--host 127.0.0.1] [--allow-origin <origin>]`:
// the local engine over node:http with your model and tables in place of the demo's (users, keys, account,
// deployment and agent stay the demo seed's), in memory. A model with problems or an unreadable data file: the
// `file:line: message` lines on stderr, exit code 1, nothing served.

import 'fake-indexeddb/auto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import { DEMO, ModelError, type LocalEngine, type TableSource } from '../engine/index.js';

export const USAGE = `Usage: svc-elements serve --model <dir|file> --data <dir> [--port 8787] [--host 127.0.0.1] [--allow-origin <origin>]

  --model         a Cube-style model folder (every *.yml, *.yaml, *.json under it) or one model file
  --data          a folder of tables: every *.csv, *.tsv, *.parquet, *.json, *.ndjson, *.arrow is a table named after
                  the file (without its extension)
  --port          default 8787 (0: any free port)
  --host          default 127.0.0.1
  --allow-origin  a page origin allowed to call from a browser (CORS)`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

interface Args {
  model: string;
  data: string;
  port: number;
  host: string;
  allowOrigin?: string;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'serve') throw new UsageError(command ? `Unknown command ${command}` : 'No command');
  const values: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const [name, inline] = flag.startsWith('--') ? flag.slice(2).split(/=(.*)/s) : [];
    if (!['model', 'data', 'port', 'host', 'allow-origin'].includes(name ?? ''))
      throw new UsageError(`Unknown option ${flag}`);
    const value = inline ?? rest[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    values[name] = value;
  }
  if (!values.model) throw new UsageError('--model is required');
  if (!values.data) throw new UsageError('--data is required');
  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${values.port} is not a port`);
  return {
    model: values.model,
    data: values.data,
    port,
    host: values.host ?? '127.0.0.1',
    ...(values['allow-origin'] && { allowOrigin: values['allow-origin'] }),
  };
}

const MODEL_FILE = /\.(ya?ml|json)$/i;
const DATA_FILE = /\.(csv|tsv|parquet|json|ndjson|arrow)$/i;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else out.push(path);
  }
  return out;
}

/** The model as `{ relative path: text }` and where its files are (to print their paths). */
async function readModel(path: string): Promise<{ files: Record<string, string>; base: string }> {
  if ((await stat(path)).isFile())
    return { files: { [basename(path)]: await readFile(path, 'utf8') }, base: join(path, '..') };
  const found = (await files(path)).filter((f) => MODEL_FILE.test(f)).sort();
  const entries = await Promise.all(found.map(async (f) => [relative(path, f), await readFile(f, 'utf8')] as const));
  return { files: Object.fromEntries(entries), base: path };
}

async function readData(dir: string): Promise<{ tables: Record<string, TableSource>; paths: Map<string, string> }> {
  const tables: Record<string, TableSource> = {};
  const paths = new Map<string, string>();
  for (const entry of (await readdir(dir)).sort()) {
    if (!DATA_FILE.test(entry)) continue;
    const path = join(dir, entry);
    const name = basename(entry, extname(entry));
    if (paths.has(name)) throw Object.assign(new Error(`table ${name} is also ${paths.get(name)}`), { path });
    paths.set(name, path);
    tables[name] = {
      source: new Uint8Array(await readFile(path)),
      format: extname(entry).slice(1).toLowerCase() as never,
    };
  }
  return { tables, paths };
}

/** Runs the CLI; resolves with the exit code (the server keeps running after 0). */
export async function main(argv: string[], io: CliIo = { out: console.log, err: console.error }): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { createLocalEngine } = await import('../engine/index.js');
  const { serveFetch } = await import('../engine/node/serve.js');
  let model: Awaited<ReturnType<typeof readModel>>;
  let data: Awaited<ReturnType<typeof readData>>;
  try {
    model = await readModel(args.model);
    data = await readData(args.data);
  } catch (error) {
    const e = error as Error & { path?: string };
    io.err(`${e.path ?? args.data}:1: ${e.message}`);
    return 1;
  }
  let engine: LocalEngine;
  const warn = console.warn;
  console.warn = (message: unknown) =>
    io.err(String(message).replace(/^svc-engine: (\S+?):/, (_, f: string) => `${join(model.base, f)}:`));
  try {
    engine = await createLocalEngine({ name: 'svc-elements-cli', model: model.files, data: data.tables });
  } catch (error) {
    if (error instanceof ModelError) {
      for (const p of error.problems)
        io.err(`${p.line ? join(model.base, p.file) : args.model}:${p.line}: ${p.message}`);
    } else {
      const message = (error as Error).message;
      const table = /^Table (\w+): /.exec(message)?.[1];
      const line = /line:? (\d+)/i.exec(message)?.[1] ?? '1';
      io.err(
        `${(table && data.paths.get(table)) ?? args.data}:${line}: ${table ? message.slice(table.length + 8) : message}`,
      );
    }
    return 1;
  } finally {
    console.warn = warn;
  }
  let server;
  try {
    server = await serveFetch(engine.fetch, {
      port: args.port,
      host: args.host,
      ...(args.allowOrigin && { allowOrigin: args.allowOrigin }),
    });
  } catch (error) {
    io.err(`${args.host}:${args.port}: ${(error as Error).message}`);
    await engine.close();
    return 1;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : args.port;
  const base = `http://${args.host}:${port}`;
  const tables = await engine.tables();
  io.out(`svc-elements local engine on ${base}
  model: ${args.model} · tables: ${tables.map((t) => `${t.name} (${t.rowCount} rows)`).join(', ')}
  admin key: ${DEMO.adminKey}
  developer key: ${DEMO.developerKey}
  viewer key: ${DEMO.viewerKey}
  deployment ${DEMO.deploymentId}, account ${DEMO.accountName}, agent ${DEMO.agentId}

  curl -s ${base}/cubejs-api/v1/meta -H 'Authorization: Bearer ${DEMO.adminKey}'`);
  return 0;
}
