// Issue 29, item 5: no configuration trap. PUBLIC_URL follows HOST by default, the address the server prints is
// the shop's own, and outside production every loopback name of it is too (a checkout may return there, CORS
// answers it). Production trusts PUBLIC_URL's origin only, and no other host, port or userinfo trick passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { printedAddress } from '@/server/serve';
import {
  fillCart,
  requestSession,
  seedProducts,
  signUp,
  startApp,
  type Harness,
  type SeededProduct,
} from '../fakes/payments-app';
import { dbKinds } from '../helpers/test-app';

const dir = '/tmp/never-written';
const secret = { JWT_SECRET: 'o'.repeat(40) };

describe('PUBLIC_URL follows HOST', () => {
  it('defaults to the address the server listens on, as a browser opens it', () => {
    const at = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...secret, ...env }).publicUrl;
    expect(at({})).toBe('http://127.0.0.1:3000');
    expect(at({ PORT: '3950' })).toBe('http://127.0.0.1:3950');
    expect(at({ HOST: '::1', PORT: '3950' })).toBe('http://[::1]:3950');
    expect(at({ HOST: 'localhost', PORT: '3950' })).toBe('http://localhost:3950');
    // Every interface: localhost is the one name that reaches it from this machine.
    expect(at({ HOST: '0.0.0.0', PORT: '3950' })).toBe('http://localhost:3950');
    expect(at({ HOST: '::', PORT: '3950' })).toBe('http://localhost:3950');
    expect(at({ HOST: '10.0.0.5', PORT: '3950' })).toBe('http://10.0.0.5:3950');
    // Set, it decides.
    expect(at({ PORT: '3950', PUBLIC_URL: 'https://shop.example/' })).toBe('https://shop.example');
  });

  it('prints the default address with the port the system chose for PORT=0, and PUBLIC_URL as set', () => {
    expect(printedAddress(loadConfig({ DATA_DIR: dir, ...secret, PORT: '0' }).publicUrl, 41234)).toBe(
      'http://127.0.0.1:41234',
    );
    expect(printedAddress('http://127.0.0.1:3950', 3950)).toBe('http://127.0.0.1:3950');
    expect(printedAddress('https://shop.example', 3950)).toBe('https://shop.example');
  });

  it('outside production, every loopback name at the port is the shop own; in production only PUBLIC_URL', () => {
    const loopback = ['http://localhost:3950', 'http://127.0.0.1:3950', 'http://[::1]:3950'];
    for (const NODE_ENV of ['development', 'test']) {
      const c = loadConfig({ DATA_DIR: dir, ...secret, NODE_ENV, PORT: '3950' });
      expect(c.ownOrigins.sort()).toEqual([...loopback].sort());
      expect(c.corsOrigins).toEqual(expect.arrayContaining(loopback));
      // Listening everywhere, opened from this machine by any loopback name.
      const everywhere = loadConfig({ DATA_DIR: dir, ...secret, NODE_ENV, PORT: '3950', HOST: '0.0.0.0' });
      expect(everywhere.ownOrigins.sort()).toEqual([...loopback].sort());
      // A PUBLIC_URL on another port behind a local proxy: its loopback names, and the port listened on.
      const proxied = loadConfig({
        DATA_DIR: dir,
        ...secret,
        NODE_ENV,
        PORT: '3950',
        PUBLIC_URL: 'https://localhost:8443',
      });
      expect(proxied.ownOrigins).toEqual(
        expect.arrayContaining(['https://localhost:8443', 'https://127.0.0.1:8443', ...loopback]),
      );
    }
    const production = loadConfig({
      DATA_DIR: dir,
      ...secret,
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: '1',
      PORT: '3950',
    });
    expect(production.publicUrl).toBe('http://127.0.0.1:3950');
    expect(production.ownOrigins).toEqual(['http://127.0.0.1:3950']);
    expect(production.corsOrigins).toEqual(['http://127.0.0.1:3950']);
    // A public host listened on everywhere gains no loopback name, even outside production.
    const lan = loadConfig({ DATA_DIR: dir, ...secret, HOST: '10.0.0.5', PORT: '3950' });
    expect(lan.ownOrigins).toEqual(['http://10.0.0.5:3950']);
  });
});

// Return addresses a hostile page might try: another host, another port, another scheme, a look-alike name,
// userinfo on either side, a loopback address that is not one of the names, a trailing-dot name.
const hostile = [
  'http://evil.example:3950/ecommerceweb/#',
  'http://localhost:3951/ecommerceweb/#',
  'http://127.0.0.1:4000/ecommerceweb/#',
  'https://localhost:3950/ecommerceweb/#',
  'http://localhost.evil.example:3950/ecommerceweb/#',
  'http://127.0.0.1.evil.example:3950/ecommerceweb/#',
  'http://localhost:3950@evil.example/ecommerceweb/#',
  'http://localhost:3950%40evil.example/ecommerceweb/#',
  'http://evil.example@localhost:3950/ecommerceweb/#',
  'http://user:pass@127.0.0.1:3950/ecommerceweb/#',
  'http://127.0.0.2:3950/ecommerceweb/#',
  'http://0.0.0.0:3950/ecommerceweb/#',
  'http://localhost.:3950/ecommerceweb/#',
  '//localhost:3950/ecommerceweb/#',
];

describe.each(dbKinds)('the shop opened by its loopback names on %s', (kind) => {
  let dev: Harness;
  let production: Harness;

  beforeAll(async () => {
    // No PUBLIC_URL: the default follows HOST (127.0.0.1) and PORT, as for a new user's `npm start`.
    dev = await startApp(kind, { env: { PUBLIC_URL: '', CORS_ORIGINS: '', PORT: '3950' } });
    production = await startApp(kind, {
      env: {
        NODE_ENV: 'production',
        ALLOW_TEST_PAYMENTS: '1',
        JWT_SECRET: 'p'.repeat(40),
        PUBLIC_URL: '',
        CORS_ORIGINS: '',
        PORT: '3950',
      },
    });
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
  });

  async function checkout(h: Harness, url: string) {
    const [product] = (await seedProducts(h.database, [
      { title: 'Glass Vase', price: 250, quantity: 500 },
    ])) as [SeededProduct];
    const shopper = await signUp(h.app);
    const cartId = await fillCart(h.app, shopper, [product.id]);
    return requestSession(h.app, shopper, cartId, { url });
  }

  it('accepts localhost, 127.0.0.1 and [::1] at the port listened on as return addresses in development', async () => {
    expect(dev.config.publicUrl).toBe('http://127.0.0.1:3950');
    for (const origin of ['http://localhost:3950', 'http://127.0.0.1:3950', 'http://[::1]:3950']) {
      const res = await checkout(dev, `${origin}/ecommerceweb/#`);
      expect(res.statusCode, origin).toBe(200);
      const { session } = res.json() as { session: { success_url: string; cancel_url: string } };
      expect(session.success_url).toBe(`${origin}/ecommerceweb/#/allorders`);
      expect(session.cancel_url).toBe(`${origin}/ecommerceweb/#/cart`);
    }
  });

  it('refuses every other host, port, scheme and userinfo trick, in development and in production', async () => {
    for (const h of [dev, production]) {
      for (const url of hostile) {
        const res = await checkout(h, url);
        expect(res.statusCode, `${h.config.nodeEnv} ${url}`).toBe(400);
        expect(res.json(), url).toMatchObject({ message: 'fail', errors: { param: 'url' } });
      }
    }
  });

  it('production trusts PUBLIC_URL only: 127.0.0.1 pays, localhost and [::1] do not', async () => {
    expect((await checkout(production, 'http://127.0.0.1:3950/ecommerceweb/#')).statusCode).toBe(200);
    for (const origin of ['http://localhost:3950', 'http://[::1]:3950']) {
      const res = await checkout(production, `${origin}/ecommerceweb/#`);
      expect(res.statusCode, origin).toBe(400);
      expect(res.json()).toMatchObject({ errors: { msg: "url must be on this shop's own address" } });
    }
  });

  it('answers CORS for the loopback names in development, and not localhost in production', async () => {
    const preflight = (h: Harness, origin: string) =>
      h.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/cart',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'token',
        },
      });
    for (const origin of ['http://localhost:3950', 'http://[::1]:3950']) {
      expect((await preflight(dev, origin)).headers['access-control-allow-origin'], origin).toBe(origin);
      expect(
        (await preflight(production, origin)).headers['access-control-allow-origin'],
        origin,
      ).toBeUndefined();
    }
    expect(
      (await preflight(dev, 'http://localhost.evil.example:3950')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
