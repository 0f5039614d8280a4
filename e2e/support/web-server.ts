// Playwright's webServer command: our real server on a fresh database for this run only.
// PGlite in a new temporary folder by default; with TEST_DATABASE_URL, a new PostgreSQL database
// created here and dropped on shutdown. The temporary folder is removed on shutdown as well.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { localAdmin, localOrderDesk } from './staff';

const port = process.env.E2E_PORT;
if (!port) throw new Error('E2E_PORT is not set: start the browser suite with `npx playwright test`.');

const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | null = null;
let databaseUrl: string | undefined;

async function createDatabase(baseUrl: string): Promise<string> {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  databaseName = name;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  if (testDatabaseUrl && databaseName) {
    try {
      await dropDatabase(testDatabaseUrl, databaseName);
    } catch (err) {
      console.error(`[e2e] could not drop database ${databaseName}:`, (err as Error).message);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (testDatabaseUrl) databaseUrl = await createDatabase(testDatabaseUrl);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Not production: the journeys read reset codes from the development outbox.
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test signs a shopper up from 127.0.0.1: the production limit would throttle the suite.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Every journey reads the catalogue from 127.0.0.1 too (searches and filters the cache has not seen).
    CATALOGUE_UNCACHED_PER_MINUTE: '0',
    // Stock holds (docs/security.md): a run's ~20 cash and test-card orders from 127.0.0.1 hold about 30 units,
    // well inside the address's 300, but most take a unit of the first seeded product, which has only 40: a
    // quarter of it (10) would refuse the later journeys. The run holds what it likes of a product.
    HELD_STOCK_SHARE_PERCENT: '100',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The server must not pick up keys that would send card payments to a real provider.
  delete env.STRIPE_SECRET_KEY;
  delete env.STRIPE_WEBHOOK_SECRET;
  delete env.SMTP_URL;
  // Rate-limit counters stay in this process, never shared with other runs through Redis.
  delete env.REDIS_URL;

  await createStaffAdmins(env);

  console.log(
    `[e2e] server on port ${port}, data in ${dataDir}` +
      (databaseName ? `, PostgreSQL database ${databaseName}` : ', PGlite'),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });

  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGINT', () => forward('SIGINT'));

  child.on('exit', (code, signal) => {
    void cleanUp().then(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

/**
 * The journeys' staff accounts, made with the shop's CLI before the server starts (PGlite takes one process at a
 * time): the back office journeys' admin, and the order journeys' (each account has its own sign-in budget).
 */
async function createStaffAdmins(env: NodeJS.ProcessEnv): Promise<void> {
  for (const account of [localAdmin, localOrderDesk]) await createStaffAdmin(env, account);
}

async function createStaffAdmin(
  env: NodeJS.ProcessEnv,
  account: { email: string; password: string },
): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    const cli = spawn('npm', ['run', '--silent', 'admin', '--', 'create', account.email], {
      env: { ...env, ADMIN_PASSWORD: account.password },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cli.on('exit', resolve);
    cli.on('error', () => resolve(null));
  });
  if (code !== 0)
    throw new Error(`\`npm run admin -- create\` exited ${code}: no admin for the back office journey`);
}

main().catch(async (err) => {
  console.error('[e2e] could not start the server:', err);
  await cleanUp();
  process.exit(1);
});
