// HTTP/1.1 as bytes on a socket: requests fetch and node:http would refuse to send (a Host of `a b`, no Host, TRACE,
// a target of `//x`), one connection each, read until the server closes it.
import { connect } from 'node:net';

export interface RawResponse {
  /** 0 when the connection ended without a status line. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** True when the connection was reset or cut (no complete answer). */
  cut: boolean;
}

/** The request's head: `method target`, the headers in order (a Host only if given), `Connection: close`. */
export function head(method: string, target: string, headers: [string, string][] = []): string {
  const lines = [`${method} ${target} HTTP/1.1`, ...headers.map(([n, v]) => `${n}: ${v}`), 'Connection: close'];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function dechunk(body: Buffer): { text: string; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) return { text: Buffer.concat(parts).toString(), complete: false };
    const size = parseInt(body.subarray(at, eol).toString(), 16);
    if (!Number.isFinite(size)) return { text: Buffer.concat(parts).toString(), complete: false };
    if (size === 0) return { text: Buffer.concat(parts).toString(), complete: true };
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

function parse(bytes: Buffer, cut: boolean): RawResponse {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '', cut: true };
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const { text, complete } = dechunk(rest);
    return { status, headers, body: text, cut: cut || !complete };
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  return { status, headers, body: rest.toString(), cut: cut || (length !== undefined && rest.length < length) };
}

export interface RawOptions {
  /** The address to connect to. Default 127.0.0.1. */
  address?: string;
  /** Give up (and destroy the socket) after this many ms; the answer so far is returned with `cut`. Default 30 s. */
  timeoutMs?: number;
  /** Close the socket after writing, without waiting (a client that goes away). */
  abortAfterWrite?: boolean;
  /** Write the bytes in these pieces, this many ms apart (a slow client). */
  pieces?: { count: number; delayMs: number };
}

/** Sends `bytes` to 127.0.0.1 (or `address`):`port` on a new connection and reads the answer until the server closes it. */
export function rawRequest(port: number, bytes: string | Buffer, options: RawOptions = {}): Promise<RawResponse> {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
  return new Promise((resolve) => {
    const socket = connect(port, options.address ?? '127.0.0.1');
    const chunks: Buffer[] = [];
    let cut = false;
    const timer = setTimeout(() => {
      cut = true;
      socket.destroy();
    }, options.timeoutMs ?? 30_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => (cut = true));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks), cut));
    });
    const write = async () => {
      const count = options.pieces?.count ?? 1;
      const size = Math.ceil(data.length / count);
      for (let i = 0; i < count && !socket.destroyed; i++) {
        socket.write(data.subarray(i * size, (i + 1) * size));
        if (i < count - 1) await new Promise((r) => setTimeout(r, options.pieces!.delayMs));
      }
      if (options.abortAfterWrite) socket.destroy();
    };
    socket.on('connect', () => void write());
  });
}
