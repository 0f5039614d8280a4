#!/usr/bin/env node
// `npm start`: build the storefront and the back office (`next build`, then scripts/build-admin.mjs into
// out/admin/) when the export (out/) is missing or older than any of their sources, compile the server
// when its bundle is missing or stale (scripts/build-server.mjs), then run it (migrations, seed on an
// empty database, listen on PORT). `npm run build` makes all three, so a production install may drop the
// build tools (devDependencies) after it: `npm ci && npm run build && npm prune --omit=dev && npm start`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverBuildReason } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.STOREFRONT_DIR || 'out');
const sources = ['app', 'components', 'lib', 'styles', 'public', 'admin', 'next.config.ts', 'package.json'];

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
  if (!existsSync(path.join(outDir, 'admin', 'index.html')))
    return 'the back office (out/admin/) is not built';
  // The older of the two pages: the back office is written after the storefront.
  const built = Math.min(statSync(index).mtimeMs, statSync(path.join(outDir, 'admin', 'index.html')).mtimeMs);
  const changed = sources.find((s) => newest(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** What to say when a build is needed but the build tools were pruned (production installs drop them). */
const needsBuildTools = (what) =>
  `${what}, and the build tools (devDependencies) are not installed: run \`npm ci && npm run build\` first ` +
  '(then `npm prune --omit=dev` may drop them again).';

const reason = process.env.SKIP_STOREFRONT_BUILD === '1' ? null : buildReason();
if (process.argv.includes('--check')) {
  // Report the decision only (used to check the staleness rule without running a build).
  console.log(reason ? `storefront build needed: ${reason}` : 'storefront up to date');
  process.exit(0);
}
if (reason && !existsSync(path.join(root, 'node_modules', 'next', 'package.json'))) {
  console.error(needsBuildTools(`The storefront needs building (${reason})`));
  process.exit(1);
}
if (reason) {
  // Both, in this order: `next build` empties out/, then the back office's bundle goes into out/admin/.
  console.log(`Building the storefront and the back office (${reason}): next build, build-admin`);
  const t0 = Date.now();
  const builds = [
    ['The storefront build', 'npx', ['next', 'build']],
    ['The back office build', process.execPath, [path.join(root, 'scripts', 'build-admin.mjs')]],
  ];
  for (const [what, cmd, args] of builds) {
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    if (result.status !== 0) {
      console.error(`${what} failed (exit ${result.status ?? result.signal}); not starting the server.`);
      process.exit(result.status || 1);
    }
  }
  console.log(`Storefront and back office built in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
}

const serverReason = serverBuildReason();
if (serverReason && !existsSync(path.join(root, 'node_modules', 'esbuild', 'package.json'))) {
  console.error(needsBuildTools(`The server needs compiling (${serverReason})`));
  process.exit(1);
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
