// Account security: rate limits under brute force (and their reset), shared through Redis across two
// app instances, reset codes that work once and expire, sign-in that does the same work whether or not
// the address exists, no dev outbox in production, no production start without JWT_SECRET, and the
// health and readiness probes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxWrongAttempts } from '@/server/modules/auth/reset-codes';
import { dbKinds, json, signUp, startTestApp, type TestApp } from '../helpers/test-app';

const open: TestApp[] = [];
async function app(
  options: Parameters<typeof startTestApp>[1] = {},
  kind: (typeof dbKinds)[number] = 'pglite',
) {
  const t = await startTestApp(kind, { seed: false, ...options });
  open.push(t);
  return t;
}

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((t) => t.close()));
});

/** A fresh client address per test, so limits counted in Redis by other runs never meet ours. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

async function latestCode(t: TestApp, email: string): Promise<string> {
  const mail = json(
    await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}` }),
  );
  const code = /(\d{10})/.exec(mail.data[0].text as string)?.[1];
  if (!code) throw new Error('no reset code in the outbox');
  return code;
}

describe('rate limits', () => {
  it('hold under a brute-force run on signin and verifyResetCode, and reset after their window', async () => {
    // The limiter's window runs on Date.now(): the test moves that clock (and only that one) past the window
    // instead of waiting for it, so a busy machine cannot make the attempts outlast it either.
    vi.useFakeTimers({ toFake: ['Date'] });
    const windowMs = 60_000;
    const t = await app({ authLimits: { perMinute: 5, windowMs } });
    const victim = await signUp(t.app);
    const ip = randomIp();
    const attack = async (url: string, payload: (i: number) => object) => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({ method: 'POST', url, payload: payload(i), remoteAddress: ip });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({
            statusMsg: 'fail',
            message: expect.stringMatching(/^Too many requests, please try again in /),
          });
        }
      }
      // Five real attempts (all wrong), then nothing but 429 for the rest of the window.
      expect(statuses.slice(0, 5).every((s) => s === 401 || s === 400)).toBe(true);
      expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    };
    await attack('/api/v1/auth/signin', (i) => ({ email: victim.email, password: `guess${i}xx` }));
    // Even the right password is refused while the window lasts ...
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    await attack('/api/v1/auth/verifyResetCode', (i) => ({ resetCode: String(1_000_000_000 + i) }));
    // ... and accepted once it has passed.
    vi.setSystemTime(Date.now() + windowMs + 500);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: ip,
    });
    expect(after.statusCode).toBe(200);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  describe.each(redisUrl ? [redisUrl] : [])('with REDIS_URL=%s', (url) => {
    it('is shared by two app instances (as by two processes behind a load balancer)', async () => {
      const a = await app({ env: { REDIS_URL: url }, authLimits: { perMinute: 6, windowMs: 60_000 } });
      const b = await app({ env: { REDIS_URL: url }, authLimits: { perMinute: 6, windowMs: 60_000 } });
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const target = i % 2 === 0 ? a : b;
        const res = await target.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: 'nobody@example.com', password: 'wrong-pass' },
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      // Six attempts in all, not six per instance.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
    }, 60_000); // two apps, each connecting to Redis: slow on a busy machine
  });
});

describe('reset codes', () => {
  it('work once: a used code and a second reset both fail', async () => {
    const t = await app();
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const code = await latestCode(t, s.email);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/verifyResetCode',
          payload: { resetCode: code },
        })
      ).statusCode,
    ).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyResetCode',
      payload: { resetCode: code },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ statusMsg: 'fail', message: 'Reset code is invalid or has expired' });
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/resetPassword',
      payload: { email: s.email, newPassword: 'another1' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/resetPassword',
      payload: { email: s.email, newPassword: 'another2' },
    });
    expect(again.statusCode).toBe(400);
    // The password is the one set by the single successful reset.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: s.email, password: 'another1' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('expire after 10 minutes, and a verified code must be used within 10 minutes', async () => {
    const t = await app();
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const code = await latestCode(t, s.email);
    t.advance(10 * 60 * 1000 + 1_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyResetCode',
      payload: { resetCode: code },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Reset code is invalid or has expired');

    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const fresh = await latestCode(t, s.email);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/verifyResetCode',
          payload: { resetCode: fresh },
        })
      ).statusCode,
    ).toBe(200);
    t.advance(10 * 60 * 1000 + 1_000);
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/resetPassword',
      payload: { email: s.email, newPassword: 'another1' },
    });
    expect(stale.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: s.email, password: s.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it(`cannot be guessed: after ${maxWrongAttempts} wrong guesses even the right code is refused`, async () => {
    const t = await app();
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const code = await latestCode(t, s.email);
    const wrong = (n: number) => String((Number(code) + n) % 10_000_000_000).padStart(10, '0');
    for (let i = 1; i <= maxWrongAttempts; i++) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/verifyResetCode',
            payload: { resetCode: wrong(i) },
          })
        ).statusCode,
      ).toBe(400);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyResetCode',
      payload: { resetCode: code },
    });
    expect(right.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/auth/resetPassword',
          payload: { email: s.email, newPassword: 'hijacked1' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('sign-in timing', () => {
  it('verifies a password hash whether or not the e-mail exists, and takes about as long', async () => {
    const t = await app();
    const s = await signUp(t.app);
    const verify = vi.spyOn(argon2, 'verify');
    const signin = async (email: string) => {
      const t0 = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusMsg: 'fail', message: 'Incorrect email or password' });
      return performance.now() - t0;
    };
    // Warm up both paths (the decoy hash is made on first use).
    await signin('missing-warmup@example.com');
    await signin(s.email);
    verify.mockClear();
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await signin(s.email));
      missing.push(await signin(`missing${i}@example.com`));
    }
    // The unknown address goes through argon2 just like a wrong password does.
    expect(verify).toHaveBeenCalledTimes(14);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Generous: a shared machine is noisy; a skipped hash would be 10-100x faster, not 2x.
    expect(median(missing)).toBeGreaterThan(median(known) / 2.5);
    expect(median(missing)).toBeLessThan(median(known) * 2.5);
  });
});

describe('production settings', () => {
  it('has no dev outbox when NODE_ENV=production', async () => {
    const t = await app({
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', JWT_SECRET: randomBytes(32).toString('hex') },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=someone@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusMsg: 'fail',
      message: "Can't find this route: /api/v1/dev/outbox?to=someone@example.com",
    });
  });

  it('refuses to start in production without JWT_SECRET', async () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: '3690',
        DATA_DIR: '/tmp/reliability-prod-nosecret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET is required when NODE_ENV=production');
    expect(output).not.toContain('Shop running');
  }, 60_000);
});

describe.each(dbKinds)('health probes on %s', (kind) => {
  it('/health answers while the process is up; /ready only while the database answers', async () => {
    const t = await app({}, kind);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind });
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ statusMsg: 'error', message: 'Database unavailable' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
