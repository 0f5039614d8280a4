#!/usr/bin/env node
// Byte budgets for the built storefront, run by `npm test` right after `next build`.
//
//   first screen: the JS + CSS the page's HTML references (minus <script nomodule> polyfills), plus the code the first route loads
//                 (Home for a signed-in shopper, Login for a visitor), gzip-compressed ≤ 170 KB
//   each route:   the JS + CSS a hash route loads on its first visit that the first screen has not
//                 already loaded (its lazy chunks, and the chunks those load in turn) ≤ 40 KB
//
// How the routes are found without a browser: Turbopack compiles each `load: () => import(...)` in
// components/app/route-table.tsx to `load:()=>x.A(<loader id>)`, and each loader id to a small module
// `<id>,s=>{s.v(t=>Promise.all(["static/chunks/a.js","static/chunks/b.css"].map(...)))...}` naming the
// chunks it fetches. Both are read from the chunk files in out/. If the build's shape changes so that
// the route table cannot be found, the check fails rather than passing with nothing measured.
//
// Code a screen fetches only once the shopper acts (the account forms' validation, fetched on the first
// focus) is filed under the name 'afterFirstInput' next to its import, compiled to `"afterFirstInput",()=>x.A(id)`.
// It is not part of a first screen (it is not downloaded before the shopper acts) but still counts in its
// route's own 40 KB. If the marker is not found, that code simply counts in the first screen too.
//
// 1 KB = 1000 bytes. Sizes are gzip level 9, the level the server's precompressed .gz files use.
//
// Usage: node scripts/check-budgets.mjs [--json]   (STOREFRONT_DIR overrides out/)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const budgets = { firstScreenKB: 170, routeKB: 40 };

const outDir = path.resolve(process.env.STOREFRONT_DIR || 'out');
const nextDir = path.join(outDir, '_next');
const asJson = process.argv.includes('--json');

function fail(message) {
  console.error(`\n✖ Byte budgets: ${message}\n`);
  process.exit(1);
}

if (!existsSync(path.join(outDir, 'index.html')) || !existsSync(path.join(nextDir, 'static', 'chunks'))) {
  fail(
    `no built storefront in ${outDir} (expected index.html and _next/static/chunks). Run \`npx next build\` first.`,
  );
}

const sizeCache = new Map();
/** { raw, gzip } bytes of a file under out/_next/, by its "static/chunks/x.js" name. */
function sizeOf(rel) {
  let s = sizeCache.get(rel);
  if (!s) {
    const file = path.join(nextDir, rel);
    if (!existsSync(file)) fail(`the build references ${rel}, which is not in ${nextDir}.`);
    const data = readFileSync(file);
    s = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    sizeCache.set(rel, s);
  }
  return s;
}

const assetRef = /\/_next\/(static\/[A-Za-z0-9_\-./~]+?\.(?:js|css))(?=["'\\?#\s)])/g;

// 1. What the HTML makes the browser fetch: <script src>, stylesheet links and the chunks named in the
//    inline RSC payload (the client components of the page), all under /_next/static/.
const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
const entry = new Set();
for (const m of html.matchAll(assetRef)) entry.add(m[1]);
// <script nomodule> polyfills are skipped by every browser that runs modules: not downloaded.
for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
  if (!/\snomodule\b/i.test(tag[0])) continue;
  for (const m of tag[0].matchAll(assetRef)) entry.delete(m[1]);
}
if (entry.size === 0)
  fail('index.html references no /_next/static JS or CSS; cannot measure the first screen.');

// 2. Every async loader module in every chunk: loader id → chunk names it fetches.
const chunksDir = path.join(nextDir, 'static', 'chunks');
const jsFiles = readdirSync(chunksDir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `static/chunks/${f.split(path.sep).join('/')}`);
const loaders = new Map();
const sources = new Map();
const loaderStart = /(\d+),(\w+)=>\{\2\.v\(/g;
for (const rel of jsFiles) {
  const text = readFileSync(path.join(nextDir, rel), 'utf8');
  sources.set(rel, text);
  for (const m of text.matchAll(loaderStart)) {
    const from = m.index + m[0].length;
    const end = text.indexOf('.then(', from);
    const body = text.slice(from, end < 0 ? from + 4000 : end);
    const files = [...body.matchAll(/"(static\/[^"]+\.(?:js|css))"/g)].map((x) => x[1]);
    if (files.length) loaders.set(m[1], files);
  }
}

// 3. The route table: `{path:"x",load:()=>t.A(id).then(...)}` and the index route `{index:!0,load:()=>t.A(id)...}`.
const routeEntry = /(?:path:"([^"]*)"|index:!0),load:\(\)=>\w+\.A\((\d+)\)/g;
const routes = [];
for (const [, text] of sources) {
  for (const m of text.matchAll(routeEntry)) {
    const route = m[1] === undefined ? '' : m[1];
    if (!routes.some((r) => r.route === route)) routes.push({ route, loader: m[2] });
  }
}
for (const required of ['', 'home', 'login', 'products', 'productDetails/:id', 'cart']) {
  if (!routes.some((r) => r.route === required)) {
    fail(
      `could not find the hash route "#/${required}" in the built chunks (looked for load:()=>x.A(id) entries).`,
    );
  }
}

// 4. Loaders filed under "afterFirstInput" (see the header).
const afterFirstInput = new Set();
for (const [, text] of sources) {
  for (const m of text.matchAll(/"afterFirstInput",\(\)=>\w+\.A\((\d+)\)/g)) afterFirstInput.add(m[1]);
}

/**
 * Chunks a loader fetches, and the chunks that code lazily loads in turn (carousel, animation features, ...),
 * except the loaders in `skip`.
 */
function closure(loaderId, skip = new Set()) {
  const files = new Set();
  const pending = [loaderId];
  const seen = new Set(skip);
  while (pending.length) {
    const id = pending.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    const list = loaders.get(id);
    if (!list) fail(`route loader ${id} names no chunks; the build's shape has changed.`);
    for (const f of list) {
      if (files.has(f)) continue;
      files.add(f);
      const text = sources.get(f);
      if (!text) continue;
      for (const call of text.matchAll(/\b\w+\.A\((\d+)\)/g)) if (loaders.has(call[1])) pending.push(call[1]);
    }
  }
  return files;
}

function total(files) {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { raw, gzip };
}

const rows = [];
const entryTotals = total(entry);
const firstScreens = [
  { label: 'first screen: #/ (Home, signed in)', route: '' },
  { label: 'first screen: #/login (visitor)', route: 'login' },
];
for (const fs of firstScreens) {
  const r = routes.find((x) => x.route === fs.route);
  const files = new Set([...entry, ...closure(r.loader, afterFirstInput)]);
  rows.push({
    kind: 'first',
    name: fs.label,
    files: files.size,
    ...total(files),
    budgetKB: budgets.firstScreenKB,
  });
}
const byLoader = new Map();
for (const r of routes) {
  const names = byLoader.get(r.loader) ?? [];
  names.push(`#/${r.route}`);
  byLoader.set(r.loader, names);
}
for (const [loader, names] of byLoader) {
  const own = new Set([...closure(loader)].filter((f) => !entry.has(f)));
  rows.push({
    kind: 'route',
    name: names.join(' , '),
    files: own.size,
    ...total(own),
    budgetKB: budgets.routeKB,
  });
}

const kb = (n) => (n / 1000).toFixed(1);
const failures = rows.filter((r) => r.gzip > r.budgetKB * 1000);

if (asJson) {
  console.log(
    JSON.stringify(
      {
        budgets,
        entry: { files: entry.size, ...entryTotals },
        rows,
        failures: failures.length,
      },
      null,
      2,
    ),
  );
} else {
  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  const w = Math.max(...rows.map((r) => r.name.length), 40);
  console.log(
    `Byte budgets (gzip -9, 1 KB = 1000 bytes) for ${path.relative(process.cwd(), outDir) || '.'}/`,
  );
  console.log(
    `  HTML-referenced shell: ${entry.size} files, ${kb(entryTotals.gzip)} KB gzip (${kb(entryTotals.raw)} KB raw)\n`,
  );
  console.log(
    `  ${pad('route', w)}  ${lpad('files', 5)}  ${lpad('raw KB', 8)}  ${lpad('gzip KB', 8)}  ${lpad('limit', 6)}`,
  );
  for (const r of rows) {
    const mark = r.gzip > r.budgetKB * 1000 ? '  ✖ OVER' : '';
    console.log(
      `  ${pad(r.name, w)}  ${lpad(r.files, 5)}  ${lpad(kb(r.raw), 8)}  ${lpad(kb(r.gzip), 8)}  ${lpad(r.budgetKB, 6)}${mark}`,
    );
  }
}
if (failures.length) {
  for (const r of failures) {
    const what = r.kind === 'first' ? 'the first screen' : `route ${r.name}`;
    console.error(
      `✖ Byte budget exceeded: ${what} downloads ${r.gzip} bytes (${kb(r.gzip)} KB) of JS + CSS gzip-compressed; ` +
        `the limit is ${r.budgetKB} KB (${r.kind === 'first' ? r.name : 'code of its own, beyond the first screen'}).`,
    );
  }
  process.exit(1);
}
if (!asJson) console.log('\n✔ every byte budget met');
