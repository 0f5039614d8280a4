import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { passwordResets } from '@/server/db/schema';
import { messages } from '@/lib/rules/messages';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp';
import { dbKinds, json, signUp, startTestApp, type Shopper, type TestApp } from '../helpers/test-app';

async function latestCode(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  });
  const mail = json(res).data[0];
  return /reset code is: (\d{10})/.exec(mail.text)![1]!;
}

describe.each(dbKinds)('password reset through the outbox on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload });
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000_000_000).padStart(10, '0');

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the whole flow: code by mail, verify, reset, old token refused, new password works', async () => {
    const s: Shopper = await signUp(t.app);
    const forgot = await post('/api/v1/auth/forgotPasswords', { email: s.email.toUpperCase() });
    expect(forgot.statusCode).toBe(200);
    expect(json(forgot)).toEqual({ statusMsg: 'success', message: 'Reset code sent to your email' });
    const outbox = json(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${s.email}` }));
    expect(outbox.results).toBe(1);
    expect(outbox.data[0]).toMatchObject({
      to: s.email,
      subject: expect.stringContaining('password reset code'),
    });
    const code = await latestCode(t, s.email);

    const bad = await post('/api/v1/auth/verifyResetCode', { resetCode: wrongCode(code) });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ statusMsg: 'fail', message: 'Reset code is invalid or has expired' });

    // Resetting before the code is verified fails.
    const early = await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew1' });
    expect(early.statusCode).toBe(400);

    const ok = await post('/api/v1/auth/verifyResetCode', { resetCode: code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ status: 'Success', resetToken: expect.stringMatching(/^[\w-]{43}$/) });

    const short = await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: '123' });
    expect(json(short).errors).toEqual({
      value: '123',
      msg: messages.passwordMin,
      param: 'newPassword',
      location: 'body',
    });

    const reset = await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew1' });
    expect(reset.statusCode).toBe(200);
    const { token } = json(reset);
    expect(Object.keys(json(reset))).toEqual(['token']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/verifyToken', headers: { token } })).statusCode,
    ).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verifyToken',
      headers: { token: s.token },
    });
    expect(json(old)).toEqual({ statusMsg: 'fail', message: 'Invalid Token. please login again' });
    expect((await post('/api/v1/auth/signin', { email: s.email, password: 'brandnew1' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/v1/auth/signin', { email: s.email, password: s.password })).statusCode).toBe(
      401,
    );

    // The verified code works once.
    const twice = await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'another1' });
    expect(twice.statusCode).toBe(400);
    expect((await post('/api/v1/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(400);
  });

  it('answers an unknown e-mail exactly as a known one (nothing mailed); validation for a missing one or a missing code', async () => {
    const known = await signUp(t.app);
    const ghost = await post('/api/v1/auth/forgotPasswords', { email: 'ghost@example.com' });
    const real = await post('/api/v1/auth/forgotPasswords', { email: known.email });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.body).toBe(real.body);
    expect(json(ghost)).toEqual({ statusMsg: 'success', message: 'Reset code sent to your email' });
    const outbox = (to: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(json(await outbox('ghost@example.com')).results).toBe(0);
    expect(json(await outbox(known.email)).results).toBe(1);
    expect(json(await post('/api/v1/auth/forgotPasswords', {})).errors).toMatchObject({
      param: 'email',
      msg: messages.emailRequired,
    });
    expect(json(await post('/api/v1/auth/verifyResetCode', {})).errors).toMatchObject({
      param: 'resetCode',
      msg: 'resetCode is required',
    });
  });

  it('expires codes after 10 minutes', async () => {
    const s = await signUp(t.app);
    await post('/api/v1/auth/forgotPasswords', { email: s.email });
    const code = await latestCode(t, s.email);
    t.advance(10 * 60 * 1000 + 1000);
    try {
      expect((await post('/api/v1/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(400);
    } finally {
      t.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  it('a verified code must be used within 10 minutes', async () => {
    const s = await signUp(t.app);
    await post('/api/v1/auth/forgotPasswords', { email: s.email });
    expect(
      (await post('/api/v1/auth/verifyResetCode', { resetCode: await latestCode(t, s.email) })).statusCode,
    ).toBe(200);
    t.advance(11 * 60 * 1000);
    try {
      expect(
        (await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew1' })).statusCode,
      ).toBe(400);
    } finally {
      t.advance(-11 * 60 * 1000);
    }
  });

  it('kills a code after 5 wrong guesses', async () => {
    const s = await signUp(t.app);
    await post('/api/v1/auth/forgotPasswords', { email: s.email });
    const code = await latestCode(t, s.email);
    for (let i = 1; i <= 5; i++) {
      expect(
        (
          await post('/api/v1/auth/verifyResetCode', {
            resetCode: String((Number(code) + i) % 10_000_000_000).padStart(10, '0'),
          })
        ).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/v1/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(400);
    // A new request issues a fresh code with a fresh budget.
    await post('/api/v1/auth/forgotPasswords', { email: s.email });
    expect(
      (await post('/api/v1/auth/verifyResetCode', { resetCode: await latestCode(t, s.email) })).statusCode,
    ).toBe(200);
  });
});

describe('password reset mail over SMTP', () => {
  let smtp: SmtpCatcher;
  let received: SmtpCatcher['received'];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    received = smtp.received;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends the code through SMTP_URL, and keeps the outbox empty', async () => {
    const t = await startTestApp('pglite', {
      seed: false,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' },
    });
    try {
      const s = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgotPasswords',
        payload: { email: s.email },
      });
      expect(res.statusCode).toBe(200);
      // The mail leaves after the answer (its timing must not tell whether the address has an account).
      await t.app.ctx.background.idle();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([s.email]);
      expect(received[0]!.data).toMatch(/From: Shop <shop@example\.com>/);
      const code = /reset code is: (\d{10})/.exec(received[0]!.data)![1]!;
      const outbox = json(await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${s.email}` }));
      expect(outbox.results).toBe(0);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verifyResetCode',
        payload: { resetCode: code },
      });
      expect(json(ok)).toEqual({ status: 'Success', resetToken: expect.stringMatching(/^[\w-]{43}$/) });
    } finally {
      await t.close();
    }
  });

  it('answers as usual, keeps no code and logs the failure when the SMTP server refuses', async () => {
    const logged: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const t = await startTestApp('pglite', {
      seed: false,
      env: { SMTP_URL: 'smtp://127.0.0.1:1', LOG_LEVEL: 'error' },
      logStream,
    });
    try {
      const s = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgotPasswords',
        payload: { email: s.email },
      });
      expect(json(res)).toEqual({ statusMsg: 'success', message: 'Reset code sent to your email' });
      await t.app.ctx.background.idle();
      expect(logged.join('')).toMatch(/reset mail failed/);
      const codes = await t.database.db.select().from(passwordResets);
      expect(codes).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('has no outbox endpoint in production', async () => {
    const t = await startTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=a@b.co' });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe("Can't find this route: /api/v1/dev/outbox?to=a@b.co");
    } finally {
      await t.close();
    }
  });
});
