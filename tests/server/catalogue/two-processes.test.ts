// Several API processes on one PostgreSQL each keep a catalogue cache: a change made through one (a staff write,
// an order taking stock) reaches the other's cache within a second (LISTEN/NOTIFY), where it used to wait for the
// cache's 30-second lifetime. The same feed carries home page publishes to each process's home cache. Two apps, two pools and two listeners on one database stand for two processes.
// PostgreSQL only (PGlite is one process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/client';
import { call, staffMember } from '../helpers/staff';
import { json, signUp, someProducts, startTestApp, type Json, type TestApp } from '../helpers/test-app';

/** Resolves when `app`'s cache is told of a change made elsewhere; rejects after a second. */
function nextChangeFromElsewhere(app: FastifyInstance): Promise<'all' | string[]> {
  const cache = app.ctx.catalogueCache;
  const invalidate = cache.invalidate.bind(cache);
  const productsChanged = cache.productsChanged.bind(cache);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no change reached the other process within 1 s')),
      1_000,
    );
    const done = (what: 'all' | string[]) => {
      clearTimeout(timer);
      cache.invalidate = invalidate;
      cache.productsChanged = productsChanged;
      resolve(what);
    };
    cache.invalidate = (from = 'here') => {
      invalidate(from);
      if (from === 'elsewhere') done('all');
    };
    cache.productsChanged = (ids, from = 'here') => {
      const list = [...ids];
      productsChanged(list, from);
      if (from === 'elsewhere') done(list);
    };
  });
}

/** Resolves when `app`'s home cache is told of a publish made elsewhere; rejects after a second. */
function nextPublishFromElsewhere(app: FastifyInstance): Promise<void> {
  const cache = app.ctx.homeCache;
  const invalidate = cache.invalidate.bind(cache);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no publish reached the other process within 1 s')),
      1_000,
    );
    cache.invalidate = (from = 'here') => {
      invalidate(from);
      if (from !== 'elsewhere') return;
      clearTimeout(timer);
      cache.invalidate = invalidate;
      resolve();
    };
  });
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two API processes on one PostgreSQL', () => {
  let a: TestApp;
  let bDatabase: Database;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await startTestApp('postgres', { env: { HELD_STOCK_SHARE_PERCENT: '100' } });
    bDatabase = await openDatabase({ databaseUrl: a.config.databaseUrl, poolSize: 5 });
    b = await buildApp({ config: a.config, database: bDatabase, authLimits: { perMinute: 10_000 } });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const listOn = async (app: FastifyInstance) =>
    json(await app.inject({ url: '/api/v1/products?limit=100&sort=-createdAt' })).data as Json[];

  it("a product staff add through one process is in the other's cached list within a second", async () => {
    await listOn(b);
    await listOn(b);
    expect(b.ctx.catalogueCache.stats().entries).toBeGreaterThan(0);
    const staff = await staffMember(a.app, a.database, 'staff');
    const [seeded] = await someProducts(a.app, 1);
    const heard = nextChangeFromElsewhere(b);
    const created = await call(a.app, 'POST', '/api/v1/products', staff.token, {
      title: 'Two Process Lantern',
      description: 'Seen by every process at once.',
      price: 120,
      quantity: 9,
      category: seeded!.category._id,
      brand: seeded!.brand._id,
      imageCover: new URL(seeded!.imageCover).pathname,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await heard).toBe('all');
    expect((await listOn(b)).map((p) => p.title)).toContain('Two Process Lantern');
  });

  it('a home page published through one process is what the other answers within a second', async () => {
    const home = async () => json(await b.inject({ url: '/api/v1/home' })).data as Json;
    const before = await home();
    await listOn(b);
    const cached = b.ctx.catalogueCache.stats().entries;
    const staff = await staffMember(a.app, a.database, 'staff');
    const draft = json(await call(a.app, 'GET', '/api/v1/home/draft', staff.token)).data as Json;
    const content = { ...draft.content, slides: draft.content.slides.slice(0, 1) };
    const saved = await call(a.app, 'PUT', '/api/v1/home/draft', staff.token, {
      version: draft.version,
      content,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { version } = json(saved).data as Json;
    // Saving a draft tells nobody: shoppers see only what is published.
    expect(await home()).toEqual(before);
    const heard = nextPublishFromElsewhere(b);
    const published = await call(a.app, 'POST', '/api/v1/home/publish', staff.token, { version });
    expect(published.statusCode, published.body).toBe(200);
    await heard;
    expect(await home()).toMatchObject({ version, slides: content.slides });
    // A home page message is not a catalogue change: the other process keeps its catalogue answers.
    expect(b.ctx.catalogueCache.stats().entries).toBe(cached);
  });

  it("an order through one process shows its stock in the other's cached product within a second", async () => {
    const [product] = await someProducts(b, 1);
    const url = `/api/v1/products/${product!._id}`;
    const before = json(await b.inject({ url })).data.quantity as number;
    await b.inject({ url });
    const shopper = await signUp(a.app);
    const added = await a.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: shopper.token },
      payload: { productId: product!._id },
    });
    const heard = nextChangeFromElsewhere(b);
    const order = await a.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${json(added).cartId}`,
      headers: { token: shopper.token },
      payload: { shippingAddress: { details: '12 Tahrir St', phone: '01012345678', city: 'Cairo' } },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await heard).toEqual([product!._id]);
    expect(json(await b.inject({ url })).data.quantity).toBe(before - 1);
  });
});
