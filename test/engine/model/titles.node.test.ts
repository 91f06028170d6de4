// Titles from names (issue 33, difference 2): the engine's cubeTitle against Cube's own titleize
// (CubeToMetaTransformer, @cubejs-backend/schema-compiler 1.7.43) on names of every shape a model may use.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { cubeTitle } from '../../../src/engine/model/titles.js';

const require = createRequire(import.meta.url);
const { CubeToMetaTransformer } =
  require('@cubejs-backend/schema-compiler/dist/src/compiler/CubeToMetaTransformer') as {
    CubeToMetaTransformer: { prototype: { titleize(name: string): string } };
  };
const cubes = (name: string) => CubeToMetaTransformer.prototype.titleize.call(null, name);

describe('cubeTitle: Cube’s titles of names', () => {
  it('keeps inflection’s small words lower case and writes Id as ID', () => {
    assert.equal(cubeTitle('reviewed_at'), 'Reviewed at');
    assert.equal(cubeTitle('price_of_a_ticket'), 'Price of a Ticket');
    assert.equal(cubeTitle('id'), 'ID');
    assert.equal(cubeTitle('customer_ids'), 'Customer IDs');
    assert.equal(cubeTitle('delayMinutes'), 'Delay Minutes');
    assert.equal(cubeTitle('cinemas_country'), 'Cinemas Country');
    assert.equal(cubeTitle('box_office'), 'Box Office');
  });

  it('equals Cube’s titleize on any identifier', () => {
    const part = fc.constantFrom(
      'at',
      'of',
      'and',
      'the',
      'by',
      'in',
      'on',
      'id',
      'ids',
      'ID',
      'Id',
      'a',
      'to',
      'for',
      'with',
      'x',
      'total',
      'Amount',
      'USD',
      'iata',
      'HTTPServer',
      'v2',
      '3d',
      'utc',
      'Q4',
      'per',
      'over',
    );
    const separator = fc.constantFrom('_', '__', '', '_');
    const name = fc
      .tuple(fc.array(fc.tuple(part, separator), { minLength: 1, maxLength: 5 }), fc.constantFrom('', '_', 'x'))
      .map(([parts, end]) => parts.map(([p, s]) => p + s).join('') + end)
      .filter((n) => /^[A-Za-z_]\w*$/.test(n));
    fc.assert(
      fc.property(fc.oneof(name, fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/)), (n) => {
        assert.equal(cubeTitle(n), cubes(n));
      }),
      { numRuns: 3000 },
    );
  });
});
