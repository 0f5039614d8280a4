#!/usr/bin/env node
// The server, compiled: `npm start` runs one esbuild bundle of server/ (and the lib/ rules it shares
// with the storefront) with plain node, instead of transforming the TypeScript on every start with
// tsx. That halves the CPU a restart needs. Packages stay external (loaded from
// node_modules); the SQL migrations are copied next to the bundle, where server/db/client.ts looks
// for them. The bundle lives in node_modules/.cache, so `npm ci` clears it and nothing is committed.
// It is rebuilt whenever it is missing or older than any of its sources (a build takes well under
// a second). `npm run dev` and the tests keep running the TypeScript directly.
//
//   node scripts/build-server.mjs           build now
//   node scripts/build-server.mjs --check   say whether a build is needed
//   node scripts/build-server.mjs --bench   build the benchmark's server (bench/server.ts: the same
//                                           server plus the baseline route) into its own folder
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBuildDir = path.join(root, 'node_modules', '.cache', 'freshcart-server');
export const serverEntry = path.join(serverBuildDir, 'main.mjs');
export const benchServerBuildDir = path.join(root, 'node_modules', '.cache', 'freshcart-bench-server');
const sources = ['server', 'lib', 'tsconfig.json', 'package.json', 'scripts/build-server.mjs'];

/** Newest modification time (ms) under a file or folder; 0 if it does not exist. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Why the bundle must be (re)built, or null when it is up to date. */
export function serverBuildReason() {
  if (!existsSync(serverEntry)) return 'no compiled server yet';
  const built = statSync(serverEntry).mtimeMs;
  const changed = sources.find((s) => newest(path.join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Bundles server/main.ts into serverEntry (or another entry into another folder), written aside and
 * renamed so a concurrent start never reads half a build.
 */
export async function buildServer({ entryPoint = 'server/main.ts', outDir = serverBuildDir } = {}) {
  const { build } = await import('esbuild');
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: [entryPoint],
      outfile: path.join(staging, 'main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(staging, 'migrations'), {
      recursive: true,
    });
    rmSync(outDir, { recursive: true, force: true });
    try {
      renameSync(staging, outDir);
    } catch (err) {
      // Another start built it at the same moment: theirs is as good as ours.
      if (!existsSync(path.join(outDir, 'main.mjs'))) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds the server when needed; returns the entry file to run with node. */
export async function ensureServerBuild({ log = console.log } = {}) {
  const reason = serverBuildReason();
  if (reason) {
    const t0 = Date.now();
    await buildServer();
    log(`Compiled the server (${reason}) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  }
  return serverEntry;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--bench')) {
    await buildServer({ entryPoint: 'bench/server.ts', outDir: benchServerBuildDir });
    console.log(`Compiled the benchmark's server into ${path.relative(root, benchServerBuildDir)}.`);
  } else if (process.argv.includes('--check')) {
    const reason = serverBuildReason();
    console.log(reason ? `server build needed: ${reason}` : 'server build up to date');
  } else {
    await buildServer();
    console.log(`Compiled the server into ${path.relative(root, serverEntry)}.`);
  }
}
