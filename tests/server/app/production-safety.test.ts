import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@/lib/rules/messages';
import { loadConfig } from '@/server/config';
import { outbox, passwordResets } from '@/server/db/schema';
import { json, signUp, startTestApp, type TestApp } from '../helpers/test-app';
import { printedOnce } from '../helpers/child-output';

// Limits count the real client, production never takes test
// payments by accident, development defaults are safe on a network, the smaller holes, and the
// benchmark route out of the production server.

const root = path.resolve(__dirname, '..', '..', '..');
const open: TestApp[] = [];
async function app(options: Parameters<typeof startTestApp>[1] = {}): Promise<TestApp> {
  const t = await startTestApp('pglite', { seed: false, ...options });
  open.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

const production = { NODE_ENV: 'production' as const, ALLOW_TEST_PAYMENTS: '1', JWT_SECRET: 'p'.repeat(40) };

function signinFrom(t: TestApp, email: string, headers: Record<string, string>, remoteAddress = '10.0.0.5') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email, password: 'wrong-pass' },
    headers,
    remoteAddress,
  });
}

describe('rate limits count the real client (item 4)', () => {
  it('production, no TRUST_PROXY: 25 sign-ins with changing X-Forwarded-For meet the per-IP limit', async () => {
    const t = await app({ env: production, authLimits: { perMinute: 5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await signinFrom(t, `nobody${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(20).fill(429));
  });

  it('TRUST_PROXY=1: the address the proxy saw counts, not what the client wrote before it', async () => {
    const t = await app({ env: { ...production, TRUST_PROXY: '1' }, authLimits: { perMinute: 5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // The client writes a new left-most address each time; our proxy appends the real one.
      const res = await signinFrom(
        t,
        `nobody${i}@example.com`,
        { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        '127.0.0.1',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('TRUST_PROXY takes a hop count or addresses; "true" and nonsense are refused', () => {
    const base = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cfg-')), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.1/99' })).toThrow(/TRUST_PROXY must be/);
    rmSync(base.DATA_DIR, { recursive: true, force: true });
  });

  it('sign-in from unknown browsers is limited per account whatever the address: 30 per 15 minutes, then 429', async () => {
    const t = await app();
    const s = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await signinFrom(t, s.email, {}, `10.7.0.${i}`)).statusCode);
    expect(statuses).toEqual([...Array(30).fill(401), 429, 429]);
    const limited = await signinFrom(t, s.email, {}, '10.7.1.1');
    expect(json(limited)).toEqual({
      statusMsg: 'fail',
      message: expect.stringMatching(/^Too many sign-in attempts for this account, please try again in /),
    });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

function runServer(env: Record<string, string> & { NODE_ENV: 'production' }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prod-start-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return {
    child,
    exited,
    output: () => output,
    async running(): Promise<string> {
      await printedOnce(child, /Shop running/, () => output);
      if (!/Shop running/.test(output)) throw new Error(`server exited:\n${output}`);
      return output;
    },
    /** Waits (up to 10 s) for a text: stdout and stderr are two pipes, so their order is not kept. */
    async printed(text: string): Promise<string> {
      return printedOnce(child, text, () => output, 10_000).catch(() => output);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('production never takes test payments by accident; safe defaults (items 5 and 8)', () => {
  it('refuses to start in production without Stripe keys unless ALLOW_TEST_PAYMENTS=1', async () => {
    const server = runServer({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    try {
      const stillRunning = new Promise<string>((r) => setTimeout(() => r('still running'), 30_000));
      expect(await Promise.race([server.exited, stillRunning])).toBe(1);
      expect(server.output()).toContain('NODE_ENV=production needs a real payment provider');
      expect(server.output()).not.toContain('Shop running');
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('with ALLOW_TEST_PAYMENTS=1 it starts, names the test provider, and warns that resets cannot be mailed', async () => {
    const server = runServer({ ...production, STOREFRONT_DIR: '/nonexistent' });
    try {
      const out = await server.running();
      expect(out).toMatch(/payments TEST provider/);
      expect(out).toMatch(/listening on 127\.0\.0\.1/);
      const warning = 'SMTP_URL is not set: this shop cannot send e-mail, so PASSWORD RESETS DO NOT WORK';
      expect(await server.printed(warning)).toContain(warning);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('production without SMTP_URL: forgotPasswords answers 503 and keeps no code, in clear or not', async () => {
    const t = await app({ env: production });
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotPasswords',
      payload: { email: s.email },
    });
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe('Password resets are not available: this shop cannot send e-mail yet');
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    expect(await t.database.db.select().from(passwordResets)).toEqual([]);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    rmSync(dir, { recursive: true, force: true });
  });

  it('the development outbox answers loopback clients only', async () => {
    const t = await app();
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const url = `/api/v1/dev/outbox?to=${encodeURIComponent(s.email)}`;
    const local = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(json(local).results).toBe(1);
    for (const remoteAddress of ['192.168.1.20', '10.0.0.9', '::ffff:192.168.1.20']) {
      const remote = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toMatch(/\d{10}/);
    }
  });
});

describe('smaller holes (item 9)', () => {
  async function cartOf(t: TestApp) {
    const s = await signUp(t.app);
    const list = json(await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' }));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: s.token },
      payload: { productId: list.data[0]._id },
    });
    return { s, cartId: json(added).cartId as string };
  }

  it("checkout url: only the shop's own origins, no control characters; the parsed URL is stored", async () => {
    const t = await app({
      seed: true,
      env: { PUBLIC_URL: 'http://api.shop.test', CORS_ORIGINS: 'https://shop.test' },
    });
    const { s, cartId } = await cartOf(t);
    const session = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent(url)}`,
        headers: { token: s.token },
        payload: { shippingAddress: { details: 'Street 1', phone: '01012345678', city: 'Cairo' } },
      });
    for (const bad of [
      'https://evil.example/#',
      'https://shop.test.evil.example/',
      'https://user:pw@shop.test/',
      'https://shop.test/#\r\nSet-Cookie: x=1',
      'https://shop.test/\u0000',
    ]) {
      const res = await session(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res)).toMatchObject({ message: 'fail', errors: { param: 'url', location: 'query' } });
    }
    const ok = await session('https://SHOP.test/#');
    expect(ok.statusCode).toBe(200);
    expect(json(ok).session.success_url).toBe('https://shop.test/#/allorders');
    const own = await session('http://api.shop.test/#');
    expect(own.statusCode).toBe(200);
  });

  it('POST /addresses validates the phone like sign-up', async () => {
    const t = await app();
    const s = await signUp(t.app);
    const add = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { token: s.token },
        payload: { name: 'Home', details: 'Street 1', phone, city: 'Cairo' },
      });
    const bad = await add('12');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({ param: 'phone', msg: messages.phoneEgyptian });
    expect((await add('01012345678')).statusCode).toBe(200);
  });

  it('updateMe changing the e-mail asks for the current password and ends other sessions', async () => {
    const t = await app();
    const s = await signUp(t.app);
    // A second session (another device), signed in a second later.
    t.advance(1_500);
    const other = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: s.email, password: s.password },
      }),
    ).token as string;
    t.advance(1_500);
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/users/updateMe', headers: { token: s.token }, payload });
    const newEmail = `moved.${randomBytes(3).toString('hex')}@example.com`;
    const missing = await update({ email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors).toMatchObject({ param: 'currentPassword' });
    expect((await update({ email: newEmail, currentPassword: 'not-it-1' })).statusCode).toBe(401);
    const moved = await update({ email: newEmail, currentPassword: s.password });
    expect(moved.statusCode).toBe(200);
    const fresh = json(moved).token as string;
    expect(json(moved).user.email).toBe(newEmail);
    t.advance(1_500);
    const check = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/verifyToken', headers: { token } });
    expect((await check(other)).statusCode).toBe(401);
    expect((await check(fresh)).statusCode).toBe(200);
    // A name change alone needs no password.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/users/updateMe',
          headers: { token: fresh },
          payload: { name: 'Renamed' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the request id is the server’s own, never the client’s', async () => {
    const t = await app();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'attacker-chosen\u2028id' },
    });
    expect(res.headers['x-request-id']).not.toBe('attacker-chosen\u2028id');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('personal responses carry Cache-Control: no-store; the catalogue does not', async () => {
    const t = await app({ seed: true });
    const s = await signUp(t.app);
    for (const url of ['/api/v1/cart', '/api/v1/orders/user/x', '/api/v1/addresses', '/api/v1/wishlist']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { token: s.token } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: s.email, password: s.password },
    });
    expect(signin.headers['cache-control']).toBe('no-store');
    const products = await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' });
    expect(products.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the benchmark route leaves production (item 10)', () => {
  it('is absent from the compiled server bundle and from an app built with BENCH_BASELINE_ROUTE=1', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const bundle = readFileSync(path.join(root, 'node_modules/.cache/freshcart-server/main.mjs'), 'utf8');
    expect(bundle).not.toContain('__bench');
    process.env.BENCH_BASELINE_ROUTE = '1';
    try {
      const t = await app();
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/__bench/baseline?bytes=100' });
      expect(res.statusCode).toBe(404);
    } finally {
      delete process.env.BENCH_BASELINE_ROUTE;
    }
  }, 60_000);
});
