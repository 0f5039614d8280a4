// Growth (issues 7 and 13): the catalogue reads on the seeded 56 products, then on fresh databases seeded
// with 10,000 and 100,000 (`npm run db:seed -- --products 100000`; BENCH_GROWTH_SIZES=56,10000 for fewer),
// each answer computed by the database (the server runs with CATALOGUE_CACHE_MB=0: its response cache keys
// on known parameters only, so a junk parameter no longer keeps it out). p99 at 10,000 and 100,000 should
// stay within 2× of p99 at 56; search and filter p99 ≤ 50 ms on PostgreSQL at 100,000 with 50 connections.
// On PostgreSQL the plans of the list queries are captured with EXPLAIN (ANALYZE, BUFFERS).
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
export const sizes = (process.env.BENCH_GROWTH_SIZES ?? '56,10000,100000').split(',').map(Number);

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

/** The search and filter queries the storefront sends (the issue 13 latency goal is for these). */
export const searchAndFilter = ['keyword', 'keyword typo', 'categoryName', 'price range', 'title'];

function scenarios(ids: Ids): Scenario[] {
  const like = (w: string) => `'%${w.replace(/'/g, "''")}%'`;
  const search = (w: string) => ({
    where: `id IN (SELECT id FROM products WHERE title ILIKE ${like(w)} UNION SELECT id FROM products WHERE description ILIKE ${like(w)} UNION SELECT id FROM products WHERE '${w}' <% title)`,
    orderBy: `CASE WHEN title ILIKE ${like(w)} THEN 0 WHEN description ILIKE ${like(w)} THEN 1 ELSE 2 END, word_similarity('${w}', title) DESC, created_at DESC`,
  });
  return [
    { name: 'list', query: '', where: '', orderBy: 'created_at DESC' },
    { name: 'keyword', query: `keyword=${encodeURIComponent(ids.keyword)}`, ...search(ids.keyword) },
    { name: 'keyword typo', query: 'keyword=gitar', ...search('gitar') },
    {
      name: 'categoryName',
      query: 'categoryName=Electronics',
      where: "category_id IN (SELECT id FROM categories WHERE strpos(name, 'Electronics') > 0)",
      orderBy: 'created_at DESC',
    },
    {
      name: 'price range',
      query: 'price[gte]=100&price[lte]=500',
      where: 'price >= 100::numeric AND price <= 500::numeric',
      orderBy: 'created_at DESC',
    },
    {
      name: 'title',
      query: `title=${encodeURIComponent(ids.keyword)}`,
      where: `title ILIKE ${like(ids.keyword)}`,
      orderBy: 'created_at DESC',
    },
    {
      name: 'category',
      query: `category=${ids.category}`,
      where: `category_id = '${ids.category}'`,
      orderBy: 'created_at DESC',
    },
    {
      name: 'brand',
      query: `brand=${ids.brand}`,
      where: `brand_id = '${ids.brand}'`,
      orderBy: 'created_at DESC',
    },
    { name: 'sort=price', query: 'sort=price', where: '', orderBy: 'price ASC' },
    {
      name: 'sort=-ratingsAverage',
      query: 'sort=-ratingsAverage',
      where: '',
      orderBy: 'ratings_average DESC',
    },
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
      const rows = await runSql<{ 'QUERY PLAN': string }>(
        target,
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      );
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

async function runSize(
  driver: 'pglite' | 'postgres',
  size: number,
  fixed?: Ids,
): Promise<{ run: GrowthRun; ids: Ids }> {
  const target = await freshTarget(driver, `growth-${driver}-${size}`);
  try {
    const seedMs = await seed(target, size);
    // The cache keys on known parameters only (issue 12.6), so a junk parameter no longer misses it: turn it off.
    const server = await startServer(ports[driver], target, { CATALOGUE_CACHE_MB: '0' });
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
          keyword:
            title
              .split(/\s+/)
              .find((w) => w.length >= 4)
              ?.toLowerCase() ?? title.slice(0, 4),
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
