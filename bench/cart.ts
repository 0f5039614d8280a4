// Cart writes under load (issue 30, item 3: POST /cart p99 ≤ 50 ms at 50 connections on PostgreSQL): autocannon,
// 50 connections, a warm-up then 10 s per call, against the compiled server (NODE_ENV=production) on a fresh PGlite
// database and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh PostgreSQL one.
// BENCH_ROUNDS rounds (default 3) of the three calls, one after another, each round starting with empty carts; the
// figures are each call's median with min–max over the rounds.
// Every write is one the shop accepts: each request is the next of many shoppers (round robin), adding the next of
// ten products, so no cart reaches the per-line or per-order cap during the run; a run with any answer other than
// 2xx stops the benchmark (an earlier version of bench/api.ts measured mostly "too many of one" refusals).
//
//   npx tsx bench/cart.ts        → bench/results/cart.json
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  api,
  connections,
  durationSeconds,
  freshTarget,
  load,
  runSql,
  seed,
  signUp,
  startServer,
  targets,
  warmupSeconds,
  writeResult,
  type LoadFigure,
} from './lib';

const firstPort = Number(process.env.BENCH_PORT || 3830);
const ports = { pglite: firstPort, postgres: firstPort + 1 } as const;
/** Shoppers the writes rotate over: at 3,000 writes a second for 13 s, each cart gets 65 units, under 7 a line. */
const shoppers = Number(process.env.BENCH_CART_SHOPPERS || 600);
const productsInTurn = 10;
const rounds = Number(process.env.BENCH_ROUNDS || 3);

export interface CartRun {
  driver: string;
  shoppers: number;
  /** The load average when each round started, and its figures. */
  rounds: { load: string; figures: LoadFigure[] }[];
}

interface ListAnswer {
  data: Array<{ _id: string }>;
}

/**
 * Round robin over the shoppers; each pass over them moves to the next of `items`, so every shopper's writes go to
 * every item in turn. (Picking `items[i % items.length]` gave each shopper one item for good whenever the shoppers
 * were a multiple of the items, 600 and 10: a fast machine took every line to its cap of 50 within a round.)
 */
function rotation<T>(tokens: string[], items: T[], body: (item: T, round: number) => unknown) {
  let n = 0;
  return () => {
    const i = n++;
    const item = items[Math.floor(i / tokens.length) % items.length]!;
    return {
      token: tokens[i % tokens.length]!,
      body: JSON.stringify(body(item, Math.floor(i / tokens.length))),
    };
  };
}

async function benchOne(driver: 'pglite' | 'postgres'): Promise<CartRun> {
  const target = await freshTarget(driver, `cart-${driver}`);
  try {
    await seed(target);
    await runSql(target, 'UPDATE products SET quantity = 10000000');
    const server = await startServer(ports[driver], target);
    try {
      const base = server.url;
      const products = (await api<ListAnswer>(base, 'GET', `/products?limit=${productsInTurn}`)).data.map(
        (p) => p._id,
      );
      if (products.length < productsInTurn) throw new Error('the seeded catalogue has too few products');
      console.log(`[cart ${driver}] signing up ${shoppers} shoppers`);
      const tokens: string[] = [];
      for (let i = 0; i < shoppers; i += 4) {
        const batch = Array.from({ length: Math.min(4, shoppers - i) }, (_, k) => signUp(base, i + k));
        tokens.push(...(await Promise.all(batch)));
      }
      const run = async (f: Parameters<typeof load>[0], figures: LoadFigure[]) => {
        console.log(`[cart ${driver}] ${f.name}`);
        const fig = await load(f);
        console.log(
          `  ${fig.rps} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms, ${fig.requests} requests, non-2xx ${fig.non2xx}, errors ${fig.errors}`,
        );
        if (fig.non2xx > 0 || fig.errors > 0)
          throw new Error(`${f.name}: ${fig.non2xx} answers were not 2xx and ${fig.errors} failed`);
        figures.push(fig);
      };
      const done: CartRun['rounds'] = [];
      for (let r = 1; r <= rounds; r++) {
        // Empty carts, then one line of the first product each, so the count changes have a line to change.
        for (const t of tokens) await api(base, 'DELETE', '/cart', undefined, t);
        for (const t of tokens) await api(base, 'POST', '/cart', { productId: products[0] }, t);
        const loadAvg = loadavg()
          .map((x) => x.toFixed(2))
          .join(' ');
        console.log(`[cart ${driver}] round ${r} of ${rounds}, load ${loadAvg}`);
        const figures: LoadFigure[] = [];
        await run(
          {
            name: 'POST /cart (add one unit)',
            url: `${base}/api/v1/cart`,
            method: 'POST',
            body: '{}',
            perRequest: rotation(tokens, products, (productId) => ({ productId })),
          },
          figures,
        );
        await run(
          {
            name: 'PUT /cart/{id} (set the count)',
            url: `${base}/api/v1/cart/${products[0]}`,
            method: 'PUT',
            body: '{}',
            perRequest: rotation(tokens, [1, 2, 3], (count) => ({ count })),
          },
          figures,
        );
        await run({ name: 'GET /cart', url: `${base}/api/v1/cart`, tokens }, figures);
        // The floor of any signed-in call: the token's signature and its account (one round trip), nothing else.
        await run(
          {
            name: 'GET /auth/verifyToken (the token check alone)',
            url: `${base}/api/v1/auth/verifyToken`,
            tokens,
          },
          figures,
        );
        done.push({ load: loadAvg, figures });
      }
      return { driver, shoppers, rounds: done };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export async function benchCart(): Promise<CartRun[]> {
  const runs: CartRun[] = [];
  for (const driver of targets()) runs.push(await benchOne(driver));
  writeResult(process.env.BENCH_CART_RESULT || 'cart', {
    connections,
    durationSeconds,
    warmupSeconds,
    rounds,
    runs,
  });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchCart().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
