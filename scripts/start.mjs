#!/usr/bin/env node
// `npm start`: build the storefront and the back office (scripts/build-storefront.mjs: `next build`, the back office
// into out/admin/, the precompressed twins) when the export (out/) is missing or older than any of their sources
// (only the twins when just they are missing), compile the server
// when its bundle is missing or stale (scripts/build-server.mjs), then run it (migrations, seed on an
// empty database, listen on PORT). `npm run build` makes all three, so a production install may drop the
// build tools (devDependencies) after it: `npm ci && npm run build && npm prune --omit=dev && npm start`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverBuildReason } from './build-server.mjs';
import { buildStorefront } from './build-storefront.mjs';

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

/** Why the precompressed twins need writing: the page's .br is missing or older than the page. */
function twinsReason() {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return null;
  const twin = `${index}.br`;
  if (!existsSync(twin)) return 'no precompressed .br/.gz files';
  return statSync(twin).mtimeMs < statSync(index).mtimeMs
    ? 'the precompressed files are older than the build'
    : null;
}

const reason = process.env.SKIP_STOREFRONT_BUILD === '1' ? null : buildReason();
if (process.argv.includes('--check')) {
  // Report the decision only (used to check the staleness rule without running a build).
  const twins = reason ? null : twinsReason();
  console.log(
    reason
      ? `storefront build needed: ${reason}`
      : twins
        ? `precompress needed: ${twins}`
        : 'storefront up to date',
  );
  process.exit(0);
}
if (reason && !existsSync(path.join(root, 'node_modules', 'next', 'package.json'))) {
  console.error(needsBuildTools(`The storefront needs building (${reason})`));
  process.exit(1);
}
if (reason) {
  // The same steps as `npm run build` (scripts/build-storefront.mjs): next build, the back office, the twins.
  console.log(
    `Building the storefront and the back office (${reason}): next build, hold-framework, build-admin, precompress`,
  );
  const t0 = Date.now();
  const failed = buildStorefront();
  if (failed) {
    console.error(`${failed.what} failed (exit ${failed.status}); not starting the server.`);
    process.exit(typeof failed.status === 'number' && failed.status > 0 ? failed.status : 1);
  }
  console.log(`Storefront and back office built in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
} else if (twinsReason()) {
  // Built by a bare `next build`: the files are current, only their compressed twins are missing or stale.
  console.log(`Precompressing the storefront (${twinsReason()})`);
  // A bare `next build` leaves Next's own script tags: hand them to the framework's gate first (as the full build does;
  // scripts/hold-framework.ts leaves a page already done as it is). Without it the pages still work, the gate aside.
  const hold = spawnSync('npx', ['--no-install', 'tsx', path.join(root, 'scripts', 'hold-framework.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (hold.status !== 0)
    console.error("The framework's gate was not added: the pages load Next's scripts as built.");
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'precompress.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) console.error('Precompressing failed: the server compresses on the fly instead.');
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
