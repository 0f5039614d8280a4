import { randomUUID } from 'node:crypto';
import type { Database } from './db/client';

/**
 * The channel every API process of one shop listens on. Its name is the catalogue's, which had it first: processes
 * of an older release still hear the catalogue's messages during a rolling restart.
 */
export const changeChannel = 'freshcart_catalogue';

/** What a message is about. The catalogue's messages carry no kind (they came first); the others name theirs. */
export type ChangeKind = 'catalogue' | 'home';

export interface ChangeListener {
  /** A change another process made (never one of this process's own). */
  message(body: Record<string, unknown>): void;
  /** The connection dropped and came back: messages may have been missed. */
  missed(): void;
}

export interface ChangeFeed {
  listen(kind: ChangeKind, listener: ChangeListener): void;
  /** Tells the other processes; a failure is logged, never thrown (each cache has a lifetime to fall back on). */
  tell(kind: ChangeKind, body: Record<string, unknown>): void;
  close(): Promise<void>;
}

/**
 * Several API processes on one PostgreSQL: each keeps caches of its own (the catalogue's answers, the published home
 * page), so each change made here is told to the others through PostgreSQL's LISTEN/NOTIFY on one connection per
 * process, `{from, kind?, …}`, and each module hears the messages of its kind. PGlite is one process: nothing to tell.
 */
export async function startChangeFeed(
  database: Database,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<ChangeFeed> {
  const { listen, notify } = database;
  if (!listen || !notify) return { listen: () => {}, tell: () => {}, close: async () => {} };
  const me = randomUUID();
  const listeners = new Map<ChangeKind, ChangeListener[]>();
  const stop = await listen.call(
    database,
    changeChannel,
    (payload) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        return;
      }
      if (!message || typeof message !== 'object' || message.from === me) return;
      const kind = (message.kind ?? 'catalogue') as ChangeKind;
      for (const listener of listeners.get(kind) ?? []) listener.message(message);
    },
    () => {
      for (const list of listeners.values()) for (const listener of list) listener.missed();
    },
  );
  return {
    listen(kind, listener) {
      listeners.set(kind, [...(listeners.get(kind) ?? []), listener]);
    },
    tell(kind, body) {
      const payload = JSON.stringify({ from: me, ...(kind === 'catalogue' ? {} : { kind }), ...body });
      notify.call(database, changeChannel, payload).catch((err: unknown) => {
        log.warn({ err }, `could not tell the other processes of a ${kind} change`);
      });
    },
    close: stop,
  };
}
