import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { Extensions } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** One drizzle type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * One raw statement outside any transaction, its rows. On PostgreSQL it is a named prepared statement: each
   * connection parses and plans it once and then only binds and runs it (a hot statement's planning is most of its
   * CPU). `name` belongs to this statement's text alone. PGlite runs it as it is.
   */
  prepared<Row>(name: string, query: SQL): Promise<Row[]>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (reconnected after a second if it drops;
   * `onReconnect` then says that messages may have been missed). Resolves with the function that stops it.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: NOTIFY `channel` (delivered to every listener, this process's included). */
  notify?(channel: string, payload: string): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL: node-postgres. Otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; undefined means in memory (tests). */
  pgliteDir?: string;
  /** Pool size for node-postgres. */
  poolSize?: number;
  /** A PGlite data-folder dump (dumpDataDir) to start from instead of running initdb: tests boot faster. */
  pgliteLoadDataDir?: Blob;
}

/** Turns drizzle's `sql` into text and parameters for a statement prepared by name (node-postgres). */
const dialect = new PgDialect();

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Serialises concurrent migrators (several processes starting on one PostgreSQL).
const migrationLockKey = 727_001;

/**
 * The PostgreSQL extensions the migrations create, as PGlite bundles (PostgreSQL ships them in contrib).
 * Every PGlite opened on our data must load them: the trigram indexes of 0001 need pg_trgm's operators.
 */
export async function pgliteExtensions(): Promise<Extensions> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

// Each driver is imported only when used: a PGlite server never loads node-postgres and the reverse
// (start-up time).
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async prepared<Row>(name: string, query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await pool.query({ name, text, values: params })).rows as Row[];
      },
      async close() {
        // Idempotent: a test may close the database before the app's own shutdown does.
        if (!pool.ended) await pool.end();
      },
      async listen(channel, onMessage, onReconnect) {
        let client: InstanceType<typeof pg.Client> | undefined;
        let stopped = false;
        let retry: ReturnType<typeof setTimeout> | undefined;
        const connect = async () => {
          const c = new pg.Client({ connectionString: options.databaseUrl });
          client = c;
          c.on('notification', (m) => {
            if (m.channel === channel) onMessage(m.payload ?? '');
          });
          c.on('error', () => again());
          c.on('end', () => again());
          await c.connect();
          await c.query(`LISTEN ${channel}`);
        };
        const again = () => {
          if (stopped || retry) return;
          retry = setTimeout(() => {
            retry = undefined;
            connect().then(onReconnect, () => again());
          }, 1_000);
          retry.unref();
        };
        await connect();
        return async () => {
          stopped = true;
          if (retry) clearTimeout(retry);
          await client?.end().catch(() => {});
        };
      },
      async notify(channel, payload) {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteExtensions(),
  ]);
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    extensions,
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async prepared<Row>(_name: string, query: SQL) {
      // PGlite keeps no named statements across calls: the statement runs as drizzle sends any other.
      return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** The shop's database as configured: DATABASE_URL, else PGlite in DATA_DIR/pglite (server, seed, admin CLI). */
export function openShopDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}

/** PostgreSQL error code of a driver error, looking through drizzle's wrapper. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const retryable = new Set(['40001', '40P01']);
const afterCommit = new WeakMap<object, Array<() => void>>();

/** Runs fn once the surrounding transaction (started with runInTransaction) has committed. */
export function onCommit(tx: Tx, fn: () => void): void {
  const list = afterCommit.get(tx);
  if (list) list.push(fn);
  else afterCommit.set(tx, [fn]);
}

/**
 * Runs fn in a transaction, retrying serialization failures and deadlocks (40001, 40P01), which
 * PostgreSQL may raise under contention and which are safe to replay. Callbacks registered with
 * onCommit run after a successful commit only.
 */
export async function runInTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let txRef: Tx | undefined;
    try {
      const result = await db.transaction(async (tx) => {
        txRef = tx;
        return fn(tx);
      });
      const callbacks = txRef ? afterCommit.get(txRef) : undefined;
      if (callbacks) for (const cb of callbacks) cb();
      return result;
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !retryable.has(code) || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}
