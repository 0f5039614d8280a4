#!/usr/bin/env node
// `npm start`: build the storefront when its export (out/) is missing or older than any of its
// sources, compile the server when its bundle is missing or stale (scripts/build-server.mjs), then
// run it (migrations, seed on an empty database, listen on PORT).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.STOREFRONT_DIR || 'out');
const sources = ['app', 'components', 'lib', 'styles', 'public', 'next.config.ts', 'package.json'];

/** Newest modification time (ms) under a file or folder; 0 if it does not exist. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

function buildReason() {
  if (!existsSync(path.join(root, 'app'))) return null; // no storefront in this tree: API only
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return `${path.relative(root, outDir) || outDir}/ does not exist yet`;
  const built = statSync(index).mtimeMs;
  const changed = sources.find((s) => newest(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = process.env.SKIP_STOREFRONT_BUILD === '1' ? null : buildReason();
if (process.argv.includes('--check')) {
  // Report the decision only (used to check the staleness rule without running a build).
  console.log(reason ? `storefront build needed: ${reason}` : 'storefront up to date');
  process.exit(0);
}
if (reason) {
  console.log(`Building the storefront (${reason}): next build`);
  const t0 = Date.now();
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(
      `The storefront build failed (exit ${result.status ?? result.signal}); not starting the server.`,
    );
    process.exit(result.status || 1);
  }
  console.log(`Storefront built in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
}

let entry;
try {
  entry = await ensureServerBuild();
} catch (err) {
  console.error(`Compiling the server failed; not starting it.\n${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
// No --enable-source-maps: it parses every package's source map at start-up (about 1 s of CPU).
// The bundle keeps function names; `node --enable-source-maps <bundle>` maps traces to server/*.ts.
const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// The server shuts down gracefully on these; pass them on and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
