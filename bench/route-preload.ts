// The route preload (scripts/route-preloads.ts) measured on a throttled network that really waits, not simulated:
// Lighthouse's mobile preset computes LCP from a model (its "simulate" throttling), in which the bytes before the
// largest paint decide and a request started earlier over a shared 1.6 Mbit/s link gains little. Here Chromium's
// own network emulation holds every request for the round trip and the bandwidth (BENCH_NETWORK below) and the CPU is slowed 4×, and the page's own largest-contentful-paint entry
// is read. The same build is served twice by one static server each, with its route preload and without it (the
// build's index.html with that one inline script taken out), against one API server, and the runs are interleaved
// page by page so a drift of the machine lands on both.
//
//   npx tsx bench/route-preload.ts   → bench/results/route-preload-<network>.json (BENCH_RUNS, default 5; BENCH_NETWORK)
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags, findChromium } from '../e2e/support/chromium';
import { api, freshTarget, median, repoRoot, signUp, startServer, tempDir, writeResult } from './lib';
import { startStaticServer } from './static-server';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/**
 * BENCH_NETWORK: "slow4g", Lighthouse's mobile preset (150 ms, 1.6 Mbit/s down, 750 kbit/s up: bandwidth decides),
 * or "fast4g", the same round trip at 9 Mbit/s down, 1.5 up (the round trips decide).
 */
const networks = {
  slow4g: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  fast4g: {
    latency: 150,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  },
};
const networkName = (process.env.BENCH_NETWORK ?? 'slow4g') as keyof typeof networks;
const network = networks[networkName];
if (!network) throw new Error(`BENCH_NETWORK must be one of ${Object.keys(networks).join(', ')}`);
const cpuThrottle = 4;

/** The build as it was before the route preload: the same files, index.html without the preload's script. */
function withoutPreload(out: string): string {
  const dir = tempDir('no-preload');
  cpSync(out, dir, { recursive: true });
  const page = path.join(dir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const start = html.indexOf('<script>(function(r,b){');
  if (start < 0) throw new Error('the build carries no route preload script: run `npm run build` first');
  const stripped = html.slice(0, start) + html.slice(html.indexOf('</script>', start) + '</script>'.length);
  writeFileSync(page, stripped);
  writeFileSync(
    `${page}.br`,
    brotliCompressSync(stripped, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${page}.gz`, gzipSync(stripped, { level: 9 }));
  return dir;
}

/** One cold load of `url` by a signed-in shopper: the page's last LCP entry once the page is still (ms). */
async function lcpOf(browser: Browser, url: string, token: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript((t) => window.localStorage.setItem('tkn', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

async function main() {
  const out = path.join(repoRoot, 'out');
  if (!existsSync(path.join(out, 'index.html.br')))
    throw new Error('no build in out/: run `npm run build` first');
  const load = os.loadavg()[0]!;
  if (load > 1.0 && process.env.BENCH_FORCE !== '1') {
    console.error(
      `Refusing to run: the load average is ${load.toFixed(2)} (> 1.0); BENCH_FORCE=1 for a trial.`,
    );
    process.exitCode = 3;
    return;
  }
  const before = withoutPreload(out);
  const target = await freshTarget('pglite', 'route-preload');
  const server = await startServer(3861, target);
  const withIt = await startStaticServer(out, 3862, server.url);
  const without = await startStaticServer(before, 3863, server.url);
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  try {
    await Promise.race([server.imagesDone, new Promise((r) => setTimeout(r, 180_000))]);
    const token = await signUp(server.url, 1);
    const list = await api<{ data: Array<{ _id: string }> }>(server.url, 'GET', '/products');
    const [first, second] = list.data;
    if (!first || !second) throw new Error('the seeded catalogue is empty');
    await api(server.url, 'POST', '/cart', { productId: first._id }, token);
    await api(server.url, 'POST', '/cart', { productId: second._id }, token);
    const pages = [
      ['Product list', '/products'],
      ['Product details', `/productDetails/${first._id}`],
      ['Cart', '/cart'],
    ] as const;
    const figures: Record<string, { with: number[]; without: number[] }> = {};
    for (let run = 1; run <= runs; run++) {
      for (const [name, route] of pages) {
        const row = (figures[name] ??= { with: [], without: [] });
        // Alternating which goes first, so neither always meets a warmer server.
        const order = run % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const);
        for (const which of order) {
          const origin = which === 'with' ? withIt.url : without.url;
          const lcp = await lcpOf(browser, `${origin}/ecommerceweb/#${route}`, token);
          row[which].push(Math.round(lcp));
          console.log(`[route-preload] ${name}, ${which} the preload, run ${run}: LCP ${Math.round(lcp)} ms`);
        }
      }
    }
    const summary = Object.entries(figures).map(([name, f]) => ({
      page: name,
      without: { median: median(f.without), min: Math.min(...f.without), max: Math.max(...f.without) },
      with: { median: median(f.with), min: Math.min(...f.with), max: Math.max(...f.with) },
    }));
    for (const s of summary) {
      console.log(
        `${s.page}: without ${s.without.median} ms (${s.without.min}–${s.without.max}), ` +
          `with ${s.with.median} ms (${s.with.min}–${s.with.max})`,
      );
    }
    writeResult(process.env.BENCH_FORCE === '1' ? 'route-preload-trial' : `route-preload-${networkName}`, {
      loadAtStart: load,
      runs,
      networkName,
      network,
      cpuThrottle,
      figures,
      summary,
    });
  } finally {
    await browser.close();
    await withIt.close();
    await without.close();
    await server.stop();
    await target.cleanup();
    rmSync(before, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
