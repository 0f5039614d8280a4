// One Lighthouse audit (default mobile preset) of a page in an already running Chromium.
//   node bench/lighthouse-audit.mjs <url> <debugging port> <out.json>
// Plain Node on purpose: under tsx, functions Lighthouse sends into the page carry esbuild's
// `__name` helper and fail there ("__name is not defined"). bench/lighthouse.ts runs this per audit.
//
// BENCH_LANTERN_DIR=<folder>: also writes there, per audit, what Lighthouse's model ("Lantern") put on the path to
// the first and the largest paint (each request and main-thread task of its optimistic and pessimistic graphs, with
// the times observed and simulated) and the page's own timeline (requests, script evaluations, largest-paint
// candidates): how issue 30's LCP was read request by request (bench/notes.md, "The framework after the first
// picture").
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const [url, port, out] = process.argv.slice(2);
if (!url || !port || !out) {
  console.error('usage: node bench/lighthouse-audit.mjs <url> <debugging port> <out.json>');
  process.exit(2);
}
const result = await lighthouse(url, {
  port: Number(port),
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
});
if (!result) {
  console.error(`Lighthouse returned nothing for ${url}`);
  process.exit(1);
}
writeFileSync(out, JSON.stringify(result.lhr));
if (process.env.BENCH_LANTERN_DIR) writeLantern(process.env.BENCH_LANTERN_DIR);

function writeLantern(dir) {
  const ms = (us) => Math.round(us / 1000);
  const graphs = {};
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/ContentfulPaint$/.test(label)) continue;
    graphs[label] = [...timings.entries()]
      .map(([node, t]) =>
        node.type === 'network'
          ? {
              request: node.request.url,
              priority: node.request.priority,
              type: node.request.resourceType,
              bytes: node.request.transferSize,
              observed: [ms(node.startTime), ms(node.endTime)],
              simulated: [Math.round(t.startTime), Math.round(t.endTime)],
            }
          : {
              task: [...node.getEvaluateScriptURLs()],
              observed: [ms(node.startTime), ms(node.endTime)],
              simulated: [Math.round(t.startTime), Math.round(t.endTime)],
            },
      )
      .sort((a, b) => a.simulated[0] - b.simulated[0]);
  }
  const events = result.artifacts.Trace.traceEvents;
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? {};
  const shown = new Set(['largestContentfulPaint::Candidate', 'EvaluateScript', 'ResourceSendRequest']);
  const timeline = events
    .filter((e) => shown.has(e.name) && e.ts >= (start.ts ?? 0))
    .map((e) => ({
      at: ms(e.ts - (start.ts ?? 0)),
      duration: e.dur ? ms(e.dur) : undefined,
      event: e.name,
      url: e.args?.data?.url,
      candidate: e.name.startsWith('largest')
        ? { node: e.args.data.nodeName, size: e.args.data.size, type: e.args.data.type }
        : undefined,
    }));
  mkdirSync(dir, { recursive: true });
  const name = `${new URL(url).hash.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify({ url, graphs, timeline }, null, 1));
}
