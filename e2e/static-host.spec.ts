// Issue 29, item 5: the tested example of docs/deploy.md's CDN rules. A plain static server (bench/static-server.ts)
// serves the built out/ with exactly those rules (server/web/host-rules.ts) and forwards the API's paths to the
// journeys' server, as a CDN forwards to its origin; a shopper uses the shop through it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../bench/static-server';
import { waitForHydration } from './support/app';
import { expect, test } from './support/fixtures';
import { ownServer } from './support/target';

let host: StaticServer;

test.beforeAll(async () => {
  const origin = test.info().project.use.baseURL;
  if (!origin)
    throw new Error('The journeys have no baseURL: the static host has no API origin to forward to.');
  // Against a shop elsewhere (BASE_URL), this checkout's own build is served in front of that shop's API.
  test.skip(
    !ownServer && !existsSync(path.resolve('out', 'index.html')),
    "serves this checkout's built storefront (out/) in front of the shop's API, and there is none: run `npm run build`",
  );
  host = await startStaticServer(path.resolve('out'), 0, origin);
});
test.afterAll(async () => {
  await host?.close();
});

test('a shopper uses the shop from the static host: Home, a product, and addresses without #', async ({
  page,
  api,
  shopper,
}) => {
  const [product] = await api.catalogue();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // A failed load is judged by its answer below (the console's line about it names no address).
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  page.on('response', (r) => {
    // A new shopper has no cart yet: the contract's 404, as from our own server.
    const noCartYet = r.status() === 404 && new URL(r.url()).pathname === '/api/v1/cart';
    if (r.status() >= 400 && !noCartYet) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.addInitScript((tkn) => {
    if (window.sessionStorage.getItem('e2e-token-seeded')) return;
    window.sessionStorage.setItem('e2e-token-seeded', '1');
    window.localStorage.setItem('tkn', tkn);
  }, shopper.token);

  // The root lands on Home.
  await page.goto(`${host.url}/`);
  await waitForHydration(page);
  expect(page.url()).toMatch(new RegExp(`^${host.url}/ecommerceweb/(#/(home)?)?$`));
  const shop = page.getByRole('region', { name: 'Shop Product' });
  await expect(shop.locator('article').first()).toBeVisible();

  // A product's page, typed without '#': its early paint is fetched by its versioned address (lib/early-paint).
  const earlyPaint = page.waitForResponse((r) =>
    /\/ecommerceweb\/early-paint\.js\?v=[0-9a-f]{10}$/.test(r.url()),
  );
  await page.goto(`${host.url}/ecommerceweb/productDetails/${product!._id}`);
  expect((await earlyPaint).status()).toBe(200);
  expect((await earlyPaint).headers()['content-type']).toMatch(/javascript/);
  await waitForHydration(page);
  expect(page.url()).toBe(`${host.url}/ecommerceweb/#/productDetails/${product!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();

  // The product list, typed without '#'.
  await page.goto(`${host.url}/ecommerceweb/products`);
  await waitForHydration(page);
  expect(page.url()).toBe(`${host.url}/ecommerceweb/#/products`);
  await expect(page.locator('main article').first()).toBeVisible();

  // Nothing the page did was refused (its security policy included).
  expect(errors).toEqual([]);
});

test("the static host's answers: redirects, cache headers, brotli, the API forwarded", async ({
  request,
}) => {
  const get = (p: string, headers: Record<string, string> = {}) =>
    request.get(`${host.url}${p}`, { headers, maxRedirects: 0 });

  // Paths without '#', the bare base and the payment returns.
  for (const [from, to] of [
    ['/', '/ecommerceweb/'],
    ['/ecommerceweb', '/ecommerceweb/'],
    ['/ecommerceweb/products', '/ecommerceweb/#/products'],
    ['/ecommerceweb/categories?x=1', '/ecommerceweb/#/categories?x=1'],
    ['/allorders', '/ecommerceweb/#/allorders'],
    ['/cart', '/ecommerceweb/#/cart'],
    ['/ecommerceweb/admin', '/ecommerceweb/admin/'],
  ]) {
    const res = await get(from!);
    expect(res.status(), from).toBe(302);
    expect(res.headers().location, from).toBe(to);
  }
  // A file the build does not have is a 404, not a screen.
  expect((await get('/ecommerceweb/missing.js')).status()).toBe(404);
  expect((await get('/ecommerceweb/_next/static/missing')).status()).toBe(404);
  // A browser asking for a page there gets the shop's not-found page.
  const notFound = await get('/ecommerceweb/spring-sale.pdf', { accept: 'text/html' });
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toContain('<title>Page not found · FreshCart</title>');

  // The page: revalidated every time, brotli when asked for, the storefront's security policy.
  const index = await get('/ecommerceweb/', { 'accept-encoding': 'br' });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-encoding']).toBe('br');
  expect(index.headers().vary).toBe('accept-encoding');
  expect(index.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  const html = await index.text();
  expect(html).toContain('<html');

  // A hashed file: kept a year; brotli when asked, gzip when only that is accepted.
  const script = [...html.matchAll(/\/ecommerceweb\/_next\/static\/[^"']+\.js/g)].map((m) => m[0])[0];
  expect(script).toBeTruthy();
  const hashed = await get(script!, { 'accept-encoding': 'gzip, deflate, br' });
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers()['content-encoding']).toBe('br');
  expect((await get(script!, { 'accept-encoding': 'gzip' })).headers()['content-encoding']).toBe('gzip');
  expect(
    (await get(script!, { 'accept-encoding': 'identity' })).headers()['content-encoding'],
  ).toBeUndefined();

  // An unhashed file: an hour.
  const logo = await get('/ecommerceweb/logo.svg');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['cache-control']).toBe('public, max-age=3600');

  // The API's paths go to the origin.
  const products = await get('/api/v1/products?limit=1');
  expect(products.status()).toBe(200);
  expect(((await products.json()) as { data: unknown[] }).data).toHaveLength(1);
  expect((await get('/robots.txt')).status()).toBe(200);
});
