// `svc-elements serve --model <dir|file> --data <dir> [options]` (src/cli/args.ts): the local engine over node:http
// with your model and tables in place of the demo's (account, users, deployment and agent stay the demo seed's), its
// state kept in a folder (src/cli/state.ts; --ephemeral: in memory); the admin key and API secret from the
// environment, the state folder or generated (src/cli/keys.ts), the demo's public ones only with --demo. A model with problems or an unreadable data file: the `file:line: message` lines on stderr, exit
// code 1, nothing served.

import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEMO, ModelError, type LocalEngine } from '../engine/index.js';
import { demoSeedWith } from '../engine/demo-seed.js';
import { HostAllowList, boundNames, hostName } from '../engine/node/host.js';
import { randomToken } from '../engine/util.js';
import { USAGE, UsageError, parseArgs, type Args } from './args.js';
import { chooseCredentials, describeCredentials, type Credentials } from './keys.js';
import { FileProblems, readData, readModel } from './model-files.js';
import { credentialsForState } from './state.js';

export { USAGE } from './args.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliOptions {
  /** Where SVC_ADMIN_KEY and SVC_API_SECRET are read. Default process.env. */
  env?: Record<string, string | undefined>;
  /** Aborting it stops the server and closes the engine (for running main in-process). */
  signal?: AbortSignal;
}

/** The engine: your model and tables on the seed of `credentials`, or the whole demo seed (--demo alone). */
async function startEngine(
  args: Args,
  credentials: Credentials,
  io: CliIo,
  keep: () => void,
  database: string | undefined,
): Promise<LocalEngine | number> {
  const { createLocalEngine } = await import('../engine/index.js');
  const seed = args.demo ? ('demo' as const) : demoSeedWith(credentials);
  // In memory, a name of its own (engines in one process never share a database); in a state folder, always one.
  const where = args.state !== undefined ? { stateDir: args.state } : { name: `svc-elements-cli-${randomToken(6)}` };
  const options = { ...where, seed, ...(database !== undefined && { database }) };
  if (args.model === undefined || args.data === undefined) {
    keep();
    return startOrSay(createLocalEngine(options), io);
  }
  let model: Awaited<ReturnType<typeof readModel>>;
  let data: Awaited<ReturnType<typeof readData>>;
  try {
    model = await readModel(args.model);
    data = await readData(args.data);
  } catch (error) {
    if (error instanceof FileProblems) for (const line of error.lines) io.err(line);
    else {
      const e = error as Error & { path?: string };
      io.err(`${e.path ?? args.data}:1: ${e.message}`);
    }
    return 1;
  }
  const warn = console.warn;
  console.warn = (message: unknown) =>
    io.err(String(message).replace(/^svc-engine: (\S+?):/, (_, f: string) => `${join(model.base, f)}:`));
  try {
    keep();
    const engine = await createLocalEngine({ ...options, model: model.files, data: data.tables });
    // Which file became which table (the naming rule: src/engine/data/table-names.ts).
    for (const [table, path] of data.paths) io.out(`  ${path} → table ${table}`);
    return engine;
  } catch (error) {
    if (isStateError(error)) {
      io.err((error as Error).message);
    } else if (error instanceof ModelError) {
      for (const p of error.problems)
        io.err(`${p.line ? join(model.base, p.file) : args.model}:${p.line}: ${p.message}`);
    } else {
      const message = (error as Error).message;
      const [prefix, table] = /^Table (\w+)(?: \([^)]*\))?: /.exec(message) ?? [];
      const line = /line:? (\d+)/i.exec(message)?.[1] ?? '1';
      io.err(
        `${(table && data.paths.get(table)) ?? args.data}:${line}: ${prefix ? message.slice(prefix.length) : message}`,
      );
    }
    return 1;
  } finally {
    console.warn = warn;
  }
}

/** The state folder could not be opened (in use, unreadable): said as it is, with no file:line. */
const isStateError = (error: unknown) =>
  error instanceof Error && (error.name === 'StateInUseError' || /the engine's state/.test(error.message));

async function startOrSay(engine: Promise<LocalEngine>, io: CliIo): Promise<LocalEngine | number> {
  try {
    return await engine;
  } catch (error) {
    if (!isStateError(error)) throw error;
    io.err((error as Error).message);
    return 1;
  }
}

/** Which DuckDB the engine runs on (as createLocalEngine chooses it). */
async function executorKind(): Promise<'native' | 'wasm'> {
  const { defaultExecutorKind } = await import('../engine/data/executor-runtime.js');
  const { nativeUnavailable } = await import('../engine/data/duckdb-native.js');
  return defaultExecutorKind() ?? ((await nativeUnavailable()) === undefined ? 'native' : 'wasm');
}

/** Where the tables are kept: --db, else the state folder's tables.duckdb on native DuckDB; none in memory. */
function tablesDatabase(args: Args, executor: 'native' | 'wasm'): string | undefined {
  if (args.db !== undefined) return args.db;
  if (args.state === undefined || executor !== 'native') return undefined;
  return join(args.state, 'tables.duckdb');
}

/** Runs the CLI; resolves with the exit code (the server keeps running after 0, until `options.signal` aborts). */
export async function main(
  argv: string[],
  io: CliIo = { out: console.log, err: console.error },
  options: CliOptions = {},
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  let args: Args;
  let credentials: Credentials;
  let keep = () => {};
  try {
    args = parseArgs(argv);
    const env = options.env ?? process.env;
    if (args.state !== undefined) {
      const kept = credentialsForState(args.state, args.demo, env);
      credentials = kept.credentials;
      keep = () => kept.keep();
    } else credentials = chooseCredentials(args.demo, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { serveFetch } = await import('../engine/node/serve.js');
  const executor = await executorKind();
  const database = tablesDatabase(args, executor);
  const engine = await startEngine(args, credentials, io, keep, database);
  if (typeof engine === 'number') return engine;
  let server;
  try {
    server = await serveFetch(engine.fetch, {
      port: args.port,
      host: args.host,
      allowedHosts: args.allowedHosts,
      onError: (error, request) =>
        io.err(
          `svc-elements serve: ${request.method} ${request.url.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`,
        ),
      ...(args.allowOrigin && { allowOrigin: args.allowOrigin }),
    });
  } catch (error) {
    io.err(`${args.host}:${args.port}: ${(error as Error).message}`);
    await engine.close();
    return 1;
  }
  const { shutdown } = await import('../engine/node/shutdown.js');
  let closing: Promise<void> | undefined;
  const closeEngine = () => (closing ??= engine.close());
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= shutdown(server, { graceMs: args.shutdownGraceMs, endStreams: closeEngine }).then(
      async ({ cut, ms }) => {
        await closeEngine();
        io.out(`svc-elements serve: stopped in ${ms} ms${cut ? `, ${cut} requests cut at the bound` : ''}`);
      },
    ));
  if (options.signal) {
    if (options.signal.aborted) void stop();
    else options.signal.addEventListener('abort', () => void stop(), { once: true });
  } else {
    // SIGINT/SIGTERM: a graceful stop, then exit 0; a second signal during it exits at once.
    const onSignal = (name: NodeJS.Signals) => {
      if (stopping) process.exit(name === 'SIGINT' ? 130 : 143);
      io.out(`svc-elements serve: ${name}, stopping (up to ${args.shutdownGraceMs / 1000} s)`);
      void stop().then(() => process.exit(0));
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  const { address, port } = server.address() as AddressInfo;
  const hosts = new HostAllowList(boundNames(args.host, address), port, args.allowedHosts).describe();
  const wildcard = address === '0.0.0.0' || address === '::';
  const base = `http://${wildcard ? '127.0.0.1' : hostName(args.host)}:${port}`;
  const tables = await engine.tables();
  const bearer = args.demo ? `'Authorization: Bearer ${DEMO.adminKey}'` : '"Authorization: Bearer $SVC_ADMIN_KEY"';
  io.out(
    [
      `svc-elements local engine on ${base}`,
      `  model: ${args.model ?? "the demo's"} · tables: ${
        tables.map((t) => `${t.name} (${t.rowCount} rows)`).join(', ') || 'made on the first query'
      }`,
      `  DuckDB: ${executor === 'native' ? 'native (@duckdb/node-api)' : 'DuckDB-wasm'}${
        database !== undefined ? `, tables kept in ${String(database)}` : ''
      }`,
      `  answers Host ${hosts.join(', ')}; any other is refused (--allowed-host adds one)`,
      `  account ${DEMO.accountName}, deployment ${DEMO.deploymentId}, agent ${DEMO.agentId}`,
      args.state !== undefined
        ? `  state: ${args.state} (kept across restarts; --ephemeral keeps nothing)`
        : '  state: in memory (--ephemeral): it ends with this process',
      ...describeCredentials(credentials, args.state && join(args.state, 'credentials.json')).map(
        (line) => `  ${line}`,
      ),
      '',
      `  curl -s ${base}/cubejs-api/v1/meta -H ${bearer}`,
    ].join('\n'),
  );
  return 0;
}
