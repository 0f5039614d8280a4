// The API answers in the language the client asks for: ?lang= (which wins) or Accept-Language (q-values), Arabic
// beside the contract's English, field by field, with the same field names; it says which (Content-Language,
// Vary) and caches each language apart.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { idFromSlug } from '@/server/db/ids';
import { brands, categories, products, subcategories } from '@/server/db/schema';
import { negotiateLanguage } from '@/server/plugins/language';
import { dbKinds, json, signUp, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const arabic = /[\u0600-\u06FF]/;
const guitarId = idFromSlug('product', 'electric-guitar-starter-pack');

describe('negotiateLanguage', () => {
  it('answers English without a header or with one naming no language it speaks', () => {
    expect(negotiateLanguage(undefined, undefined)).toBe('en');
    expect(negotiateLanguage(undefined, '')).toBe('en');
    expect(negotiateLanguage(undefined, 'fr-FR, de;q=0.8')).toBe('en');
    expect(negotiateLanguage(undefined, '*')).toBe('en');
  });

  it('takes a language by its primary subtag, in any case', () => {
    expect(negotiateLanguage(undefined, 'ar')).toBe('ar');
    expect(negotiateLanguage(undefined, 'ar-EG')).toBe('ar');
    expect(negotiateLanguage(undefined, 'AR-eg')).toBe('ar');
    expect(negotiateLanguage(undefined, 'en-GB')).toBe('en');
  });

  it('orders by q-value, not by position, and keeps the client order for equal weights', () => {
    expect(negotiateLanguage(undefined, 'en-US,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(negotiateLanguage(undefined, 'en;q=0.5, ar;q=0.9')).toBe('ar');
    expect(negotiateLanguage(undefined, 'fr, ar;q=0.5, en;q=0.4')).toBe('ar');
    expect(negotiateLanguage(undefined, 'de, en;q=0.5, ar;q=0.6')).toBe('ar');
    expect(negotiateLanguage(undefined, 'en;q=0.8, ar;q=0.8')).toBe('en');
    expect(negotiateLanguage(undefined, 'ar;q=0.8, en;q=0.8')).toBe('ar');
    expect(negotiateLanguage(undefined, 'ar ; q = 0.5 , fr')).toBe('ar');
    expect(negotiateLanguage(undefined, 'ar;q=1.000')).toBe('ar');
  });

  it('q=0 refuses a language; * stands for the languages the header does not name', () => {
    expect(negotiateLanguage(undefined, 'ar;q=0')).toBe('en');
    expect(negotiateLanguage(undefined, 'en;q=0, ar;q=0.1')).toBe('ar');
    expect(negotiateLanguage(undefined, 'en;q=0, *')).toBe('ar');
    expect(negotiateLanguage(undefined, 'ar;q=0, *;q=0.5')).toBe('en');
    expect(negotiateLanguage(undefined, 'en;q=0.000, ar;q=0.001')).toBe('ar');
  });

  it('ignores malformed ranges and weights instead of guessing', () => {
    expect(negotiateLanguage(undefined, 'ar;q=2')).toBe('en');
    expect(negotiateLanguage(undefined, 'ar;q=abc, en;q=0.1')).toBe('en');
    expect(negotiateLanguage(undefined, 'ar;q=0.0001')).toBe('en');
    expect(negotiateLanguage(undefined, 'ar;q=-1')).toBe('en');
    expect(negotiateLanguage(undefined, 'a r, 123, ar_EG')).toBe('en');
    expect(negotiateLanguage(undefined, ',,, ;q=1, ar')).toBe('ar');
    expect(negotiateLanguage(undefined, `${'x-y, '.repeat(5000)}ar`)).toBe('en');
  });

  it('lets ?lang= decide alone when present: a language it lacks answers English, whatever the header says', () => {
    expect(negotiateLanguage('ar', 'en')).toBe('ar');
    expect(negotiateLanguage('AR-eg', undefined)).toBe('ar');
    expect(negotiateLanguage('en', 'ar')).toBe('en');
    expect(negotiateLanguage('fr', 'ar')).toBe('en');
    expect(negotiateLanguage(['ar', 'en'], undefined)).toBe('ar');
    // An empty value is no choice: the header decides.
    expect(negotiateLanguage('', 'ar')).toBe('ar');
    expect(negotiateLanguage('  ', 'ar')).toBe('ar');
  });
});

describe.each(dbKinds)('answers in the language asked for on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a product in Arabic, field by field, with the same keys, numbers and ids as the English', async () => {
    const en = await get(`/api/v1/products/${guitarId}`);
    const ar = await get(`/api/v1/products/${guitarId}`, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' });
    expect(ar.statusCode).toBe(200);
    expect(ar.headers['content-language']).toBe('ar');
    expect(String(ar.headers.vary)).toMatch(/accept-language/i);
    expect(en.headers['content-language']).toBe('en');
    expect(String(en.headers.vary)).toMatch(/accept-language/i);
    const e = json(en).data as Json;
    const a = json(ar).data as Json;
    expect(e.title).toBe('Electric Guitar Starter Pack');
    expect(a.title).toBe('طقم جيتار كهربائي للمبتدئين');
    expect(a.description).toMatch(
      /^طقم جيتار كهربائي للمبتدئين\. .+ من صوت التحرير، مع الشحن إلى جميع أنحاء مصر\.$/,
    );
    expect(a.category.name).toBe('موسيقى');
    expect(a.brand.name).toBe('صوت التحرير');
    expect(a.subcategory[0].name).toBe('آلات موسيقية');
    expect(Object.keys(a)).toEqual(Object.keys(e));
    // Everything but the texts is the English answer's.
    const texts = (p: Json) => ({
      ...p,
      title: '',
      description: '',
      category: { ...p.category, name: '' },
      brand: { ...p.brand, name: '' },
      subcategory: p.subcategory.map((s: Json) => ({ ...s, name: '' })),
    });
    expect(texts(a)).toEqual(texts(e));
    expect(ar.headers.etag).not.toBe(en.headers.etag);
  });

  it('lets ?lang= win over Accept-Language, and answers English to a language it does not speak', async () => {
    const url = `/api/v1/products/${guitarId}`;
    expect(json(await get(`${url}?lang=ar`, { 'accept-language': 'en' })).data.title).toMatch(arabic);
    const en = await get(`${url}?lang=en`, { 'accept-language': 'ar' });
    expect(json(en).data.title).toBe('Electric Guitar Starter Pack');
    expect(en.headers['content-language']).toBe('en');
    for (const [query, header] of [
      ['?lang=fr', 'ar'],
      ['', 'fr-CA, de;q=0.9'],
      ['', 'ar;q=0'],
    ] as const) {
      const res = await get(`${url}${query}`, { 'accept-language': header });
      expect(json(res).data.title, `${query} ${header}`).toBe('Electric Guitar Starter Pack');
      expect(res.headers['content-language']).toBe('en');
    }
    expect(json(await get(url, { 'accept-language': 'fr-CA, en;q=0.1, ar;q=0.7' })).data.title).toMatch(
      arabic,
    );
  });

  it('falls back to English for each field that has no Arabic, and for a blank one', async () => {
    const tag = randomBytes(4).toString('hex');
    const categoryId = idFromSlug('category', `half-${tag}`);
    const brandId = idFromSlug('brand', `half-${tag}`);
    const subId = idFromSlug('subcategory', `half-${tag}`);
    const productId = idFromSlug('product', `half-${tag}`);
    await t.database.db
      .insert(categories)
      .values({ id: categoryId, name: 'Garden', slug: `garden-${tag}`, image: '/images/c.png' });
    await t.database.db.insert(brands).values({
      id: brandId,
      name: 'Delta Tools',
      nameAr: '   ',
      slug: `tools-${tag}`,
      image: '/images/b.png',
    });
    await t.database.db
      .insert(subcategories)
      .values({ id: subId, name: 'Hoses', nameAr: 'خراطيم', slug: `hoses-${tag}`, categoryId });
    await t.database.db.insert(products).values({
      id: productId,
      title: 'Garden Hose 20m',
      titleAr: 'خرطوم حديقة 20 متر',
      slug: `hose-${tag}`,
      description: 'A flexible hose that does not kink.',
      quantity: 5,
      price: 300,
      imageCover: '/images/p.png',
      images: [],
      categoryId,
      brandId,
      subcategoryIds: [subId],
      ratingsAverage: 4,
      ratingsQuantity: 1,
    });
    const p = json(await get(`/api/v1/products/${productId}?lang=ar`)).data as Json;
    expect(p.title).toBe('خرطوم حديقة 20 متر');
    expect(p.description).toBe('A flexible hose that does not kink.');
    expect(p.category.name).toBe('Garden');
    expect(p.brand.name).toBe('Delta Tools');
    expect(p.subcategory[0].name).toBe('خراطيم');
    expect(json(await get(`/api/v1/categories/${categoryId}?lang=ar`)).data.name).toBe('Garden');
    expect(json(await get(`/api/v1/subcategories/${subId}?lang=ar`)).data.name).toBe('خراطيم');
    expect(json(await get(`/api/v1/products/${productId}`)).data.title).toBe('Garden Hose 20m');
  });

  it('gives every list in Arabic: products (same order and total), categories, brands, subcategories', async () => {
    const en = json(await get('/api/v1/products?limit=100'));
    const ar = json(await get('/api/v1/products?limit=100&lang=ar'));
    expect(ar.results).toBe(en.results);
    expect(ar.metadata).toEqual(en.metadata);
    expect(ar.data.map((p: Json) => p._id)).toEqual(en.data.map((p: Json) => p._id));
    const seeded = (ar.data as Json[]).filter((p) => p.slug !== undefined && !p.slug.startsWith('hose-'));
    for (const p of seeded) {
      expect(p.title, p.slug).toMatch(arabic);
      expect(p.description, p.slug).toMatch(arabic);
      expect(p.category.name, p.slug).toMatch(arabic);
      expect(p.brand.name, p.slug).toMatch(arabic);
    }
    for (const list of ['categories', 'brands', 'subcategories']) {
      const names = (json(await get(`/api/v1/${list}?lang=ar`)).data as Json[]).map((c) => c.name);
      expect(names.length, list).toBeGreaterThanOrEqual(10);
      for (const name of names.filter((n) => !/^(Garden|Delta Tools)$/.test(n)))
        expect(name, list).toMatch(arabic);
    }
    const categoryId = idFromSlug('category', 'electronics');
    const subs = json(
      await get(`/api/v1/categories/${categoryId}/subcategories`, { 'accept-language': 'ar' }),
    );
    expect(subs.data.map((s: Json) => s.name)).toEqual(['أجهزة لابتوب', 'كاميرات', 'صوتيات', 'تلفزيونات']);
    expect(json(await get(`/api/v1/brands/${idFromSlug('brand', 'luxor-time')}?lang=ar`)).data.name).toBe(
      'ساعات الأقصر',
    );
  });

  it('sorts by the title it shows: Arabic titles in an Arabic answer', async () => {
    const titles = (json(await get('/api/v1/products?sort=title&limit=100&lang=ar')).data as Json[]).map(
      (p) => p.title as string,
    );
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(titles.at(-1)).toMatch(arabic);
  });

  it('keeps error messages in the contract English, said to be English', async () => {
    const missing = await get('/api/v1/products/000000000000000000000000?lang=ar');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({
      statusMsg: 'fail',
      message: 'No product for this id 000000000000000000000000',
    });
    expect(missing.headers['content-language']).toBe('en');
    const badSort = await get('/api/v1/products?sort=nope', { 'accept-language': 'ar' });
    expect(json(badSort)).toEqual({
      message: 'fail',
      errors: { value: 'nope', msg: 'Cannot sort by nope', param: 'sort', location: 'query' },
    });
    const longLang = await get(`/api/v1/products?lang=${'a'.repeat(36)}`);
    expect(longLang.statusCode).toBe(400);
    expect(json(longLang)).toMatchObject({ message: 'fail', errors: { param: 'lang', location: 'query' } });
  });

  it('caches each language apart: interleaved requests each get their own language, ETags never cross', async () => {
    const url = '/api/v1/products?keyword=lamp&limit=7';
    const asks = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0 ? { headers: { 'accept-language': 'ar' } } : i % 3 === 1 ? { query: '&lang=ar' } : {},
    );
    const answers = await Promise.all(
      asks.map((a) => get(`${url}${'query' in a ? a.query : ''}`, 'headers' in a ? a.headers : {})),
    );
    answers.forEach((res, i) => {
      const wantArabic = i % 3 !== 2;
      expect(res.headers['content-language']).toBe(wantArabic ? 'ar' : 'en');
      for (const p of json(res).data as Json[]) {
        if (wantArabic) expect(p.title).toMatch(arabic);
        else expect(p.title).not.toMatch(arabic);
      }
    });
    const enTag = String(answers[2]!.headers.etag);
    const arTag = String(answers[0]!.headers.etag);
    expect(enTag).not.toBe(arTag);
    // The English copy a browser holds is no answer to an Arabic request, and the reverse.
    expect((await get(url, { 'accept-language': 'ar', 'if-none-match': enTag })).statusCode).toBe(200);
    expect((await get(url, { 'if-none-match': arTag })).statusCode).toBe(200);
    expect((await get(url, { 'accept-language': 'ar', 'if-none-match': arTag })).statusCode).toBe(304);
    // Compressed answers vary on both.
    const br = await get('/api/v1/products?lang=ar', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-language/i);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('drops the answers of both languages when an order changes a product they show', async () => {
    const shopper = await signUp(t.app);
    const lists = ['/api/v1/products?keyword=guitar', '/api/v1/products?keyword=جيتار'];
    const stock = async (lang: 'en' | 'ar') => ({
      details: json(await get(`/api/v1/products/${guitarId}?lang=${lang}`)).data.quantity as number,
      lists: await Promise.all(
        lists.map(
          async (u) =>
            (json(await get(`${u}&lang=${lang}`)).data as Json[]).find((p) => p._id === guitarId)!.quantity,
        ),
      ),
    });
    const before = { en: await stock('en'), ar: await stock('ar') };
    expect(before.ar).toEqual(before.en);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { token: shopper.token },
      payload: { productId: guitarId },
    });
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${json(add).cartId}`,
      headers: { token: shopper.token },
      payload: { shippingAddress: { details: '5 Nile St', phone: '01012345678', city: 'Giza' } },
    });
    expect(order.statusCode).toBe(201);
    const less = before.en.details - 1;
    expect(await stock('en')).toEqual({ details: less, lists: [less, less] });
    expect(await stock('ar')).toEqual({ details: less, lists: [less, less] });
  });
});
