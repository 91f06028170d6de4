// The one map from the engine's error codes to statuses: every code has a status the spec answers, a DomainError
// reaches a client as the same message at its code's status (through a real engine's fetch and its public methods),
// and no engine code outside http/ builds an ApiError itself.
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src/api/errors.js';
import { OPERATIONS } from '../../../src/api/operations.js';
import { DEMO, createLocalEngine, demoSeed, type LocalEngine } from '../../../src/engine/index.js';
import { DOMAIN_ERROR_CODES, DomainError, conflict } from '../../../src/engine/errors.js';
import { STATUS_OF_CODE, asApiError, toApiError } from '../../../src/engine/http/errors.js';
import { deleteDatabase } from '../helpers.js';

const ENGINE = join(import.meta.dirname, '../../../src/engine');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('the engine errors map', () => {
  it('gives every code one status, each a status the spec answers (503: a closed engine)', () => {
    const specStatuses = new Set<number>(Object.values(OPERATIONS).flatMap((op) => [...op.errors]));
    for (const code of DOMAIN_ERROR_CODES) {
      const status = STATUS_OF_CODE[code];
      assert.ok(Number.isInteger(status), `${code} has no status`);
      assert.ok(specStatuses.has(status) || status === 503, `${code}: ${status} is no status of the spec`);
    }
    assert.deepEqual(Object.keys(STATUS_OF_CODE).sort(), [...DOMAIN_ERROR_CODES].sort(), 'a status without a code');
    const statuses = Object.values(STATUS_OF_CODE);
    assert.equal(new Set(statuses).size, statuses.length, 'two codes share a status');
  });

  it('keeps the message byte for byte and the body code a client acts on', () => {
    const message = `Another writer created or deleted the workbook with slug "ü ☃"; retry`;
    const mapped = toApiError(conflict(message, { clientCode: 'upsert_branch_changed' }));
    assert.ok(mapped instanceof ApiError);
    assert.equal(mapped.status, 409);
    assert.deepEqual(mapped.toBody(), { error: message, code: 'upsert_branch_changed' });
    assert.deepEqual(toApiError(new DomainError('invalid', 'x')).toBody(), { error: 'x' });
    const api = new ApiError({ status: 400, message: 'as is' });
    assert.equal(asApiError(api), api);
    assert.equal(asApiError(new Error('not for a client')), undefined);
  });

  it('builds no ApiError in engine code outside http/ (it throws a DomainError)', () => {
    const offenders = sources(ENGINE)
      .filter((file) => !relative(ENGINE, file).startsWith('http/'))
      .filter((file) => /\bnew\s+ApiError\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ENGINE, file));
    assert.deepEqual(offenders, []);
  });
});

describe('domain errors as a client sees them', () => {
  const name = `http-errors-${process.pid}`;
  let engine: LocalEngine;

  before(async () => {
    engine = await createLocalEngine({ name, seed: { ...demoSeed, data: { rows: 50 } } });
  });
  after(async () => {
    await engine.close().catch(() => undefined);
    await deleteDatabase(name);
  });

  const send = async (path: string, init: RequestInit = {}) => {
    const res = await engine.fetch(new Request(`https://local.svc${path}`, init));
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const bearer = { authorization: `Bearer ${DEMO.adminKey}` };

  it('answers each refusal at its status with its message, as the spec words it', async () => {
    assert.deepEqual(await send('/api/v1/embed/dashboards/nope', { headers: bearer }), {
      status: 404,
      body: { error: 'Dashboard nope not found' },
    });
    assert.deepEqual(
      await send('/cubejs-api/v1/load', {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['sales.count'], timezone: 'Mars/Olympus' } }),
      }),
      { status: 400, body: { error: 'Unknown timezone Mars/Olympus: use an IANA name such as Europe/Berlin' } },
    );
    assert.deepEqual(
      await send(`/api/v1/deployments/${DEMO.deploymentId}/workbooks/by-slug/x`, {
        method: 'PUT',
        headers: { ...bearer, 'content-type': 'text/plain' },
        body: '{}',
      }),
      { status: 415, body: { error: 'Content-Type must be application/json, got text/plain' } },
    );
  });

  it('rejects a public method with an ApiError, not a DomainError (a closed engine: 503)', async () => {
    await engine.close();
    await assert.rejects(engine.reset(), (error: unknown) => {
      assert.ok(error instanceof ApiError && !(error instanceof DomainError));
      assert.equal(error.status, 503);
      assert.equal(error.message, 'The local engine is closed');
      return true;
    });
  });
});
