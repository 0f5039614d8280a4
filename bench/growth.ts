// Growth: the catalogue reads on the seeded 56 products, then on fresh databases seeded
// with 10,000 and 100,000 (`npm run db:seed -- --products 100000`; BENCH_GROWTH_SIZES=56,10000 for fewer).
// Three ways at each size:
// - computed: every answer computed by the database (the server runs with CATALOGUE_CACHE_MB=0: its
//   response cache keys on known parameters only, so a junk parameter would not keep it out), 50
//   connections on one URL; p99 at 10,000 and 100,000 should stay within 2× of p99 at 56;
// - one shopper: the search and filter queries computed, one connection (what a new query costs);
// - as deployed: the response cache on, 50 connections asking the storefront's own searches (the prefixes a
//   debounced search box sends), filters, sorts and pages in turn, starting cold.
// Goal: search and filter p99 ≤ 50 ms on PostgreSQL at 100,000 products with 50 connections.
// On PostgreSQL the plans of the list queries are captured with EXPLAIN (ANALYZE, BUFFERS).
//
//   npx tsx bench/growth.ts        → bench/results/growth.json
import { pathToFileURL } from 'node:url';
import { searchResultsCap } from '@/lib/contract/catalogue';
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
/** BENCH_GROWTH_QUERIES=keyword,keyword typo measures only those scenarios (a before/after pair, interleaved). */
const onlyQueries = process.env.BENCH_GROWTH_QUERIES?.split(',').map((q) => q.trim());

interface Ids {
  keyword: string;
  category: string;
  brand: string;
  electronics: string;
}

export interface Scenario {
  name: string;
  query: string;
  /** The WHERE and ORDER BY the list route builds for this query (server/modules/catalogue/routes.ts). */
  where: string;
  orderBy: string;
  /** Counted with the page (count(*) over ()), ids first, as the route does for a search. */
  window?: boolean;
  /** A search's rank, computed in the scan of at most the cap's matches and one more (as the route does). */
  rank?: string;
  /** A list filtered by its status alone counts from the counts the database keeps (migration 0020). */
  keptCount?: boolean;
}

/** The search and filter queries the storefront sends (the search latency goal is for these). */
export const searchAndFilter = ['keyword', 'keyword typo', 'categoryName', 'price range', 'title'];

// The storefront's lists are of active products; one filtered by nothing else counts from product_status_counts.
const active = "status = 'active'";

function scenarios(ids: Ids): Scenario[] {
  const only = (where: string) => `${active} AND (${where})`;
  const like = (w: string) => `'%${w.replace(/'/g, "''")}%'`;
  const inTitle = (w: string) => `title_search LIKE lower(${like(w)})`;
  // As server/modules/catalogue/search.ts writes it: a word some title holds is taken as typed ("shirt");
  // an unknown one ("gitar") is looked up in search_words first and its near spellings ("guitar") join in. Titles
  // are tested in their stored lower-cased form (title_search), the rank is computed in the scan.
  const search = (w: string, nearSpellings: string[] = []) => {
    const inDescription = `description_words @@ phraseto_tsquery('simple', '${w}')`;
    const near = nearSpellings.map(inTitle).join(' OR ');
    return {
      where: only([inTitle(w), inDescription, ...(near ? [near] : [])].join(' OR ')),
      rank:
        `CASE WHEN title_search LIKE lower('${w}%') OR title_search LIKE lower('% ${w}%') THEN 0 ` +
        `WHEN ${inTitle(w)} THEN 1 ` +
        (near ? `WHEN NOT (${near}) THEN 2 WHEN ${inDescription} THEN 2 ELSE 3 END` : 'ELSE 2 END'),
      orderBy: 'created_at DESC',
      window: true,
    };
  };
  return [
    { name: 'list', query: '', where: active, orderBy: 'created_at DESC', keptCount: true },
    { name: 'keyword', query: `keyword=${encodeURIComponent(ids.keyword)}`, ...search(ids.keyword) },
    { name: 'keyword typo', query: 'keyword=gitar', ...search('gitar', ['guitar']) },
    {
      name: 'categoryName',
      query: 'categoryName=Electronics',
      // The route reads the matching categories first, then asks for their ids.
      where: only(`category_id IN ('${ids.electronics}')`),
      orderBy: 'created_at DESC',
    },
    {
      name: 'price range',
      query: 'price[gte]=100&price[lte]=500',
      where: only('price >= 100 AND price <= 500'),
      orderBy: 'created_at DESC',
    },
    {
      name: 'title',
      query: `title=${encodeURIComponent(ids.keyword)}`,
      where: only(inTitle(ids.keyword)),
      orderBy: 'created_at DESC',
    },
    {
      name: 'category',
      query: `category=${ids.category}`,
      where: only(`category_id = '${ids.category}'`),
      orderBy: 'created_at DESC',
    },
    {
      name: 'brand',
      query: `brand=${ids.brand}`,
      where: only(`brand_id = '${ids.brand}'`),
      orderBy: 'created_at DESC',
    },
    { name: 'sort=price', query: 'sort=price', where: active, orderBy: 'price ASC', keptCount: true },
    {
      name: 'sort=-ratingsAverage',
      query: 'sort=-ratingsAverage',
      where: active,
      orderBy: 'ratings_average DESC',
      keptCount: true,
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
    const statements = s.window
      ? [
          `SELECT id, count(*) OVER () FROM (SELECT id, created_at, ${s.rank ?? '0'} AS search_rank FROM products${where} ` +
            `LIMIT ${searchResultsCap + 1}) products ORDER BY search_rank, ${s.orderBy}, id ASC LIMIT 40 OFFSET 0`,
        ]
      : [
          s.keptCount
            ? `SELECT coalesce(sum(products), 0) FROM product_status_counts WHERE ${active}`
            : `SELECT count(*) FROM products${where}`,
          `SELECT * FROM products${where} ORDER BY ${s.orderBy}, id ASC LIMIT 40 OFFSET 0`,
        ];
    for (const sql of statements) {
      const rows = await runSql<{ 'QUERY PLAN': string }>(
        target,
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      );
      plans.push({ scenario: s.name, sql, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
  }
  return plans;
}

/** The storefront's words (bench/catalogue.ts searches the same): each with the prefixes a search box
 *  debounced at 150 ms sends while it is typed, and a misspelling. */
const typed = ['shirt', 'watch', 'lamp', 'phone', 'laptop', 'camera', 'perfume', 'headphones', 'guitar'];
const misspelt = ['gitar', 'headphnes', 'camra', 'lapotp'];

/** What many shoppers on the storefront ask at once: searches, filters, sorts, pages (24 cards a page). */
export function storefrontPaths(ids: Ids): string[] {
  const page = (q: string, n: number) => `/api/v1/products?${q ? `${q}&` : ''}page=${n}&limit=24`;
  const queries = new Set<string>();
  for (const word of typed)
    for (let i = 3; i <= word.length; i++) queries.add(`keyword=${encodeURIComponent(word.slice(0, i))}`);
  for (const word of misspelt) queries.add(`keyword=${word}`);
  const categories = ['', "Women's Fashion", "Men's Fashion", 'Electronics'];
  const prices = [null, [100, 500], [500, 2000], [2000, 10000], [10000, 60000]] as const;
  for (const c of categories)
    for (const range of prices) {
      const q = new URLSearchParams();
      if (range) {
        q.set('price[gte]', String(range[0]));
        q.set('price[lte]', String(range[1]));
      }
      if (c) q.set('categoryName', c);
      if (q.size) queries.add(q.toString());
    }
  for (const sort of ['', 'price', '-price', '-ratingsAverage', '-sold']) queries.add(sort && `sort=${sort}`);
  queries.add(`brand=${ids.brand}`);
  queries.add(`category=${ids.category}`);
  // Most shoppers stay on the first page; some scroll to the second and third.
  return [...queries].flatMap((q) => [page(q, 1), page(q, 1), page(q, 1), page(q, 2), page(q, 3)]);
}

export interface GrowthRun {
  driver: string;
  size: number;
  seedMs: number;
  figures: LoadFigure[];
  /** The search and filter queries computed, one connection: what one shopper's new query costs. */
  single: LoadFigure[];
  /** The response cache on, 50 connections asking storefrontPaths() in turn, from a cold start. */
  deployed?: LoadFigure;
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
    // The cache keys on known parameters only, so a junk parameter no longer misses it: turn it off.
    const server = await startServer(ports[driver], target, { CATALOGUE_CACHE_MB: '0' });
    let ids: Ids;
    const figures: LoadFigure[] = [];
    const single: LoadFigure[] = [];
    let list: Scenario[];
    try {
      if (fixed) {
        ids = fixed;
      } else {
        const products = await api<{ data: Array<{ title: string }> }>(server.url, 'GET', '/products');
        const cats = await api<{ data: Array<{ _id: string; name: string }> }>(
          server.url,
          'GET',
          '/categories',
        );
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
          electronics: cats.data.find((c) => c.name === 'Electronics')!._id,
        };
      }
      list = scenarios(ids).filter((x) => !onlyQueries || onlyQueries.includes(x.name));
      for (const s of list) {
        console.log(`[growth ${driver} ${size}] ${s.name}`);
        const url = `${server.url}/api/v1/products${s.query ? `?${s.query}` : ''}`;
        const fig = await load({ name: s.name, url, bustCache: true });
        console.log(`  ${fig.rps} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms, non-2xx ${fig.non2xx}`);
        figures.push(fig);
      }
      for (const s of list.filter((x) => searchAndFilter.includes(x.name))) {
        console.log(`[growth ${driver} ${size}] ${s.name}, one connection`);
        const url = `${server.url}/api/v1/products?${s.query}`;
        const fig = await load({ name: s.name, url, bustCache: true, connections: 1 });
        console.log(`  ${fig.rps} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms, non-2xx ${fig.non2xx}`);
        single.push(fig);
      }
    } finally {
      await server.stop();
    }
    // As deployed: the same server with its response cache, meeting the storefront's traffic cold.
    const cached = await startServer(ports[driver], target);
    let deployed: LoadFigure;
    try {
      console.log(`[growth ${driver} ${size}] as deployed: the storefront's queries, cache on`);
      const paths = storefrontPaths(ids);
      deployed = await load({ name: 'as deployed', url: `${cached.url}/`, paths, cold: true });
      console.log(
        `  ${deployed.rps} req/s, p50 ${deployed.p50} ms, p99 ${deployed.p99} ms, non-2xx ${deployed.non2xx}`,
      );
    } finally {
      await cached.stop();
    }
    const plans = driver === 'postgres' ? await explain(target, list) : [];
    return { run: { driver, size, seedMs, figures, single, deployed, plans }, ids };
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
  // A run of some scenarios is not the area's whole table: its own file, which the document never shows.
  writeResult(onlyQueries ? 'growth-queries' : 'growth', { durationSeconds, warmupSeconds, runs });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchGrowth().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
