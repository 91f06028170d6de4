// The claim rules that bind a chat token to one deployment (issue 30, finding 3), as properties over arbitrary
// claims: whatever names another deployment is refused, a bound token is refused by every other deployment, and a
// token naming only its deployment (by deploymentId, aud or iss, among foreign audiences) is bound to it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { deploymentAudience, tokenBinding, type BindingClaims } from '../../../src/engine/chat/binding.js';

const ids = fc.integer({ min: 1, max: 6 });
const foreign = fc.constantFrom('https://app.example', 'deployment:', 'deployment:x', 'Deployment:3', 'deployment:-1');
const audience = fc.oneof(ids.map(deploymentAudience), foreign);
const claims: fc.Arbitrary<BindingClaims> = fc.record(
  {
    deploymentId: fc.oneof(ids, fc.constantFrom('3', 2.5, null, Number.NaN)),
    aud: fc.oneof(audience, fc.array(audience, { maxLength: 4 }), fc.constantFrom(7, { a: 1 }, [1])),
    iss: fc.oneof(audience, fc.constant(5)),
  },
  { requiredKeys: [] },
);
const modes = fc.constantFrom('refuse' as const, 'ignore' as const);

/** The deployment ids the claims name, read plainly. */
function named(c: BindingClaims): number[] {
  const out: number[] = [];
  if (typeof c.deploymentId === 'number' && Number.isSafeInteger(c.deploymentId)) out.push(c.deploymentId);
  const auds: unknown[] = typeof c.aud === 'string' ? [c.aud] : Array.isArray(c.aud) ? (c.aud as unknown[]) : [];
  for (const a of [...auds, c.iss]) {
    const m = typeof a === 'string' ? /^deployment:(\d+)$/.exec(a) : null;
    if (m) out.push(Number(m[1]));
  }
  return out;
}

describe('chat token binding: claim rules', () => {
  it('a token naming another deployment is never accepted', () => {
    fc.assert(
      fc.property(claims, ids, modes, (c, id, foreignAudience) => {
        const binding = tokenBinding(c, id, { foreignAudience });
        if (named(c).some((n) => n !== id)) assert.equal(binding.kind, 'refused', JSON.stringify(c));
      }),
      { numRuns: 2000 },
    );
  });

  it('a token bound to one deployment is refused by every other', () => {
    fc.assert(
      fc.property(claims, ids, ids, modes, (c, id, other, foreignAudience) => {
        fc.pre(id !== other && tokenBinding(c, id, { foreignAudience }).kind === 'bound');
        assert.equal(tokenBinding(c, other, { foreignAudience }).kind, 'refused', JSON.stringify(c));
      }),
      { numRuns: 2000 },
    );
  });

  it('a JWT is unbound only when it has neither deploymentId nor aud; malformed claims are refused', () => {
    fc.assert(
      fc.property(claims, ids, (c, id) => {
        const binding = tokenBinding(c, id, { foreignAudience: 'refuse' });
        if (binding.kind === 'unbound') assert.ok(c.deploymentId === undefined && c.aud === undefined);
        if (c.deploymentId !== undefined && !Number.isSafeInteger(c.deploymentId)) {
          assert.deepEqual(binding, { kind: 'refused', message: 'Token deploymentId claim must be an integer' });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('naming only its deployment, by any of the three claims and among foreign audiences, binds the token', () => {
    const own = (id: number) =>
      fc
        .record({
          deploymentId: fc.boolean(),
          aud: fc.option(fc.array(foreign, { maxLength: 3 })),
          iss: fc.boolean(),
        })
        .filter((r) => r.deploymentId || r.aud !== null || r.iss)
        .map((r) => ({
          ...(r.deploymentId && { deploymentId: id }),
          ...(r.aud !== null && { aud: [...r.aud, deploymentAudience(id)] }),
          ...(r.iss && { iss: deploymentAudience(id) }),
        }));
    fc.assert(
      fc.property(
        ids.chain((id) => fc.tuple(fc.constant(id), own(id))),
        modes,
        ([id, c], foreignAudience) => {
          assert.deepEqual(tokenBinding(c, id, { foreignAudience }), { kind: 'bound' }, JSON.stringify(c));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('examples: the messages say which claim names which deployment', () => {
    const refuse = { foreignAudience: 'refuse' } as const;
    assert.deepEqual(tokenBinding({ aud: 'deployment:7' }, 8, refuse), {
      kind: 'refused',
      message: 'Token audience names deployment 7, not this deployment (8)',
    });
    assert.deepEqual(tokenBinding({ aud: 'https://app.example' }, 8, refuse), {
      kind: 'refused',
      message: 'Token audience does not include "deployment:8"',
    });
    assert.deepEqual(tokenBinding({ aud: 'https://app.example' }, 8, { foreignAudience: 'ignore' }), {
      kind: 'unbound',
    });
    assert.deepEqual(tokenBinding({ iss: 'https://idp.example' }, 8, refuse), { kind: 'unbound' });
    assert.deepEqual(tokenBinding({}, 8, refuse), { kind: 'unbound' });
  });
});
