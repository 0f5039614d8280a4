// The English catalogue answers are byte for byte what they were before the API spoke Arabic: the status, type
// and SHA-256 of each body below were recorded from the server as it was then (fixtures/english-answers.json),
// and every request here (no language asked, `?lang=en`, `Accept-Language: en`, an unknown language) must still
// get exactly those bytes. Re-record only for an intended change of an English answer:
// RECORD_ENGLISH_ANSWERS=1 npx vitest run tests/server/catalogue/english-unchanged.test.ts
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, json, startTestApp, type Json, type TestApp } from '../helpers/test-app';

const fixture = fileURLToPath(new URL('../fixtures/english-answers.json', import.meta.url));
const recording = process.env.RECORD_ENGLISH_ANSWERS === '1';

interface Recorded {
  status: number;
  type: string;
  sha256: string;
  bytes: number;
}

const fixedUrls = [
  '/api/v1/products',
  '/api/v1/products?limit=100',
  '/api/v1/products?page=2&limit=24',
  '/api/v1/products?sort=price',
  '/api/v1/products?sort=-price&limit=10',
  '/api/v1/products?sort=title&limit=100',
  '/api/v1/products?sort=-ratingsAverage&limit=24',
  '/api/v1/products?sort=-sold&limit=24',
  '/api/v1/products?keyword=gitar',
  '/api/v1/products?keyword=guitar',
  '/api/v1/products?keyword=electrik%20gitar',
  '/api/v1/products?keyword=Watch',
  '/api/v1/products?keyword=lamp',
  '/api/v1/products?keyword=shirt&sort=price',
  '/api/v1/products?keyword=4k',
  '/api/v1/products?keyword=ships%20anywhere',
  '/api/v1/products?keyword=smartphon',
  '/api/v1/products?keyword=zzzzqq',
  '/api/v1/products?title=shirt',
  '/api/v1/products?title=LAPTOP',
  '/api/v1/products?categoryName=Electronics',
  "/api/v1/products?categoryName=Women's%20Fashion&price[gte]=500&price[lte]=1500",
  '/api/v1/products?fields=title,price',
  '/api/v1/products?fields=-description&limit=5',
  '/api/v1/categories',
  '/api/v1/brands',
  '/api/v1/brands?page=2&limit=5',
  '/api/v1/subcategories',
  '/api/v1/products/000000000000000000000000',
  '/api/v1/products/not-an-id',
  '/api/v1/products?sort=nope',
];

/** Every URL: the fixed ones and the details of a few products, categories, brands and subcategories. */
async function urlsOf(t: TestApp): Promise<string[]> {
  const get = async (url: string) => json(await t.app.inject({ method: 'GET', url }));
  const productIds = ((await get('/api/v1/products?limit=6&sort=price')).data as Json[]).map((p) => p._id);
  const categoryIds = ((await get('/api/v1/categories?limit=3')).data as Json[]).map((c) => c._id);
  const brandIds = ((await get('/api/v1/brands?limit=3')).data as Json[]).map((b) => b._id);
  const subIds = ((await get('/api/v1/subcategories?limit=3')).data as Json[]).map((s) => s._id);
  return [
    ...fixedUrls,
    ...productIds.map((id) => `/api/v1/products/${id}`),
    ...categoryIds.flatMap((id) => [`/api/v1/categories/${id}`, `/api/v1/categories/${id}/subcategories`]),
    ...brandIds.map((id) => `/api/v1/brands/${id}`),
    ...subIds.map((id) => `/api/v1/subcategories/${id}`),
  ];
}

function record(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): Recorded {
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    sha256: createHash('sha256').update(res.rawPayload).digest('hex'),
    bytes: res.rawPayload.length,
  };
}

describe.each(dbKinds)('English catalogue answers are unchanged on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records or compares every answer', async () => {
    const urls = await urlsOf(t);
    if (recording) {
      const answers: Record<string, Recorded> = {};
      for (const url of urls) answers[url] = record(await t.app.inject({ method: 'GET', url }));
      writeFileSync(fixture, JSON.stringify(answers, null, 2) + '\n');
      return;
    }
    const expected = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, Recorded>;
    expect(Object.keys(expected).sort()).toEqual([...urls].sort());
    // The same bytes however English is asked for, or when the language asked for is one the API lacks.
    const ways: Array<{ suffix: string; headers: Record<string, string> }> = [
      { suffix: '', headers: {} },
      { suffix: 'lang=en', headers: {} },
      { suffix: '', headers: { 'accept-language': 'en-GB,en;q=0.9' } },
      { suffix: 'lang=fr', headers: { 'accept-language': 'ar' } },
      { suffix: '', headers: { 'accept-language': 'de-DE, fr;q=0.5' } },
    ];
    for (const url of urls) {
      for (const { suffix, headers } of ways) {
        const asked = suffix ? `${url}${url.includes('?') ? '&' : '?'}${suffix}` : url;
        const res = await t.app.inject({ method: 'GET', url: asked, headers });
        expect(record(res), `${asked} ${JSON.stringify(headers)}`).toEqual(expected[url]);
      }
    }
  });
});
