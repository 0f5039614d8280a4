// The catalogue's staff writes, as the back office makes them: what the storefront sees afterwards (at once,
// through the response cache), archiving, stock history, the audit log (written in the change's own
// transaction), and the refusals a careless staff member meets.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockHistory } from '@/server/db/schema';
import { call, staffMember } from '../helpers/staff';
import {
  dbKinds,
  json,
  signUp,
  someProducts,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

const address = { details: '5 Corniche Road', phone: '01012345678', city: 'Alexandria' };

describe.each(dbKinds)('staff catalogue writes on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let shopper: Shopper;
  let seeded: Json;
  let picture: string;
  let counter = 0;

  /** A valid new product body, unique title each time. */
  function newProduct(overrides: Record<string, unknown> = {}) {
    counter++;
    return {
      title: `Aswan Clay Water Jug ${counter}`,
      titleAr: `إبريق فخار أسوان ${counter}`,
      description: 'Keeps water cool the old way',
      descriptionAr: 'يحفظ الماء باردا',
      price: 250,
      priceAfterDiscount: 199,
      quantity: 12,
      category: seeded.category._id,
      brand: seeded.brand._id,
      imageCover: picture,
      images: [picture],
      ...overrides,
    };
  }

  const staffCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(t.app, method, url, staff.token, payload);

  async function create(overrides: Record<string, unknown> = {}): Promise<Json> {
    const res = await staffCall('POST', '/api/v1/products', newProduct(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data;
  }

  async function auditOf(entity: string, entityId: string): Promise<Json[]> {
    const res = await staffCall('GET', `/api/v1/audit-log?entity=${entity}&entityId=${entityId}`);
    expect(res.statusCode).toBe(200);
    return json(res).data;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    shopper = await signUp(t.app);
    [seeded] = (await someProducts(t.app, 1)) as [Json];
    picture = new URL(seeded.imageCover).pathname;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a product the storefront shows at once, in English and Arabic', async () => {
    // The storefront's answer is cached before the write: the write must not leave it stale.
    const before = json(await t.app.inject({ url: '/api/v1/products?title=aswan%20clay' }));
    const product = await create();
    expect(product).toMatchObject({
      title: product.title,
      titleAr: product.titleAr,
      status: 'active',
      price: 250,
      priceAfterDiscount: 199,
      quantity: 12,
      sold: 0,
      slug: product.title.toLowerCase().replace(/ /g, '-'),
      category: { _id: seeded.category._id },
      brand: { _id: seeded.brand._id },
      imageCover: `http://shop.test${picture}`,
    });
    const after = json(await t.app.inject({ url: '/api/v1/products?title=aswan%20clay' }));
    expect(after.results).toBe(before.results + 1);
    const details = json(await t.app.inject({ url: `/api/v1/products/${product._id}` })).data;
    expect(details.title).toBe(product.title);
    expect(details).not.toHaveProperty('status');
    const arabic = json(await t.app.inject({ url: `/api/v1/products/${product._id}?lang=ar` })).data;
    expect(arabic.title).toBe(product.titleAr);
  });

  it('a price and stock change shows on the storefront at once', async () => {
    const product = await create();
    expect(json(await t.app.inject({ url: `/api/v1/products/${product._id}` })).data.price).toBe(250);
    const res = await staffCall('PUT', `/api/v1/products/${product._id}`, { price: 300, quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const shown = json(await t.app.inject({ url: `/api/v1/products/${product._id}` })).data;
    expect(shown).toMatchObject({ price: 300, quantity: 3 });
  });

  it('null clears a discount and an Arabic text; it never becomes a price of 0 EGP or an empty title', async () => {
    // The back office sends null for a field emptied in the form.
    const product = await create();
    const res = await staffCall('PUT', `/api/v1/products/${product._id}`, {
      priceAfterDiscount: null,
      titleAr: null,
      descriptionAr: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = json(await t.app.inject({ url: `/api/v1/products/${product._id}` })).data;
    expect(shown.price).toBe(250);
    expect(shown).not.toHaveProperty('priceAfterDiscount');
    const arabic = json(await t.app.inject({ url: `/api/v1/products/${product._id}?lang=ar` })).data;
    expect(arabic.title).toBe(product.title);
    const category = await staffCall('POST', '/api/v1/categories', {
      name: `Null test ${Date.now().toString(36)}`,
      nameAr: null,
      image: picture,
    });
    expect(category.statusCode, category.body).toBe(201);
    expect(json(category).data.nameAr).toBeNull();
  });

  it("an archived product leaves shoppers' wishlists and cannot be added; made active again, it is back", async () => {
    const product = await create();
    const wish = (method: 'GET' | 'POST', payload?: unknown) =>
      call(t.app, method, '/api/v1/wishlist', shopper.token, payload);
    expect((await wish('POST', { productId: product._id })).statusCode).toBe(200);
    const listed = async () => (json(await wish('GET')).data as Json[]).map((p) => p._id);
    expect(await listed()).toContain(product._id);

    expect((await staffCall('DELETE', `/api/v1/products/${product._id}`)).statusCode).toBe(200);
    expect(await listed()).not.toContain(product._id);
    const again = await wish('POST', { productId: product._id });
    expect(again.statusCode).toBe(404);

    expect((await staffCall('PUT', `/api/v1/products/${product._id}`, { status: 'active' })).statusCode).toBe(
      200,
    );
    expect(await listed()).toContain(product._id);
  });

  it('refuses bad input with the validation envelope', async () => {
    const unknownId = '0123456789abcdef01234567';
    const existing = await create();
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['negative price', { price: -1 }, 'price', /at least 0/],
      ['negative stock', { quantity: -5 }, 'quantity', /at least 0/],
      ['title too long', { title: 'x'.repeat(201) }, 'title', /at most 200/],
      ['unknown category', { category: unknownId }, 'category', /No category for this id/],
      ['unknown brand', { brand: unknownId }, 'brand', /No brand for this id/],
      ['duplicate title', { title: existing.title }, 'title', /already exists/],
      ['discount over price', { price: 100, priceAfterDiscount: 150 }, 'priceAfterDiscount', /not be more/],
      ['unknown picture', { imageCover: '/images/nothing-here.webp' }, 'imageCover', /No picture/],
      ['subcategory of another category', { subcategory: [unknownId] }, 'subcategory', /No subcategory/],
    ];
    for (const [label, overrides, param, msg] of cases) {
      const res = await staffCall('POST', '/api/v1/products', newProduct(overrides));
      expect(res.statusCode, label).toBe(400);
      expect(json(res).message, label).toBe('fail');
      expect(json(res).errors.param, label).toBe(param);
      expect(json(res).errors.msg, label).toMatch(msg);
    }
    // The same rules on an edit.
    const edit = await staffCall('PUT', `/api/v1/products/${existing._id}`, { quantity: -1 });
    expect(edit.statusCode).toBe(400);
    expect(json(edit).errors.param).toBe('quantity');
    const empty = await staffCall('PUT', `/api/v1/products/${existing._id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('archiving hides a product from the storefront and new carts, and old orders keep the line', async () => {
    const product = await create({ quantity: 5 });
    await call(t.app, 'POST', '/api/v1/cart', shopper.token, { productId: product._id });
    const cart = json(await call(t.app, 'GET', '/api/v1/cart', shopper.token));
    const order = await call(t.app, 'POST', `/api/v1/orders/${cart.cartId}`, shopper.token, {
      shippingAddress: address,
    });
    expect(order.statusCode).toBe(201);

    const archived = await staffCall('DELETE', `/api/v1/products/${product._id}`);
    expect(archived.statusCode).toBe(200);
    expect(json(archived).data).toMatchObject({ _id: product._id, status: 'archived' });

    const list = json(
      await t.app.inject({ url: `/api/v1/products?title=${encodeURIComponent(product.title)}` }),
    );
    expect(list.results).toBe(0);
    const details = await t.app.inject({ url: `/api/v1/products/${product._id}` });
    expect(details.statusCode).toBe(404);
    const add = await call(t.app, 'POST', '/api/v1/cart', shopper.token, { productId: product._id });
    expect(add.statusCode).toBe(400);
    expect(json(add).message).toBe(`${product.title} is no longer for sale`);

    const orders = json(await call(t.app, 'GET', `/api/v1/orders/user/${shopper.id}`, shopper.token));
    const lines = (orders as unknown as Json[]).flatMap((o) => o.cartItems as Json[]);
    expect(lines.some((l) => l.product._id === product._id)).toBe(true);

    // Staff still see it: with status=archived or all, and its details.
    const staffList = json(await staffCall('GET', `/api/v1/products?status=archived&limit=100`));
    expect(staffList.data.map((p: Json) => p._id)).toContain(product._id);
    expect(staffList.data.every((p: Json) => p.status === 'archived')).toBe(true);
    const staffDetails = json(await staffCall('GET', `/api/v1/products/${product._id}`)).data;
    expect(staffDetails.status).toBe('archived');
  });

  it('status beyond active is staff business: 401 anonymous, 403 shopper; status=active is anyone’s', async () => {
    expect((await t.app.inject({ url: '/api/v1/products?status=all' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/products?status=draft', shopper.token)).statusCode).toBe(403);
    const active = await call(t.app, 'GET', '/api/v1/products?status=active&limit=5', shopper.token);
    expect(active.statusCode).toBe(200);
    expect(json(active).data[0]).not.toHaveProperty('status');
    const all = json(await staffCall('GET', '/api/v1/products?status=all&limit=5'));
    expect(all.data[0]).toHaveProperty('status');
    expect(all.data[0]).toHaveProperty('titleAr');
  });

  it('duplicates a product as a draft copy without stock, off the storefront', async () => {
    const product = await create();
    const res = await staffCall('POST', `/api/v1/products/${product._id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = json(res).data;
    expect(copy).toMatchObject({ title: `${product.title} (copy)`, status: 'draft', quantity: 0, sold: 0 });
    expect(copy._id).not.toBe(product._id);
    const second = json(await staffCall('POST', `/api/v1/products/${product._id}/duplicate`)).data;
    expect(second.title).toBe(`${product.title} (copy 2)`);
    expect((await t.app.inject({ url: `/api/v1/products/${copy._id}` })).statusCode).toBe(404);
    const [entry] = await auditOf('product', copy._id);
    expect(entry).toMatchObject({ action: 'product.duplicate', before: { copyOf: product._id } });
  });

  it('writes a stock-history row for each change of quantity', async () => {
    const product = await create({ quantity: 5 });
    await staffCall('PUT', `/api/v1/products/${product._id}`, {
      quantity: 9,
      stockReason: 'Delivery from Aswan',
    });
    await staffCall('PUT', `/api/v1/products/${product._id}`, { price: 260 });
    await staffCall('PUT', `/api/v1/products/${product._id}`, { quantity: 7 });
    const history = json(await staffCall('GET', `/api/v1/products/${product._id}/stock-history`));
    expect(history.results).toBe(3);
    expect(history.data.map((h: Json) => [h.before, h.after, h.reason])).toEqual([
      [9, 7, 'Stock edited in the back office'],
      [5, 9, 'Delivery from Aswan'],
      [0, 5, 'Product created'],
    ]);
    expect(history.data[0].actor).toEqual({ _id: staff.id, email: staff.email });
  });

  it('audits every write with who, what, before and after', async () => {
    const product = await create();
    await staffCall('PUT', `/api/v1/products/${product._id}`, { price: 275 });
    await staffCall('DELETE', `/api/v1/products/${product._id}`);
    const entries = await auditOf('product', product._id);
    expect(entries.map((e) => e.action)).toEqual(['product.archive', 'product.update', 'product.create']);
    const [archive, update, created] = entries as [Json, Json, Json];
    expect(created).toMatchObject({ before: null, after: { price: 250 }, actor: { _id: staff.id } });
    expect(update).toMatchObject({ before: { price: 250 }, after: { price: 275 } });
    expect(archive).toMatchObject({ before: { status: 'active' }, after: { status: 'archived' } });
    const byActor = json(await staffCall('GET', `/api/v1/audit-log?actor=${staff.id}&limit=2`));
    expect(byActor.metadata).toMatchObject({ currentPage: 1, limit: 2, nextPage: 2 });
  });

  it('a write that fails after its audit row leaves neither the change nor the row', async () => {
    const product = await create({ quantity: 5 });
    const cache = t.app.ctx.catalogueCache;
    const invalidate = cache.invalidate.bind(cache);
    // The cache is emptied inside the transaction, after the audit row is written: make that throw once.
    cache.invalidate = () => {
      cache.invalidate = invalidate;
      throw new Error('injected failure');
    };
    const res = await staffCall('PUT', `/api/v1/products/${product._id}`, { price: 999, quantity: 1 });
    expect(res.statusCode).toBe(500);
    expect((await auditOf('product', product._id)).map((e) => e.action)).toEqual(['product.create']);
    const rows = await t.database.db
      .select()
      .from(stockHistory)
      .where(eq(stockHistory.productId, product._id));
    expect(rows).toHaveLength(1);
    const shown = json(await staffCall('GET', `/api/v1/products/${product._id}`)).data;
    expect(shown).toMatchObject({ price: 250, quantity: 5 });
    const all = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, product._id));
    expect(all).toHaveLength(1);
  });

  it("a record's own picture is taken back as answered, apostrophes and percent-encoding included", async () => {
    const all = json(await t.app.inject({ url: '/api/v1/categories?limit=50' })).data as Json[];
    const mens = all.find((c) => c.slug === "men's-fashion")!;
    // As the answer shows it (absolute), its path, and its path percent-encoded: the same picture each time.
    const path = new URL(mens.image as string).pathname;
    for (const image of [mens.image, path, path.replace("'", '%27')]) {
      const res = await staffCall('PUT', `/api/v1/categories/${mens._id}`, { image });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bad = await staffCall('PUT', `/api/v1/categories/${mens._id}`, { image: '/images/a%E0%A4%A.webp' });
    expect(json(bad).errors).toMatchObject({ param: 'image', msg: 'image is not a picture path' });
  });

  it('categories and brands: create, edit, refuse a duplicate name, delete only when unused', async () => {
    const created = await staffCall('POST', '/api/v1/categories', { name: 'Garden Tools', image: picture });
    expect(created.statusCode, created.body).toBe(201);
    const category = json(created).data;
    expect(category).toMatchObject({ name: 'Garden Tools', slug: 'garden-tools', nameAr: null });
    const dup = await staffCall('POST', '/api/v1/categories', { name: 'garden tools', image: picture });
    expect(dup.statusCode).toBe(400);
    expect(json(dup).errors).toMatchObject({
      param: 'name',
      msg: 'A category named "garden tools" already exists',
    });
    const edited = await staffCall('PUT', `/api/v1/categories/${category._id}`, { nameAr: 'أدوات الحديقة' });
    expect(json(edited).data.nameAr).toBe('أدوات الحديقة');
    expect(json(await t.app.inject({ url: `/api/v1/categories/${category._id}?lang=ar` })).data.name).toBe(
      'أدوات الحديقة',
    );

    // Used by a product (an archived one counts: old orders show it): refused, naming how many.
    const product = await create({ category: category._id });
    await staffCall('DELETE', `/api/v1/products/${product._id}`);
    const refused = await staffCall('DELETE', `/api/v1/categories/${category._id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      statusMsg: 'fail',
      message: 'This category is used by 1 product; move them first',
    });
    const used = await staffCall('DELETE', `/api/v1/categories/${seeded.category._id}`);
    expect(json(used).message).toMatch(/^This category is used by \d+ products; move them first$/);

    // Moved away, it can go; the storefront no longer lists it.
    await staffCall('PUT', `/api/v1/products/${product._id}`, { category: seeded.category._id });
    const deleted = await staffCall('DELETE', `/api/v1/categories/${category._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/categories/${category._id}` })).statusCode).toBe(404);
    expect((await auditOf('category', category._id)).map((e) => e.action)).toEqual([
      'category.delete',
      'category.update',
      'category.create',
    ]);

    const brand = json(
      await staffCall('POST', '/api/v1/brands', { name: 'Delta Looms', image: picture }),
    ).data;
    const brandDup = await staffCall('POST', '/api/v1/brands', { name: 'Delta  Looms!', image: picture });
    expect(json(brandDup).errors.param).toBe('name');
    const brandUsed = await staffCall('DELETE', `/api/v1/brands/${seeded.brand._id}`);
    expect(brandUsed.statusCode).toBe(409);
    expect(json(brandUsed).message).toMatch(/^This brand is used by \d+ products?; move them first$/);
    expect((await staffCall('DELETE', `/api/v1/brands/${brand._id}`)).statusCode).toBe(200);
  });
});
