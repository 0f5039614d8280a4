#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
// typecheck (storefront and server), lint and format → Vitest (rules, components, API on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
// → storefront build (Next's export, then the back office's own bundle into out/admin/) → byte budgets
// → Playwright journeys in Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// The same places as e2e/support/chromium.ts (which this plain .mjs cannot import), so both agree.
const chromiumCandidates = [
  process.env.CHROMIUM_PATH,
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);

function findChromium() {
  return chromiumCandidates.find((p) => existsSync(p));
}

// Steps in one inner array run side by side (the checks use about one core each), the rest in order.
const steps = [
  [
    ['typecheck (storefront)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['typecheck (server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.server.json']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['format', 'npx', ['prettier', '--check', '.']],
  ],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  // The build `npm run build` and `npm start` make (scripts/build-storefront.mjs): `next build`, the back office into
  // out/admin/, the precompressed twins, so the budgets and the journeys get the bytes a shopper gets.
  ['storefront build', 'node', ['scripts/build-storefront.mjs']],
  ['byte budgets', 'node', ['scripts/check-budgets.mjs']],
  ['browser journeys', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const wanted = ([name]) => !only.length || only.some((o) => name.includes(o));

function envFor(name) {
  const env = { ...process.env };
  // The journeys sign in with Google through a stand-in for Google's script; the button renders only when
  // a client id was configured at build time. The id's value is never checked by the stand-in.
  if (name === 'storefront build')
    env.NEXT_PUBLIC_GOOGLE_CLIENT_ID ||= 'e2e-test-client.apps.googleusercontent.com';
  return env;
}

/** Runs one step; alone it streams its output, beside others it prints its output when it ends. */
function run([name, cmd, args], { buffered }) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: envFor(name),
    });
    const output = [];
    child.stdout?.on('data', (c) => output.push(c));
    child.stderr?.on('data', (c) => output.push(c));
    child.on('close', (code, signal) => {
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      if (buffered && output.length) {
        console.log(`\n── ${name} output ──`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ok: code === 0, status: code ?? signal, secs });
    });
  });
}

const started = Date.now();
for (const step of steps) {
  const group = (Array.isArray(step[0]) ? step : [step]).filter(wanted);
  if (group.length === 0) continue;
  if (group.some(([name]) => name === 'byte budgets') && !existsSync('scripts/check-budgets.mjs')) continue;
  if (group.some(([name]) => name === 'browser journeys') && !findChromium()) {
    console.error(
      '\nNo Chromium found for the browser journeys (looked at ' +
        chromiumCandidates.join(', ') +
        ').\n' +
        "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n" +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary. The browser suite is never skipped.\n',
    );
    process.exit(1);
  }
  const results = await Promise.all(group.map((s) => run(s, { buffered: group.length > 1 })));
  for (const r of results) {
    if (r.ok) console.log(`✔ ${r.name} (${r.secs} s)`);
    else console.error(`\n✖ ${r.name} failed after ${r.secs} s (exit ${r.status}).`);
  }
  const failed = results.find((r) => !r.ok);
  if (failed) process.exit(typeof failed.status === 'number' && failed.status !== 0 ? failed.status : 1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
