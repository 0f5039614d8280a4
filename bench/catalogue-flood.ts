// A cached product list while uncached catalogue reads flood the server: about ten
// anonymous requests a second, each a list nobody asked for before (`limit=1000`, a new misspelt keyword and
// a new price bound each time), from five addresses, took a cached list from 4 ms to 700 ms (p95 2 s).
//
// The server runs from TypeScript (tsx server/main.ts, no compiled bundle: the bundle lives in the shared
// node_modules/.cache) on a fresh PGlite catalogue of BENCH_PRODUCTS products (2,000 by default), with
// TRUST_PROXY=1 so each flooding address is its own X-Forwarded-For. Each round: the load average is read,
// the flood starts at BENCH_FLOOD_RPS (10) a second, and one shopper reads the cached first page
// (`page=1&limit=24`, as the storefront asks) one request after another for BENCH_SECONDS (20 s); its
// latencies give p50/p95/p99. BENCH_ROUNDS (3) rounds; the figures go to docs/benchmarks.md by hand.
// Not part of `npm run bench`.
//
//   npx tsx bench/catalogue-flood.ts                       this tree's server
//   BENCH_SERVER_DIR=/tmp/old npx tsx bench/catalogue-flood.ts   another checkout's (same node_modules)
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killOnStop, median, repoRoot, tempDir } from './lib';

const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? repoRoot);
const products = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const floodRps = Number(process.env.BENCH_FLOOD_RPS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const port = 3871;
const origin = `http://127.0.0.1:${port}`;
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

function run(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(tsx, args, {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killOnStop(child, { group: true });
  return child;
}

async function exited(child: ChildProcess, what: string): Promise<void> {
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${out}`);
}

async function ready(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/v1/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready after 180 s');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Round {
  load: string;
  p50: number;
  p95: number;
  p99: number;
  reads: number;
  flood: Record<string, number>;
}

async function round(): Promise<Round> {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const cached = '/api/v1/products?page=1&limit=24';
  await (await fetch(origin + cached)).text();
  const flood: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    // A new price bound each time (1,000 products to answer), every other one with a misspelt keyword the
    // typo dictionary has to resolve (`gitar` finds Guitar).
    const keyword = i % 2 ? `&keyword=${['gitar', 'elctric', 'laptp', 'shose'][i % 4]}` : '';
    const url = `${origin}/api/v1/products?limit=1000${keyword}&price[lte]=${100_000 + i}`;
    const job = fetch(url, { headers: { 'x-forwarded-for': `198.51.100.${(i % 5) + 1}` } })
      .then(async (res) => {
        await res.arrayBuffer();
        flood[res.status] = (flood[res.status] ?? 0) + 1;
      })
      .catch(() => {
        flood.error = (flood.error ?? 0) + 1;
      })
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }, 1000 / floodRps);
  // Let the flood reach its pace before measuring.
  await new Promise((r) => setTimeout(r, 2_000));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await fetch(origin + cached);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`cached list answered ${res.status}`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  clearInterval(timer);
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return {
    load,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    reads: latencies.length,
    flood,
  };
}

async function main() {
  const dataDir = tempDir('catalogue-flood');
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    NODE_ENV: 'development',
    SKIP_STOREFRONT_BUILD: '1',
  };
  console.log(`server from ${serverDir}; seeding ${products} products…`);
  await exited(run(['server/seed/seed-cli.ts', '--products', String(products)], env), 'seeding');
  const server = run(['server/main.ts'], env);
  let out = '';
  server.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await ready();
    const results: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      const r = await round();
      results.push(r);
      console.log(
        `round ${i + 1}: load ${r.load}; cached list p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ` +
          `p99 ${r.p99.toFixed(1)} ms (${r.reads} reads); flood answers ${JSON.stringify(r.flood)}`,
      );
      await new Promise((r) => setTimeout(r, 3_000));
    }
    const summary = (key: 'p50' | 'p95' | 'p99') => {
      const v = results.map((r) => r[key]);
      return `${median(v).toFixed(0)} ms (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
    };
    console.log(
      JSON.stringify({
        serverDir,
        products,
        floodRps,
        seconds,
        p50: summary('p50'),
        p95: summary('p95'),
        p99: summary('p99'),
        loads: results.map((r) => r.load),
      }),
    );
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // gone
    }
    await new Promise((r) => server.once('exit', r));
    if (process.exitCode) console.log(out);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
