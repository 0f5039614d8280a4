import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export interface CachedResponse {
  body: string;
  etag: string;
  storedAt: number;
  /** Compressed copies, made on the first request that accepts them and kept with the entry. */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The entry's body in the given encoding. Compressing a 48 KB product list on every answer cost about
 * three quarters of the throughput in bench/api.ts; compressing once per cache entry costs nothing after.
 */
export function encodedBody(entry: CachedResponse, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body, { level: 6 });
  return entry.gzip;
}

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Default byte budget of one app's catalogue cache (bodies plus their compressed copies): CATALOGUE_CACHE_MB. */
export const defaultCacheBytes = 16 * 1024 * 1024;

/**
 * Serialised catalogue responses, keyed by a canonical key built from the known, validated parameters
 * (routes.ts), never by the raw URL: junk parameters or a different parameter order reach the same
 * entry. The catalogue changes only through the seed, an import, or stock taken by orders; each of
 * those calls invalidate(). The TTL bounds staleness when several processes share one database.
 *
 * Bounded three ways (issue 12.6: 1,200 URL-keyed `limit=1000` answers took 2.4 GB): a byte budget
 * counting bodies and compressed copies, least recently used entries evicted first; an entry count;
 * and a sweep that drops expired entries even when no request comes.
 */
export class CatalogueCache {
  private entries = new Map<string, CachedResponse>();
  private generation = 0;
  private used = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly maxBytes = defaultCacheBytes,
  ) {}

  /** Entries and bytes held now (tests and the memory benchmark read it). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.used };
  }

  get(key: string, now = Date.now()): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.storedAt > this.ttlMs) {
      this.remove(key, hit);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The generation at the start of a computation; set() ignores results computed before an invalidate(). */
  currentGeneration(): number {
    return this.generation;
  }

  set(key: string, body: string, generation: number, now = Date.now()): CachedResponse {
    const entry: CachedResponse = { body, etag: etagOf(body), storedAt: now };
    const size = entrySize(entry);
    // One entry takes at most an eighth of the budget; a budget of 0 keeps nothing.
    if (generation !== this.generation || size > this.maxBytes / 8) return entry;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.used += size;
    this.evict();
    return entry;
  }

  /** The entry's body in the given encoding, counted against the byte budget once made. */
  encoded(key: string, entry: CachedResponse, encoding: 'br' | 'gzip'): Buffer {
    const before = entrySize(entry);
    const out = encodedBody(entry, encoding);
    const grown = entrySize(entry) - before;
    // Only entries still held count (an answer computed before an invalidate() was never stored).
    if (grown > 0 && this.entries.get(key) === entry) {
      this.used += grown;
      this.evict();
    }
    return out;
  }

  /** Drops expired entries; runs on a timer while the app is up (startSweeping). */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (now - entry.storedAt > this.ttlMs) this.remove(key, entry);
  }

  startSweeping(): void {
    this.sweeper ??= setInterval(() => this.sweep(), this.ttlMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.invalidate();
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.used = 0;
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.used -= entrySize(entry);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.used <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(key, entry);
    }
  }
}

/** Bytes an entry holds: the body as UTF-16 in the heap, plus compressed copies. */
function entrySize(entry: CachedResponse): number {
  return entry.body.length * 2 + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 200;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const liveCaches = new Set<CatalogueCache>();

/** Registers an app's cache so that catalogueCache.invalidate() reaches it; returns the unregister call. */
export function trackCatalogueCache(cache: CatalogueCache): () => void {
  liveCaches.add(cache);
  return () => liveCaches.delete(cache);
}

/**
 * Every catalogue cache of this process. Orders (cash here, card in the payments module) call
 * invalidate() once their transaction commits: stock is part of the product payload.
 */
export const catalogueCache = {
  invalidate(): void {
    for (const cache of liveCaches) cache.invalidate();
  },
};

/** Entries and bytes held by every catalogue cache of this process (tests, the memory benchmark). */
export function catalogueCacheStats(): { entries: number; bytes: number } {
  let entries = 0;
  let bytes = 0;
  for (const cache of liveCaches) {
    const s = cache.stats();
    entries += s.entries;
    bytes += s.bytes;
  }
  return { entries, bytes };
}
