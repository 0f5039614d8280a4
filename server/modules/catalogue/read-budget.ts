import { TooManyAttempts } from '../../errors';
import { retryIn } from '../auth';

interface Bucket {
  tokens: number;
  at: number;
}

/** Addresses kept at most; beyond it, buckets that have filled up again are forgotten (they hold nothing). */
const maxAddresses = 50_000;

/**
 * The per-address budget of catalogue reads the response cache cannot answer (a list nobody asked for within
 * the cache's lifetime costs the event loop and the database; a cached one costs almost nothing). A token
 * bucket per client address (request.ip, which follows TRUST_PROXY): `perMinute` reads at once, refilled at
 * `perMinute` a minute. Cached answers never reach it. Per process: N processes allow N times the budget
 * (docs/security.md).
 */
export class UncachedReadBudget {
  private buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Spends one read of the address's budget, or throws a 429 saying when the next one is available. */
  spend(address: string): void {
    if (this.perMinute === 0) return;
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const held = this.buckets.get(address);
    const tokens = held ? Math.min(this.perMinute, held.tokens + (now - held.at) * perMs) : this.perMinute;
    if (tokens < 1) {
      const waitMs = (1 - tokens) / perMs;
      throw new TooManyAttempts(
        `Too many requests, please try again in ${retryIn(waitMs)}`,
        Math.max(1, Math.ceil(waitMs / 1000)),
      );
    }
    this.buckets.delete(address);
    this.buckets.set(address, { tokens: tokens - 1, at: now });
    if (this.buckets.size > maxAddresses) this.forgetFull(now);
  }

  private forgetFull(now: number): void {
    const perMs = this.perMinute / 60_000;
    for (const [address, b] of this.buckets) {
      if (b.tokens + (now - b.at) * perMs >= this.perMinute) this.buckets.delete(address);
    }
    // Still too many (every one of them busy): the least recently seen go first.
    for (const address of this.buckets.keys()) {
      if (this.buckets.size <= maxAddresses) break;
      this.buckets.delete(address);
    }
  }
}
