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
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
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
