// A short-lived in-memory cache of records that no endpoint changes — API keys and their users, deployments,
// folders, the account — so a request does not pay an IndexedDB transaction for each of them. Entries live a few
// seconds (another engine on the same database may reset it) and reset() clears them.

export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly ttlMs = 5000) {}

  /** The cached value of `key`, or `load()`'s (cached only when defined: a miss is asked again next time). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    const value = await load();
    if (value !== undefined) this.entries.set(key, { value, until: now + this.ttlMs });
    else this.entries.delete(key);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
