import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { messages } from '@/lib/rules/messages';
import { dbKinds, json, signUp, startTestApp, type TestApp } from '../helpers/test-app';

const valid = {
  name: 'Mona Adel',
  email: 'mona@example.com',
  password: 'secret123',
  rePassword: 'secret123',
  phone: '01012345678',
};

describe.each(dbKinds)('accounts on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up: 201, the contract shape, a 90-day HS256 token with {id,name,role}', async () => {
    const res = await post('/api/v1/auth/signup', valid);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toEqual({
      message: 'success',
      user: { name: 'Mona Adel', email: 'mona@example.com', role: 'user' },
      token: expect.any(String),
    });
    const payload = decodeJwt(body.token);
    // The contract's claims, plus a random token id (jti): Logout ends one token, not every token of that second.
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'id', 'jti', 'name', 'role']);
    expect(payload.jti).toMatch(/^[\w-]{16}$/);
    expect(payload).toMatchObject({ name: 'Mona Adel', role: 'user' });
    expect(payload.id).toMatch(/^[0-9a-f]{24}$/);
    expect(payload.exp! - payload.iat!).toBe(90 * 24 * 3600);
    expect(JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
  });

  it('refuses a second account for the same e-mail, in any letter case', async () => {
    const res = await post('/api/v1/auth/signup', { ...valid, email: 'MONA@Example.com' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ statusMsg: 'fail', message: 'Account Already Exists' });
  });

  it.each([
    [{ name: '' }, 'name', messages.nameRequired],
    [{ name: 'Al' }, 'name', messages.nameMin],
    // Spaces are no name: the rule trims first.
    [{ name: '     ' }, 'name', messages.nameRequired],
    [{ name: '  Al  ' }, 'name', messages.nameMin],
    [{ name: 'A very long name here' }, 'name', messages.nameMax],
    [{ email: '' }, 'email', messages.emailRequired],
    [{ email: 'not-an-email' }, 'email', messages.emailInvalid],
    [{ password: '', rePassword: '' }, 'password', messages.passwordRequired],
    [{ password: '123', rePassword: '123' }, 'password', messages.passwordMin],
    [{ password: 'x'.repeat(21), rePassword: 'x'.repeat(21) }, 'password', messages.passwordMax],
    [{ rePassword: '' }, 'rePassword', messages.rePasswordRequired],
    [{ rePassword: 'other123' }, 'rePassword', messages.rePasswordMatch],
    [{ phone: '' }, 'phone', messages.phoneRequired],
    [{ phone: '0123' }, 'phone', messages.phoneEgyptian],
  ])('signup validation %o → %s: %s', async (change, param, msg) => {
    const payload = { ...valid, email: `v${Math.random()}@example.com`, ...change };
    const res = await post('/api/v1/auth/signup', payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: 'fail',
      errors: { value: (payload as Record<string, unknown>)[param], msg, param, location: 'body' },
    });
  });

  it('reports only the first failing field, in form order', async () => {
    const res = await post('/api/v1/auth/signup', {});
    expect(json(res).errors).toEqual({ msg: messages.nameRequired, param: 'name', location: 'body' });
  });

  it('signs in case-insensitively; wrong password and unknown e-mail get the same 401', async () => {
    const ok = await post('/api/v1/auth/signin', { email: ' Mona@EXAMPLE.com ', password: 'secret123' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({
      message: 'success',
      user: { name: 'Mona Adel', email: 'mona@example.com', role: 'user' },
    });
    for (const body of [
      { email: 'mona@example.com', password: 'wrong-pass' },
      { email: 'nobody@example.com', password: 'secret123' },
    ]) {
      const res = await post('/api/v1/auth/signin', body);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ statusMsg: 'fail', message: 'Incorrect email or password' });
    }
    const missing = await post('/api/v1/auth/signin', { email: 'mona@example.com' });
    expect(json(missing).errors).toMatchObject({ param: 'password', msg: messages.passwordRequired });
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const time = async (email: string) => {
      const t0 = performance.now();
      await post('/api/v1/auth/signin', { email, password: 'wrong-pass' });
      return performance.now() - t0;
    };
    await time('nobody@example.com'); // warm the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time('mona@example.com'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both run one argon2 verification; without the dummy hash the unknown case would be ~0 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('verifies a token; 401 with the contract texts for a missing, forged or expired one', async () => {
    const s = await signUp(t.app);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verifyToken',
      headers: { token: s.token },
    });
    expect(json(ok)).toEqual({
      message: 'verified',
      decoded: { id: s.id, name: s.name, role: 'user', iat: expect.any(Number), exp: expect.any(Number) },
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/verifyToken' });
    expect(none.statusCode).toBe(401);
    expect(json(none)).toEqual({
      statusMsg: 'fail',
      message: 'You are not logged in. Please login to get access',
    });
    const [h, p, sig] = s.token.split('.');
    // A tampered signature: its first character carries six real bits (the last one carries only four, so
    // changing it can leave the decoded bytes, and the signature, unchanged).
    const tampered = `${h}.${p}.${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}`;
    for (const token of ['garbage', `${h}.${p}.AAAA`, tampered]) {
      const bad = await t.app.inject({ method: 'GET', url: '/api/v1/auth/verifyToken', headers: { token } });
      expect(bad.statusCode).toBe(401);
      expect(json(bad)).toEqual({ statusMsg: 'fail', message: 'Invalid Token. please login again' });
    }
    t.advance(91 * 24 * 3600 * 1000);
    try {
      const expired = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/verifyToken',
        headers: { token: s.token },
      });
      expect(json(expired).message).toBe('Invalid Token. please login again');
    } finally {
      t.advance(-91 * 24 * 3600 * 1000);
    }
  });

  it('changes the password: old tokens are refused, the new token and password work', async () => {
    const s = await signUp(t.app);
    const wrong = await put(
      '/api/v1/users/changeMyPassword',
      { currentPassword: 'nope123', password: 'newpass1', rePassword: 'newpass1' },
      { token: s.token },
    );
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).message).toBe('Your current password is incorrect');
    const mismatch = await put(
      '/api/v1/users/changeMyPassword',
      { currentPassword: s.password, password: 'newpass1', rePassword: 'x' },
      { token: s.token },
    );
    expect(json(mismatch).errors).toMatchObject({ param: 'rePassword', msg: messages.rePasswordMatch });
    const res = await put(
      '/api/v1/users/changeMyPassword',
      { currentPassword: s.password, password: 'newpass1', rePassword: 'newpass1' },
      { token: s.token },
    );
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      message: 'success',
      user: { email: s.email, role: 'user' },
      token: expect.any(String),
    });
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { token: s.token } });
    expect(old.statusCode).toBe(401);
    expect(json(old).message).toBe('Invalid Token. please login again');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verifyToken',
      headers: { token: body.token },
    });
    expect(fresh.statusCode).toBe(200);
    // Signing in straight after the change also gives a working token.
    const signin = await post('/api/v1/auth/signin', { email: s.email, password: 'newpass1' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/verifyToken',
      headers: { token: json(signin).token },
    });
    expect(again.statusCode).toBe(200);
  });

  it('updates name, e-mail and phone with the registration rules; 409 for a taken e-mail', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await put(
      '/api/v1/users/updateMe',
      { name: 'Renamed', phone: '01112345678' },
      { token: a.token },
    );
    expect(json(res)).toEqual({
      message: 'success',
      user: { name: 'Renamed', email: a.email, role: 'user' },
    });
    const bad = await put('/api/v1/users/updateMe', { phone: '12' }, { token: a.token });
    expect(json(bad).errors).toMatchObject({ param: 'phone', msg: messages.phoneEgyptian });
    const taken = await put(
      '/api/v1/users/updateMe',
      { email: b.email.toUpperCase(), currentPassword: a.password },
      { token: a.token },
    );
    expect(taken.statusCode).toBe(409);
    const none = await put('/api/v1/users/updateMe', { name: 'x' }, {});
    expect(none.statusCode).toBe(401);
  });
});

describe('rate limits and logs', () => {
  it('limits signin per IP with the contract envelope (429)', async () => {
    const t = await startTestApp('pglite', { seed: false, authLimits: { perMinute: 3 } });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: 'a@b.co', password: 'x' },
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect(json(last!)).toEqual({
        statusMsg: 'fail',
        message: expect.stringMatching(/^Too many requests, please try again in /),
      });
      expect(last!.headers['retry-after']).toBeDefined();
      // Other calls are not limited by the signin budget.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('never writes a password, token or reset code into a log line, and tags lines with a request id', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const t = await startTestApp('pglite', { seed: false, env: { LOG_LEVEL: 'trace' }, logStream });
    try {
      const s = await signUp(t.app, { password: 'Sup3rSecretPw' });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: s.email, password: 'Sup3rSecretPw' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgotPasswords',
        payload: { email: s.email },
      });
      const mail = json(
        await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(s.email)}` }),
      );
      const code = /(\d{10})/.exec(mail.data[0].text)![1]!;
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verifyResetCode',
        payload: { resetCode: code },
      });
      console.log('LINES', lines.length, t.config.logLevel, t.app.log.level);
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(5);
      expect(log).not.toContain('Sup3rSecretPw');
      expect(log).not.toContain(s.token);
      expect(log).not.toContain(code);
      expect(JSON.parse(lines[0]!)).toHaveProperty('reqId');
    } finally {
      await t.close();
    }
  });
});
