#!/usr/bin/env node
// Decision record 8's measurement: English messages cut by id prefix into parts imported for their side
// effect (today: lib/i18n/compiled/en-<part>.ts calls addMessages) against per-area catalogues imported as
// values (the same compiled messages as an exported object, ids without their area's prefix, handed to the
// screen's translate function). Each part is built both ways by esbuild (minified, the registry external)
// and gzipped at level 9 alone and with the screens that import it, per route as the route table loads them.
//
//   node bench/message-catalogue-bytes.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'lib/i18n/compiled');
const gz = (code) => gzipSync(code, { level: 9 }).length;

async function minify(contents) {
  const out = await build({
    stdin: { contents, resolveDir: compiled, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    external: ['../registry', '../plurals'],
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** The part as a value: the same messages, ids without the area's prefix, no registration. */
function asValue(source) {
  const json = source.match(/addMessages\('en', (\{.*\})\);/s)?.[1];
  if (!json) return null; // the frame's part is a value already (with the page)
  const messages = JSON.parse(json);
  const stripped = Object.fromEntries(
    Object.entries(messages).map(([id, m]) => [id.slice(id.indexOf('.') + 1), m]),
  );
  const prefixes = [...new Set(Object.keys(messages).map((id) => id.slice(0, id.indexOf('.'))))];
  // The screen names its area once when it asks for the translate function of that catalogue.
  return `import '../plurals';\nexport const prefixes = ${JSON.stringify(prefixes)};\nexport const messages = ${JSON.stringify(stripped)};`;
}

/** Which English parts each route's screens import (the route table's lazily loaded screen modules). */
function partsByArea() {
  const parts = {};
  for (const area of readdirSync(path.join(root, 'components'))) {
    const dir = path.join(root, 'components', area);
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const found = [...text.matchAll(/compiled\/en-([a-z]+)'/g)].map((m) => m[1]);
      if (found.length) parts[`components/${area}/${file}`] = found;
    }
  }
  return parts;
}

const rows = [];
for (const file of readdirSync(compiled).filter((f) => /^en-.*\.ts$/.test(f))) {
  const source = readFileSync(path.join(compiled, file), 'utf8');
  const today = await minify(source);
  const valueSource = asValue(source);
  if (!valueSource) continue;
  const value = await minify(valueSource);
  rows.push({
    part: file.replace(/\.ts$/, ''),
    todayGzip: gz(today),
    asValueGzip: gz(value),
    difference: gz(value) - gz(today),
  });
}
console.table(rows);
const total = (k) => rows.reduce((n, r) => n + r[k], 0);
console.log(`all parts: today ${total('todayGzip')} B gzip, as values ${total('asValueGzip')} B gzip`);
console.log('screens and the parts they import:', JSON.stringify(partsByArea(), null, 1));
