// `svc-elements serve` as a real child process for the CLI's tests: started from source, its output collected.
import { spawn } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;

/** `serve` with neither --state nor --ephemeral runs --ephemeral here: tests never share a state folder. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  if (args[0] === 'serve' && !args.some((a) => /^--(state|ephemeral)\b/.test(a))) args = [...args, '--ephemeral'];
  const clean = { ...process.env };
  delete clean.SVC_ADMIN_KEY;
  delete clean.SVC_API_SECRET;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/run.ts', ...args], {
    cwd: root,
    env: { ...clean, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exit, out: () => out, err: () => err };
}

export type Cli = ReturnType<typeof runCli>;

/** Waits for the start message; resolves with the base URL. */
export async function started(cli: Cli): Promise<string> {
  const begun = Date.now();
  while (!/on (http:\S+)/.test(cli.out()) || !/curl/.test(cli.out())) {
    if (cli.child.exitCode !== null) throw new Error(`exited ${cli.child.exitCode}: ${cli.err()}`);
    if (Date.now() - begun > 120_000) throw new Error(`no start message: ${cli.out()} ${cli.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return /on (http:\S+)/.exec(cli.out())![1];
}
