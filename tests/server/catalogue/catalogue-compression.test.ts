import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '@/server/modules/catalogue/cache';
import { dbKinds, startTestApp, type TestApp } from '../helpers/test-app';

// Catalogue answers are compressed once per cache entry, not on every request.
describe.each(dbKinds)('compressed catalogue answers on %s', (kind) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends brotli to a client that takes it, the same JSON as the plain answer, with Vary and the ETag', async () => {
    const plain = await get('/api/v1/products?limit=20');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/v1/products?limit=20', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const body = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(body)).toEqual(JSON.parse(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends gzip when brotli is not accepted, and nothing compressed when every coding is refused', async () => {
    const plain = await get('/api/v1/products?limit=20&sort=price');
    const gz = await get('/api/v1/products?limit=20&sort=price', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
    const refused = await get('/api/v1/products?limit=20&sort=price', {
      'accept-encoding': 'br;q=0, gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body)).toEqual(JSON.parse(plain.body));
  });

  it('still answers 304 to a matching If-None-Match from a client that takes brotli', async () => {
    const first = await get('/api/v1/products/?limit=3', { 'accept-encoding': 'br' });
    const again = await get('/api/v1/products/?limit=3', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('preferredEncoding', () => {
  it('prefers br, then gzip, honours q=0 and treats * as gzip', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.0')).toBeUndefined();
  });
});
