// Shared pieces of the benchmark scripts: the machine, a real server process, fresh databases,
// shoppers, and autocannon runs. Every script writes its figures to bench/results/<area>.json;
// bench/run.ts turns them into docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(repoRoot, 'bench', 'results');

/** Seconds of load per scenario and of warm-up before it; BENCH_DURATION shortens a trial run. */
export const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
export const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
export const connections = 50;

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  os: string;
  load: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    // Other work on the machine skews every figure: record the load average at the start.
    load: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

export function writeResult(area: string, data: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${area}.json`);
  writeFileSync(
    file,
    JSON.stringify({ area, at: new Date().toISOString(), machine: machine(), ...(data as object) }, null, 2),
  );
  return file;
}

export function readResult<T>(area: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path.join(resultsDir, `${area}.json`), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function tempDir(name: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `perf-${name}-`));
}

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL: the PostgreSQL server the benchmarks may create databases on. */
export function postgresBaseUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at baseUrl; drop() removes it. */
export async function freshPostgres(baseUrl: string, label: string): Promise<FreshDatabase> {
  const name =
    `perf_${label.replace(/[^a-z0-9_]/gi, '_')}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface Target {
  /** 'pglite' or 'postgres' */
  driver: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/** A fresh, empty database of the given kind with its own data folder (images, PGlite files). */
export async function freshTarget(driver: 'pglite' | 'postgres', label: string): Promise<Target> {
  const dataDir = tempDir(label);
  if (driver === 'pglite') {
    return { driver, dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = postgresBaseUrl();
  if (!base) throw new Error('PostgreSQL target asked for without BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const db = await freshPostgres(base, label);
  return {
    driver,
    dataDir,
    databaseUrl: db.url,
    cleanup: async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PGlite, and PostgreSQL when a server is given; BENCH_DRIVERS=postgres (or pglite) runs one of them. */
export function targets(): Array<'pglite' | 'postgres'> {
  const all: Array<'pglite' | 'postgres'> = postgresBaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_DRIVERS?.split(',').map((d) => d.trim());
  return only ? all.filter((d) => only.includes(d)) : all;
}

function serverEnv(port: number, target: Target, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: target.dataDir,
    NODE_ENV: 'production',
    // No Stripe keys here: the benchmark's shop runs the test payment page on purpose.
    ALLOW_TEST_PAYMENTS: '1',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
    // Request logging at info costs throughput; the figures are for the server's own work.
    LOG_LEVEL: 'warn',
    // The API benchmark signs up 50 shoppers from one address.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Uncached catalogue reads from one address are what the growth and search benchmarks measure.
    CATALOGUE_UNCACHED_PER_MINUTE: '0',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.STRIPE_SECRET_KEY;
  delete env.STRIPE_WEBHOOK_SECRET;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

/**
 * CPU milliseconds (user + system) used so far by a process and all its descendants, from /proc
 * (Linux). Unlike wall time it hardly changes with what else the machine is running.
 */
export function treeCpuMs(rootPid: number): number {
  const ticks = 100; // USER_HZ on Linux
  const parentOf = new Map<number, number>();
  const cpuOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state(0) ppid(1) ... utime(11) stime(12)
      parentOf.set(Number(entry), Number(fields[1]));
      cpuOf.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    total += cpuOf.get(pid) ?? 0;
    for (const [child, parent] of parentOf) if (parent === pid) pending.push(child);
  }
  return (total * 1000) / ticks;
}

export interface ServerHandle {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/v1/ready. */
  readyMs: number;
  /** CPU milliseconds the server's processes had used when it was first ready. */
  readyCpuMs: number;
  /** Resolves with the milliseconds from spawn to the "Rendered N catalogue images" line, if this start seeds. */
  imagesDone: Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

/** True once nothing accepts connections on 127.0.0.1:port. */
function portClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Waits up to `ms` for the port to close; false if something still listens there. */
async function waitForPortClosed(port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await portClosed(port)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Processes the benchmark started that must not outlive it when it is stopped (Ctrl-C, SIGTERM, a closed
 * terminal): the servers run in their own process groups and Chromium is a child of its own, so neither gets
 * the signal the benchmark got. Each is killed (its whole group where it has one), then the benchmark exits.
 */
const liveChildren = new Map<number, { group: boolean }>();
let stopHandlersInstalled = false;

export function killOnStop(child: ChildProcess, options: { group: boolean }): void {
  if (child.pid === undefined) return;
  const pid = child.pid;
  liveChildren.set(pid, options);
  child.once('exit', () => {
    if (!options.group) liveChildren.delete(pid);
  });
  if (stopHandlersInstalled) return;
  stopHandlersInstalled = true;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      for (const [id, { group }] of liveChildren) {
        try {
          process.kill(group ? -id : id, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      console.error(`\n[bench] stopped by ${sig}: its servers and browsers were stopped too`);
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
}

let serverCompiled = false;
let benchServerCompiled = false;

/**
 * Starts the real server the way `npm start` does (scripts/start.mjs: the compiled server, see
 * scripts/build-server.mjs; the storefront build check is skipped) in its own process group, and
 * waits until it answers /api/v1/ready. The server is compiled once per benchmark run, before any
 * clock starts, so no start-up figure includes the compilation.
 */
export async function startServer(
  port: number,
  target: Target,
  extra: Record<string, string> = {},
  options: { baselineRoute?: boolean } = {},
): Promise<ServerHandle> {
  // The baseline route is never in the shop's server: bench/server.ts registers it on its own build
  // of the same server (compiled the same way), run directly with node.
  const bench = options.baselineRoute === true;
  if (bench ? !benchServerCompiled : !serverCompiled) {
    const args = ['scripts/build-server.mjs', ...(bench ? ['--bench'] : [])];
    const build = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0)
      throw new Error(`compiling the server failed (exit ${build.status ?? build.signal})`);
    if (bench) benchServerCompiled = true;
    else serverCompiled = true;
  }
  // A server still closing on this port (the previous catalogue's) would answer /ready for the new one, and
  // the benchmark would measure a catalogue whose database is gone.
  if (!(await waitForPortClosed(port, 20_000)))
    throw new Error(`port ${port} is still in use: another server listens there`);
  const t0 = performance.now();
  const entry = bench
    ? [path.join(repoRoot, 'node_modules', '.cache', 'freshcart-bench-server', 'main.mjs')]
    : ['scripts/start.mjs'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...serverEnv(port, target, extra), SKIP_STOREFRONT_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killOnStop(child, { group: true });
  let out = '';
  let resolveImages: (ms: number) => void = () => {};
  const imagesDone = new Promise<number>((resolve) => (resolveImages = resolve));
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    if (/Rendered \d+ catalogue images/.test(out)) resolveImages(performance.now() - t0);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`server on port ${port} exited before it was ready:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server on port ${port} not ready after 120 s:\n${out}`);
    try {
      const res = await fetch(`${url}/api/v1/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  const readyCpuMs = treeCpuMs(child.pid!);
  return {
    url,
    child,
    readyMs,
    readyCpuMs,
    imagesDone,
    output: () => out,
    async stop() {
      // The whole group: scripts/start.mjs and the server process it runs. Signalled even when start.mjs has
      // exited already: the server it ran may outlive it.
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          // the group is gone
        }
      };
      const done = exited ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
      liveChildren.delete(child.pid!);
      // Only a closed port proves the server is gone: the next catalogue's server listens there.
      if (!(await waitForPortClosed(port, 15_000))) {
        signal('SIGKILL');
        if (!(await waitForPortClosed(port, 5_000)))
          throw new Error(`the server on port ${port} would not stop`);
      }
    },
  };
}

/** Runs `npm run db:seed -- --products N` (tsx server/seed/seed-cli.ts) against the target. */
export async function seed(target: Target, products?: number): Promise<number> {
  const t0 = performance.now();
  const args = ['server/seed/seed-cli.ts', ...(products ? ['--products', String(products)] : [])];
  const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), args, {
    cwd: repoRoot,
    env: serverEnv(0, target),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0) throw new Error(`seeding failed (exit ${code}):\n${out}`);
  return performance.now() - t0;
}

/** Runs SQL on the target's database while no server holds it (PGlite allows one process). */
/**
 * The first admin of a benchmark's database, as a shop makes it (`npm run admin -- create`), before the server holds
 * PGlite's files.
 */
export function createAdmin(target: Target, admin: { email: string; password: string }): void {
  const env: NodeJS.ProcessEnv = { ...process.env, ADMIN_PASSWORD: admin.password, DATA_DIR: target.dataDir };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'create', admin.email], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`npm run admin -- create failed:\n${made.stdout}${made.stderr}`);
}

export async function runSql<T = Record<string, unknown>>(target: Target, text: string): Promise<T[]> {
  if (target.databaseUrl) {
    const c = new pg.Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The server's extensions (pg_trgm): the products table's trigram indexes need them for any write.
  const { pgliteExtensions } = await import('../server/db/client');
  const db = await PGlite.create({
    dataDir: path.join(target.dataDir, 'pglite'),
    extensions: await pgliteExtensions(),
  });
  try {
    const results = await db.exec(text);
    return (results.at(-1)?.rows ?? []) as T[];
  } finally {
    await db.close();
  }
}

export async function api<T>(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs up a new shopper and returns the token. */
export async function signUp(base: string, n: number): Promise<string> {
  const email = `bench.shopper.${n}.${randomBytes(3).toString('hex')}@example.com`;
  const res = await api<{ token: string }>(base, 'POST', '/auth/signup', {
    name: `Shopper ${n}`,
    email,
    password: 'Bench#Pass1',
    rePassword: 'Bench#Pass1',
    phone: '01012345678',
  });
  return res.token;
}

/**
 * The shopper the page benchmarks load the storefront as, once every picture is drawn (a first request for an undrawn
 * one renders it on the spot; three minutes at most): signed up, with the catalogue's first two products in the cart.
 * Returns the token and the first product's id (its details page).
 */
export async function shopperWithCart(
  server: ServerHandle,
): Promise<{ token: string; firstProduct: string }> {
  await Promise.race([server.imagesDone, new Promise((r) => setTimeout(r, 180_000))]);
  const token = await signUp(server.url, 1);
  const list = await api<{ data: Array<{ _id: string }> }>(server.url, 'GET', '/products');
  const [first, second] = list.data;
  if (!first || !second) throw new Error('the seeded catalogue is empty');
  await api(server.url, 'POST', '/cart', { productId: first._id }, token);
  await api(server.url, 'POST', '/cart', { productId: second._id }, token);
  return { token, firstProduct: first._id };
}

export interface LoadFigure {
  name: string;
  path: string;
  method: string;
  rps: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  headers?: Record<string, string>;
  /** Per-connection token (connection i uses tokens[i % n]). */
  tokens?: string[];
  /** Adds a unique query parameter to every request, so no answer comes from the server's cache. */
  bustCache?: boolean;
  /** Paths (with query) asked in turn instead of the url's own, as many shoppers asking different things. */
  paths?: string[];
  /** Connections (default 50). */
  connections?: number;
  /** No warm-up run: the server meets the load cold (caches empty). */
  cold?: boolean;
  /**
   * What each request carries, asked once per request (overrides `tokens` and `paths`): many shoppers' writes
   * rotated over the connections, so every write stays one a shop accepts.
   */
  perRequest?: () => { path?: string; body?: string; token?: string };
}

function runCannon(opts: LoadOptions, seconds: number): Promise<autocannon.Result> {
  let nextToken = 0;
  let counter = 0;
  const u = new URL(opts.url);
  const basePath = u.pathname + u.search;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${u.origin}`,
        connections: opts.connections ?? connections,
        duration: seconds,
        requests: [
          {
            method: opts.method ?? 'GET',
            path: basePath,
            headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
            body: opts.body,
            setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
              const headers = { ...(req.headers ?? {}) };
              if (opts.perRequest) {
                const next = opts.perRequest();
                if (next.token) headers.token = next.token;
                return { ...req, path: next.path ?? basePath, body: next.body ?? req.body, headers };
              }
              if (opts.tokens?.length) {
                if (context.token === undefined)
                  context.token = opts.tokens[nextToken++ % opts.tokens.length];
                headers.token = context.token as string;
              }
              const p = opts.paths?.length
                ? opts.paths[counter++ % opts.paths.length]!
                : opts.bustCache
                  ? `${basePath}${basePath.includes('?') ? '&' : '?'}_b=${++counter}`
                  : basePath;
              return { ...req, path: p, headers };
            },
          },
        ],
      },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Waits until the server has worked off what earlier runs left queued (a closed autocannon connection
 * does not cancel its request; on PGlite every query waits for the one before): /ready, which goes
 * through the database, must answer within 50 ms three times in a row.
 */
export async function settle(origin: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    try {
      await (await fetch(`${origin}/api/v1/ready`)).text();
    } catch {
      // keep trying until the deadline
    }
    fast = performance.now() - t0 < 50 ? fast + 1 : 0;
    if (fast < 3) await new Promise((r) => setTimeout(r, 100));
  }
}

/** A warm-up (unless cold), then the measured run (50 connections), each starting on an idle server. */
export async function load(opts: LoadOptions): Promise<LoadFigure> {
  const origin = new URL(opts.url).origin;
  await settle(origin);
  if (warmupSeconds > 0 && !opts.cold) {
    await runCannon(opts, warmupSeconds);
    await settle(origin);
  }
  const r = await runCannon(opts, durationSeconds);
  const u = new URL(opts.url);
  return {
    name: opts.name,
    path: opts.paths?.length
      ? `${opts.paths.length} paths in turn`
      : u.pathname + u.search + (opts.bustCache ? (u.search ? '&' : '?') + '_b=<n>' : ''),
    method: opts.method ?? 'GET',
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The `p`th percentile of `values` (nearest rank); NaN for none. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

/** One staff call timed, and the answer's `results` (1 for an answer that is not a list). */
async function timedStaffCall(
  base: string,
  path: string,
  token: string,
): Promise<{ ms: number; results: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1${path}`, { headers: { token } });
  const body = (await res.json()) as { results?: number };
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`GET ${path} → ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, results: body.results ?? 1 };
}

/**
 * One staff member asking `path` `callsPerRound` times, one call after another, for `rounds` rounds (what a person
 * at a back office screen waits for): the median and the p95 of each round, and the answer's `results`.
 */
export async function staffRounds(
  base: string,
  path: string,
  token: string,
  rounds: number,
  callsPerRound: number,
): Promise<{ p50: number[]; p95: number[]; results: number }> {
  const figure = { p50: [] as number[], p95: [] as number[], results: 0 };
  for (let round = 0; round < rounds; round++) {
    const times: number[] = [];
    for (let i = 0; i < callsPerRound; i++) {
      const { ms, results } = await timedStaffCall(base, path, token);
      times.push(ms);
      figure.results = results;
    }
    figure.p50.push(Math.round(percentile(times, 50) * 10) / 10);
    figure.p95.push(Math.round(percentile(times, 95) * 10) / 10);
  }
  return figure;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
