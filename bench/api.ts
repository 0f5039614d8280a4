// API throughput and latency: autocannon, 50 connections, a warm-up then 10 s per call,
// against the real server (compiled as `npm start` does, NODE_ENV=production) on a fresh PGlite database, and on
// a fresh PostgreSQL database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// The upper bound is the same server answering a pre-serialized body of the same size from memory
// (bench/baseline-route.ts, registered by the benchmark's own build of the server, bench/server.ts).
//
//   npx tsx bench/api.ts        → bench/results/api.json
import { pathToFileURL } from 'node:url';
import {
  api,
  connections,
  durationSeconds,
  freshTarget,
  load,
  runSql,
  seed,
  startServer,
  targets,
  warmupSeconds,
  writeResult,
  type LoadFigure,
} from './lib';

const ports = { pglite: 3810, postgres: 3811 } as const;

export interface ApiRun {
  driver: string;
  figures: LoadFigure[];
  /** catalogue figure name → the baseline figure of the same body size */
  baselineOf: Record<string, string>;
}

interface ListAnswer {
  data: Array<{ _id: string; title: string }>;
}

async function benchOne(driver: 'pglite' | 'postgres'): Promise<ApiRun> {
  const target = await freshTarget(driver, `api-${driver}`);
  try {
    await seed(target);
    // Writes must stay writes for the whole run: stock large enough that no add-to-cart runs out.
    await runSql(target, 'UPDATE products SET quantity = 10000000');
    const server = await startServer(ports[driver], target, {}, { baselineRoute: true });
    try {
      const base = server.url;
      const list = await api<ListAnswer>(base, 'GET', '/products');
      const product = list.data[3] ?? list.data[0];
      if (!product) throw new Error('the seeded catalogue is empty');
      // A word from a real title, so the search finds something.
      const keyword =
        product.title
          .split(/\s+/)
          .find((w) => w.length >= 4)
          ?.toLowerCase() ?? product.title.slice(0, 4);
      const catalogue = [
        { name: 'GET /products', path: '/api/v1/products' },
        { name: 'GET /products/{id}', path: `/api/v1/products/${product._id}` },
        { name: 'GET /products?keyword=…', path: `/api/v1/products?keyword=${encodeURIComponent(keyword)}` },
      ];
      const figures: LoadFigure[] = [];
      const baselineOf: Record<string, string> = {};
      const run = async (f: Parameters<typeof load>[0]) => {
        console.log(`[api ${driver}] ${f.name}`);
        const fig = await load(f);
        console.log(
          `  ${fig.rps} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms, ${fig.bytesPerResponse} B, non-2xx ${fig.non2xx}, errors ${fig.errors}`,
        );
        figures.push(fig);
        return fig;
      };
      for (const c of catalogue) {
        const size = Buffer.byteLength(await (await fetch(base + c.path)).text());
        await run({ name: c.name, url: base + c.path });
        const bname = `baseline: ${size} B from memory`;
        baselineOf[c.name] = bname;
        if (!figures.some((f) => f.name === bname)) {
          await run({ name: bname, url: `${base}/api/v1/__bench/baseline?bytes=${size}` });
        }
      }
      // As a browser asks: compressed (the server compresses JSON over 1 KB on every answer).
      await run({
        name: 'GET /products (Accept-Encoding: br, gzip)',
        url: base + catalogue[0]!.path,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      // Catalogue answers not in the server's cache: the database's share of the work.
      await run({ name: 'GET /products (uncached)', url: base + catalogue[0]!.path, bustCache: true });
      await run({
        name: 'GET /products?keyword=… (uncached)',
        url: base + catalogue[2]!.path,
        bustCache: true,
      });
      // The cart's calls are measured by bench/cart.ts, with writes that stay valid for the whole run.
      return { driver, figures, baselineOf };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export async function benchApi(): Promise<ApiRun[]> {
  const runs: ApiRun[] = [];
  for (const driver of targets()) runs.push(await benchOne(driver));
  writeResult('api', { connections, durationSeconds, warmupSeconds, runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchApi().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
