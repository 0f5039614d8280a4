// A shopper who reads Arabic: the cart, the order history and the wishlist name the products in Arabic when asked
// (?lang=ar or Accept-Language), in English otherwise; refusals stay in the contract's English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromSlug } from '@/server/db/ids';
import {
  dbKinds,
  json,
  signUp,
  startTestApp,
  type Json,
  type Shopper,
  type TestApp,
} from '../helpers/test-app';

const lampId = idFromSlug('product', 'brass-arc-floor-lamp');
const mugsId = idFromSlug('product', 'stoneware-coffee-mug-set-of-4');
const address = { details: '12 شارع التحرير، الدور الرابع', phone: '01012345678', city: 'القاهرة' };

describe.each(dbKinds)('shopping in Arabic on %s', (kind) => {
  let t: TestApp;
  let shopper: Shopper;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { token: shopper.token, ...headers },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    shopper = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the cart lines in Arabic when asked, in English otherwise, the rest of the cart unchanged', async () => {
    await call('POST', '/api/v1/cart', {}, { productId: lampId });
    await call('POST', '/api/v1/cart', {}, { productId: mugsId });
    const en = await call('GET', '/api/v1/cart');
    const ar = await call('GET', '/api/v1/cart', { 'accept-language': 'ar-EG' });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-language']).toBe('ar');
    expect(String(ar.headers.vary)).toMatch(/accept-language/i);
    expect(ar.headers['cache-control']).toBe('no-store');
    const lines = (res: typeof en) => json(res).data.products as Json[];
    expect(lines(en).map((l) => l.product.title)).toEqual([
      'Brass Arc Floor Lamp',
      'Stoneware Coffee Mug Set of 4',
    ]);
    expect(lines(ar).map((l) => l.product.title)).toEqual([
      'أباجورة أرضية مقوسة من النحاس',
      'طقم 4 مجات قهوة من الفخار الحجري',
    ]);
    expect(lines(ar)[0]!.product.category.name).toBe('المنزل');
    expect(lines(ar)[0]!.product.brand.name).toBe('جيزة هوم');
    expect(lines(ar)[0]!.product.subcategory[0].name).toBe('إضاءة');
    const { products: _a, ...arRest } = json(ar).data;
    const { products: _e, ...enRest } = json(en).data;
    expect(arRest).toEqual(enRest);
    expect(json(ar).numOfCartItems).toBe(json(en).numOfCartItems);
    // ?lang= wins over the header.
    expect(
      lines(await call('GET', '/api/v1/cart?lang=en', { 'accept-language': 'ar' }))[0]!.product.title,
    ).toBe('Brass Arc Floor Lamp');
  });

  it('answers a changed or shortened cart in the language asked for', async () => {
    const put = await call('PUT', `/api/v1/cart/${lampId}?lang=ar`, {}, { count: 2 });
    expect(put.statusCode).toBe(200);
    expect(put.headers['content-language']).toBe('ar');
    const line = (json(put).data.products as Json[]).find((l) => l.product._id === lampId)!;
    expect(line).toMatchObject({ count: 2, product: { title: 'أباجورة أرضية مقوسة من النحاس' } });
    const del = await call('DELETE', `/api/v1/cart/${mugsId}`, { 'accept-language': 'ar' });
    expect((json(del).data.products as Json[]).map((l) => l.product.title)).toEqual([
      'أباجورة أرضية مقوسة من النحاس',
    ]);
  });

  it('keeps refusals in the contract English, with the English title, when Arabic is asked for', async () => {
    const tooMany = await call('PUT', `/api/v1/cart/${lampId}?lang=ar`, {}, { count: 100_000 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-language']).toBe('en');
    expect(json(tooMany).errors.msg).toMatch(/^Only \d+ of Brass Arc Floor Lamp in stock$/);
    const unknown = await call(
      'PUT',
      `/api/v1/cart/${'f'.repeat(24)}`,
      { 'accept-language': 'ar' },
      { count: 1 },
    );
    expect(json(unknown)).toEqual({
      statusMsg: 'fail',
      message: `No product for this id ${'f'.repeat(24)} in your cart`,
    });
  });

  it('names the ordered products in Arabic in the order history when asked', async () => {
    const cart = json(await call('GET', '/api/v1/cart'));
    const placed = await call(
      'POST',
      `/api/v1/orders/${cart.cartId}?lang=ar`,
      {},
      { shippingAddress: address },
    );
    expect(placed.statusCode).toBe(201);
    // The new order carries ids only, in any language.
    expect(json(placed).data.cartItems[0].product).toBe(lampId);
    const history = (headers: Record<string, string>, query = '') =>
      call('GET', `/api/v1/orders/user/${shopper.id}${query}`, headers);
    const ar = await history({ 'accept-language': 'ar' });
    expect(ar.headers['content-language']).toBe('ar');
    const [order] = json(ar) as unknown as Json[];
    expect(order!.cartItems[0].product.title).toBe('أباجورة أرضية مقوسة من النحاس');
    expect(order!.cartItems[0].product.category.name).toBe('المنزل');
    expect(order!.shippingAddress).toEqual(address);
    const [english] = json(await history({}, '?lang=fr')) as unknown as Json[];
    expect(english!.cartItems[0].product.title).toBe('Brass Arc Floor Lamp');
    expect({ ...english, cartItems: [] }).toEqual({ ...order, cartItems: [] });
    const forbidden = await call('GET', `/api/v1/orders/user/${'a'.repeat(24)}?lang=ar`);
    expect(json(forbidden)).toEqual({
      statusMsg: 'fail',
      message: 'You are not allowed to see the orders of another user',
    });
  });

  it('gives the wishlist in Arabic, descriptions included, and its changes in the contract English', async () => {
    const added = await call('POST', '/api/v1/wishlist?lang=ar', {}, { productId: mugsId });
    expect(json(added).message).toBe('Product added successfully to your wishlist');
    const ar = await call('GET', '/api/v1/wishlist', { 'accept-language': 'ar' });
    expect(ar.headers['content-language']).toBe('ar');
    const [p] = json(ar).data as Json[];
    expect(p!.title).toBe('طقم 4 مجات قهوة من الفخار الحجري');
    expect(p!.description).toMatch(
      /^طقم 4 مجات قهوة من الفخار الحجري\. .+ من جيزة هوم، مع الشحن إلى جميع أنحاء مصر\.$/,
    );
    const en = json(await call('GET', '/api/v1/wishlist')).data as Json[];
    expect(en[0]!.title).toBe('Stoneware Coffee Mug Set of 4');
    expect(en[0]!.description).toMatch(/^Stoneware Coffee Mug Set of 4\. /);
  });
});
