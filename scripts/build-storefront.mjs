#!/usr/bin/env node
// The storefront's build, one list of steps for every way the shop is built, so `npm run build`, `npm start` (when
// out/ is stale) and `npm test` all serve the same bytes (issue 29, item 4):
//   1. `next build`: the static export into out/ (it empties out/ first);
//   2. scripts/hold-framework.ts: Next's scripts of each page handed to the framework's gate (they wait for the early
//      paint's picture on the product list and product details, lib/early-paint/framework-gate.ts);
//   3. scripts/build-admin.mjs: the back office's own bundle into out/admin/;
//   4. scripts/precompress.mjs: the .br and .gz twin of every text file, which the server sends as they are.
// Before the twins were a step of `npm run build` only, `npm start` compressed on the fly at a lower level: the
// first screen was 181 KB on the wire instead of 167 KB.
//
// Usage: node scripts/build-storefront.mjs   (exits with the failing step's code)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const storefrontSteps = [
  ['The storefront build', 'npx', ['next', 'build']],
  ['Holding the framework', 'npx', ['--no-install', 'tsx', path.join(root, 'scripts', 'hold-framework.ts')]],
  ['The back office build', process.execPath, [path.join(root, 'scripts', 'build-admin.mjs')]],
  ['Precompressing', process.execPath, [path.join(root, 'scripts', 'precompress.mjs')]],
];

/** Runs the steps in order; returns null, or the failed step's name and exit status. */
export function buildStorefront(env = process.env) {
  for (const [what, cmd, args] of storefrontSteps) {
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) return { what, status: result.status ?? result.signal };
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const failed = buildStorefront();
  if (failed) {
    console.error(`${failed.what} failed (exit ${failed.status}).`);
    process.exit(typeof failed.status === 'number' && failed.status > 0 ? failed.status : 1);
  }
}
