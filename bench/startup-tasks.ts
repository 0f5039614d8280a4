// What blocks the main thread while a first screen starts (issue 30, item 2), traced instead of simulated: each page
// is loaded cold by a signed-in shopper at Lighthouse's 4× CPU slow-down, with Chromium's trace and its sampling
// profiler on. From the trace: the first contentful paint, every task over 50 ms, and the blocking time as Lighthouse
// defines it (each task's time over 50 ms, for the tasks after the first paint), as observed on this machine (not
// Lighthouse's model of a phone, so compare builds within one run). For each long task, where its time went: the
// trace's own events (script, style, layout) and the profiler's samples by function (file, name, position in the
// minified file: look it up in the build's chunk to name it).
//
// "after" is out/ (this checkout's build); BENCH_BEFORE another build's out/ (e.g. the commit before a change, built in
// a git worktree), served beside it, the runs interleaved page by page, alternating which goes first.
//
//   npx tsx bench/startup-tasks.ts                        → bench/results/startup-tasks.json
//   BENCH_BEFORE=/path/to/other/out npx tsx bench/startup-tasks.ts
//   (BENCH_RUNS, default 5; BENCH_PAGES home,list,details,cart; BENCH_STARTUP_RESULT another result name;
//    each run waits for a 1-minute load of at most 1.0, BENCH_FORCE=1 runs anyway and writes startup-tasks-trial)
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags, findChromium } from '../e2e/support/chromium';
import { freshTarget, median, repoRoot, shopperWithCart, startServer, writeResult } from './lib';
import { startStaticServer } from './static-server';
import { readTrace, type Startup, type TraceEvent } from './startup-trace';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const cpuThrottle = 4;
const wanted = (process.env.BENCH_PAGES ?? 'home,list,details,cart').split(',');
const force = process.env.BENCH_FORCE === '1';
const maxLoad = 1.0;

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

/** One cold load of `url` by a signed-in shopper at 4× CPU, traced until the network is quiet. */
async function traceStartup(browser: Browser, url: string, token: string): Promise<Startup> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript((t) => window.localStorage.setItem('tkn', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await browser.startTracing(page, { categories });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return readTrace(trace.traceEvents);
  } finally {
    await context.close();
  }
}

/** Waits (10 minutes at most) for the 1-minute load average to fall to maxLoad; returns it. */
async function quietLoad(): Promise<number> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const load = os.loadavg()[0]!;
    if (load <= maxLoad || force || Date.now() > deadline) return Math.round(load * 100) / 100;
    await new Promise((r) => setTimeout(r, 5000));
  }
}

async function main() {
  const after = process.env.STOREFRONT_DIR
    ? path.resolve(process.env.STOREFRONT_DIR)
    : path.join(repoRoot, 'out');
  const before = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : '';
  for (const dir of [after, before].filter(Boolean)) {
    if (!existsSync(path.join(dir, 'index.html.br')))
      throw new Error(`no build at ${dir}: run \`npm run build\` there first`);
  }
  const target = await freshTarget('pglite', 'startup-tasks');
  const server = await startServer(3871, target);
  const hosts: Record<string, { url: string; close(): Promise<void> }> = {
    after: await startStaticServer(after, 3872, server.url),
    ...(before && { before: await startStaticServer(before, 3873, server.url) }),
  };
  const builds = Object.keys(hosts);
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
    const figures: Record<string, Record<string, Array<Startup & { loadAtStart: number }>>> = {};
    for (let run = 1; run <= runs; run++) {
      for (const [, name, route] of pages) {
        const order = run % 2 ? builds : [...builds].reverse();
        for (const which of order) {
          const loadAtStart = await quietLoad();
          if (loadAtStart > maxLoad && !force)
            throw new Error(`the load stayed at ${loadAtStart}: not measured`);
          const startup = await traceStartup(browser, `${hosts[which]!.url}/ecommerceweb/#${route}`, token);
          ((figures[name] ??= {})[which] ??= []).push({ ...startup, loadAtStart });
          console.log(
            `[startup] ${name}, ${which}, run ${run} (load ${loadAtStart}): blocking ${startup.blocking} ms, ` +
              `${startup.longTasks.length} long tasks, the longest ${Math.max(0, ...startup.longTasks.map((t) => t.ms))} ms`,
          );
        }
      }
    }
    const summary = Object.entries(figures).map(([page, byBuild]) => ({
      page,
      ...Object.fromEntries(
        Object.entries(byBuild).map(([which, list]) => {
          const blocking = list.map((s) => s.blocking);
          const longest = list.map((s) => Math.max(0, ...s.longTasks.map((t) => t.ms)));
          const mid = median(blocking);
          return [
            which,
            {
              blocking: { median: mid, min: Math.min(...blocking), max: Math.max(...blocking) },
              longestTask: { median: median(longest), min: Math.min(...longest), max: Math.max(...longest) },
              // The long tasks of the run whose blocking time is the median: where the time went.
              medianRun: list.find((s) => s.blocking === mid)?.longTasks ?? [],
            },
          ];
        }),
      ),
    }));
    for (const s of summary) {
      const line = builds
        .map((b) => {
          const f = (
            s as unknown as Record<string, { blocking: { median: number; min: number; max: number } }>
          )[b]!;
          return `${b} ${f.blocking.median} ms (${f.blocking.min}–${f.blocking.max})`;
        })
        .join(', ');
      console.log(`${s.page}: blocking ${line}`);
    }
    writeResult(force ? 'startup-tasks-trial' : (process.env.BENCH_STARTUP_RESULT ?? 'startup-tasks'), {
      runs,
      cpuThrottle,
      maxLoad,
      before: before || null,
      figures,
      summary,
    });
  } finally {
    await browser.close();
    for (const host of Object.values(hosts)) await host.close();
    await server.stop();
    await target.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
