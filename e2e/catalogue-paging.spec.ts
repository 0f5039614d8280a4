// The product list pages through the API, keeps its state in the URL, finds a misspelt
// product, and comes back from a product where the shopper left it.
import type { Page } from '@playwright/test';
import { currentRoute, expectRoute, logInWithToken, openApp } from './support/app';
import { cardOf } from './support/cards';
import { expect, test } from './support/fixtures';

const results = (page: Page) => page.getByRole('region', { name: 'Product results' });
const countLine = (page: Page) =>
  results(page)
    .getByRole('status')
    .filter({ hasText: /^\d+ products?$/ });
const showing = (page: Page) =>
  results(page)
    .getByRole('status')
    .filter({ hasText: /^Showing / });
const routeQuery = (page: Page) => new URLSearchParams(currentRoute(page).split('?')[1] ?? '');

test("'Load more' by keyboard alone: the next page, its count announced, the focus kept", async ({
  page,
  shopper,
  api,
}) => {
  const total = (await api.products()).length;
  // A browser where nothing scrolls the sentinel into view: the button must do the work by itself.
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(showing(page)).toHaveText(`Showing 24 of ${total} products`);
  const more = results(page).getByRole('button', { name: 'Load more' });
  // Tab from the search box until the button has the focus (no mouse).
  await page.getByLabel('Search About Product by name').focus();
  for (let i = 0; i < 200 && !(await more.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(showing(page)).toHaveText(`Showing 48 of ${total} products`);
  await expect(results(page).locator('article')).toHaveCount(48);
  await expect(more).toBeFocused();
  expect(routeQuery(page).get('page')).toBe('2');
  await page.keyboard.press('Space');
  await expect(showing(page)).toHaveText(`Showing ${total} of ${total} products`);
  await expect(more).toHaveCount(0);
});

test('a misspelt search ("gitar") finds the guitars', async ({ page, shopper, api }) => {
  const guitars = (await api.products()).filter((p) => /guitar/i.test(p.title));
  expect(guitars.length).toBeGreaterThan(0);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(countLine(page)).toBeVisible();
  await page.getByLabel('Search About Product by name').fill('gitar');
  await expect.poll(() => routeQuery(page).get('q')).toBe('gitar');
  await expect(countLine(page)).toHaveText(guitars.length === 1 ? '1 product' : `${guitars.length} products`);
  for (const g of guitars) await expect(cardOf(results(page), g._id)).toHaveCount(1);
});

test('search, filters and sort live in the URL: they survive a reload, back and forward', async ({
  page,
  shopper,
  api,
}) => {
  const all = await api.products();
  const guitars = all.filter((p) => /guitar/i.test(p.title)).sort((a, b) => a.price - b.price);
  expect(guitars.length).toBeGreaterThan(1);
  const cheapest = guitars[0]!;
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(countLine(page)).toBeVisible();
  await page.getByLabel('Search About Product by name').fill('guitar');
  await expect.poll(() => routeQuery(page).get('q')).toBe('guitar');
  await expect(countLine(page)).toHaveText(`${guitars.length} products`);

  await page.getByLabel('Price from').fill(String(cheapest.price));
  await page.getByLabel('Price to').fill(String(cheapest.price));
  await page.getByRole('button', { name: 'Show Products' }).click();
  await expect(countLine(page)).toHaveText('1 product');
  expect(Object.fromEntries(routeQuery(page))).toEqual({
    q: 'guitar',
    from: String(cheapest.price),
    to: String(cheapest.price),
  });

  await page.reload();
  await expect(countLine(page)).toHaveText('1 product');
  await expect(cardOf(results(page), cheapest._id)).toHaveCount(1);
  await expect(page.getByLabel('Search About Product by name')).toHaveValue('guitar');
  await expect(page.getByLabel('Price from')).toHaveValue(String(cheapest.price));
  await expect(page.getByLabel('Price to')).toHaveValue(String(cheapest.price));

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect.poll(() => routeQuery(page).get('sort')).toBe('-price');

  await page.goBack();
  await expect.poll(() => routeQuery(page).get('sort')).toBe(null);
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await page.goBack();
  await expect.poll(() => routeQuery(page).get('from')).toBe(null);
  await expect(countLine(page)).toHaveText(`${guitars.length} products`);
  await expect(page.getByLabel('Price from')).toHaveValue('');
  await expect(page.getByLabel('Search About Product by name')).toHaveValue('guitar');
  await page.goForward();
  await expect(countLine(page)).toHaveText('1 product');
  await expect(page.getByLabel('Price from')).toHaveValue(String(cheapest.price));
});

test('back from a product restores the pages loaded and the scroll position', async ({
  page,
  shopper,
  api,
}) => {
  const all = await api.products();
  expect(all.length).toBeGreaterThan(48);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(showing(page)).toHaveText(`Showing 24 of ${all.length} products`);
  // Scroll down through the pages until all are loaded.
  await expect(async () => {
    await page.mouse.wheel(0, 2500);
    await expect(showing(page)).toHaveText(`Showing ${all.length} of ${all.length} products`, {
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  expect(routeQuery(page).get('page')).toBe('3');

  // A card of the second page, in the middle of the screen.
  const target = all[30]!;
  const card = cardOf(results(page), target._id);
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // Two frames later the scroll has been laid out and its events dispatched.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  await card.getByRole('link').first().click();
  await expectRoute(page, `/productDetails/${target._id}`);
  await expect(page.getByRole('heading', { name: target.title, level: 1 })).toBeVisible();

  await page.goBack();
  await expectRoute(page, /^\/products\?page=3$/);
  await expect(results(page).locator('article')).toHaveCount(all.length);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  await expect(card).toBeInViewport();
});
