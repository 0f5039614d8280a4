// `npm start` serves the bytes `npm run build` serves (issue 29, item 4): a storefront built without its
// precompressed twins (a bare `next build`) gets them before the server starts. (`npm run build`, `npm start` and
// `npm test` build through one list of steps that ends with them, scripts/build-storefront.mjs; the byte budgets
// then measure what the server sends: scripts/check-budgets.mjs, "on the wire".)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'start-twins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(storefrontDir: string): string {
  const run = spawnSync(process.execPath, ['scripts/start.mjs', '--check'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', STOREFRONT_DIR: storefrontDir },
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe('npm start: the precompressed twins', () => {
  it('asks for them when a built storefront has none or older ones, and not once they are current', () => {
    const out = path.join(dir, 'out');
    mkdirSync(path.join(out, 'admin'), { recursive: true });
    // A build newer than every source (the files are written now).
    writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>FreshCart</title>');
    writeFileSync(path.join(out, 'admin', 'index.html'), '<!doctype html><title>Back office</title>');
    expect(check(out)).toBe('precompress needed: no precompressed .br/.gz files');

    writeFileSync(path.join(out, 'index.html.br'), 'old');
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(out, 'index.html.br'), past, past);
    expect(check(out)).toBe('precompress needed: the precompressed files are older than the build');

    writeFileSync(path.join(out, 'index.html.br'), 'current');
    expect(check(out)).toBe('storefront up to date');
  });
});
