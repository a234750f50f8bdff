import type { Clock } from '../clock.js';

/**
 * A small read-through cache whose entries live `ttlMs`. Only found values are kept, so an unknown
 * credential is looked up again every time. Bounded: past `maxEntries` the oldest entry goes.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (this.ttlMs <= 0) return load();
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    if (value === null) {
      this.entries.delete(key);
      return null;
    }
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    return value;
  }
}
