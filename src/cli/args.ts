// The command line of `svc-elements serve`: its usage text and the parsing of its options (a UsageError says what is
// wrong; main prints it with the usage and exits 2).

import { TABLE_EXTENSIONS } from '../engine/data/formats.js';
import { parseHost } from '../engine/node/host.js';

export const USAGE = `Usage: svc-elements serve --model <dir|file> --data <dir> [options]
       svc-elements serve --demo [--model <dir|file> --data <dir>] [options]

  --model         a Cube-style model folder (every *.yml, *.yaml, *.json under it) or one model file
  --data          a folder of tables, one per file of a table format:
                  ${TABLE_EXTENSIONS.map((e) => `*.${e}`).join(' ')}
                  A table is named after its file: without its extension, other characters than letters, digits
                  and _ made _ (flights-3m.parquet → flights_3m). CSV, TSV and Parquet are read where they are
  --db            a DuckDB database file (created when missing) that keeps the imported tables: the next start
                  with it serves them without reading the files again (native DuckDB, @duckdb/node-api). Default
                  with a state folder: its tables.duckdb
  --port          default 8787 (0: any free port)
  --host          the address to listen on, default 127.0.0.1 (this machine only); 0.0.0.0 or :: for every interface
  --allowed-host  a Host to answer besides the address's own (repeatable): name (any port) or name:port. Answered
                  without it: 127.0.0.1:<port> and localhost:<port> on 127.0.0.1, [::1]:<port> and localhost:<port>
                  on ::1, this machine's addresses and localhost on 0.0.0.0 or ::. Any other Host is refused 421
                  (a web page on a name that resolves to this address must not reach the engine: DNS rebinding)
  --allow-origin  a page origin allowed to call from a browser (CORS)
  --shutdown-grace
                  seconds a stop (SIGINT, SIGTERM) waits for the requests in flight, default 10; then they are cut.
                  Chat streams open at the stop end at once with their final state; a second signal exits at once
  --state         the folder where the engine keeps its state across restarts and crashes: workbooks, dashboards,
                  sessions, users, chat threads and the tables imported through the API (default .svc-elements
                  in the current folder). Every write is on disk before it is answered. One server per folder
  --ephemeral     keep nothing: the state is in memory and ends with the process
  --demo          the demo seed's public keys (demo-admin-key, …), for the demo page and tests only; without
                  --model and --data, the demo's model and generated data too

Keys: the admin key comes from SVC_ADMIN_KEY (at least 16 characters) and the deployment's API secret, which signs
chat tokens (HS256), from SVC_API_SECRET (at least 32 characters), in the environment; a command line is visible to
every user of the machine, so there are no options for them. Unset, each is generated when the state folder is
created (crypto-random), printed once and kept in its credentials.json (readable by you only); a state folder answers
only the keys it was created with. Account demo, deployment 1 and agent analyst are the demo seed's; its other keys exist only with
--demo.`;

export class UsageError extends Error {}

export interface Args {
  /** Both or neither (--demo only): the demo's model and data. */
  model?: string;
  data?: string;
  /** A DuckDB database file keeping the tables (--db). */
  db?: string;
  port: number;
  host: string;
  allowedHosts: string[];
  allowOrigin?: string;
  /** How long a stop waits for requests in flight, in ms. */
  shutdownGraceMs: number;
  demo: boolean;
  /** The state folder; undefined with --ephemeral (in memory). */
  state?: string;
}

const VALUED = ['model', 'data', 'db', 'port', 'host', 'allowed-host', 'allow-origin', 'shutdown-grace', 'state'];
const FLAGS = ['demo', 'ephemeral'];
/** Where the state is kept without --state: in the folder serve runs in. */
export const DEFAULT_STATE = '.svc-elements';
const REPEATABLE = ['allowed-host'];

export function parseArgs(argv: string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'serve') throw new UsageError(command ? `Unknown command ${command}` : 'No command');
  const values: Record<string, string[]> = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const [name = '', inline] = flag.startsWith('--') ? flag.slice(2).split(/=(.*)/s) : [];
    if (FLAGS.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      values[name] = [];
      continue;
    }
    if (!VALUED.includes(name)) throw new UsageError(`Unknown option ${flag}`);
    const value = inline ?? rest[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (values[name] && !REPEATABLE.includes(name)) throw new UsageError(`--${name} is given twice`);
    (values[name] ??= []).push(value);
  }
  const one = (name: string) => values[name]?.[0];
  const demo = values.demo !== undefined;
  if (!demo || one('model') !== undefined || one('data') !== undefined) {
    if (!one('model')) throw new UsageError(demo ? '--model is required with --data' : '--model is required');
    if (!one('data')) throw new UsageError(demo ? '--data is required with --model' : '--data is required');
  }
  for (const host of values['allowed-host'] ?? []) {
    try {
      parseHost(host);
    } catch {
      throw new UsageError(
        `--allowed-host ${JSON.stringify(host)} is not a host name or IP address (optionally :port)`,
      );
    }
  }
  const port = Number(one('port') ?? 8787);
  if (!/^\d+$/.test(one('port') ?? '8787') || port > 65535)
    throw new UsageError(`--port ${one('port')} is not a port (0 to 65535)`);
  if (values.ephemeral && one('state') !== undefined)
    throw new UsageError('--state and --ephemeral disagree: give one (--ephemeral keeps nothing)');
  if (one('state') === '') throw new UsageError('--state needs a folder');
  const grace = one('shutdown-grace') ?? '10';
  if (!/^\d+(\.\d+)?$/.test(grace) || Number(grace) > 3600)
    throw new UsageError(`--shutdown-grace ${grace} is not a number of seconds (0 to 3600)`);
  return {
    ...(one('model') !== undefined && { model: one('model'), data: one('data') }),
    ...(one('db') !== undefined && { db: one('db') }),
    port,
    host: one('host') ?? '127.0.0.1',
    allowedHosts: values['allowed-host'] ?? [],
    ...(one('allow-origin') && { allowOrigin: one('allow-origin') }),
    shutdownGraceMs: Number(grace) * 1000,
    demo,
    ...(values.ephemeral === undefined && { state: one('state') ?? DEFAULT_STATE }),
  };
}
