import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { dbKinds, json, signUp, startTestApp, type TestApp } from '../helpers/test-app';

// Non-finite list pages, saved addresses and checkout sessions without a
// cap, production's CORS default and the development outbox behind a proxy.

const lists = [
  '/api/v1/products',
  '/api/v1/categories',
  '/api/v1/brands',
  '/api/v1/subcategories',
  '/api/v1/categories/0123456789abcdef01234567/subcategories',
];

describe.each(dbKinds)('smaller holes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('page and limit of Infinity, 1e309 or 1e400 are a 400 in the validation envelope on every list', async () => {
    for (const list of lists) {
      for (const param of ['page', 'limit']) {
        for (const value of ['Infinity', '1e309', '1e400', '-Infinity']) {
          const res = await t.app.inject({ method: 'GET', url: `${list}?${param}=${value}` });
          expect(res.statusCode, `${list}?${param}=${value}`).toBe(400);
          expect(json(res)).toEqual({
            message: 'fail',
            errors: { value, msg: `${param} must be an integer`, param, location: 'query' },
          });
        }
      }
    }
    // A price bound that is not finite keeps its own message.
    const price = await t.app.inject({ method: 'GET', url: '/api/v1/products?price[gte]=1e400' });
    expect(json(price).errors).toMatchObject({ param: 'price[gte]', value: '1e400', location: 'query' });
  });

  it('an account saves at most 20 addresses; the 21st is a 400 and is not stored', async () => {
    const s = await signUp(t.app);
    const post = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { token: s.token },
        payload: { name: `Home ${i}`, details: `Street ${i}`, phone: '01012345678', city: 'Cairo' },
      });
    // Sent at once: the cap holds under concurrency too.
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => post(i)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(json(r)).toEqual({
        statusMsg: 'fail',
        message: 'You can save at most 20 addresses. Remove one to add another',
      });
    }
    const list = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/addresses', headers: { token: s.token } }),
    );
    expect(list.results).toBe(20);
    // Removing one makes room for one.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/addresses/${list.data[0]._id}`,
      headers: { token: s.token },
    });
    expect((await post(99)).statusCode).toBe(200);
    expect((await post(100)).statusCode).toBe(400);
  });

  it('a cart has at most 10 open checkout sessions; the 11th is a 400; expired ones do not count', async () => {
    const s = await signUp(t.app);
    const product = json(await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).data[0];
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: s.token },
      payload: { productId: product._id },
    });
    const cartId = json(added).cartId as string;
    const open = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/checkout-session/${cartId}?url=${encodeURIComponent('http://shop.test')}`,
        headers: { token: s.token },
        payload: { shippingAddress: { details: 'Street 1', phone: '01012345678', city: 'Cairo' } },
      });
    const answers = await Promise.all(Array.from({ length: 14 }, () => open()));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(json(refused[0]!)).toEqual({
      statusMsg: 'fail',
      message:
        'This cart already has 10 open payment pages. Pay on one of them, or try again once one has expired',
    });
    // A day later the ten have expired: a new one opens.
    t.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await open()).statusCode).toBe(200);
  });

  it('the development outbox refuses requests that came through a proxy (403), even from loopback', async () => {
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPasswords', payload: { email: s.email } });
    const url = `/api/v1/dev/outbox?to=${encodeURIComponent(s.email)}`;
    const local = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(json(local).results).toBe(1);
    const forwarded = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'shop.example' },
    ];
    for (const headers of forwarded) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, Object.keys(headers)[0]).toBe(403);
      expect(json(res)).toEqual({
        statusMsg: 'fail',
        message: 'The development outbox answers only requests made on this machine, not through a proxy',
      });
      expect(res.body).not.toMatch(/\d{10}/);
    }
  });
});

describe('CORS defaults', () => {
  it("production trusts PUBLIC_URL's origin only; development keeps the local storefront ports", () => {
    const base = {
      DATA_DIR: '/tmp/never-written',
      JWT_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://shop.example/',
    };
    const production = loadConfig({ ...base, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' });
    expect(production.corsOrigins).toEqual(['https://shop.example']);
    const development = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(development.corsOrigins).toEqual(
      expect.arrayContaining(['https://shop.example', 'http://localhost:3000', 'http://127.0.0.1:3010']),
    );
    // An explicit list still decides in production.
    const explicit = loadConfig({
      ...base,
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: '1',
      CORS_ORIGINS: 'https://a.example',
    });
    expect(explicit.corsOrigins).toEqual(['https://a.example']);
  });

  it('a production app answers a local storefront port without CORS headers', async () => {
    const t = await startTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', JWT_SECRET: 'p'.repeat(40) },
    });
    try {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3005']) {
        const res = await t.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/cart',
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'token',
          },
        });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
      const own = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/cart',
        headers: {
          origin: 'http://shop.test',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'token',
        },
      });
      expect(own.headers['access-control-allow-origin']).toBe('http://shop.test');
    } finally {
      await t.close();
    }
  });
});
