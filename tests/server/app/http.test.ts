import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffMember } from '../helpers/staff';
import { json, signUp, startTestApp, type Json, type TestApp } from '../helpers/test-app';

describe('HTTP edges: bad input, headers, health, redirects, storefront', () => {
  let t: TestApp;
  let built: TestApp;
  let outDir: string;

  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
    outDir = mkdtempSync(path.join(os.tmpdir(), 'server-out-'));
    mkdirSync(path.join(outDir, '_next/static/chunks'), { recursive: true });
    writeFileSync(
      path.join(outDir, 'index.html'),
      `<!doctype html><html><head><meta charSet="utf-8"/></head><body><div id="root">${'shop '.repeat(400)}</div></body></html>`,
    );
    writeFileSync(path.join(outDir, '404.html'), '<!doctype html><title>Page not found · FreshCart</title>');
    writeFileSync(
      path.join(outDir, '_next/static/chunks/app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    built = await startTestApp('pglite', { seed: false, env: { STOREFRONT_DIR: outDir } });
  });
  afterAll(async () => {
    await t?.close();
    await built?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ statusMsg: 'fail', message: 'Malformed JSON in request body' });
  });

  it('answers a wrong content type with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).statusMsg).toBe('fail');
    expect(json(res).message).toMatch(/^Unsupported content type text\/plain/);
  });

  it('answers a JSON body that is not an object with the validation envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('fail');
    expect(json(res).errors.location).toBe('body');
  });

  it('answers bodies over 100 KB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(101 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ statusMsg: 'fail', message: 'Request body is too large (limit 100 KB)' });
  });

  /** Sends raw bytes on a fresh connection and returns everything the server writes before it closes. */
  async function rawExchange(request: string): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
  }

  it('answers headers over 16 KB with 431 in the contract shape, and a HEAD request without a body', async () => {
    const huge = `x-fill: ${'a'.repeat(20_000)}\r\n`;
    const get = await rawExchange(`GET /api/v1/products HTTP/1.1\r\nHost: shop\r\n${huge}\r\n`);
    const [head, body] = get.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!)).toEqual({
      statusMsg: 'fail',
      message: 'Request headers are too large (limit 16 KB)',
    });

    const headReply = await rawExchange(`HEAD /api/v1/products HTTP/1.1\r\nHost: shop\r\n${huge}\r\n`);
    expect(headReply).toMatch(/^HTTP\/1\.1 431 /);
    expect(headReply.endsWith('\r\n\r\n')).toBe(true);
  });

  it('answers a malformed request line with 400 in the contract shape', async () => {
    const reply = await rawExchange('GET /api/v1/products HTTP/9.Z\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(reply.split('\r\n\r\n')[1]!)).toEqual({
      statusMsg: 'fail',
      message: 'Malformed HTTP request',
    });
  });

  it('answers a URL with bad percent-encoding or an overlong id in the contract shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ statusMsg: 'fail', message: 'Malformed URL: check its percent-encoding' });
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/products/${'9'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(json(long)).toEqual({ statusMsg: 'fail', message: 'A path segment of the URL is too long' });
  });

  it('answers unknown routes with 404 and the route in the message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ statusMsg: 'fail', message: "Can't find this route: /api/v1/nothing-here" });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/cart' })).statusCode).toBe(404);
  });

  it('tolerates an empty JSON body on DELETE', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/cart',
      headers: { token: s.token, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'success' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS from the configured dev origins with the token header, not from others', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart',
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'token,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('token');
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'http://shop.test' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('http://shop.test');
    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports health and readiness', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/health' }))).toMatchObject({
      status: 'ok',
    });
    expect(json(await t.app.inject({ method: 'GET', url: '/api/v1/ready' }))).toEqual({
      status: 'ready',
      database: 'pglite',
    });
  });

  it('redirects /, /allorders and /cart to the storefront', async () => {
    for (const [from, to] of [
      ['/', '/ecommerceweb/'],
      ['/allorders', '/ecommerceweb/#/allorders'],
      ['/cart', '/ecommerceweb/#/cart'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: from! });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(to);
    }
  });

  it('explains when the storefront has not been built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ecommerceweb/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The storefront has not been built yet');
  });

  it('serves the built storefront: no-cache HTML, immutable hashed assets, compressed', async () => {
    const html = await built.app.inject({
      method: 'GET',
      url: '/ecommerceweb/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['content-encoding']).toBe('gzip');
    const asset = await built.app.inject({
      method: 'GET',
      url: '/ecommerceweb/_next/static/chunks/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect((await built.app.inject({ method: 'GET', url: '/ecommerceweb/missing.js' })).statusCode).toBe(404);
  });

  it("sends the page compressed once at the precompressed files' levels: brotli, gzip or none as asked", async () => {
    const plain = await built.app.inject({
      url: '/ecommerceweb/',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const br = await built.app.inject({
      url: '/ecommerceweb/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    // At quality 11, as scripts/precompress.mjs writes the static files (on the fly it was quality 4).
    expect(br.rawPayload.length).toBe(
      brotliCompressSync(Buffer.from(plain.body), {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.rawPayload.length,
        },
      }).length,
    );
    const gz = await built.app.inject({
      url: '/ecommerceweb/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('writes the live home content into the page, under an ETag that changes when staff publish', async () => {
    const written = (body: string) =>
      JSON.parse(/<script type="application\/json" id="fc-home">(.*?)<\/script>/.exec(body)![1]!) as Json;
    const first = await built.app.inject({ url: '/ecommerceweb/' });
    expect(first.statusCode).toBe(200);
    expect(written(first.body).slides.map((s: Json) => s.title.en)).toEqual([
      'New arrivals',
      'Fashion',
      'Electronics',
    ]);
    expect(written(first.body).picture).toBe('/ecommerceweb/banners/new-arrivals.svg');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await built.app.inject({ url: '/ecommerceweb/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const staff = await staffMember(built.app, built.database, 'staff');
    const draft = json(await call(built.app, 'GET', '/api/v1/home/draft', staff.token)).data;
    const content = { ...draft.content, slides: [draft.content.slides[1]] };
    const saved = await call(built.app, 'PUT', '/api/v1/home/draft', staff.token, {
      version: draft.version,
      content,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call(built.app, 'POST', '/api/v1/home/publish', staff.token, {
      version: json(saved).data.version,
    });
    expect(published.statusCode, published.body).toBe(200);

    const after = await built.app.inject({ url: '/ecommerceweb/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(written(after.body).slides.map((s: Json) => s.title.en)).toEqual(['Fashion']);
    expect(written(after.body).picture).toBe('/ecommerceweb/banners/fashion.svg');
  });

  it("opens the storefront for a screen's address typed without '#', never the API's JSON", async () => {
    for (const [from, to] of [
      ['/ecommerceweb/products', '/ecommerceweb/#/products'],
      ['/ecommerceweb/products?q=gitar', '/ecommerceweb/#/products?q=gitar'],
      ['/ecommerceweb/productDetails/abc', '/ecommerceweb/#/productDetails/abc'],
      // Unknown to the storefront too: its own not-found page answers there.
      ['/ecommerceweb/no/such/page', '/ecommerceweb/#/no/such/page'],
    ]) {
      const res = await built.app.inject({ method: 'GET', url: from! });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
    // A missing file is still a plain 404, and not the API's JSON either.
    for (const url of ['/ecommerceweb/missing.js', '/ecommerceweb/_next/static/chunks/gone']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
    }
    // A browser asking for a page there gets the export's not-found page (app/not-found.tsx), still a 404.
    const page = await built.app.inject({
      method: 'GET',
      url: '/ecommerceweb/spring-sale.pdf',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Page not found · FreshCart</title>');
    // Not a page request: no redirect.
    expect((await built.app.inject({ method: 'POST', url: '/ecommerceweb/products' })).statusCode).toBe(404);
  });
});
