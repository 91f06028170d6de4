// The provider's session timing without a browser (mocked clock and timers): `expiring` is said once per token, also
// when its schedule is set again (resume) or a timer fires a little before the clock reaches the expiry, then
// `expired` once the token has run out.
import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { ProviderSession } from '../../../src/elements/provider/session.js';

const START = Date.UTC(2026, 0, 15, 12);
/** A token whose claims expire `seconds` after START (only its payload is read). */
const tokenFor = (seconds: number) =>
  `h.${Buffer.from(JSON.stringify({ exp: START / 1000 + seconds })).toString('base64url')}.s`;

describe('provider session timing', () => {
  afterEach(() => mock.timers.reset());

  it('says expiring once per token, then expired', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: START });
    const events: string[] = [];
    const session = new ProviderSession(() => undefined, {
      expiring: () => (events.push('expiring'), false), // the host cancels the renewal
      expired: () => events.push('expired'),
      changed: () => undefined,
      error: () => undefined,
    });
    session.renewBeforeMs = 1000;
    await session.start({ token: tokenFor(2) });
    mock.timers.tick(1000);
    assert.deepEqual(events, ['expiring']);
    session.stop();
    session.resume(); // scheduled again before the expiry: nothing is said twice
    mock.timers.tick(500);
    assert.deepEqual(events, ['expiring']);
    mock.timers.tick(500);
    assert.deepEqual(events, ['expiring', 'expired']);
  });
});
