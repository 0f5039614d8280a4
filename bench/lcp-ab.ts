// Two builds of the storefront side by side on a network that really waits (issue 30, item 1): Lighthouse's mobile
// preset computes LCP from a model (its "simulate" throttling), which counts every script that started before the
// largest paint as on the way to it, whether or not the paint waited for it. Here Chromium's own emulation holds every
// request for the round trip and the bandwidth (BENCH_NETWORK) and slows the CPU 4×, and the page's own
// largest-contentful-paint entry is read, with what it was (the element and its picture).
//
// "after" is out/ (this checkout's build), "before" is BENCH_BEFORE: another build's out/ folder (e.g. the commit
// before the change, built in a git worktree). Each is served by its own static server (bench/static-server.ts, as a
// CDN serves it) against one API server, and the runs are interleaved page by page, alternating which goes first.
//
//   BENCH_BEFORE=/path/to/other/out npx tsx bench/lcp-ab.ts   → bench/results/lcp-ab-<network>.json
//   (BENCH_RUNS, default 5; BENCH_NETWORK slow4g or fast4g; BENCH_PAGES home,list,details,cart; BENCH_FORCE=1 above load 1.0)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags, findChromium } from '../e2e/support/chromium';
import { freshTarget, median, repoRoot, shopperWithCart, startServer, writeResult } from './lib';
import { startStaticServer } from './static-server';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/**
 * "slow4g": Lighthouse's mobile preset (150 ms, 1.6 Mbit/s down, 750 kbit/s up: bandwidth decides); "fast4g": the
 * same round trip at 9 Mbit/s down, 1.5 up (the round trips decide).
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
const wanted = (process.env.BENCH_PAGES ?? 'home,list,details,cart').split(',');

interface Paint {
  lcp: number;
  /** The largest paint's element (its tag; "(early paint)" when it is the early paint's) and picture, if one. */
  element: string;
  url: string;
  /**
   * When the screen's own content was in, ms: where an early paint drew first, when the screen took over from it;
   * on Home, when the storefront's code had hydrated the page.
   */
  handoff: number | null;
}

/** One cold load of `url` by a signed-in shopper: the page's last LCP entry once the network is quiet. */
async function largestPaint(browser: Browser, url: string, token: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript((t) => {
      window.localStorage.setItem('tkn', t);
      // Each largest paint as it is reported, with its element named then (the early paint's leaves the page later).
      const seen: Array<{ lcp: number; element: string; url: string }> = [];
      (window as unknown as { __lcp: typeof seen }).__lcp = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { element: Element | null; url: string }
        >) {
          const e = entry.element;
          const element = e
            ? `${e.tagName.toLowerCase()}${e.closest('#early-paint') ? ' (early paint)' : ''}`
            : 'removed';
          seen.push({ lcp: entry.startTime, element, url: entry.url.replace(location.origin, '') });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // The moment the screen's own content is in: where an early paint drew first, when the screen took over from
      // it (lib/early-paint/handoff.ts); elsewhere (Home), when the storefront's code had hydrated the page.
      const w = window as unknown as { __handoff: number | null };
      w.__handoff = null;
      const mark = location.hash.replace(/^#\/?/, '') === '' ? 'data-hydrated' : 'data-early-paint-done';
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute(mark)) return;
        w.__handoff = performance.now();
        observer.disconnect();
        // The document, not <html>: this runs before the page's elements exist.
      }).observe(document, { subtree: true, attributes: true, attributeFilter: [mark] });
    }, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const { paints, handoff } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: Paint[]; __handoff: number | null };
      return { paints: w.__lcp, handoff: w.__handoff };
    });
    const last = paints.at(-1);
    if (!last) throw new Error(`no largest paint reported for ${url}`);
    return { ...last, handoff: handoff === null ? null : Math.round(handoff) };
  } finally {
    await context.close();
  }
}

async function main() {
  const after = process.env.BENCH_AFTER ? path.resolve(process.env.BENCH_AFTER) : path.join(repoRoot, 'out');
  const before = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : '';
  for (const [name, dir] of [
    ['out/', after],
    ['BENCH_BEFORE', before],
  ] as const) {
    if (!dir || !existsSync(path.join(dir, 'index.html.br')))
      throw new Error(`no build at ${name} (${dir || 'unset'}): run \`npm run build\` there first`);
  }
  const load = os.loadavg()[0]!;
  if (load > 1.0 && process.env.BENCH_FORCE !== '1') {
    console.error(
      `Refusing to run: the load average is ${load.toFixed(2)} (> 1.0); BENCH_FORCE=1 for a trial.`,
    );
    process.exitCode = 3;
    return;
  }
  const target = await freshTarget('pglite', 'lcp-ab');
  const server = await startServer(3861, target);
  const hosts = {
    after: await startStaticServer(after, 3862, server.url),
    before: await startStaticServer(before, 3863, server.url),
  };
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  try {
    const { token, firstProduct } = await shopperWithCart(server);
    const pages = (
      [
        ['home', 'Home', '/'],
        ['list', 'Product list', '/products'],
        ['details', 'Product details', `/productDetails/${firstProduct}`],
        ['cart', 'Cart', '/cart'],
      ] as const
    ).filter(([id]) => wanted.includes(id));
    const figures: Record<string, { before: Paint[]; after: Paint[] }> = {};
    for (let run = 1; run <= runs; run++) {
      for (const [, name, route] of pages) {
        const row = (figures[name] ??= { before: [], after: [] });
        const order = run % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
        for (const which of order) {
          const paint = await largestPaint(browser, `${hosts[which].url}/ecommerceweb/#${route}`, token);
          row[which].push({ ...paint, lcp: Math.round(paint.lcp) });
          console.log(
            `[lcp-ab] ${name}, ${which}, run ${run}: LCP ${Math.round(paint.lcp)} ms (${paint.element}), ` +
              `screen ${paint.handoff ?? '-'} ms`,
          );
        }
      }
    }
    const spread = (values: number[]) => {
      return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
    };
    const summary = Object.entries(figures).map(([page, f]) => ({
      page,
      before: spread(f.before.map((p) => p.lcp)),
      after: spread(f.after.map((p) => p.lcp)),
      // The screen's own content (the storefront's code booted and drew it), where it took over from an early paint.
      handoff: {
        before: spread(f.before.flatMap((p) => (p.handoff === null ? [] : [p.handoff]))),
        after: spread(f.after.flatMap((p) => (p.handoff === null ? [] : [p.handoff]))),
      },
      element: { before: f.before.at(-1)?.element, after: f.after.at(-1)?.element },
    }));
    for (const s of summary) {
      console.log(
        `${s.page}: before ${s.before.median} ms (${s.before.min}–${s.before.max}), ` +
          `after ${s.after.median} ms (${s.after.min}–${s.after.max}); the screen's own: before ` +
          `${s.handoff.before.median} ms (${s.handoff.before.min}–${s.handoff.before.max}), after ` +
          `${s.handoff.after.median} ms (${s.handoff.after.min}–${s.handoff.after.max})`,
      );
    }
    writeResult(process.env.BENCH_FORCE === '1' ? 'lcp-ab-trial' : `lcp-ab-${networkName}`, {
      loadAtStart: load,
      runs,
      before,
      networkName,
      network,
      cpuThrottle,
      figures,
      summary,
    });
  } finally {
    await browser.close();
    await hosts.after.close();
    await hosts.before.close();
    await server.stop();
    await target.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
