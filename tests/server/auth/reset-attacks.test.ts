import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKinds, json, signUp, startTestApp, type Shopper, type TestApp } from '../helpers/test-app';

// Reset codes cannot be guessed, and verifying one does not open the account
// to everyone. Each attack is sent the way an attacker would: many guesses at once, guesses without an
// e-mail, a reset from another address.

const codeOf = (text: string) => /reset code is: (\d+)/.exec(text)?.[1] ?? null;

describe.each(dbKinds)('reset-code attacks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The shop-wide cap on e-mail-less guesses is tested on its own below; here it is out of the way, so
    // what stops a burst is each code's own count.
    t = await startTestApp(kind, {
      seed: false,
      authLimits: { perMinute: 10_000, blindVerifyGlobal: { max: 100_000, ms: 600_000 } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const put = (url: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'PUT', url, payload, remoteAddress: ip });

  async function mailCode(email: string): Promise<string> {
    const res = await post('/api/v1/auth/forgotPasswords', { email });
    expect(res.statusCode).toBe(200);
    const mail = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}` }),
    );
    const code = codeOf(mail.data[0].text as string);
    if (!code) throw new Error('no code in the mail');
    return code;
  }

  const wrong = (code: string, n: number) =>
    String((Number(code) + n) % 10 ** code.length).padStart(code.length, '0');

  it('60 concurrent guesses with the right code last never verify (with and without the e-mail)', async () => {
    const runs = kind === 'postgres' ? 10 : 5;
    let verified = 0;
    for (let run = 0; run < runs; run++) {
      const s = await signUp(t.app);
      for (const withEmail of [true, false]) {
        const code = await mailCode(s.email);
        const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? code : wrong(code, i + 1)));
        const answers = await Promise.all(
          guesses.map((resetCode) =>
            post('/api/v1/auth/verifyResetCode', withEmail ? { resetCode, email: s.email } : { resetCode }),
          ),
        );
        if (answers.some((a) => a.statusCode === 200)) verified++;
      }
    }
    expect(verified).toBe(0);
  });

  it('mails a 10-digit code: 10^10 codes for every live code together', async () => {
    const s = await signUp(t.app);
    expect(await mailCode(s.email)).toMatch(/^\d{10}$/);
  });

  it('a code takes 3 guesses without its e-mail; then only the e-mail path verifies it', async () => {
    const s = await signUp(t.app);
    const code = await mailCode(s.email);
    for (let i = 1; i <= 3; i++)
      expect((await post('/api/v1/auth/verifyResetCode', { resetCode: wrong(code, i) })).statusCode).toBe(
        400,
      );
    const blind = await post('/api/v1/auth/verifyResetCode', { resetCode: code });
    expect(blind.statusCode).toBe(400);
    // The storefront's call (code and e-mail) is not locked out by strangers' guesses.
    const owner = await post('/api/v1/auth/verifyResetCode', { resetCode: code, email: s.email });
    expect(owner.statusCode).toBe(200);
  });

  it('forgotPasswords mails at most 5 codes per account per hour; the last stays valid; strangers cannot spend it away', async () => {
    const s = await signUp(t.app);
    const answers: string[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await post('/api/v1/auth/forgotPasswords', { email: s.email }, `10.1.0.${i}`)).body);
    // Every ask answers alike (no 429 that an owner would read as "locked out"), but only 5 mails leave.
    expect(new Set(answers)).toEqual(
      new Set([JSON.stringify({ statusMsg: 'success', message: 'Reset code sent to your email' })]),
    );
    const outbox = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(s.email)}` }),
    );
    expect(outbox.results).toBe(5);
    // The last code mailed outlives its 10 minutes until the window ends: the owner always holds a valid one.
    t.advance(45 * 60_000);
    try {
      const code = codeOf(outbox.data[0].text as string)!;
      const owner = await post(
        '/api/v1/auth/verifyResetCode',
        { resetCode: code, email: s.email },
        '10.1.9.9',
      );
      expect(owner.statusCode).toBe(200);
    } finally {
      t.advance(-45 * 60_000);
    }
    t.advance(61 * 60_000);
    expect((await post('/api/v1/auth/forgotPasswords', { email: s.email })).statusCode).toBe(200);
    const after = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(s.email)}` }),
    );
    expect(after.results).toBe(6);
  });

  async function verified(s: Shopper, ip: string): Promise<string> {
    const code = await mailCode(s.email);
    const res = await post('/api/v1/auth/verifyResetCode', { resetCode: code, email: s.email }, ip);
    expect(res.statusCode).toBe(200);
    return json(res).resetToken as string;
  }

  it('after the owner verifies, a stranger who knows the e-mail cannot set the password', async () => {
    const s = await signUp(t.app);
    await verified(s, '10.2.0.1');
    const stranger = await put(
      '/api/v1/auth/resetPassword',
      { email: s.email, newPassword: 'hijacked1' },
      '10.9.9.9',
    );
    expect(stranger.statusCode).toBe(400);
    expect(json(stranger).message).toMatch(/^Reset code not verified for this email/);
    // A made-up token is no better.
    const forged = await put(
      '/api/v1/auth/resetPassword',
      { email: s.email, newPassword: 'hijacked1', resetToken: 'A'.repeat(43) },
      '10.9.9.9',
    );
    expect(forged.statusCode).toBe(400);
    // The password is unchanged.
    const signin = await post('/api/v1/auth/signin', { email: s.email, password: s.password });
    expect(signin.statusCode).toBe(200);
  });

  it('the reset token works once, from any address, within the 10 minutes', async () => {
    const s = await signUp(t.app);
    const token = await verified(s, '10.3.0.1');
    t.advance(8 * 60_000);
    const ok = await put(
      '/api/v1/auth/resetPassword',
      { email: s.email, newPassword: 'brandnew1', resetToken: token },
      '10.3.0.2',
    );
    expect(ok.statusCode).toBe(200);
    const again = await put(
      '/api/v1/auth/resetPassword',
      { email: s.email, newPassword: 'brandnew2', resetToken: token },
      '10.3.0.2',
    );
    expect(again.statusCode).toBe(400);
    expect((await post('/api/v1/auth/signin', { email: s.email, password: 'brandnew1' })).statusCode).toBe(
      200,
    );
  });

  it('the spec-only reset (no token) is accepted once, from the verifying address, within 5 minutes', async () => {
    const late = await signUp(t.app);
    await verified(late, '10.4.0.1');
    t.advance(5 * 60_000 + 1_000);
    expect(
      (await put('/api/v1/auth/resetPassword', { email: late.email, newPassword: 'brandnew1' }, '10.4.0.1'))
        .statusCode,
    ).toBe(400);

    const s = await signUp(t.app);
    await verified(s, '10.4.0.2');
    expect(
      (await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew1' }, '10.4.0.2'))
        .statusCode,
    ).toBe(200);
    expect(
      (await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew2' }, '10.4.0.2'))
        .statusCode,
    ).toBe(400);
  });

  it("no password hashing before the reset is known to be allowed; a stranger's resets do not count against the owner", async () => {
    const s = await signUp(t.app);
    const hash = vi.spyOn(argon2, 'hash');
    try {
      for (const email of [s.email, 'nobody-here@example.com']) {
        const res = await put('/api/v1/auth/resetPassword', { email, newPassword: 'brandnew1' }, '10.5.0.1');
        expect(res.statusCode).toBe(400);
      }
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push(
        (await put('/api/v1/auth/resetPassword', { email: s.email, newPassword: 'brandnew1' }, `10.5.1.${i}`))
          .statusCode,
      );
    expect(statuses).toEqual(Array(50).fill(400));
    // The owner, holding the mailed code, still resets.
    const token = await verified(s, '10.5.2.1');
    const mine = await put(
      '/api/v1/auth/resetPassword',
      { email: s.email, newPassword: 'brandnew1', resetToken: token },
      '10.5.2.1',
    );
    expect(mine.statusCode).toBe(200);
  });
});

describe('e-mail-less guesses have a shop-wide cap', () => {
  it('30 per 10 minutes for everyone together, then 429 until the window ends', async () => {
    const t = await startTestApp('pglite', { seed: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/verifyResetCode',
          payload: { resetCode: String(1_000_000_000 + i) },
          remoteAddress: `10.6.${i}.1`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(30).fill(400), ...Array(5).fill(429)]);
      t.advance(10 * 60_000 + 1_000);
      const later = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verifyResetCode',
        payload: { resetCode: '1234567890' },
      });
      expect(later.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
