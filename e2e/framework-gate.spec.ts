// The framework's gate (lib/early-paint/framework-gate.ts, issue 30): on the product list and product details the
// storefront's code is asked for only once the early paint's picture is on screen, so on a phone's link that picture
// does not share the line with the framework's 135 KB; everywhere else the code is asked for at once, as Next's own
// tags asked for it.
import type { Page, Request } from '@playwright/test';
import { BASE_PATH, logInWithToken } from './support/app';
import { holdRequests } from './support/cards';
import { expect, test } from './support/fixtures';

const framework = /\/_next\/static\/chunks\/[^/]+\.js$/;

/** The storefront's code asked for so far (the requests' addresses, in order). */
function watchFramework(page: Page): Request[] {
  const asked: Request[] = [];
  page.on('request', (r) => {
    if (framework.test(new URL(r.url()).pathname)) asked.push(r);
  });
  return asked;
}

for (const screen of ['list', 'details'] as const) {
  test(`${screen === 'list' ? 'product list' : 'product details'}: the storefront's code is asked for once the early paint's picture is on screen`, async ({
    page,
    shopper,
    api,
  }) => {
    const product = (await api.catalogue()).find((p) => p.images.length > 0)!;
    await logInWithToken(page, shopper.token);
    // The page's timers stand still until the picture has come (the gate's longest wait is one of them), so what is
    // seen before then is the gate waiting for the picture, not for its clock.
    await page.clock.install();
    await page.clock.pauseAt(new Date('2026-11-29T10:00:00Z'));
    const asked = watchFramework(page);
    const pictures = await holdRequests(page, '**/images/products/**', 'GET');
    const answer = page.waitForResponse((r) =>
      screen === 'list'
        ? /\/api\/v1\/products\?page=1&limit=24$/.test(r.url())
        : r.url().endsWith(`/api/v1/products/${product._id}`),
    );
    await page.goto(`${BASE_PATH}#/${screen === 'list' ? 'products' : `productDetails/${product._id}`}`, {
      waitUntil: 'domcontentloaded',
    });
    await answer;
    const early = page.locator('#early-paint');
    await expect(early.locator('img').first()).toBeAttached();
    await pictures.seen;
    // Drawn from the early answer, its picture on the way: the code not yet asked for.
    expect(asked.map((r) => r.url())).toEqual([]);

    pictures.release();
    await expect
      .poll(() =>
        early
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.clock.resume();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    // The screen boots and takes over.
    if (screen === 'list') await expect(page.getByRole('article').first()).toBeVisible();
    else await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
    await expect(early).toHaveCount(0);
  });
}

test("Home and the cart: the storefront's code is asked for at once, before any early answer has come", async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  const asked = watchFramework(page);
  for (const route of ['#/', '#/cart']) {
    // Every answer of the API held until the code has been asked for: a page that waited for one would never boot.
    const held = await holdRequests(page, '**/api/v1/**', 'GET');
    // A new document each time (from Home, going to '#/cart' alone would only change the hash).
    await page.goto('about:blank');
    const before = asked.length;
    await page.goto(`${BASE_PATH}${route}`, { waitUntil: 'domcontentloaded' });
    await held.seen;
    await expect.poll(() => asked.length, route).toBeGreaterThan(before);
    held.release();
    if (route === '#/')
      await expect(page.getByRole('heading', { name: 'Shop Product', level: 2 })).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
  }
});
