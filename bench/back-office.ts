// The back office's product list at 100,000 products: the calls its list screen makes (admin/api/data-provider.ts:
// a staff token, 25 a page, English), each filter and sort staff use, a deep page, and a search. One staff member
// asking one call after another (what a person at the list waits for), 40 calls a round, 3 rounds on a fresh
// server; then 10 staff at once on the default list. Staff reads are computed by the database (the response cache
// keeps the storefront's answers only).
// Goal: p95 ≤ 300 ms for every call on PostgreSQL at 100,000 products.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/back-office.ts
//   (BENCH_BACK_OFFICE_SIZE=10000 for a smaller catalogue; BENCH_DRIVERS=pglite,postgres for both databases)
import { pathToFileURL } from 'node:url';
import {
  api,
  createAdmin,
  freshTarget,
  load,
  machine,
  median,
  runSql,
  seed,
  startServer,
  targets,
  writeResult,
  type LoadFigure,
  staffRounds,
} from './lib';

const size = Number(process.env.BENCH_BACK_OFFICE_SIZE ?? 100_000);
const port = Number(process.env.BENCH_PORT || 3840);
const rounds = 3;
const callsPerRound = 40;
const goalMs = 300;
const admin = { email: 'bench.admin@example.com', password: 'Bench#Admin2026' };

interface Scenario {
  name: string;
  query: string;
}

interface ScenarioFigure {
  name: string;
  query: string;
  /** Per round: the median and the 95th percentile of its calls, in ms. */
  p50: number[];
  p95: number[];
  results: number;
}

export interface BackOfficeRun {
  driver: 'pglite' | 'postgres';
  size: number;
  seedMs: number;
  scenarios: ScenarioFigure[];
  concurrent: LoadFigure;
}

async function ids(base: string) {
  const categories = await api<{ data: { _id: string }[] }>(base, 'GET', '/categories?limit=100');
  const brands = await api<{ data: { _id: string }[] }>(base, 'GET', '/brands?limit=100');
  return { category: categories.data[0]!._id, brand: brands.data[0]!._id };
}

function scenarios(category: string, brand: string): Scenario[] {
  const list = 'limit=25&lang=en';
  return [
    { name: 'first page (newest active)', query: `page=1&${list}&sort=-createdAt&status=active` },
    { name: 'page 2,000 (offset 49,975)', query: `page=2000&${list}&sort=-createdAt&status=active` },
    { name: 'all statuses by price', query: `page=1&${list}&sort=price&status=all` },
    { name: 'search "shirt"', query: `page=1&${list}&keyword=shirt&status=active` },
    { name: 'category', query: `page=1&${list}&sort=-createdAt&category[in]=${category}&status=active` },
    { name: 'brand', query: `page=1&${list}&sort=-createdAt&brand=${brand}&status=active` },
    {
      name: 'price 100–500',
      query: `page=1&${list}&sort=-createdAt&price[gte]=100&price[lte]=500&status=active`,
    },
    {
      name: 'low stock (1–5)',
      query: `page=1&${list}&sort=-createdAt&quantity[gte]=1&quantity[lte]=5&status=all`,
    },
    { name: 'sold out', query: `page=1&${list}&sort=-createdAt&quantity[lte]=0&status=all` },
    { name: 'archived', query: `page=1&${list}&sort=-createdAt&status=archived` },
  ];
}

async function runOn(driver: 'pglite' | 'postgres'): Promise<BackOfficeRun> {
  const target = await freshTarget(driver, `back-office-${driver}`);
  try {
    console.log(`▶ ${driver}: seeding ${size.toLocaleString('en')} products`);
    const seedMs = await seed(target, size);
    // Some archived and sold-out products, as a shop that has run a while has.
    await runSql(
      target,
      `UPDATE products SET status = 'archived' WHERE id IN (SELECT id FROM products ORDER BY id LIMIT ${Math.ceil(size / 50)});
       UPDATE products SET quantity = (abs(hashtext(id)) % 7) WHERE id IN (SELECT id FROM products ORDER BY id DESC LIMIT ${Math.ceil(size / 10)});`,
    );
    // The first admin, as a shop makes it (npm run admin -- create), before the server holds PGlite's files.
    createAdmin(target, admin);
    const server = await startServer(port, target);
    try {
      const { token } = await api<{ token: string }>(server.url, 'POST', '/auth/signin', admin);
      const { category, brand } = await ids(server.url);
      const figures: ScenarioFigure[] = [];
      for (const s of scenarios(category, brand)) {
        const figure: ScenarioFigure = {
          name: s.name,
          query: s.query,
          ...(await staffRounds(server.url, `/products?${s.query}`, token, rounds, callsPerRound)),
        };
        console.log(
          `  ${s.name}: p95 ${median(figure.p95)} ms (${Math.min(...figure.p95)}–${Math.max(...figure.p95)}), ${figure.results} results`,
        );
        figures.push(figure);
      }
      const concurrent = await load({
        name: '10 staff at once, first page',
        url: `${server.url}/api/v1/products?${scenarios(category, brand)[0]!.query}`,
        headers: { token },
        connections: 10,
      });
      console.log(
        `  10 staff at once: p50 ${concurrent.p50} ms, p99 ${concurrent.p99} ms, ${concurrent.rps}/s`,
      );
      return { driver, size, seedMs, scenarios: figures, concurrent };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export async function benchBackOffice(): Promise<BackOfficeRun[]> {
  console.log(`▶ back office product list (load average ${machine().load})`);
  const runs: BackOfficeRun[] = [];
  const wanted = targets();
  // PostgreSQL is what a shop of this size runs; PGlite only when asked for.
  for (const driver of process.env.BENCH_DRIVERS ? wanted : wanted.filter((d) => d === 'postgres'))
    runs.push(await runOn(driver));
  writeResult('back-office', { rounds, callsPerRound, goalMs, runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  benchBackOffice().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
