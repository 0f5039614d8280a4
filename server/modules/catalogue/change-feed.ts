import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { CatalogueCache } from './cache';

/** The channel every API process of one shop listens on. */
export const catalogueChannel = 'freshcart_catalogue';

/** NOTIFY payloads are limited to 8,000 bytes: a longer list of products says "everything" instead. */
const maxPayload = 7_000;

/**
 * Several API processes on one PostgreSQL: each keeps its own catalogue cache, so each change made here (a staff
 * write, an order taking stock) is told to the others through PostgreSQL's LISTEN/NOTIFY, and each change another
 * process reports empties the same entries here, within milliseconds rather than the cache's 30-second lifetime.
 * A listener that lost its connection forgets everything once it is back (it may have missed messages). PGlite is
 * one process: nothing to tell.
 */
export async function startCatalogueChangeFeed(
  database: Database,
  cache: CatalogueCache,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<{ close(): Promise<void> }> {
  const { listen, notify } = database;
  if (!listen || !notify) return { close: async () => {} };
  const me = randomUUID();
  const stop = await listen.call(
    database,
    catalogueChannel,
    (payload) => {
      let message: { from?: unknown; products?: unknown };
      try {
        message = JSON.parse(payload) as typeof message;
      } catch {
        return;
      }
      if (message.from === me) return;
      if (Array.isArray(message.products)) {
        cache.productsChanged(
          message.products.filter((p): p is string => typeof p === 'string'),
          'elsewhere',
        );
      } else cache.invalidate('elsewhere');
    },
    () => cache.invalidate('elsewhere'),
  );
  cache.onLocalChange((change) => {
    let payload = JSON.stringify({ from: me, ...change });
    if (payload.length > maxPayload) payload = JSON.stringify({ from: me });
    notify.call(database, catalogueChannel, payload).catch((err: unknown) => {
      log.warn({ err }, 'could not tell the other processes of a catalogue change');
    });
  });
  return { close: stop };
}
