// The CSV import of 10,000 rows (issue 27: "10,000 rows within a minute on this machine"). A legacy-format
// Shopify CSV of BENCH_IMPORT_ROWS rows (10,000 by default) is generated: 8,000 products, 2,000 of them (every fourth) with a
// second variant row, HTML descriptions with commas and line breaks, prices with cents, Image Src addresses
// (skipped: no picture store is wired), the seeded brands and categories. The app is built in this process on a
// fresh PGlite data folder (as `npm start` keeps it) seeded as `npm start` seeds it, and on a fresh PostgreSQL
// database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set; the file is posted to POST /api/v1/imports and
// the job timed until it is done (its background task ends), then the same file again (every product unchanged).
// BENCH_ROUNDS (3) rounds, each on a fresh database; the load average is read before each round, and the
// process's peak resident memory (server and PGlite together) is sampled every 50 ms. Not part of
// `npm run bench`: the figures go to docs/benchmarks.md by hand (bench/notes.md).
//
//   npx tsx bench/import.ts           → bench/results/import.json
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { stringify } from 'csv-stringify/sync';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { seedBrands, seedCategories } from '@/server/seed/seed-data';
import { seedCatalogue } from '@/server/seed/seed';
import { setRole, signIn } from '@/tests/server/helpers/staff';
import { legacyHeader } from '@/tests/server/import/shopify-csv';
import { freshTarget, median, targets, writeResult } from './lib';

const rowsWanted = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** The benchmark's file: every fourth product has a second variant row, so rows = products × 1.25. */
function benchCsv(rows: number): string {
  const products = Math.round(rows / 1.25);
  const at = (name: string) => legacyHeader.indexOf(name);
  const records: string[][] = [legacyHeader];
  const row = () => legacyHeader.map(() => '');
  for (let i = 0; records.length - 1 < rows && i < products; i++) {
    const r = row();
    const handle = `bench-product-${i}`;
    r[at('Handle')] = handle;
    r[at('Title')] = `Bench Product ${i} ${randomBytes(3).toString('hex')}`;
    r[at('Body (HTML)')] =
      `<p>Product ${i}, made to last.</p>\n<ul><li>Cotton &amp; linen</li><li>Size, colour: as shown</li></ul>`;
    r[at('Vendor')] = seedBrands[i % seedBrands.length]!.name;
    r[at('Type')] = seedCategories[i % seedCategories.length]!.name;
    r[at('Published')] = 'TRUE';
    r[at('Option1 Name')] = 'Size';
    r[at('Option1 Value')] = 'M';
    r[at('Variant SKU')] = `SKU-${i}-M`;
    r[at('Variant Inventory Qty')] = String(i % 50);
    r[at('Variant Price')] = `${100 + (i % 900)}.99`;
    r[at('Variant Compare At Price')] = i % 3 === 0 ? `${1200 + (i % 900)}.00` : '';
    r[at('Image Src')] = `https://cdn.shopify.com/s/files/1/0001/${handle}.jpg`;
    r[at('Image Position')] = '1';
    r[at('Status')] = 'active';
    records.push(r);
    if (i % 4 === 0 && records.length - 1 < rows) {
      const v = row();
      v[at('Handle')] = handle;
      v[at('Option1 Value')] = 'L';
      v[at('Variant SKU')] = `SKU-${i}-L`;
      v[at('Variant Inventory Qty')] = '3';
      v[at('Variant Price')] = `${120 + (i % 900)}.99`;
      records.push(v);
    }
  }
  return stringify(records);
}

/** Peak resident memory while `work` runs, sampled every 50 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, peakMB: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

interface Round {
  load: string;
  rows: number;
  products: number;
  previewMs: number;
  importMs: number;
  rowsPerSecond: number;
  againMs: number;
  /** Resident memory just before the import (the app, PGlite and the seeded catalogue), and its peak during it. */
  baseMB: number;
  peakMB: number;
  counts: unknown;
  againCounts: unknown;
}

async function round(driver: 'pglite' | 'postgres', csv: string): Promise<Round> {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const target = await freshTarget(driver, 'import');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'silent',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : `${target.dataDir}/db`,
  });
  await database.migrate();
  await seedCatalogue(database.db);
  const app = await buildApp({ config, database, authLimits: { perMinute: 10_000 } });
  try {
    const email = `bench.${randomBytes(3).toString('hex')}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Bench Staff',
        email,
        password: 'secret123',
        rePassword: 'secret123',
        phone: '01012345678',
      },
    });
    const verify = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/verifyToken',
      headers: { token: signup.json().token },
    });
    await setRole(database, verify.json().decoded.id, 'staff');
    const token = await signIn(app, email, 'secret123');
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: { token, 'content-type': 'text/csv' }, payload: csv });
    const runJob = async () => {
      const started = await post('/api/v1/imports');
      if (started.statusCode !== 202) throw new Error(`import refused: ${started.body}`);
      await app.ctx.background.idle();
      const job = await app.inject({
        method: 'GET',
        url: `/api/v1/imports/${started.json().data._id}`,
        headers: { token },
      });
      return job.json().data;
    };

    const t0 = performance.now();
    const preview = await post('/api/v1/imports/preview');
    const previewMs = performance.now() - t0;
    const baseMB = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const { result, peakMB } = await withPeakMemory(async () => {
      const t1 = performance.now();
      const job = await runJob();
      const importMs = performance.now() - t1;
      const t2 = performance.now();
      const again = await runJob();
      return { job, importMs, again, againMs: performance.now() - t2 };
    });
    const rows = preview.json().data.rows as number;
    return {
      load,
      rows,
      products: preview.json().data.products,
      previewMs: Math.round(previewMs),
      importMs: Math.round(result.importMs),
      rowsPerSecond: Math.round(rows / (result.importMs / 1000)),
      againMs: Math.round(result.againMs),
      baseMB,
      peakMB,
      counts: result.job.counts,
      againCounts: result.again.counts,
    };
  } finally {
    await app.close();
    await database.close();
    await target.cleanup();
  }
}

async function main() {
  const csv = benchCsv(rowsWanted);
  const results: Record<string, { rounds: Round[]; summary: Record<string, string> }> = {};
  for (const driver of targets()) {
    const done: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      const r = await round(driver, csv);
      console.log(driver, `round ${i + 1}:`, JSON.stringify(r));
      done.push(r);
    }
    const span = (pick: (r: Round) => number, unit = '') =>
      `${median(done.map(pick))}${unit} (${Math.min(...done.map(pick))}–${Math.max(...done.map(pick))})`;
    results[driver] = {
      rounds: done,
      summary: {
        rowsPerSecond: span((r) => r.rowsPerSecond),
        importMs: span((r) => r.importMs, ' ms'),
        againMs: span((r) => r.againMs, ' ms'),
        previewMs: span((r) => r.previewMs, ' ms'),
        baseMB: span((r) => r.baseMB, ' MB'),
        peakMB: span((r) => r.peakMB, ' MB'),
        load: done.map((r) => r.load).join(' / '),
      },
    };
    console.log(driver, results[driver].summary);
  }
  console.log(`Wrote ${writeResult('import', { rowsWanted, csvBytes: Buffer.byteLength(csv), results })}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
