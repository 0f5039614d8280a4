#!/usr/bin/env node
// Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside every text asset of the built
// storefront (out/, or STOREFRONT_DIR), so the server sends them as they are (server/web/storefront.ts,
// @fastify/static preCompressed) instead of compressing each answer on the fly at a lower level.
// Run by `npm run build` after `next build`; safe to rerun (up-to-date files are skipped).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = path.resolve(process.env.STOREFRONT_DIR || 'out');
const extensions = new Set(['.js', '.css', '.html', '.svg', '.txt', '.json', '.xml', '.webmanifest', '.ico']);
// Below this, the headers cost more than compression saves (and @fastify/compress uses the same threshold).
const minBytes = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (entry.isFile() && extensions.has(path.extname(entry.name))) yield p;
  }
}

async function fresh(target, sourceMtime) {
  try {
    return (await stat(target)).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

async function compressOne(file) {
  const info = await stat(file);
  if (info.size < minBytes) return null;
  if ((await fresh(`${file}.br`, info.mtimeMs)) && (await fresh(`${file}.gz`, info.mtimeMs))) return null;
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { raw: data.length, br: br.length, gz: gz.length };
}

const t0 = Date.now();
try {
  await stat(path.join(root, 'index.html'));
} catch {
  console.error(`precompress: no built storefront in ${root} (run \`npx next build\` first)`);
  process.exit(1);
}
const files = [];
for await (const f of walk(root)) files.push(f);
let done = 0;
const totals = { raw: 0, br: 0, gz: 0 };
// A few at a time: brotli at quality 11 is CPU-bound and runs on libuv's thread pool.
const queue = [...files];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const r = await compressOne(f);
      if (!r) continue;
      done++;
      totals.raw += r.raw;
      totals.br += r.br;
      totals.gz += r.gz;
    }
  }),
);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log(
  `precompress: ${done} of ${files.length} assets compressed in ${((Date.now() - t0) / 1000).toFixed(1)} s` +
    (done
      ? ` (${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)})`
      : ' (the rest were up to date or too small)'),
);
