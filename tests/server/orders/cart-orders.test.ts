import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSummary } from '@/lib/rules/cart-summary';
import { products, subcategories } from '@/server/db/schema';
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

const address = { details: '12 Tahrir St, flat 4', phone: '01012345678', city: 'Cairo' };
const cartProductKeys = [
  'subcategory',
  '_id',
  'title',
  'quantity',
  'imageCover',
  'category',
  'brand',
  'ratingsAverage',
  'id',
];

describe.each(dbKinds)('cart and cash orders on %s', (kind) => {
  let t: TestApp;
  let catalogue: Json[];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Shopper, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { token: who.token } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    catalogue = await someProducts(t.app, 6);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds: 200, envelope with product ids and the message; a second add counts 2', async () => {
    const s = await signUp(t.app);
    const [a, b] = catalogue as [Json, Json];
    const first = await call('POST', '/api/v1/cart', s, { productId: a._id });
    expect(first.statusCode).toBe(200);
    const body = json(first);
    expect(Object.keys(body)).toEqual(['status', 'message', 'numOfCartItems', 'cartId', 'data']);
    expect(body).toMatchObject({
      status: 'success',
      message: 'Product added successfully to your cart',
      numOfCartItems: 1,
    });
    expect(Object.keys(body.data)).toEqual([
      '_id',
      'cartOwner',
      'products',
      'createdAt',
      'updatedAt',
      '__v',
      'totalCartPrice',
    ]);
    expect(body.data._id).toBe(body.cartId);
    expect(body.data.cartOwner).toBe(s.id);
    expect(body.data.products).toEqual([
      { count: 1, _id: expect.stringMatching(/^[0-9a-f]{24}$/), product: a._id, price: a.price },
    ]);

    await call('POST', '/api/v1/cart', s, { productId: a._id });
    const third = json(await call('POST', '/api/v1/cart', s, { productId: b._id }));
    expect(third.cartId).toBe(body.cartId);
    expect(third.numOfCartItems).toBe(2);
    expect(third.data.products.map((l: Json) => [l.product, l.count])).toEqual([
      [a._id, 2],
      [b._id, 1],
    ]);
    expect(third.data.totalCartPrice).toBe(2 * a.price + b.price);
  });

  it('gets the cart populated with CartProduct objects; 404 with the contract text when there is none', async () => {
    const s = await signUp(t.app);
    const none = await call('GET', '/api/v1/cart', s);
    expect(none.statusCode).toBe(404);
    expect(json(none)).toEqual({ statusMsg: 'fail', message: `No cart exist for this user: ${s.id}` });
    await call('POST', '/api/v1/cart', s, { productId: catalogue[0]!._id });
    const res = json(await call('GET', '/api/v1/cart', s));
    expect(res.message).toBeUndefined();
    const line = res.data.products[0];
    expect(Object.keys(line.product)).toEqual(cartProductKeys);
    expect(line.product).not.toHaveProperty('price');
    expect(line.product.imageCover).toMatch(/^http:\/\/shop\.test\/images\//);
  });

  it('lists each cart product as the product page shows it, its subcategories in the product’s own order', async () => {
    const s = await signUp(t.app);
    const p = catalogue[3]!;
    // Two subcategories, the later id first: the cart keeps the product's order, not the ids'.
    const subs = await t.database.db.select({ id: subcategories.id }).from(subcategories).limit(2);
    const ids = subs
      .map((x) => x.id)
      .sort()
      .reverse();
    await t.database.db.update(products).set({ subcategoryIds: ids }).where(eq(products.id, p._id));
    await call('POST', '/api/v1/cart', s, { productId: p._id });
    const shown = json(await call('GET', `/api/v1/products/${p._id}`)).data as Json;
    const line = json(await call('GET', '/api/v1/cart', s)).data.products[0];
    expect(line.product.subcategory.map((x: Json) => x._id)).toEqual(ids);
    expect(line.product).toEqual(Object.fromEntries(cartProductKeys.map((k) => [k, shown[k]])));
  });

  it('sets a count by product id or by line id; refuses counts outside 1..stock', async () => {
    const s = await signUp(t.app);
    const p = catalogue[1]!;
    const added = json(await call('POST', '/api/v1/cart', s, { productId: p._id }));
    const lineId = added.data.products[0]._id as string;
    const byProduct = await call('PUT', `/api/v1/cart/${p._id}`, s, { count: 3 });
    expect(byProduct.statusCode).toBe(200);
    expect(json(byProduct)).toMatchObject({ numOfCartItems: 1, data: { totalCartPrice: 3 * p.price } });
    expect(json(byProduct).data.products[0].product.title).toBe(p.title);
    const byLine = json(await call('PUT', `/api/v1/cart/${lineId}`, s, { count: 2 }));
    expect(byLine.data.products[0].count).toBe(2);

    for (const [count, msg] of [
      [0, 'count must be at least 1'],
      [-2, 'count must be at least 1'],
      [2.5, 'count must be an integer'],
      ['abc', 'count must be an integer'],
      [p.quantity + 1, `Only ${p.quantity} of ${p.title} in stock`],
    ] as const) {
      const res = await call('PUT', `/api/v1/cart/${p._id}`, s, { count });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        message: 'fail',
        errors: { value: count, msg, param: 'count', location: 'body' },
      });
    }
    const missing = await call('PUT', `/api/v1/cart/${p._id}`, s, {});
    expect(json(missing).errors).toMatchObject({ param: 'count', msg: 'count is required' });
    const notInCart = await call('PUT', `/api/v1/cart/${catalogue[5]!._id}`, s, { count: 1 });
    expect(notInCart.statusCode).toBe(404);
  });

  it('removes one line (populated answer), clears with DELETE /cart and /cart/', async () => {
    const s = await signUp(t.app);
    await call('POST', '/api/v1/cart', s, { productId: catalogue[0]!._id });
    await call('POST', '/api/v1/cart', s, { productId: catalogue[1]!._id });
    const removed = await call('DELETE', `/api/v1/cart/${catalogue[0]!._id}`, s);
    expect(removed.statusCode).toBe(200);
    expect(json(removed)).toMatchObject({ numOfCartItems: 1, data: { totalCartPrice: catalogue[1]!.price } });
    expect(json(removed).data.products[0].product._id).toBe(catalogue[1]!._id);
    expect((await call('DELETE', `/api/v1/cart/${catalogue[0]!._id}`, s)).statusCode).toBe(404);

    for (const url of ['/api/v1/cart', '/api/v1/cart/']) {
      await call('POST', '/api/v1/cart', s, { productId: catalogue[2]!._id });
      const cleared = await call('DELETE', url, s);
      expect(cleared.statusCode).toBe(200);
      expect(json(cleared)).toEqual({ message: 'success' });
      expect((await call('GET', '/api/v1/cart', s)).statusCode).toBe(404);
    }
  });

  it('rejects unknown products, missing ids and calls without a token', async () => {
    const s = await signUp(t.app);
    const unknown = await call('POST', '/api/v1/cart', s, { productId: '0123456789abcdef01234567' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({
      statusMsg: 'fail',
      message: 'No product for this id 0123456789abcdef01234567',
    });
    expect(json(await call('POST', '/api/v1/cart', s, { productId: 'abc' })).message).toBe(
      'No product for this id abc',
    );
    const missing = await call('POST', '/api/v1/cart', s, {});
    expect(json(missing)).toEqual({
      message: 'fail',
      errors: { msg: 'productId is required', param: 'productId', location: 'body' },
    });
    for (const [method, url] of [
      ['GET', '/api/v1/cart'],
      ['POST', '/api/v1/cart'],
      ['PUT', `/api/v1/cart/${catalogue[0]!._id}`],
      ['DELETE', '/api/v1/cart'],
      ['POST', '/api/v1/orders/0123456789abcdef01234567'],
      ['GET', `/api/v1/orders/user/${s.id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe('You are not logged in. Please login to get access');
    }
  });

  it('keeps carts apart: one user cannot see or change another’s lines', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await call('POST', '/api/v1/cart', a, { productId: catalogue[0]!._id });
    const aCart = json(await call('GET', '/api/v1/cart', a));
    const lineId = aCart.data.products[0]._id;
    expect((await call('GET', '/api/v1/cart', b)).statusCode).toBe(404);
    await call('POST', '/api/v1/cart', b, { productId: catalogue[1]!._id });
    expect((await call('PUT', `/api/v1/cart/${lineId}`, b, { count: 5 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/cart/${lineId}`, b)).statusCode).toBe(404);
    const order = await call('POST', `/api/v1/orders/${aCart.cartId}`, b, { shippingAddress: address });
    expect(order.statusCode).toBe(404);
    expect(json(await call('GET', '/api/v1/cart', a)).data.products[0].count).toBe(1);
  });

  it('places a cash order: 201, the contract shape, cart-page totals, stock taken, cart consumed', async () => {
    const s = await signUp(t.app);
    // Added in descending id order: the order must keep the cart's order, not the id order.
    const [a, b] = [catalogue[2]!, catalogue[3]!].sort((x, y) => (x._id < y._id ? 1 : -1)) as [Json, Json];
    await call('POST', '/api/v1/cart', s, { productId: a._id });
    const cart = json(await call('POST', '/api/v1/cart', s, { productId: b._id }));
    await call('PUT', `/api/v1/cart/${a._id}`, s, { count: 3 });
    const before = await t.database.db.select().from(products).where(eq(products.id, a._id));
    // The product's answer is cached now; the order must not leave its old stock on show.
    const shown = (await call('GET', `/api/v1/products/${a._id}`, s)).json().data;
    expect(shown.quantity).toBe(before[0]!.quantity);

    const res = await call('POST', `/api/v1/orders/${cart.cartId}`, s, { shippingAddress: address });
    expect(res.statusCode).toBe(201);
    const { status, data: order } = json(res);
    expect(status).toBe('success');
    const total = 3 * a.price + b.price;
    const summary = cartSummary(total);
    expect(order).toMatchObject({
      shippingAddress: address,
      taxPrice: summary.tax,
      shippingPrice: 0,
      discountPrice: summary.savings,
      totalOrderPrice: summary.total,
      paymentMethodType: 'cash',
      isPaid: false,
      isDelivered: false,
      user: s.id,
      __v: 0,
    });
    expect(order.id).toEqual(expect.any(Number));
    expect(order._id).toMatch(/^[0-9a-f]{24}$/);
    expect(order.cartItems).toEqual([
      { count: 3, _id: expect.any(String), product: a._id, price: a.price },
      { count: 1, _id: expect.any(String), product: b._id, price: b.price },
    ]);
    const after = await t.database.db.select().from(products).where(eq(products.id, a._id));
    expect(after[0]!.quantity).toBe(before[0]!.quantity - 3);
    expect(after[0]!.sold).toBe(before[0]!.sold + 3);
    const reshown = (await call('GET', `/api/v1/products/${a._id}`, s)).json().data;
    expect([reshown.quantity, reshown.sold]).toEqual([after[0]!.quantity, after[0]!.sold]);
    expect(json(await call('GET', '/api/v1/cart', s)).message).toBe(`No cart exist for this user: ${s.id}`);

    // The same request again returns the same order and takes nothing more.
    const again = await call('POST', `/api/v1/orders/${cart.cartId}`, s, { shippingAddress: address });
    expect(again.statusCode).toBe(201);
    expect(json(again).data.id).toBe(order.id);
    const still = await t.database.db.select().from(products).where(eq(products.id, a._id));
    expect(still[0]!.quantity).toBe(after[0]!.quantity);

    // The next add starts a new cart with a new id.
    const next = json(await call('POST', '/api/v1/cart', s, { productId: a._id }));
    expect(next.cartId).not.toBe(cart.cartId);
  });

  it('validates the shipping address and refuses unknown, empty or over-stock carts', async () => {
    const s = await signUp(t.app);
    const cart = json(await call('POST', '/api/v1/cart', s, { productId: catalogue[4]!._id }));
    for (const [shippingAddress, param, msg] of [
      [undefined, 'shippingAddress', 'shippingAddress is required'],
      [{ city: 'Cairo', phone: '010' }, 'shippingAddress.details', 'details is required'],
      [{ details: 'x', phone: '010', city: '  ' }, 'shippingAddress.city', 'city is required'],
      [{ details: 'x', city: 'Giza' }, 'shippingAddress.phone', 'phone is required'],
    ] as const) {
      const res = await call(
        'POST',
        `/api/v1/orders/${cart.cartId}`,
        s,
        shippingAddress ? { shippingAddress } : {},
      );
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toMatchObject({ param, msg, location: 'body' });
    }
    const unknown = await call('POST', '/api/v1/orders/0123456789abcdef01234567', s, {
      shippingAddress: address,
    });
    expect(json(unknown)).toEqual({
      statusMsg: 'fail',
      message: 'No cart for this id 0123456789abcdef01234567',
    });
    expect((await call('POST', '/api/v1/orders/bad-id', s, { shippingAddress: address })).statusCode).toBe(
      404,
    );

    // Stock sold out after the line was added: 400, and nothing changes.
    const p = catalogue[4]!;
    await call('PUT', `/api/v1/cart/${p._id}`, s, { count: 2 });
    await t.database.db.update(products).set({ quantity: 1 }).where(eq(products.id, p._id));
    const short = await call('POST', `/api/v1/orders/${cart.cartId}`, s, { shippingAddress: address });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toEqual({ statusMsg: 'fail', message: `Insufficient stock for ${p.title}` });
    const row = await t.database.db.select().from(products).where(eq(products.id, p._id));
    expect(row[0]!.quantity).toBe(1);
    expect(json(await call('GET', '/api/v1/cart', s)).numOfCartItems).toBe(1);
    await t.database.db.update(products).set({ quantity: p.quantity }).where(eq(products.id, p._id));

    await call('DELETE', `/api/v1/cart/${p._id}`, s);
    const empty = await call('POST', `/api/v1/orders/${cart.cartId}`, s, { shippingAddress: address });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Your cart is empty');
  });

  it('shows the order history: own id only, newest first, populated', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const ids: number[] = [];
    for (const p of [catalogue[0]!, catalogue[1]!]) {
      const cart = json(await call('POST', '/api/v1/cart', s, { productId: p._id }));
      ids.push(
        json(await call('POST', `/api/v1/orders/${cart.cartId}`, s, { shippingAddress: address })).data.id,
      );
    }
    const res = await call('GET', `/api/v1/orders/user/${s.id}`, s);
    expect(res.statusCode).toBe(200);
    const list = json(res) as unknown as Json[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(list[0]!.user).toEqual({ _id: s.id, name: s.name, email: s.email, phone: '01012345678' });
    expect(Object.keys(list[0]!.cartItems[0].product)).toEqual(cartProductKeys);
    expect(list[0]!.cartItems[0].product._id).toBe(catalogue[1]!._id);

    const forbidden = await call('GET', `/api/v1/orders/user/${s.id}`, other);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toEqual({
      statusMsg: 'fail',
      message: 'You are not allowed to see the orders of another user',
    });
    expect(json(await call('GET', `/api/v1/orders/user/${other.id}`, other))).toEqual([]);
  });
});
