#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
// typecheck → lint → Vitest (rules, components, API on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
// → storefront build → byte budgets → Playwright journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

function findChromium() {
  return chromiumCandidates.find((p) => existsSync(p));
}

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unit, component and API tests', 'npx', ['vitest', 'run']],
  ['storefront build', 'npx', ['next', 'build']],
  ['byte budgets', 'node', ['scripts/check-budgets.mjs']],
  ['browser journeys', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  if (name === 'byte budgets' && !existsSync('scripts/check-budgets.mjs')) continue;
  if (name === 'browser journeys' && !findChromium()) {
    console.error(
      '\nNo Chromium found for the browser journeys (looked at ' + chromiumCandidates.join(', ') + ').\n' +
        'Install Debian\'s Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary. The browser suite is never skipped.\n',
    );
    process.exit(1);
  }
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const env = { ...process.env };
  // The journeys sign in with Google through a stand-in for Google's script; the button renders only when
  // a client id was configured at build time. The id's value is never checked by the stand-in.
  if (name === 'storefront build') env.NEXT_PUBLIC_GOOGLE_CLIENT_ID ||= 'e2e-test-client.apps.googleusercontent.com';
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs} s (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${secs} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
