// Journey 8: categories and brands grids, the products of one brand and of one category, their empty states.
import type { Page } from '@playwright/test';
import { expectRoute, logInWithToken, openApp } from './support/app';
import { cardOf, words } from './support/cards';
import { expect, test } from './support/fixtures';
import { egp } from './support/money';

/** How many grid columns the cards form: the number of distinct left edges in the first row. */
async function columns(page: Page): Promise<number> {
  return page.locator('main article, article').evaluateAll((cards) => {
    const boxes = cards.map((c) => c.getBoundingClientRect());
    const top = Math.min(...boxes.map((b) => b.top));
    return boxes.filter((b) => Math.abs(b.top - top) < 2).length;
  });
}

test('brands grid → products of a brand: heading, first-word cards, columns by width, add to cart', async ({
  page,
  shopper,
  api,
}) => {
  const brands = await api.brands();
  const products = await api.products();
  const brand = brands
    .map((b) => ({ b, n: products.filter((p) => p.brand._id === b._id).length }))
    .sort((x, y) => y.n - x.n)[0]!.b;
  const ofBrand = products.filter((p) => p.brand._id === brand._id);
  expect(ofBrand.length).toBeGreaterThanOrEqual(4);

  await logInWithToken(page, shopper.token);
  await openApp(page, '/brands');
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(brands.length);
  await page.getByRole('link', { name: brand.name, exact: true }).click();
  await expectRoute(page, `/productsWithBrand/${brand._id}`);

  await expect(page.getByRole('heading', { name: brand.name, level: 1 })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(ofBrand.length);
  const sample = ofBrand[0]!;
  const card = cardOf(page, sample._id);
  await expect(card.getByText(/^title: /)).toHaveText(`title: ${words(sample.title, 1)}`);
  await expect(card.getByText(/^price: /)).toHaveText(`price: ${egp(sample.price)}`);
  await expect(card).toContainText(String(sample.ratingsAverage));
  await expect(card.getByRole('img', { name: sample.title })).toBeVisible();

  // 1, 2, 3 or 4 columns by width.
  for (const [width, cols] of [
    [375, 1],
    [700, 2],
    [1000, 3],
    [1280, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => columns(page), { message: `${cols} columns at ${width} px` }).toBe(cols);
  }

  await card.getByRole('button', { name: `Add to cart: ${sample.title}` }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'it is Added to cart' })).toBeVisible();
  expect((await api.cart(shopper.token))!.data.products.map((l) => l.product._id)).toEqual([sample._id]);

  await card.getByRole('link').click();
  await expectRoute(page, `/productDetails/${sample._id}`);
});

test(
  "a brand without products reads only 'No items available'",
  { tag: '@seeded-catalogue' },
  async ({ page, shopper, api }) => {
    const brands = await api.brands();
    const products = await api.products();
    const empty = brands.find((b) => !products.some((p) => p.brand._id === b._id));
    expect(empty, 'the seed has a brand with no products').toBeTruthy();
    await logInWithToken(page, shopper.token);
    await openApp(page, `/productsWithBrand/${empty!._id}`);
    await expect(page.getByRole('heading', { name: 'No items available', level: 1 })).toBeVisible();
    await expect(page.locator('article')).toHaveCount(0);
  },
);

test('categories grid → products of a category: heading, two-word cards; the empty texts', async ({
  page,
  shopper,
  api,
}) => {
  const categories = await api.categories();
  const products = await api.products();
  // The seed's Electronics; in another shop's catalogue, the first category with products.
  const category =
    categories.find((c) => c.name === 'Electronics') ??
    categories.find((c) => products.some((p) => p.category._id === c._id))!;
  const ofCategory = products.filter((p) => p.category._id === category._id);

  await logInWithToken(page, shopper.token);
  await openApp(page, '/categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  // Every category of the shop is a card. Not a count: the back office's journey, running beside this one, adds a
  // category and deletes it again, and the grid may have been read in between.
  const grid = page.getByRole('main').getByRole('list');
  for (const c of categories) {
    await expect(grid.getByRole('link', { name: c.name, exact: true })).toBeVisible();
  }
  await expect.poll(() => grid.getByRole('listitem').count()).toBeGreaterThanOrEqual(categories.length);
  await page.getByRole('link', { name: category.name, exact: true }).click();
  await expectRoute(page, `/productwithCategory/${category._id}`);

  await expect(
    page.getByRole('heading', { name: `Product with category ${category.name}`, level: 1 }),
  ).toBeVisible();
  await expect(page.locator('article')).toHaveCount(ofCategory.length);
  const sample = ofCategory[0]!;
  await expect(cardOf(page, sample._id).getByText(/^title: /)).toHaveText(`title: ${words(sample.title, 2)}`);
  await expect(cardOf(page, sample._id).getByText(/^price: /)).toHaveText(`price: ${egp(sample.price)}`);

  // A category the shop does not have: an empty list, so the heading reads 'No items available'.
  await openApp(page, '/productwithCategory/ffffffffffffffffffffffff');
  await expect(page.getByRole('heading', { name: 'No items available', level: 1 })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(0);

  // No data at all (the call fails): 'No products provided with this Brand'.
  await page.route('**/api/v1/products?category=*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"statusMsg":"error","message":"down"}',
    }),
  );
  await openApp(page, `/productwithCategory/${categories[1]!._id}`);
  await expect(page.getByText('No products provided with this Brand', { exact: true })).toBeVisible();
});
