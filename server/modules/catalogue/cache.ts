import { createHash } from 'node:crypto';

export interface CachedResponse {
  body: string;
  etag: string;
  storedAt: number;
}

/**
 * Serialised catalogue responses, keyed by URL. The catalogue changes only through the seed, an
 * import, or stock taken by orders; each of those calls invalidate(). The TTL bounds staleness
 * when several processes share one database (another process's orders do not reach this map).
 */
export class CatalogueCache {
  private entries = new Map<string, CachedResponse>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, now = Date.now()): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** The generation at the start of a computation; set() ignores results computed before an invalidate(). */
  currentGeneration(): number {
    return this.generation;
  }

  set(key: string, body: string, generation: number, now = Date.now()): CachedResponse {
    const entry = { body, etag: etagOf(body), storedAt: now };
    if (generation !== this.generation) return entry;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    return entry;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** One per process: orders (cash here, card in the payments module) invalidate it after commit. */
export const catalogueCache = new CatalogueCache();
