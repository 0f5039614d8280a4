import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMatcher } from '@/server/address-list';
import { ConfigError, loadConfig } from '@/server/config';
import { dbKinds, json, startTestApp, type TestApp } from '../helpers/test-app';

// RATE_LIMIT_ALLOW (docs/configuration.md): the addresses of a QA runner that drives the journeys against a staging
// shop (docs/testing.md) are exempt from every limit kept per client address: the routes' rate limits, the
// per-address sign-in counter, the uncached catalogue budget, and the stock that orders from one address may hold
// (per address and per product). Every other address keeps its limits.

describe('RATE_LIMIT_ALLOW in the configuration', () => {
  it('is empty by default, and reads addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(loadConfig({}).rateLimitAllow).toEqual([]);
    expect(
      loadConfig({ RATE_LIMIT_ALLOW: ' 10.1.2.3, 192.168.0.0/16 ,2001:db8::/48 ' }).rateLimitAllow,
    ).toEqual(['10.1.2.3', '192.168.0.0/16', '2001:db8::/48']);
  });

  it.each(['staging-runner', '10.0.0.0/33', '10.0.0.1/8/1', '*', 'true'])('refuses "%s"', (entry) => {
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: `127.0.0.1,${entry}` })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: entry })).toThrow(
      /RATE_LIMIT_ALLOW must be a comma-separated list/,
    );
  });

  it.each(['0.0.0.0/0', '10.0.0.0/8', '::/0', '2001:db8::/32'])(
    'refuses "%s": a whole network would shed its per-address limits and stock holds',
    (entry) => {
      expect(() => loadConfig({ RATE_LIMIT_ALLOW: entry })).toThrow(/would exempt a whole network/);
    },
  );

  it('matches an address, a range, IPv6, and IPv4 written IPv4-mapped; nothing else', () => {
    const allowed = addressMatcher(['10.1.2.3', '192.168.0.0/16', '2001:db8::/48']);
    expect(allowed('10.1.2.3')).toBe(true);
    expect(allowed('::ffff:10.1.2.3')).toBe(true);
    expect(allowed('192.168.44.5')).toBe(true);
    expect(allowed('2001:db8:0:1::7')).toBe(true);
    expect(allowed('10.1.2.4')).toBe(false);
    expect(allowed('2001:db9::1')).toBe(false);
    expect(allowed('')).toBe(false);
    expect(allowed(null)).toBe(false);
    expect(allowed('not an address')).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});

describe.each(dbKinds)('an address on RATE_LIMIT_ALLOW on %s', (kind) => {
  let t: TestApp;
  const qa = '10.77.0.9';
  const other = '10.66.0.9';
  let shoppers = 0;

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    remoteAddress: string,
    payload?: object,
    token?: string,
  ) => t.app.inject({ method, url, remoteAddress, payload, headers: token ? { token } : {} });

  async function signUp(remoteAddress: string): Promise<string> {
    shoppers++;
    const res = await inject('POST', '/api/v1/auth/signup', remoteAddress, {
      name: 'QA Shopper',
      email: `allow-${shoppers}-${Date.now()}@example.com`,
      password: 'secret123',
      rePassword: 'secret123',
      phone: `0100${String(shoppers).padStart(7, '0')}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).token as string;
  }

  /** A cash order of `count` units of the product from `remoteAddress`, by a new shopper: its status code. */
  async function order(remoteAddress: string, productId: string, count: number): Promise<number> {
    const token = await signUp(remoteAddress);
    const added = await inject('POST', '/api/v1/cart', remoteAddress, { productId }, token);
    expect(added.statusCode, added.body).toBe(200);
    const set = await inject('PUT', `/api/v1/cart/${productId}`, remoteAddress, { count }, token);
    expect(set.statusCode, set.body).toBe(200);
    const placed = await inject(
      'POST',
      `/api/v1/orders/${json(added).cartId as string}`,
      remoteAddress,
      {
        shippingAddress: {
          details: `${shoppers} Nile Street`,
          city: 'Cairo',
          phone: `0111${String(shoppers).padStart(7, '0')}`,
        },
      },
      token,
    );
    return placed.statusCode;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: {
        RATE_LIMIT_ALLOW: `${qa},2001:db8:77::/48`,
        AUTH_RATE_LIMIT_PER_MINUTE: '20',
        CATALOGUE_UNCACHED_PER_MINUTE: '2',
        HELD_UNITS_PER_ADDRESS: '6',
        HELD_STOCK_SHARE_PERCENT: '25',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is never refused by the routes’ per-address rate limit or the per-address sign-in counter', async () => {
    // 25 wrong sign-ins to one account: past the route's 20 a minute and the account's 10 per address (its 30 from
    // every address together still hold).
    const email = 'nobody-allowed@example.com';
    for (let i = 0; i < 25; i++) {
      const res = await inject('POST', '/api/v1/auth/signin', qa, { email, password: 'wrong-password' });
      expect(res.statusCode, `attempt ${i + 1}: ${res.body}`).toBe(401);
    }
    // Another account from an address not on the list: the account's per-address counter stops it after 10.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await inject('POST', '/api/v1/auth/signin', other, {
        email: 'nobody-else@example.com',
        password: 'wrong-password',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[11]).toBe(429);
  });

  it('spends no uncached catalogue budget, from IPv6 in its range too; other addresses still do', async () => {
    for (const address of [qa, '2001:db8:77:1::5']) {
      for (let i = 0; i < 5; i++) {
        const res = await inject('GET', `/api/v1/products?keyword=allow${address}${i}x`, address);
        expect(res.statusCode, `${address} read ${i + 1}`).toBe(200);
      }
    }
    expect((await inject('GET', '/api/v1/products?keyword=other1x', other)).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/products?keyword=other2x', other)).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/products?keyword=other3x', other)).statusCode).toBe(429);
  });

  it('holds stock beyond the per-address and per-product caps; another address is held to both', async () => {
    const list = json(await inject('GET', '/api/v1/products?limit=100', qa)).data as {
      _id: string;
      quantity: number;
    }[];
    // A product of 20 to 40 units: a quarter of it is 5 to 10, the address's cap is 6.
    const product = list.find((p) => p.quantity >= 20 && p.quantity <= 40)!;
    expect(product, 'a seeded product of 20 to 40 units').toBeTruthy();
    // Three orders of 4 from the allowed address: 12 units held, past both caps.
    for (let i = 0; i < 3; i++) expect(await order(qa, product._id, 4)).toBe(201);
    // Another address: 4 units, then 4 more would pass its own cap of 6 (and the product's share is spent).
    expect(await order(other, product._id, 4)).toBe(400);
    const small = list.find((p) => p._id !== product._id && p.quantity >= 40)!;
    expect(await order(other, small._id, 4)).toBe(201);
    expect(await order(other, small._id, 4)).toBe(400);
  });
});
