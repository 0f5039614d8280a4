import type { ChangeFeed } from '../../change-feed';
import type { CatalogueCache } from './cache';

/** NOTIFY payloads are limited to 8,000 bytes: a longer list of products says "everything" instead. */
const maxPayload = 7_000;

/**
 * Several API processes on one PostgreSQL each keep their own catalogue cache: each change made here (a staff write,
 * an order taking stock) is told to the others through the change feed (server/change-feed.ts), and each change
 * another process reports empties the same entries here, within milliseconds rather than the cache's 30-second
 * lifetime. A listener that lost its connection forgets everything once it is back (it may have missed messages).
 */
export function feedCatalogueCache(feed: ChangeFeed, cache: CatalogueCache): void {
  feed.listen('catalogue', {
    message(message) {
      if (Array.isArray(message.products)) {
        cache.productsChanged(
          message.products.filter((p): p is string => typeof p === 'string'),
          'elsewhere',
        );
      } else cache.invalidate('elsewhere');
    },
    missed: () => cache.invalidate('elsewhere'),
  });
  cache.onLocalChange((change) => {
    feed.tell('catalogue', JSON.stringify(change).length > maxPayload ? {} : change);
  });
}
