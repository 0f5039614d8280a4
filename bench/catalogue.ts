// Catalogue screens at any catalogue size: Chromium through Playwright at 412×823 with the CPU
// throttled 4× (CDP Emulation.setCPUThrottlingRate), a signed-in shopper, the storefront served by the real
// server (npm start's compiled server, NODE_ENV=production) on catalogues of 58, 10,000 and 100,000 products,
// on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
//
// For Home, the product list (unfiltered, a search, a price filter), a brand page and a category page: time
// to the first product card, requests, bytes, DOM nodes and JS heap once loaded; the same after scrolling
// through 200 products; and on the product list, the time from the last keystroke of a search to the updated
// grid. Each screen is loaded BENCH_RUNS times (3 by default) in a fresh browser context; medians with the
// min-max spread.
//
// Other work skews every figure: the load average is recorded, and a run that would start above 1.0 is
// refused (BENCH_FORCE=1 runs it anyway for a trial, writing bench/results/catalogue-trial.json, which the
// document never shows). BENCH_SIZES=58,10000 limits the catalogue sizes; BENCH_KEYSTROKES_ONLY=1 measures only the
// keystroke → results figures (the same measurement, without the screens before it).
//
//   npm run bench -- catalogue         → bench/results/catalogue.json → docs/benchmarks.md
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumFlags, findChromium } from '../e2e/support/chromium';
import {
  api,
  freshTarget,
  median,
  percentile,
  repoRoot,
  seed,
  signUp,
  startServer,
  targets,
  writeResult,
} from './lib';

export const catalogueSizes = (process.env.BENCH_SIZES ?? '58,10000,100000').split(',').map(Number);
const runsPerScreen = Number(process.env.BENCH_RUNS ?? 3);
const viewport = { width: 412, height: 823 };
const cpuThrottle = 4;
const scrollThrough = 200;
const port = Number(process.env.BENCH_PORT || 3850);
const keystrokesOnly = process.env.BENCH_KEYSTROKES_ONLY === '1';
const searchWords = [
  'shirt',
  'watch',
  'gitar',
  'lamp',
  'phone',
  'laptop',
  'camera',
  'perfume',
  'mug',
  'headphones',
];

export interface Figures {
  firstCardMs: number;
  requests: number;
  bytes: number;
  domNodes: number;
  heapMB: number;
  cards: number;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ScreenResult {
  screen: string;
  route: string;
  total: number;
  load: Record<keyof Figures, Spread>;
  scrolled: Record<keyof Figures, Spread>;
}

export interface CatalogueRun {
  driver: 'pglite' | 'postgres';
  size: number;
  seedMs: number;
  screens: ScreenResult[];
  /** Last keystroke of a search to the grid showing its results, each search once per run. */
  keystrokeMs: { samples: number[]; p50: number; p95: number };
  /** Where each keystroke's time went (medians, ms): until the request left, the request, and the render. */
  keystrokePhases?: KeystrokePhases;
}

/** One keystroke's time split: last key → request sent, request sent → answer in, answer in → grid shown. */
export interface KeystrokePhases {
  wait: Spread;
  request: Spread;
  render: Spread;
}

function spread(values: number[]): Spread {
  return { median: Math.round(median(values) * 10) / 10, min: Math.min(...values), max: Math.max(...values) };
}

function spreads(list: Figures[]): Record<keyof Figures, Spread> {
  const keys = Object.keys(list[0]!) as Array<keyof Figures>;
  return Object.fromEntries(keys.map((k) => [k, spread(list.map((f) => f[k]))])) as Record<
    keyof Figures,
    Spread
  >;
}

/** A fresh context and page: signed in, CPU throttled, network counted from the first request. */
async function openPage(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // Scripts run in the page are strings: tsx compiles this file with keepNames, whose __name() helper does
  // not exist in the page.
  await context.addInitScript(`
    window.localStorage.setItem('tkn', ${JSON.stringify(token)});
    // The first product card's time, from navigation start.
    const firstCardObserver = new MutationObserver(function () {
      if (window.__firstCard === undefined && document.querySelector('article')) {
        window.__firstCard = performance.now();
        firstCardObserver.disconnect();
      }
    });
    firstCardObserver.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await cdp.send('Network.enable');
  const net = { requests: 0, bytes: 0 };
  cdp.on('Network.requestWillBeSent', () => void net.requests++);
  cdp.on(
    'Network.loadingFinished',
    (e: { encodedDataLength: number }) => void (net.bytes += e.encodedDataLength),
  );
  const figures = async (): Promise<Figures> => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const { firstCardMs, domNodes, cards } = await page.evaluate(() => ({
      firstCardMs: (window as unknown as { __firstCard?: number }).__firstCard ?? NaN,
      domNodes: document.getElementsByTagName('*').length,
      cards: document.querySelectorAll('article').length,
    }));
    return {
      firstCardMs: Math.round(firstCardMs),
      requests: net.requests,
      bytes: net.bytes,
      domNodes,
      heapMB: Math.round((heap.usedSize / 1e6) * 10) / 10,
      cards,
    };
  };
  return { context, page, figures };
}

/** Waits until nothing has been requested for a while (the screen has what it asked for). */
async function quiet(page: Page, ms = 1000): Promise<void> {
  let last = Date.now();
  const bump = () => (last = Date.now());
  page.on('request', bump);
  page.on('requestfinished', bump);
  try {
    while (Date.now() - last < ms) await page.waitForTimeout(100);
  } finally {
    page.off('request', bump);
    page.off('requestfinished', bump);
  }
}

/** Scrolls with the wheel until the grid shows at least `count` products (or all of them). */
async function scrollUntil(page: Page, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [shown, total] = await page.evaluate(() => {
      const text = [...document.querySelectorAll('[role="status"]')]
        .map((s) => s.textContent ?? '')
        .find((t) => t.startsWith('Showing'));
      const m = /Showing (\d+) of (\d+)/.exec(text ?? '');
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    });
    // The sentinel asks for the next page only near the end of the grid: with `count` loaded, the shopper has
    // scrolled past the products before it.
    if (shown >= count || (total > 0 && shown >= total)) return;
    if (Date.now() > deadline)
      throw new Error(`scrolled for 2 minutes without reaching ${count} products (at ${shown})`);
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(150);
  }
}

async function measureScreen(
  browser: Browser,
  base: string,
  token: string,
  screen: string,
  route: string,
  total: number,
) {
  const loads: Figures[] = [];
  const scrolls: Figures[] = [];
  for (let i = 0; i < runsPerScreen; i++) {
    const { context, page, figures } = await openPage(browser, token);
    try {
      await page.goto(`${base}/ecommerceweb/#${route}`);
      await page.locator('article').first().waitFor({ timeout: 120_000 });
      await quiet(page);
      loads.push(await figures());
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await scrollUntil(page, Math.min(scrollThrough, total));
      await quiet(page);
      scrolls.push(await figures());
    } finally {
      await context.close();
    }
  }
  return { screen, route, total, load: spreads(loads), scrolled: spreads(scrolls) };
}

/** Last keystroke of a search to the grid showing that search's count, for each of searchWords. */
async function measureKeystrokes(
  browser: Browser,
  base: string,
  token: string,
): Promise<Array<{ total: number; wait: number; request: number; render: number }>> {
  const samples: Array<{ total: number; wait: number; request: number; render: number }> = [];
  const { context, page } = await openPage(browser, token);
  try {
    await page.goto(`${base}/ecommerceweb/#/products`);
    await page.locator('article').first().waitFor({ timeout: 120_000 });
    const box = page.getByLabel('Search About Product by name');
    const all = (await api<{ results: number }>(base, 'GET', '/products?limit=1')).results;
    // The count line as the storefront writes it ("1,724 products", "5,000+ products" for a capped count),
    // compared without the thousands separators.
    const countLine = page.getByRole('status').filter({ hasText: /^[\d,]+\+? products?$/ });
    const countText = (n: number, capped = false) =>
      n === 1 && !capped ? '1 product' : `${n}${capped ? '+' : ''} products`;
    for (const word of searchWords) {
      const { results, resultsCapped } = await api<{ results: number; resultsCapped?: boolean }>(
        base,
        'GET',
        `/products?keyword=${word}&limit=1`,
      );
      if (results === 0) continue; // the grid would stay empty: nothing to time
      const expected = countText(results, resultsCapped === true);
      await box.fill('');
      await countLine
        .filter({ hasText: new RegExp(`^${all.toLocaleString('en-US').replace(/,/g, ',?')} products$`) })
        .waitFor({ timeout: 60_000 });
      await page.evaluate(`
        document.addEventListener('keydown', function () { window.__lastKey = performance.now(); }, { capture: true });
      `);
      // Resolves at the first frame showing the search's count, the spinner gone and cards in the grid.
      const shown = page.evaluate(`
        new Promise(function (resolve) {
          function tick() {
            var statuses = Array.from(document.querySelectorAll('[role="status"]'));
            var count = statuses.some(function (s) { return (s.textContent || '').replace(/,/g, '') === ${JSON.stringify(expected)}; });
            var busy = statuses.some(function (s) { return (s.textContent || '').indexOf('Loading') === 0; });
            if (count && !busy && document.querySelector('article')) resolve(performance.now());
            else requestAnimationFrame(tick);
          }
          // Typing starts first, so the unfiltered count (the same text by chance) does not count.
          setTimeout(tick, 50);
        })
      `) as Promise<number>;
      // Handled here too: a rejection while the keys are typed must not end the process unhandled.
      shown.catch(() => {});
      await box.pressSequentially(word, { delay: 80 });
      const at = await Promise.race([
        shown,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`"${word}": the grid never showed ${expected}`)), 60_000),
        ),
      ]);
      const lastKey = (await page.evaluate('window.__lastKey')) as number;
      // The search's own request (the storefront asks for its first page with this keyword), from the
      // browser's resource timing: when it left and when its answer was in.
      const timing = (await page.evaluate(`
        (function () {
          var hits = performance.getEntriesByType('resource').filter(function (e) {
            return e.name.indexOf('keyword=' + ${JSON.stringify(word)}) > 0 && e.name.indexOf('limit=1&') < 0;
          });
          var last = hits[hits.length - 1];
          return last ? { start: last.startTime, end: last.responseEnd } : null;
        })()
      `)) as { start: number; end: number } | null;
      samples.push({
        total: Math.round(at - lastKey),
        wait: timing ? Math.round(timing.start - lastKey) : NaN,
        request: timing ? Math.round(timing.end - timing.start) : NaN,
        render: timing ? Math.round(at - timing.end) : NaN,
      });
    }
  } finally {
    await context.close();
  }
  return samples;
}

async function runSize(
  browser: Browser,
  driver: 'pglite' | 'postgres',
  size: number,
  storefront: string,
): Promise<CatalogueRun> {
  const target = await freshTarget(driver, `catalogue-${driver}-${size}`);
  try {
    console.log(`[catalogue ${driver} ${size}] seeding`);
    const seedMs = await seed(target, size);
    const server = await startServer(port + (driver === 'postgres' ? 1 : 0), target, {
      STOREFRONT_DIR: storefront,
    });
    try {
      const token = await signUp(server.url, size);
      const first = await api<{
        results: number;
        data: Array<{ brand: { _id: string }; category: { _id: string } }>;
      }>(server.url, 'GET', '/products?limit=1');
      const brand = first.data[0]!.brand._id;
      const category = first.data[0]!.category._id;
      const count = async (q: string) =>
        (await api<{ results: number }>(server.url, 'GET', `/products?${q}&limit=1`)).results;
      const screens: Array<[string, string, string]> = [
        ['Home', '/home', ''],
        ['Product list', '/products', ''],
        ['Product list: search "shirt"', '/products?q=shirt', 'keyword=shirt'],
        ['Product list: price 100-500', '/products?from=100&to=500', 'price[gte]=100&price[lte]=500'],
        ['Brand page', `/productsWithBrand/${brand}`, `brand=${brand}`],
        ['Category page', `/productwithCategory/${category}`, `category=${category}`],
      ];
      const results: ScreenResult[] = [];
      for (const [name, route, query] of keystrokesOnly ? [] : screens) {
        console.log(`[catalogue ${driver} ${size}] ${name}`);
        const total = query ? await count(query) : first.results;
        const r = await measureScreen(browser, server.url, token, name, route, total);
        console.log(
          `  first card ${r.load.firstCardMs.median} ms, ${r.load.requests.median} requests, ${Math.round(r.load.bytes.median / 1000)} KB, ` +
            `${r.load.domNodes.median} nodes; after scrolling: ${r.scrolled.domNodes.median} nodes, ${r.scrolled.heapMB.median} MB`,
        );
        results.push(r);
      }
      console.log(`[catalogue ${driver} ${size}] keystroke → results`);
      const split: Awaited<ReturnType<typeof measureKeystrokes>> = [];
      for (let i = 0; i < runsPerScreen; i++)
        split.push(...(await measureKeystrokes(browser, server.url, token)));
      const samples = split.map((s) => s.total);
      const keystrokeMs = { samples, p50: percentile(samples, 50), p95: percentile(samples, 95) };
      const phase = (k: 'wait' | 'request' | 'render') =>
        spread(split.map((s) => s[k]).filter(Number.isFinite));
      const keystrokePhases = { wait: phase('wait'), request: phase('request'), render: phase('render') };
      console.log(
        `  p50 ${keystrokeMs.p50} ms, p95 ${keystrokeMs.p95} ms; medians: until the request ${keystrokePhases.wait.median} ms, ` +
          `request ${keystrokePhases.request.median} ms (max ${keystrokePhases.request.max}), render ${keystrokePhases.render.median} ms (max ${keystrokePhases.render.max})`,
      );
      return { driver, size, seedMs, screens: results, keystrokeMs, keystrokePhases };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

export async function benchCatalogue(): Promise<CatalogueRun[] | undefined> {
  const load = os.loadavg()[0]!;
  const trial = process.env.BENCH_FORCE === '1';
  if (load > 1.0 && !trial) {
    console.error(
      `Refusing to run the catalogue benchmark: the load average is ${load.toFixed(2)} (> 1.0). Run it on a quiet ` +
        'machine, or set BENCH_FORCE=1 for a trial run (written to bench/results/catalogue-trial.json, never reported).',
    );
    process.exitCode = 3;
    return undefined;
  }
  const storefront = process.env.STOREFRONT_DIR
    ? path.resolve(process.env.STOREFRONT_DIR)
    : path.join(repoRoot, 'out');
  if (!existsSync(path.join(storefront, 'index.html')))
    throw new Error(`no built storefront at ${storefront}: run \`npx next build\` first`);
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  const runs: CatalogueRun[] = [];
  try {
    for (const driver of targets())
      for (const size of catalogueSizes) runs.push(await runSize(browser, driver, size, storefront));
  } finally {
    await browser.close();
  }
  // The keystrokes alone are not the area's whole table: their own file, which the document never shows.
  writeResult(trial ? 'catalogue-trial' : keystrokesOnly ? 'catalogue-keystrokes' : 'catalogue', {
    runsPerScreen,
    viewport,
    cpuThrottle,
    scrollThrough,
    loadAtStart: load,
    runs,
  });
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchCatalogue().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
