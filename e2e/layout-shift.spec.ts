// What is drawn first does not move while a screen loads (Cumulative Layout Shift ≤ 0.02, the
// Lighthouse goal), at Lighthouse's phone size and on a desktop. The screen's data is held until its
// loader is on screen, so the swap from loader to content is always part of the measurement.
import type { Page } from '@playwright/test';
import { BASE_PATH, logInWithToken, openApp, settle } from './support/app';
import { holdRequests } from './support/cards';
import { expect, test } from './support/fixtures';

const goal = 0.02;

const sizes = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** Sums every layout shift not caused by input, and notes which elements moved, from the first paint on. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: { total: number; moved: string[] } };
    w.__cls = { total: 0, moved: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }
      >) {
        if (entry.hadRecentInput) continue;
        w.__cls.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | null | undefined;
          w.__cls.moved.push(
            `${entry.value.toFixed(4)} ${node?.nodeName ?? '(removed)'}.${node?.className ?? ''} "${(node?.textContent ?? '').slice(0, 40)}"`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Lets the page come to rest (the last swap painted, images on screen loaded, keen-slider mounted), then reads the sum. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  await settle(page);
  return page.evaluate(() => (window as unknown as { __cls: { total: number; moved: string[] } }).__cls);
}

for (const { name, viewport } of sizes) {
  test.describe(`layout shift, ${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page, shopper }) => {
      await watchLayoutShifts(page);
      await logInWithToken(page, shopper.token);
    });

    test('home: banner, categories and products arrive without moving anything', async ({ page }) => {
      const categories = await holdRequests(page, /\/api\/v1\/categories/, 'GET');
      const products = await holdRequests(page, /\/api\/v1\/products/, 'GET');
      await openApp(page, '/home');
      await expect(page.getByRole('status').filter({ hasText: 'Loading categories' })).toBeAttached();
      await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeAttached();
      categories.release();
      await expect(
        page.getByRole('region', { name: 'Shop Popular Categories' }).getByRole('link').first(),
      ).toBeVisible();
      products.release();
      await expect(
        page.getByRole('region', { name: 'Shop Product' }).locator('article').first(),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'New in the shop' })).toBeVisible();
      const { total, moved } = await layoutShift(page);
      expect(total, `moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(goal);
    });

    test('product list: the grid replaces its spinner without moving the footer into view', async ({
      page,
    }) => {
      const products = await holdRequests(page, /\/api\/v1\/products/, 'GET');
      await openApp(page, '/products');
      await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeAttached();
      products.release();
      await expect(page.locator('article').first()).toBeVisible();
      const { total, moved } = await layoutShift(page);
      expect(total, `moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(goal);
    });

    test('product details: the product replaces its spinner without moving anything', async ({
      page,
      api,
    }) => {
      const [product] = await api.products();
      const details = await holdRequests(page, new RegExp(`/api/v1/products/${product!._id}`), 'GET');
      await openApp(page, `/productDetails/${product!._id}`);
      await expect(page.getByRole('status').filter({ hasText: 'Loading product' })).toBeAttached();
      details.release();
      await expect(page.getByRole('heading', { name: product!.title, level: 1 })).toBeVisible();
      const { total, moved } = await layoutShift(page);
      expect(total, `moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(goal);
    });

    test('cart: the lines and the summary replace the spinner without moving anything', async ({
      page,
      api,
      shopper,
    }) => {
      const [first, second] = (await api.catalogue()).filter((p) => p.quantity > 0);
      await api.addToCart(shopper.token, first!._id);
      await api.addToCart(shopper.token, second!._id);
      const cart = await holdRequests(page, /\/api\/v1\/cart/, 'GET');
      await openApp(page, '/cart');
      await cart.seen;
      await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
      cart.release();
      await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
      const { total, moved } = await layoutShift(page);
      expect(total, `moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(goal);
    });
  });
}

// The prerendered page is parsed in pieces on a busy machine, and the browser may draw between two of them: a CI run
// drew the loader's logo before its "Loading..." had been parsed, and the logo moved 18 px up when the text came.
// The logo's place must not depend on the text.
test("the prerendered loader's logo keeps its place whether or not its text has been parsed yet", async ({
  page,
}) => {
  // The storefront's code never arrives: the prerendered loader stays.
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  await page.goto(`${BASE_PATH}#/brands`, { waitUntil: 'domcontentloaded' });
  const loader = page.locator('[data-prerendered-loader]');
  await expect(loader.getByRole('status')).toHaveText('Loading...');
  // Where the logo is laid out (its box before the spin's rotation).
  const logoAt = () =>
    loader.locator('img').evaluate((img: HTMLImageElement) => {
      const box = img.offsetParent!.getBoundingClientRect();
      return { x: box.x + img.offsetLeft, y: box.y + img.offsetTop };
    });
  const withText = await logoAt();
  await loader.locator('p').evaluate((p) => p.remove());
  expect(await logoAt()).toEqual(withText);
});
