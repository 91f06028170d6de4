// The Host header of a served engine: parsed strictly (a malformed one is a 400, never a throw) and checked against
// the names the server answers to, so a page on another name that resolves to this address (DNS rebinding) is refused.

import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** A Host header's parts: the name lowercased (an IPv6 address in brackets, as in URLs), the port if any. */
export interface HostParts {
  name: string;
  port?: number;
}

/** Why a Host header was refused: 400 (not a Host at all) or 421 (a Host this server does not answer). */
export class HostError extends Error {
  constructor(
    readonly status: 400 | 421,
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

const MAX_SHOWN = 100;
/** The longest DNS name (RFC 1035). */
const MAX_NAME = 253;
const shown = (value: string) => JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);

/** A DNS name or IPv4 address (RFC 3986 unreserved characters only), or an IPv6 address in brackets; then `:port`. */
const HOST = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._~-]+))(?::(\d*))?$/;

/** Parses a Host header (or an `--allowed-host` value); throws HostError 400 saying what is wrong with it. */
export function parseHost(value: string | undefined): HostParts {
  if (value === undefined || value === '') throw new HostError(400, 'Missing Host header');
  const match = HOST.exec(value);
  if (!match || (match[1] !== undefined && isIP(match[1]) !== 6))
    throw new HostError(
      400,
      `Bad Host header ${shown(value)}: expected a host name or IP address and an optional port`,
    );
  const [, v6, name, port] = match;
  if (name !== undefined && name.length > MAX_NAME)
    throw new HostError(400, `Bad Host header ${shown(value)}: a host name has at most ${MAX_NAME} characters`);
  const parts: HostParts = { name: v6 !== undefined ? `[${v6.toLowerCase()}]` : name.toLowerCase() };
  // What URLs refuse (a last label that is a number but no IPv4 address, e.g. 999.1.1.1 or a.1) is no Host either.
  if (!URL.canParse(`http://${parts.name}/`))
    throw new HostError(400, `Bad Host header ${shown(value)}: not a valid host name or IP address`);
  if (port === undefined) return parts;
  const number = Number(port);
  if (port === '' || port.length > 5 || number < 1 || number > 65535)
    throw new HostError(400, `Bad Host header ${shown(value)}: the port must be a number from 1 to 65535`);
  return { ...parts, port: number };
}

/** How an address appears in a Host header: IPv6 in brackets. */
export const hostName = (address: string) =>
  isIP(address) === 6 ? `[${address.toLowerCase()}]` : address.toLowerCase();

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || address === 'localhost';
const isWildcard = (address: string) => address === '0.0.0.0' || address === '::' || address === '';

/**
 * The names a server bound to `host` answers: the address itself; `localhost` too on a loopback address; on a
 * wildcard address (0.0.0.0, ::) the addresses of this machine's interfaces when it starts, and `localhost` — IP
 * literals and `localhost` cannot be rebound to another server by a DNS answer, whereas any other name could name an
 * attacker's page, so names are only answered when listed in `allowed`.
 */
export function boundNames(host: string, address: string): string[] {
  const names = new Set([hostName(host), hostName(address)]);
  if (isWildcard(host) || isWildcard(address)) {
    names.delete(hostName(host));
    names.delete(hostName(address));
    for (const list of Object.values(networkInterfaces()))
      for (const entry of list ?? []) names.add(hostName(entry.address));
    names.add('localhost');
  }
  if ([host, address].some(isLoopback)) names.add('localhost');
  return [...names];
}

/** The check of every request's Host: bound names on the listening port, `allowed` ones as given. */
export class HostAllowList {
  private readonly exact: HostParts[];

  /**
   * @param bound names the server is bound to (boundNames): answered with the listening port (or none on port 80)
   * @param allowed extra Host values, `name` (any port) or `name:port`; throws HostError 400 for a malformed one
   */
  constructor(
    bound: string[],
    private readonly port: number,
    allowed: readonly string[] = [],
  ) {
    this.exact = [
      ...bound.map((name) => ({ name, port })),
      ...allowed.map((value) => {
        try {
          return parseHost(value);
        } catch {
          throw new HostError(400, `Allowed host ${shown(value)} is not a host name or IP address (optionally :port)`);
        }
      }),
    ];
  }

  /** The Host values answered, for a start message: `name:port`, or `name` for any port. */
  describe(): string[] {
    return this.exact.map((h) => (h.port === undefined ? h.name : `${h.name}:${h.port}`));
  }

  /** Throws HostError: 400 for a malformed Host header, 421 for one this server does not answer. */
  check(header: string | undefined): HostParts {
    const parts = parseHost(header);
    const port = parts.port ?? 80;
    if (this.exact.some((h) => h.name === parts.name && (h.port === undefined || h.port === port))) return parts;
    // The names answered are not listed: on 0.0.0.0 they are this machine's addresses, and the asker may be a page.
    throw new HostError(
      421,
      `This server does not answer Host ${shown(header ?? '')} (a guard against DNS rebinding): ` +
        'name it with --allowed-host (serveFetch: allowedHosts) to serve it',
    );
  }
}
