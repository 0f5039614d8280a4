// `npm start` runs the server compiled by scripts/build-server.mjs, not the TypeScript the other suites
// import: this proves that build serves the shop (catalogue, keyword search through PGlite's pg_trgm
// indexes, pictures resized by the lazily loaded sharp) and shuts down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compiled-server-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start: the compiled server', () => {
  it('builds, answers the catalogue, keyword search and resized pictures, and exits 0 on SIGTERM', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const check = spawnSync(process.execPath, ['scripts/build-server.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.stdout.trim()).toBe('server build up to date');

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SKIP_STOREFRONT_BUILD: '1',
      STOREFRONT_DIR: path.join(dataDir, 'no-storefront'),
    };
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /Shop running: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
          if (m) {
            clearInterval(timer);
            resolve(`http://127.0.0.1:${m[1]}`);
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server exited:\n${output}`));
          }
        }, 50);
      });
      // Nothing was stale, so start.mjs ran the bundle without compiling again.
      expect(output).not.toContain('Compiled the server');

      const list = (await (await fetch(`${base}/api/v1/products`)).json()) as {
        results: number;
        data: Array<{ title: string; imageCover: string }>;
      };
      expect(list.results).toBe(58);

      const word = list.data[0]!.title.split(/\s+/).find((w) => w.length >= 4)!;
      const found = (await (
        await fetch(`${base}/api/v1/products?keyword=${encodeURIComponent(word.toUpperCase())}`)
      ).json()) as {
        results: number;
        data: Array<{ title: string; description: string }>;
      };
      expect(found.results).toBeGreaterThan(0);
      for (const p of found.data)
        expect(`${p.title} ${p.description}`.toLowerCase()).toContain(word.toLowerCase());

      const picture = await fetch(`${base}${new URL(list.data[0]!.imageCover).pathname}?w=160`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 180_000);
});
