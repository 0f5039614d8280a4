// Storefront: Lighthouse's default mobile preset (Moto G Power emulation, simulated 4G
// throttling) in Debian Chromium, median of 3 runs, on Home, Product list, Product details and Cart,
// served by our server (NODE_ENV=production, compression) from the built storefront (out/, or
// STOREFRONT_DIR). The shopper is signed in: Chromium is started by playwright-core with a profile
// folder and a remote-debugging port, a page stores the token under 'tkn' in local storage, and
// Lighthouse (Node API, same port) audits in that profile. Lighthouse clears caches between runs but
// not local storage, so every run is a cold load of a signed-in shopper.
//
//   npx tsx bench/lighthouse.ts    → bench/results/lighthouse.json
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumFlags, findChromium } from '../e2e/support/chromium';
import { api, freshTarget, median, repoRoot, signUp, startServer, tempDir, writeResult } from './lib';

const serverPort = 3840;
const debugPort = 3841;
const runsPerPage = 3;

async function connectWithRetry(endpoint: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chromium.connectOverCDP(endpoint);
    } catch (err) {
      if (attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export interface PageFigure {
  page: string;
  url: string;
  runs: Array<Record<string, number>>;
  median: Record<string, number>;
  /** Audits that cost points in the median-performance run (id: title, display value). */
  misses: string[];
}

const metricIds = {
  lcp: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  fcp: 'first-contentful-paint',
  si: 'speed-index',
} as const;

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      displayValue?: string;
      scoreDisplayMode: string;
    }
  >;
  runtimeError?: { message: string };
}

function figuresOf(lhr: Lhr): Record<string, number> {
  const cat = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: cat('performance'),
    accessibility: cat('accessibility'),
    bestPractices: cat('best-practices'),
    seo: cat('seo'),
    lcp: Math.round(num(metricIds.lcp)),
    cls: Math.round(num(metricIds.cls) * 1000) / 1000,
    tbt: Math.round(num(metricIds.tbt)),
    fcp: Math.round(num(metricIds.fcp)),
    si: Math.round(num(metricIds.si)),
  };
}

function missesOf(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const [catId, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (
        a.scoreDisplayMode !== 'binary' &&
        a.scoreDisplayMode !== 'numeric' &&
        a.scoreDisplayMode !== 'metricSavings'
      )
        continue;
      if (catId === 'performance' && ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
      out.push(`${catId}/${ref.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return [...new Set(out)];
}

export async function benchLighthouse(): Promise<PageFigure[]> {
  const chromiumPath = findChromium();
  const storefront = process.env.STOREFRONT_DIR
    ? path.resolve(process.env.STOREFRONT_DIR)
    : path.join(repoRoot, 'out');
  if (!existsSync(path.join(storefront, 'index.html'))) {
    throw new Error(`no built storefront at ${storefront}: run \`npx next build\` first`);
  }
  const target = await freshTarget('pglite', 'lighthouse');
  const profile = tempDir('lighthouse-profile');
  const server = await startServer(serverPort, target, { STOREFRONT_DIR: storefront });
  // Chromium is started here (not by Playwright, whose auto-attach to new tabs breaks Lighthouse's own
  // tab); Playwright only connects over CDP to store the token, then lets go.
  const browser = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      stdio: 'ignore',
    },
  );
  try {
    const base = server.url;
    // Every picture drawn before measuring: a first request for an undrawn one renders it on the spot.
    await Promise.race([server.imagesDone, new Promise((r) => setTimeout(r, 180_000))]);
    const token = await signUp(base, 1);
    const list = await api<{ data: Array<{ _id: string }> }>(base, 'GET', '/products');
    const [first, second] = list.data;
    if (!first || !second) throw new Error('the seeded catalogue is empty');
    await api(base, 'POST', '/cart', { productId: first._id }, token);
    await api(base, 'POST', '/cart', { productId: second._id }, token);

    const cdp = await connectWithRetry(`http://127.0.0.1:${debugPort}`);
    const page = await cdp.contexts()[0]!.newPage();
    await page.goto(`${base}/ecommerceweb/`);
    await page.evaluate((t) => localStorage.setItem('tkn', t), token);
    await page.close();
    await cdp.close();

    const pages = [
      { page: 'Home', url: `${base}/ecommerceweb/#/` },
      { page: 'Product list', url: `${base}/ecommerceweb/#/products` },
      { page: 'Product details', url: `${base}/ecommerceweb/#/productDetails/${first._id}` },
      { page: 'Cart', url: `${base}/ecommerceweb/#/cart` },
    ];
    const results: PageFigure[] = [];
    for (const p of pages) {
      const runs: Array<{ figures: Record<string, number>; lhr: Lhr }> = [];
      for (let i = 0; i < runsPerPage; i++) {
        const file = path.join(profile, `lhr-${i}.json`);
        execFileSync(
          process.execPath,
          [path.join(repoRoot, 'bench', 'lighthouse-audit.mjs'), p.url, String(debugPort), file],
          {
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        );
        const lhr = JSON.parse(readFileSync(file, 'utf8')) as Lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${p.url}: ${lhr.runtimeError.message}`);
        runs.push({ figures: figuresOf(lhr), lhr });
        console.log(`[lighthouse] ${p.page} run ${i + 1}:`, runs.at(-1)!.figures);
      }
      const med: Record<string, number> = {};
      for (const key of Object.keys(runs[0]!.figures)) med[key] = median(runs.map((r) => r.figures[key]!));
      const byPerf = [...runs].sort((a, b) => a.figures.performance! - b.figures.performance!);
      results.push({
        page: p.page,
        url: p.url.replace(base, ''),
        runs: runs.map((r) => r.figures),
        median: med,
        misses: missesOf(byPerf[Math.floor(byPerf.length / 2)]!.lhr),
      });
      // After every page, so a run cut short still leaves what it measured.
      writeResult('lighthouse', { runsPerPage, chromium: chromiumPath, pages: results, complete: false });
    }
    writeResult('lighthouse', { runsPerPage, chromium: chromiumPath, pages: results });
    return results;
  } finally {
    browser.kill('SIGTERM');
    await server.stop();
    await target.cleanup();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchLighthouse().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
