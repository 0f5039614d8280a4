// The Arabic search at scale, beside its English twins: for each keyword, the plan of the page query the list
// route runs (EXPLAIN (ANALYZE, BUFFERS): the ids, the rank and the total in one scan) and the median time of the
// whole search (the dictionary look-ups for typos, the page, the page's rows) over repeated runs, as
// server/modules/catalogue/repository.ts productPage does it. Run it against a database seeded large:
//
//   DATABASE_URL=postgres://…/scratch npm run db:seed -- --products 100000
//   DATABASE_URL=postgres://…/scratch npx tsx bench/arabic-search.ts   → bench/results/arabic-search.json
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, sql } from 'drizzle-orm';
import { normaliseArabic } from '@/lib/rules/arabic';
import { openDatabase } from '@/server/db/client';
import { products } from '@/server/db/schema';
import { productPage } from '@/server/modules/catalogue/repository';
import { keywordSearch } from '@/server/modules/catalogue/search';

const keywords = [
  // Arabic: a title word (3,400 matches at 100,000), a form the titles spell otherwise (أ/ة typed as ا/ه), a
  // typo, a two-word typo, a description word, a word of every tenth title, and one in every description.
  'جيتار',
  'اباجوره',
  'جيتر',
  'سماعت لاسلكية',
  'كوارتز',
  'الكلاسيكي',
  'مصر',
  // Their English twins.
  'guitar',
  'lamp',
  'gitar',
  'wireles headphone',
  'quartz',
  'classic',
  'egypt',
];
const runs = Number(process.env.BENCH_RUNS || 7);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL database');
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  const db = database.db;
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] }
  ).rows;
  const results = [];
  for (const raw of keywords) {
    const keyword = normaliseArabic(raw).trim().toLowerCase();
    const plan = await db.transaction(async (tx) => {
      const search = await keywordSearch(tx, keyword);
      const page = tx
        .select({ id: products.id, total: sql<number>`count(*) over ()` })
        .from(products)
        .where(and(search.where))
        .orderBy(search.rank, desc(products.createdAt), asc(products.id))
        .limit(24);
      const rows = (await tx.execute(sql`explain (analyze, buffers) ${page}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return rows.rows.map((r) => Object.values(r)[0]!);
    });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const page = await productPage(db, { keyword }, undefined, { limit: 24, offset: 0 }, 'ar');
      times.push(performance.now() - t0);
      total = page.total;
    }
    const execution = plan.find((l) => l.startsWith('Execution Time'));
    const indexes = [...new Set(plan.join('\n').match(/products_\w+_idx|search_words_\w+_idx/g) ?? [])];
    results.push({ keyword: raw, total, medianMs: +median(times).toFixed(1), execution, indexes, plan });
    console.log(
      `${raw.padEnd(18)} ${String(total).padStart(6)} matches  search ${median(times).toFixed(1).padStart(6)} ms` +
        `  page query ${execution?.replace('Execution Time: ', '') ?? '?'}  ${indexes.join(', ')}`,
    );
  }
  await database.close();
  const out = path.join('bench', 'results', 'arabic-search.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ products: n, runs, at: new Date().toISOString(), results }, null, 2));
  console.log(`${n} products; wrote ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
