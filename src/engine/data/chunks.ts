// Large bytes without long tasks on the thread the engine runs on: Blobs built, read and hashed a slice at a time,
// giving the thread back between slices (a 60 MB file copied or hashed in one go holds a page for 50–150 ms).

import { nextTask } from '../../util/next-task.js';

/** How much is copied, read or hashed in one task. */
export const SLICE = 1 << 20;

/** A copy of `bytes` as a Blob, made a slice at a time (a Blob part that is a Blob is referenced, not copied). */
export async function toBlob(bytes: Uint8Array, type = ''): Promise<Blob> {
  if (bytes.length <= SLICE) return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  let blob = new Blob([], { type });
  for (let at = 0; at < bytes.length; at += SLICE) {
    if (at > 0) await nextTask();
    blob = new Blob([blob, bytes.subarray(at, at + SLICE) as Uint8Array<ArrayBuffer>], { type });
  }
  return blob;
}

/** A Blob's bytes in one buffer, read a slice at a time. */
export async function readBlob(blob: Blob): Promise<Uint8Array> {
  if (blob.size <= SLICE) return new Uint8Array(await blob.arrayBuffer());
  const out = new Uint8Array(blob.size);
  for (let at = 0; at < blob.size; at += SLICE)
    out.set(new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer()), at);
  return out;
}

const hex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = (bytes: Uint8Array | ArrayBuffer) => crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);

/** `sha256:` and the bytes' SHA-256 (hex). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return `sha256:${hex(await sha256(bytes))}`;
}

/**
 * What tells whether a Blob's bytes changed: up to one slice, `sha256:` and their SHA-256 (as before); above,
 * `sha256-slices:` and the SHA-256 of the slices' SHA-256s, each slice read and hashed in a task of its own.
 */
export async function fingerprintBlob(blob: Blob): Promise<string> {
  if (blob.size <= SLICE) return sha256Hex(new Uint8Array(await blob.arrayBuffer()));
  const digests = new Uint8Array(Math.ceil(blob.size / SLICE) * 32);
  for (let at = 0, i = 0; at < blob.size; at += SLICE, i++)
    digests.set(new Uint8Array(await sha256(await blob.slice(at, at + SLICE).arrayBuffer())), i * 32);
  return `sha256-slices:${hex(await sha256(digests))}`;
}

/** Size in bytes of stored table bytes (Arrow IPC kept as bytes or as a Blob). */
export const byteSize = (data: Uint8Array | Blob): number => (data instanceof Uint8Array ? data.byteLength : data.size);
