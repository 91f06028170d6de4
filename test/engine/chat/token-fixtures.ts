// Fixtures of the chat token tests under Node: a real HTTP server on 127.0.0.1 that serves key sets by path, key
// pairs made with jose, and one chat request through an engine's fetch whose first answer line is read.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { LocalEngine } from '../../../src/engine/index.js';

/** A local HTTP server: `handler` answers every request; `requests` counts them. */
export class LocalServer {
  requests = 0;
  private server?: Server;
  origin = '';

  constructor(private readonly handler: (req: IncomingMessage, res: ServerResponse) => void) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.requests++;
      this.handler(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** A signing key: its private half and its public JWK (with kid and alg). */
export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  jwk: JWK;
}

export async function signingKey(kid: string, alg: 'RS256' | 'ES256' = 'RS256'): Promise<SigningKey> {
  const pair = await generateKeyPair(alg);
  return { kid, alg, privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' } };
}

/** A chat token with `claims` (scope chat, 10 minutes), signed with a key pair or an HS256 secret. */
export function chatToken(claims: Record<string, unknown>, key: SigningKey | string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: ['chat'], ...claims })
    .setProtectedHeader(typeof key === 'string' ? { alg: 'HS256' } : { alg: key.alg, kid: key.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + 600);
  return typeof key === 'string' ? jwt.sign(new TextEncoder().encode(key)) : jwt.sign(key.privateKey);
}

export interface ChatAnswer {
  status: number;
  first: { id?: string; jsonrpc?: string; error?: { code: number; message: string } };
  ms: number;
}

/** One chat request to agent `agentId` of account `acct` with the token; the first line of the answer, parsed. */
export async function chatWith(engine: LocalEngine, agentId: string, token: string): Promise<ChatAnswer> {
  const started = performance.now();
  const res = await engine.fetch(
    new Request(`http://local/api/v1/public/acct/agents/${agentId}/chat/stream-chat-state`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Auth-Token': token },
      body: JSON.stringify({ input: 'hi' }),
    }),
  );
  const first = JSON.parse((await res.text()).split('\n')[0]) as ChatAnswer['first'];
  return { status: res.status, first, ms: performance.now() - started };
}

/** The probe agent answered (the token was accepted). */
export function accepted(answer: ChatAnswer): void {
  assert.equal(answer.status, 200);
  assert.equal(answer.first.id, '__cutoff__', JSON.stringify(answer.first));
}

/** The JSON-RPC error line of chat auth failures, with a message matching `message`. */
export function refused(answer: ChatAnswer, message: RegExp | string): void {
  assert.equal(answer.status, 200);
  assert.equal(answer.first.jsonrpc, '2.0', JSON.stringify(answer.first));
  assert.equal(answer.first.error?.code, -32001);
  if (typeof message === 'string') assert.equal(answer.first.error.message, message);
  else assert.match(answer.first.error.message, message);
}
