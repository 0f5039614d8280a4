// Growth (issue 7): the catalogue reads on the seeded 56 products, then on a fresh database seeded with
// 10,000 (`npm run db:seed -- --products 10000`), each answer computed by the database (a unique query
// parameter per request keeps the server's response cache out of it). p99 at 10,000 should stay within
// 2× of p99 at 56. On PostgreSQL the plans of the list queries are captured with EXPLAIN (ANALYZE, BUFFERS).
//
//   npx tsx bench/growth.ts        → bench/results/growth.json
import { pathToFileURL } from 'node:url';
import {
  api,
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
  type Target,
} from './lib';

// BENCH_PORT moves the servers' ports (another run, or other work, may hold the defaults on a shared machine).
const firstPort = Number(process.env.BENCH_PORT || 3820);
const ports = { pglite: firstPort, postgres: firstPort + 1 } as const;
export const sizes = [56, 10_000] as const;

interface Ids {
  keyword: string;
  category: string;
  brand: string;
}

export interface Scenario {
  name: string;
  query: string;
  /** The WHERE and ORDER BY the list route builds for this query (server/modules/catalogue/routes.ts). */
  where: string;
  orderBy: string;
}

function scenarios(ids: Ids): Scenario[] {
  const kw = `'%${ids.keyword.replace(/'/g, "''")}%'`;
  return [
    { name: 'list', query: '', where: '', orderBy: 'created_at DESC' },
    {
      name: 'keyword',
      query: `keyword=${encodeURIComponent(ids.keyword)}`,
      where: `title ILIKE ${kw} OR description ILIKE ${kw}`,
      orderBy: 'created_at DESC',
    },
    { name: 'category', query: `category=${ids.category}`, where: `category_id = '${ids.category}'`, orderBy: 'created_at DESC' },
    { name: 'brand', query: `brand=${ids.brand}`, where: `brand_id = '${ids.brand}'`, orderBy: 'created_at DESC' },
    { name: 'sort=price', query: 'sort=price', where: '', orderBy: 'price ASC' },
    { name: 'sort=-ratingsAverage', query: 'sort=-ratingsAverage', where: '', orderBy: 'ratings_average DESC' },
  ];
}

export interface Plan {
  scenario: string;
  sql: string;
  plan: string;
}

async function explain(target: Target, list: Scenario[]): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const s of list) {
    const where = s.where ? ` WHERE ${s.where}` : '';
    for (const sql of [
      `SELECT count(*) FROM products${where}`,
      `SELECT * FROM products${where} ORDER BY ${s.orderBy}, id ASC LIMIT 40 OFFSET 0`,
    ]) {
      const rows = await runSql<{ 'QUERY PLAN': string }>(target, `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
      plans.push({ scenario: s.name, sql, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
  }
  return plans;
}

export interface GrowthRun {
  driver: string;
  size: number;
  seedMs: number;
  figures: LoadFigure[];
  plans: Plan[];
}

async function runSize(driver: 'pglite' | 'postgres', size: number, fixed?: Ids): Promise<{ run: GrowthRun; ids: Ids }> {
  const target = await freshTarget(driver, `growth-${driver}-${size}`);
  try {
    const seedMs = await seed(target, size);
    const server = await startServer(ports[driver], target);
    let ids: Ids;
    const figures: LoadFigure[] = [];
    let list: Scenario[];
    try {
      if (fixed) {
        ids = fixed;
      } else {
        const products = await api<{ data: Array<{ title: string }> }>(server.url, 'GET', '/products');
        const cats = await api<{ data: Array<{ _id: string }> }>(server.url, 'GET', '/categories');
        const brs = await api<{ data: Array<{ _id: string }> }>(server.url, 'GET', '/brands');
        const title = products.data[3]?.title ?? products.data[0]!.title;
        ids = {
          keyword: title.split(/\s+/).find((w) => w.length >= 4)?.toLowerCase() ?? title.slice(0, 4),
          category: cats.data[0]!._id,
          brand: brs.data[0]!._id,
        };
      }
      list = scenarios(ids);
      for (const s of list) {
        console.log(`[growth ${driver} ${size}] ${s.name}`);
        const url = `${server.url}/api/v1/products${s.query ? `?${s.query}` : ''}`;
        const fig = await load({ name: s.name, url, bustCache: true });
        console.log(`  ${fig.rps} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms, non-2xx ${fig.non2xx}`);
        figures.push(fig);
      }
    } finally {
      await server.stop();
    }
    const plans = driver === 'postgres' ? await explain(target, list) : [];
    return { run: { driver, size, seedMs, figures, plans }, ids };
  } finally {
    await target.cleanup();
  }
}

export async function benchGrowth(): Promise<GrowthRun[]> {
  const runs: GrowthRun[] = [];
  for (const driver of targets()) {
    let ids: Ids | undefined;
    for (const size of sizes) {
      const r = await runSize(driver, size, ids);
      ids = r.ids;
      runs.push(r.run);
    }
  }
  writeResult('growth', { durationSeconds, warmupSeconds, runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchGrowth().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
