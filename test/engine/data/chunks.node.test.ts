// Large bytes a slice at a time (src/engine/data/chunks.ts): Blobs built and read back across slices, and the
// fingerprint that tells whether imported bytes changed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { SLICE, fingerprintBlob, readBlob, toBlob } from '../../../src/engine/data/chunks.js';

/** Bytes that differ from slice to slice (a repeated pattern would hide a slice read twice or out of order). */
function bytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = 7;
  for (let i = 0; i < length; i++) out[i] = x = (x * 1103515245 + 12345) >>> 16;
  return out;
}

describe('chunks', () => {
  it('builds a Blob and reads it back across slices, byte for byte, leaving the bytes given as they were', async () => {
    const data = bytes(2 * SLICE + 12345);
    const copy = data.slice();
    const blob = await toBlob(data, 'text/csv');
    assert.equal(blob.size, data.length);
    assert.equal(blob.type, 'text/csv');
    assert.deepEqual(await readBlob(blob), copy);
    assert.deepEqual(data, copy);
    assert.deepEqual(await readBlob(await toBlob(data.subarray(5, 9))), copy.subarray(5, 9));
  });

  it('fingerprints up to a slice as the SHA-256 of the bytes (as stored before), above by slices', async () => {
    const small = bytes(1000);
    assert.equal(
      await fingerprintBlob(new Blob([small as Uint8Array<ArrayBuffer>])),
      `sha256:${createHash('sha256').update(small).digest('hex')}`,
    );
    const large = bytes(SLICE * 3 + 1);
    const digests = [0, 1, 2, 3].map((i) =>
      createHash('sha256')
        .update(large.subarray(i * SLICE, (i + 1) * SLICE))
        .digest(),
    );
    const expected = `sha256-slices:${createHash('sha256').update(Buffer.concat(digests)).digest('hex')}`;
    assert.equal(await fingerprintBlob(new Blob([large as Uint8Array<ArrayBuffer>])), expected);
    // One byte changed in the last slice changes it.
    large[large.length - 1] ^= 1;
    assert.notEqual(await fingerprintBlob(new Blob([large as Uint8Array<ArrayBuffer>])), expected);
  });
});
