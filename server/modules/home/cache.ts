import type { HomeContent } from '@/lib/contract/home';
import type { ChangeFeed } from '../../change-feed';

export interface PublishedHome {
  content: HomeContent;
  version: number;
}

/**
 * The published home page, held in memory so a shopper's GET /home reads no database. A publish here empties it once
 * it commits (and tells the other processes, through the change feed); a publish elsewhere empties it when that
 * process's message arrives. The lifetime bounds what a missed message could cost. A read that started before an
 * emptying is answered but not kept (it may have read the old row).
 */
export class HomeCache {
  private held: { home: PublishedHome; storedAt: number } | undefined;
  private loading: Promise<PublishedHome> | undefined;
  private generation = 0;
  private readonly changeListeners: Array<() => void> = [];

  constructor(private readonly ttlMs = 60_000) {}

  async get(load: () => Promise<PublishedHome>, now = Date.now()): Promise<PublishedHome> {
    if (this.held && now - this.held.storedAt <= this.ttlMs) return this.held.home;
    if (this.loading) return this.loading;
    const started = this.generation;
    const job = load()
      .then((home) => {
        if (this.generation === started) this.held = { home, storedAt: now };
        return home;
      })
      .finally(() => {
        if (this.loading === job) this.loading = undefined;
      });
    this.loading = job;
    return job;
  }

  /** Told of each publish made here (not of those other processes reported): the change feed tells the others. */
  onLocalChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** The published page changed: the next read loads it again. */
  invalidate(from: 'here' | 'elsewhere' = 'here'): void {
    this.generation++;
    this.held = undefined;
    this.loading = undefined;
    if (from === 'here') for (const listener of this.changeListeners) listener();
  }
}

/** Every process's cache hears of a publish made in any of them (server/change-feed.ts). */
export function feedHomeCache(feed: ChangeFeed, cache: HomeCache): void {
  const elsewhere = () => cache.invalidate('elsewhere');
  feed.listen('home', { message: elsewhere, missed: elsewhere });
  cache.onLocalChange(() => feed.tell('home', {}));
}
