// Small helpers of the engine: ids, hashes, timestamps.

/** `bytes` random bytes as base64url (no padding). */
export function randomToken(bytes = 24): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  let s = '';
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const hashes = new Map<string, string>();

/** SHA-256 of a string, hex; the last few hundred results are remembered (the same keys come back). */
export async function sha256Hex(text: string): Promise<string> {
  const known = hashes.get(text);
  if (known !== undefined) return known;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  if (hashes.size >= 500) hashes.delete(hashes.keys().next().value!);
  hashes.set(text, hex);
  return hex;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Structural equality of JSON-like values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Rolls a transaction back, whatever state it is in; its `done` promise is settled quietly. */
export function abortQuietly(tx: { abort(): void; done?: Promise<void> }): void {
  tx.done?.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // already committed or aborted
  }
}
