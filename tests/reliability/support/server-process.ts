// Starts the real server (server/main.ts) as a child process for the long reliability runs.
// The entry is compiled once with esbuild (what tsx does on every start) so that twenty restarts on a
// busy machine do not spend most of their time recompiling TypeScript; the code that runs is the same.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');
// Inside node_modules so that the bundle's bare imports (fastify, pg, ...) resolve to the project's packages.
const bundleDir = path.join(repoRoot, 'node_modules', '.cache', 'reliability-server');
export const logDir = '/tmp/reliability-logs';

let built: Promise<string> | undefined;

/** Compiles server/main.ts to one ESM file next to a copy of the migrations folder (client.ts looks beside itself). */
export function buildServer(): Promise<string> {
  built ??= (async () => {
    rmSync(bundleDir, { recursive: true, force: true });
    mkdirSync(bundleDir, { recursive: true });
    const outfile = path.join(bundleDir, 'main.mjs');
    await build({
      entryPoints: [path.join(repoRoot, 'server', 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      packages: 'external',
      tsconfig: path.join(repoRoot, 'tsconfig.json'),
      logLevel: 'warning',
    });
    cpSync(path.join(repoRoot, 'server', 'db', 'migrations'), path.join(bundleDir, 'migrations'), {
      recursive: true,
    });
    return outfile;
  })();
  return built;
}

export const testJwtSecret = 'reliability-test-secret-0123456789-abcdefghijklmnop';

export interface ServerOptions {
  label: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Output of the process so far (for failure reports). */
  output(): string;
  /** Called with every chunk the process writes from now on. */
  onOutput(listener: (text: string) => void): void;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const entry = await buildServer();
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${options.label}.log`), { flags: 'a' });
  let output = '';
  const listeners: Array<(text: string) => void> = [];
  const proc = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      JWT_SECRET: testJwtSecret,
      // No storefront build needed for API runs.
      STOREFRONT_DIR: path.join(options.dataDir, 'no-storefront'),
      // Load comes from one address; the limits themselves are tested elsewhere.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      CATALOGUE_UNCACHED_PER_MINUTE: '0',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-20_000);
    log.write(text);
    for (const listener of listeners) listener(text);
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) => {
    proc.on('exit', (code, signal) => {
      log.end();
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`${options.label}: server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(
        `${options.label}: not ready within ${options.readyTimeoutMs ?? 120_000} ms:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc, exited, output: () => output, onOutput: (listener) => void listeners.push(listener) };
}

/** A new, empty PostgreSQL database next to the one in TEST_DATABASE_URL; returns its URL. */
export async function freshPgDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPgDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
