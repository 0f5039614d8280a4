// Journey 6: the product list's search box and 'Filter Products' form, against the catalogue the API serves.
import type { Page } from '@playwright/test';
import type { Product } from '@/lib/contract/catalogue';
import { BASE_PATH, currentRoute, logInWithToken, openApp } from './support/app';
import { cardOf, holdRequests } from './support/cards';
import { largestPaint, shifted, watchLayoutShifts } from './support/early-paint';
import { expect, test } from './support/fixtures';

/** The spec's filter, written out independently: both bounds needed, integers, inclusive; contains-match on category. */
function expected(
  products: Product[],
  f: { search?: string; from?: string; to?: string; category?: string },
): Product[] {
  const from = Number.parseInt(f.from ?? '', 10);
  const to = Number.parseInt(f.to ?? '', 10);
  const priceOn = Boolean(f.from?.trim() && f.to?.trim()) && !Number.isNaN(from) && !Number.isNaN(to);
  const q = (f.search ?? '').trim().toLowerCase();
  return products.filter(
    (p) =>
      (!q || p.title.toLowerCase().includes(q)) &&
      (!priceOn || (p.price >= from && p.price <= to)) &&
      (!f.category || f.category === 'All' || p.category.name.includes(f.category)),
  );
}

/** The count line ("N products"), from the API's total. */
function countLine(page: Page) {
  return page
    .getByRole('region', { name: 'Product results' })
    .getByRole('status')
    .filter({ hasText: /^\d+ products?$/ });
}

/** Presses 'Load more' until every matching product is in the grid (the API pages by 24). */
async function loadEverything(page: Page): Promise<void> {
  const results = page.getByRole('region', { name: 'Product results' });
  const showing = results.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ products$/ });
  await expect(async () => {
    if ((await showing.count()) === 0) return; // no grid: nothing matched
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec((await showing.textContent()) ?? '') ?? [];
    if (shown !== total) await results.getByRole('button', { name: 'Load more' }).click({ timeout: 1000 });
    expect(shown).toBe(total);
  }).toPass({ timeout: 20_000 });
}

async function expectShown(page: Page, shown: Product[], all: Product[]): Promise<void> {
  const results = page.getByRole('region', { name: 'Product results' });
  await expect(countLine(page)).toHaveText(shown.length === 1 ? '1 product' : `${shown.length} products`);
  await loadEverything(page);
  await expect(results.locator('article')).toHaveCount(shown.length);
  // Spot-check membership both ways: a product that should show and one that should not.
  if (shown[0]) await expect(cardOf(results, shown[0]._id)).toHaveCount(1);
  const hidden = all.find((p) => !shown.includes(p));
  if (hidden) await expect(cardOf(results, hidden._id)).toHaveCount(0);
}

/**
 * The search box: the spec's title matches come first (all of them), then description and near-spelling
 * matches; the count covers both.
 */
async function expectSearched(page: Page, search: string, titleMatches: Product[]): Promise<void> {
  const results = page.getByRole('region', { name: 'Product results' });
  // The search runs once typing pauses: until the URL carries it, the count on screen is the previous one.
  await expect.poll(() => new URLSearchParams(currentRoute(page).split('?')[1] ?? '').get('q')).toBe(search);
  await expect(countLine(page)).toHaveText(/^\d+ products?$/);
  const total = Number.parseInt((await countLine(page).textContent()) ?? '', 10);
  expect(total).toBeGreaterThanOrEqual(titleMatches.length);
  await loadEverything(page);
  await expect(results.locator('article')).toHaveCount(total);
  const firstIds = await results
    .locator('article a[href*="#/productDetails/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!.split('/').pop()!))]);
  expect(new Set(firstIds.slice(0, titleMatches.length))).toEqual(new Set(titleMatches.map((p) => p._id)));
}

test('product list: search by name as you type', async ({ page, shopper, api }) => {
  const all = await api.products();
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();
  await expectShown(page, all, all);

  const search = page.getByLabel('Search About Product by name');
  const word = all[0]!.title.split(/\s+/)[0]!.toUpperCase();
  await search.fill(word);
  const matches = expected(all, { search: word });
  expect(matches.length).toBeGreaterThan(0);
  expect(matches.length).toBeLessThan(all.length);
  await expectSearched(page, word, matches);

  await search.fill('zzzz-no-such-product');
  await expectShown(page, [], all);
  await expect(page.getByText('No products match your search and filters.')).toBeVisible();
  await search.fill('');
  await expectShown(page, all, all);
});

test('product list: price range (inclusive, both bounds needed), each category, combined filters', async ({
  page,
  shopper,
  api,
}) => {
  const all = await api.products();
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expectShown(page, all, all);

  const from = page.getByLabel('Price from');
  const to = page.getByLabel('Price to');
  const category = page.getByLabel('Category Name');
  const show = page.getByRole('button', { name: 'Show Products' });

  // The options, exactly as the spec lists them.
  await expect(category.locator('option')).toHaveText([
    'All',
    "Women's Fashion",
    "Men's Fashion",
    'Electronics',
  ]);
  // Five decorative stars that do nothing.
  await expect(page.locator('form svg')).toHaveCount(5);

  // Bounds taken from real prices prove both ends are inclusive.
  const prices = [...new Set(all.map((p) => p.price))].sort((a, b) => a - b);
  const low = prices[Math.floor(prices.length / 4)]!;
  const high = prices[Math.floor((prices.length * 3) / 4)]!;

  // Only one bound: no price filtering.
  await from.fill(String(low));
  await show.click();
  await expectShown(page, all, all);

  await to.fill(String(high));
  await show.click();
  const inRange = expected(all, { from: String(low), to: String(high) });
  expect(inRange.some((p) => p.price === low) && inRange.some((p) => p.price === high)).toBe(true);
  await expectShown(page, inRange, all);

  // Each category option on its own (prices cleared).
  await from.fill('');
  await to.fill('');
  for (const option of ["Women's Fashion", "Men's Fashion", 'Electronics', 'All']) {
    await category.selectOption({ label: option });
    await show.click();
    const shown = expected(all, { category: option });
    if (option !== 'All') expect(shown.length).toBeGreaterThan(0);
    await expectShown(page, shown, all);
  }
  // "Men's Fashion" must not match "Women's Fashion" products.
  expect(
    expected(all, { category: "Men's Fashion" }).some((p) => p.category.name === "Women's Fashion"),
  ).toBe(false);

  // Combined: a category, a price range and the search box together.
  const electronics = expected(all, { category: 'Electronics' });
  const ePrices = electronics.map((p) => p.price).sort((a, b) => a - b);
  const eLow = String(ePrices[0]!);
  const eHigh = String(ePrices[Math.max(0, ePrices.length - 2)]!);
  await category.selectOption({ label: 'Electronics' });
  await from.fill(eLow);
  await to.fill(eHigh);
  await show.click();
  const combined = expected(all, { category: 'Electronics', from: eLow, to: eHigh });
  await expectShown(page, combined, all);
  const term = combined[0]!.title.split(/\s+/)[0]!;
  await page.getByLabel('Search About Product by name').fill(term);
  await expectSearched(
    page,
    term,
    expected(all, { category: 'Electronics', from: eLow, to: eHigh, search: term }),
  );
});

test('product list: headings go down one level at a time, with the phone filter drawer closed or open', async ({
  page,
  shopper,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(
    page.getByRole('region', { name: 'Product results' }).getByRole('article').first(),
  ).toBeVisible();
  // Every heading a screen reader lists (shown, or hidden only visually), in document order.
  const levels = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]
        .filter((h) => h.checkVisibility())
        .map((h) => Number(h.tagName.slice(1))),
    );
  const inOrder = (list: number[]) => list.every((level, i) => i === 0 || level <= list[i - 1]! + 1);
  const closed = await levels();
  expect(closed[0]).toBe(1);
  expect(closed.slice(0, 3)).toEqual([1, 2, 3]);
  expect(inOrder(closed), `heading levels ${closed.join(', ')}`).toBe(true);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();
  const open = await levels();
  expect(inOrder(open), `heading levels ${open.join(', ')}`).toBe(true);
});

test("product list: the first cards are drawn before the storefront's code arrives, then the screen takes over in place", async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  await watchLayoutShifts(page);
  // The storefront's code is held: only the page's head script and the early paint's script can run.
  const held = await holdRequests(page, '**/_next/static/chunks/**', 'GET');
  const firstPage = page.waitForResponse((r) => /\/api\/v1\/products\?page=1&limit=24$/.test(r.url()));
  await page.goto(`${BASE_PATH}#/products`, { waitUntil: 'domcontentloaded' });
  await held.seen;
  const first = ((await (await firstPage).json()) as { data: Product[] }).data[0]!;
  const early = page.locator('#early-paint');
  await expect(early.locator('h1')).toHaveText('Products');
  // The prerendered loader under the layer: its logo is not drawn (nothing there can move), its status still says
  // the page is loading.
  await expect(page.locator('[data-prerendered-loader] img')).toBeHidden();
  await expect(page.locator('[data-prerendered-loader]').getByRole('status')).toHaveText('Loading...');
  await expect(early.locator('h3').first()).toHaveText(first.title.trim().split(/\s+/).slice(0, 2).join(' '));
  const drawnPicture = early.locator('img').first();
  await expect
    .poll(() => drawnPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  // The browser counts a picture of the early cards as the page's largest paint (which one depends on the pictures'
  // shapes: a picture drawn "contain" counts only the area it fills, and other journeys add products).
  const drawnSources = await early
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc));
  const largest = await largestPaint(page);
  expect(largest).toMatchObject({ tag: 'img', drawnEarly: true });
  expect(drawnSources).toContain(largest.url);
  const drawnAt = await drawnPicture.boundingBox();

  held.release();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(
    first.title.trim().split(/\s+/).slice(0, 2).join(' '),
  );
  await expect(early).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  // The screen's first picture is where the early one was, and nothing on the page moved since it opened.
  expect(await card.getByRole('img').boundingBox()).toEqual(drawnAt);
  const shift = await shifted(page);
  expect(shift.value, shift.moved.join('; ')).toBe(0);
});
