import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export interface CachedResponse {
  body: string;
  etag: string;
  storedAt: number;
  /** Products the answer shows (their stock and sales are in it). */
  products?: readonly string[];
  /** The answer's order follows stock or sales (sort=-sold): any order may change it. */
  followsSales?: boolean;
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

interface Job {
  started: number;
  answer: Promise<CachedResponse>;
}

/** An answer as computed: its JSON, and what it depends on (CachedResponse). */
export interface Computed {
  body: string;
  products?: readonly string[];
  followsSales?: boolean;
}

/** Default byte budget of one app's catalogue cache (bodies plus their compressed copies): CATALOGUE_CACHE_MB. */
export const defaultCacheBytes = 16 * 1024 * 1024;

/**
 * Serialised catalogue responses, keyed by a canonical key built from the known, validated parameters
 * (routes.ts), never by the raw URL: junk parameters or a different parameter order reach the same
 * entry. Concurrent requests for an entry not held share one computation (a popular search that has just
 * expired is computed once, not once per shopper asking).
 *
 * The catalogue changes through the seed or an import (invalidate(): everything goes) and through orders,
 * which take stock (productsChanged(): exactly the answers that show an ordered product go, with those whose
 * order depends on stock or sales; the rest stay, so a busy shop's orders do not empty the cache each time).
 * The TTL bounds staleness when several processes share one database. Each app holds one, on its context
 * (ctx.catalogueCache, made in server/app.ts): tests run several apps, on different databases, in one process.
 *
 * Bounded three ways (1,200 URL-keyed `limit=1000` answers once took 2.4 GB): a byte budget
 * counting bodies and compressed copies, least recently used entries evicted first; an entry count;
 * and a sweep that drops expired entries even when no request comes.
 */
export class CatalogueCache {
  private entries = new Map<string, CachedResponse>();
  /** Computations under way, by key: later requests for the same key wait for them. */
  private pending = new Map<string, Job>();
  /** Every computation still running, those that later requests no longer wait for included. */
  private running = new Set<Job>();
  /** Keys of the answers that show each product. */
  private showing = new Map<string, Set<string>>();
  /** Counts invalidations of any kind; a computation is stored only if nothing it read changed since. */
  private generation = 0;
  private everythingChangedAt = 0;
  private anyProductChangedAt = 0;
  /** The generation at which each product last changed (kept while a computation may predate it). */
  private productChangedAt = new Map<string, number>();
  private used = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly changeListeners: Array<(change: { products?: string[] }) => void> = [];

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

  /**
   * Whether answer(key) would be served without a computation of its own: a fresh entry, or one being
   * computed that it would wait for. Changes nothing (the uncached-read budget asks before answering).
   */
  holds(key: string | null, now = Date.now()): boolean {
    if (key === null) return false;
    const hit = this.entries.get(key);
    return (hit !== undefined && now - hit.storedAt <= this.ttlMs) || this.pending.has(key);
  }

  /** The generation at the start of a computation; set() ignores results computed before an invalidation. */
  currentGeneration(): number {
    return this.generation;
  }

  /**
   * The entry for `key`, computed by `compute` when not held. A key of null is computed each time and never
   * stored. Requests that arrive while the key is being computed wait for that answer (or its error)
   * instead of computing it again.
   */
  async answer(key: string | null, compute: () => Promise<Computed>): Promise<CachedResponse> {
    if (key === null) return this.set('', await compute(), -1);
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running.answer;
    const started = this.generation;
    const job: Job = {
      started,
      answer: compute()
        .then((computed) => this.set(key, computed, started))
        .finally(() => {
          if (this.pending.get(key) === job) this.pending.delete(key);
          this.running.delete(job);
        }),
    };
    this.pending.set(key, job);
    this.running.add(job);
    return job.answer;
  }

  /**
   * Stores an answer computed from the catalogue as it was at `generation` (-1: never store it), unless
   * something it shows changed since.
   */
  set(key: string, computed: Computed | string, generation: number, now = Date.now()): CachedResponse {
    const { body, products, followsSales } = typeof computed === 'string' ? { body: computed } : computed;
    const entry: CachedResponse = { body, etag: etagOf(body), storedAt: now, products, followsSales };
    const size = entrySize(entry);
    const changed =
      generation < this.everythingChangedAt ||
      (followsSales === true && generation < this.anyProductChangedAt) ||
      (products ?? []).some((id) => generation < (this.productChangedAt.get(id) ?? 0));
    // One entry takes at most an eighth of the budget; a budget of 0 keeps nothing.
    if (generation < 0 || changed || size > this.maxBytes / 8) return entry;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    for (const id of products ?? []) {
      let keys = this.showing.get(id);
      if (!keys) this.showing.set(id, (keys = new Set()));
      keys.add(key);
    }
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
    // A change that no computation still running predates is no longer needed to refuse its answer.
    let oldest = this.generation;
    for (const job of this.running) oldest = Math.min(oldest, job.started);
    for (const [id, at] of this.productChangedAt) if (at <= oldest) this.productChangedAt.delete(id);
  }

  startSweeping(): void {
    this.sweeper ??= setInterval(() => this.sweep(), this.ttlMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.forget();
  }

  /** Told of each change made here (not of changes other processes reported): the change feed publishes them. */
  onLocalChange(listener: (change: { products?: string[] }) => void): void {
    this.changeListeners.push(listener);
  }

  /** Everything changed (seed, import, a staff write): every answer goes, and none computed before now is stored. */
  invalidate(from: 'here' | 'elsewhere' = 'here'): void {
    this.forget();
    if (from === 'here') for (const listener of this.changeListeners) listener({});
  }

  private forget(): void {
    this.generation++;
    this.everythingChangedAt = this.generation;
    this.entries.clear();
    this.showing.clear();
    this.pending.clear();
    this.productChangedAt.clear();
    this.used = 0;
  }

  /**
   * Stock and sales of these products changed (an order): the answers that show one of them go, and those
   * whose order follows sales; computations under way that read them are not stored.
   */
  productsChanged(ids: Iterable<string>, from: 'here' | 'elsewhere' = 'here'): void {
    if (from === 'here') {
      const products = [...ids];
      for (const listener of this.changeListeners) listener({ products });
      ids = products;
    }
    this.generation++;
    this.anyProductChangedAt = this.generation;
    const drop = new Set<string>();
    for (const id of ids) {
      this.productChangedAt.set(id, this.generation);
      for (const key of this.showing.get(id) ?? []) drop.add(key);
    }
    for (const [key, entry] of this.entries) if (entry.followsSales) drop.add(key);
    for (const key of drop) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
    // Requests from now on must not wait for a computation that may have read the old figures.
    for (const [key, job] of this.pending) if (job.started < this.generation) this.pending.delete(key);
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.used -= entrySize(entry);
    for (const id of entry.products ?? []) {
      const keys = this.showing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.showing.delete(id);
    }
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

/** The cache key of one product's answer (GET /products/{id}). */
export const productKey = (id: string) => `product/${id}`;
