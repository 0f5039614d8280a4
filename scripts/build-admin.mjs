#!/usr/bin/env node
// Builds the back office (admin/) as a bundle of its own, outside Next's chunk graph, into out/admin/ (or
// STOREFRONT_DIR/admin/): esbuild bundles admin/main.tsx (minified ES modules, split into content-hashed chunks
// under assets/) and this script writes the page, out/admin/index.html, that loads it. No module of the storefront's
// build is shared with it, so nothing react-admin uses changes what a shopper downloads (docs/decisions/0007).
//
// Run by `npm run build` after `next build` (which empties out/ first) and before scripts/precompress.mjs, which
// writes the .br/.gz twins of these files too. Prints the back office's first-load and total JS, gzip -9.
//
// Usage: node scripts/build-admin.mjs   (NEXT_PUBLIC_API_HOST as for the storefront's build; empty = same origin)
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.STOREFRONT_DIR || 'out');
const adminDir = path.join(outDir, 'admin');
const assetsDir = path.join(adminDir, 'assets');

// The browsers Next 16 builds the storefront for (its default browserslist).
const target = ['chrome111', 'edge111', 'firefox111', 'safari16.4'];

const shared = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  target,
  // tsconfig.json's paths give the '@/…' alias to the repo root; its jsx setting is overridden below.
  tsconfig: path.join(root, 'tsconfig.json'),
  jsx: 'automatic',
  define: {
    'process.env.NODE_ENV': '"production"',
    // Where the API is, as Next writes it into the storefront (admin/config.ts).
    'process.env.NEXT_PUBLIC_API_HOST': JSON.stringify(process.env.NEXT_PUBLIC_API_HOST ?? ''),
  },
  logLevel: 'warning',
};

const t0 = Date.now();
if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(
    `build-admin: no built storefront in ${outDir} (run \`npx next build\` first: it empties out/).`,
  );
  process.exit(1);
}
// Stale hashed files of an earlier build go with it.
await rm(adminDir, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });

// 1. The app: ES modules, split so that code only a later screen needs is fetched with that screen.
const app = await esbuild.build({
  ...shared,
  entryPoints: { main: path.join(root, 'admin/main.tsx') },
  outdir: assetsDir,
  format: 'esm',
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  // Licence notices in one file beside the chunks (assets/*.LEGAL.txt), not in the code every staff member loads.
  legalComments: 'external',
  metafile: true,
  write: true,
});

// 2. The head script: inlined, so it runs before the first paint (admin/head-script.ts says what it does).
const head = await esbuild.build({
  ...shared,
  entryPoints: [path.join(root, 'admin/head-script.ts')],
  format: 'iife',
  legalComments: 'none',
  write: false,
});
const headScript = head.outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');

// 3. The page. The entry and the chunks it imports statically are named by URLs relative to the page, so it works
// wherever out/ is mounted (/ecommerceweb/admin/ on our server).
const outputs = app.metafile.outputs;
const rel = (file) => path.relative(assetsDir, path.resolve(root, file)).split(path.sep).join('/');
const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith('admin/main.tsx'));
if (!entryFile) throw new Error('build-admin: esbuild named no output for admin/main.tsx');
const firstLoad = new Set([entryFile]);
for (const file of firstLoad)
  for (const imp of outputs[file].imports ?? [])
    if (imp.kind === 'import-statement' && !imp.external) firstLoad.add(imp.path);
const preloads = [...firstLoad].filter((f) => f !== entryFile);

const html = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>FreshCart back office</title>
<link rel="icon" href="../favicon.svg" type="image/svg+xml">
<script>${headScript}</script>
${preloads.map((f) => `<link rel="modulepreload" href="assets/${rel(f)}">`).join('\n')}
<script type="module" src="assets/${rel(entryFile)}"></script>
</head>
<body>
<noscript><p style="font-family:system-ui,sans-serif;margin:2rem">The FreshCart back office needs JavaScript: turn it on for this site, then reload the page.</p></noscript>
<div id="root"></div>
</body>
</html>
`.replace(/\n\n/g, '\n');
await writeFile(path.join(adminDir, 'index.html'), html);

// 4. What it costs, gzip -9 as the server's precompressed twins (1 KB = 1000 bytes).
const sizeOf = (file) => {
  const data = readFileSync(path.resolve(root, file));
  return { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
};
const sum = (files) =>
  files.reduce(
    (t, f) => {
      const s = sizeOf(f);
      return { raw: t.raw + s.raw, gzip: t.gzip + s.gzip };
    },
    { raw: 0, gzip: 0 },
  );
const js = Object.keys(outputs).filter((f) => f.endsWith('.js'));
const first = sum([...firstLoad]);
const all = sum(js);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log(
  `build-admin: ${path.relative(root, adminDir)}/ in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${js.length} JS files; ` +
    `first load ${kb(first.gzip)} gzip (${kb(first.raw)} raw, ${firstLoad.size} files), ` +
    `all ${kb(all.gzip)} gzip (${kb(all.raw)} raw)`,
);
