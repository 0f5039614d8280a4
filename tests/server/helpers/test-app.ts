import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/client';
import { seedCatalogue } from '@/server/seed/seed';

export type DbKind = 'pglite' | 'postgres';

/** The databases every API suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  kind: DbKind;
  /** Milliseconds added to the app's clock (reset-code expiry tests). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Omit<AppDeps, 'config' | 'database' | 'clock'>> {
  env?: Record<string, string>;
  seed?: boolean;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * PGlite's initdb is the slow part of a boot (seconds, far more on a busy machine). Every in-memory
 * database starts from a dump of a migrated (and optionally seeded) one, kept in the OS temp folder
 * under a hash of the migrations and seed sources, so it is rebuilt whenever they change.
 */
function templateKey(seeded: boolean): string {
  const h = createHash('sha256');
  const dir = path.join(repoRoot, 'server/db/migrations');
  for (const f of readdirSync(dir).sort()) if (f.endsWith('.sql')) h.update(readFileSync(path.join(dir, f)));
  if (seeded)
    for (const f of ['server/seed/seed.ts', 'server/seed/seed-data.ts', 'server/seed/seed-arabic.ts'])
      h.update(readFileSync(path.join(repoRoot, f)));
  return h.digest('hex').slice(0, 16);
}

const templates = new Map<boolean, Promise<Blob>>();

function pgliteTemplate(seeded: boolean): Promise<Blob> {
  let job = templates.get(seeded);
  if (!job) {
    job = (async () => {
      const file = path.join(
        os.tmpdir(),
        `server-pglite-template-${seeded ? 'seeded' : 'empty'}-${templateKey(seeded)}.tar`,
      );
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const database = await openDatabase({});
      await database.migrate();
      if (seeded) await seedCatalogue(database.db);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      await database.close();
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      renameSync(tmp, file);
      return dump;
    })();
    templates.set(seeded, job);
  }
  return job;
}

/** A fresh in-memory PGlite database, migrated (and seeded when asked), started from the template. */
export async function freshPglite(seeded: boolean): Promise<Database> {
  const database = await openDatabase({ pgliteLoadDataDir: await pgliteTemplate(seeded) });
  await database.migrate();
  return database;
}

/**
 * A fresh database per call: an in-memory PGlite, or a new PostgreSQL database created from
 * TEST_DATABASE_URL (CREATE DATABASE test_<random>), dropped on close. Several helpers and vitest
 * workers run at once, so nothing is shared.
 */
export async function startTestApp(kind: DbKind, options: StartOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://shop.test',
    STOREFRONT_DIR: path.join(dataDir, 'no-storefront'),
    LOG_LEVEL: 'silent',
    // Suites read the catalogue from one address; the budget's own test turns it on.
    CATALOGUE_UNCACHED_PER_MINUTE: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const seeded = options.seed !== false;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 25,
    ...(kind === 'pglite' ? { pgliteLoadDataDir: await pgliteTemplate(seeded) } : {}),
  });
  await database.migrate();
  if (seeded && kind === 'postgres') await seedCatalogue(database.db);
  let offset = 0;
  const { env: _env, seed: _seed, ...rest } = options;
  const app = await buildApp({
    config,
    database,
    clock: () => Date.now() + offset,
    authLimits: { perMinute: 10_000 },
    ...rest,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    kind,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function json(res: LightMyRequestResponse): Json {
  return res.json() as Json;
}

let counter = 0;

export interface Shopper {
  id: string;
  token: string;
  email: string;
  password: string;
  name: string;
}

/** Signs up a new shopper through the API and returns the token and id. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; phone: string }> = {},
): Promise<Shopper> {
  counter++;
  const email = overrides.email ?? `shopper${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'secret123';
  const name = overrides.name ?? 'Test Shopper';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, email, password, rePassword: password, phone: overrides.phone ?? '01012345678' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = json(res).token as string;
  const verify = await app.inject({ method: 'GET', url: '/api/v1/auth/verifyToken', headers: { token } });
  return { id: json(verify).decoded.id as string, token, email, password, name };
}

/** The first n seeded products as the API lists them (cheapest first, for predictable totals). */
export async function someProducts(app: FastifyInstance, n: number): Promise<Json[]> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/products?limit=${n}&sort=price` });
  return json(res).data as Json[];
}
