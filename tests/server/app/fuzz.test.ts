// Bad input, fast variant: a few thousand generated requests to every endpoint through app.inject
// (seeded: FUZZ_SEED=<n> replays a run). No answer may be a 5xx or leak a file, a secret or a stack
// trace, and afterwards the server still answers and the catalogue and the fuzzing shopper's data are
// intact. The full run over HTTP (10,000+) is in tests/reliability/fuzz-http.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../reliability/support/rng';
import { prepareFuzzContext, runFuzz, type FuzzContext, type Send } from '../../reliability/support/fuzz';
import { startTestApp, type TestApp } from '../helpers/test-app';

const seed = Number(process.env.FUZZ_SEED ?? 20260522);
const count = Number(process.env.FUZZ_COUNT ?? 2500);

describe(`fuzzing every endpoint in process (seed ${seed})`, () => {
  let t: TestApp;
  let send: Send;
  let context: FuzzContext;

  beforeAll(async () => {
    // A small built storefront, so /ecommerceweb/ traversal attempts meet the real static file server.
    const out = mkdtempSync(path.join(os.tmpdir(), 'reliability-fuzz-out-'));
    mkdirSync(path.join(out, '_next', 'static'), { recursive: true });
    writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(path.join(out, '_next', 'static', 'app.js'), 'console.log(1)');
    cleanup = () => rmSync(out, { recursive: true, force: true });
    t = await startTestApp('pglite', { env: { STOREFRONT_DIR: out } });
    send = async (req) => {
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers,
        payload: req.body,
      });
      return { status: res.statusCode, body: res.body };
    };
    context = await prepareFuzzContext(send, 'inject');
  });

  let cleanup = () => {};
  afterAll(async () => {
    await t?.close();
    cleanup();
  });

  it(`answers ${count} generated bad requests without a 5xx, and its data stays valid`, async () => {
    const stats = await runFuzz({ send, rng: mulberry32(seed), count, context, secret: t.config.jwtSecret });
    expect(stats.requests).toBe(count);
    expect(stats.failures).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    // The run reached past validation and authentication too, not only 400s and 401s.
    expect(stats.byStatus.get(200) ?? 0).toBeGreaterThan(count / 20);
    expect(stats.byStatus.get(404) ?? 0).toBeGreaterThan(0);
    expect(stats.byStatus.get(413) ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
