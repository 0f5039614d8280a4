// Journey 9: the cart page against what the server holds.
import type { Locator, Page } from '@playwright/test';
import type { Product } from '@/lib/contract/catalogue';
import { BASE_PATH, expectRoute, logInWithToken, openApp } from './support/app';
import { holdRequests } from './support/cards';
import { largestPaint, shifted, watchLayoutShifts } from './support/early-paint';
import type { Api } from './support/api';
import { expect, test } from './support/fixtures';
import { egp, expectedSummary } from './support/money';

function lineOf(page: Page, product: Product): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
}

function figure(page: Page, term: string): Locator {
  return page
    .locator('dl div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');
}

test('cart: +/- never to 0, favourites, remove, summary figures, clear', async ({ page, shopper, api }) => {
  const products = (await api.catalogue()).filter((p) => p.quantity >= 5);
  const a = products[0]!;
  const b = products[1]!;
  await api.addToCart(shopper.token, a._id);
  await api.addToCart(shopper.token, b._id);
  await api.addToCart(shopper.token, b._id); // b: count 2

  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const lineA = lineOf(page, a);
  const lineB = lineOf(page, b);
  await expect(lineA).toBeVisible();
  await expect(lineB).toBeVisible();
  await expect(lineA.getByRole('img', { name: a.title })).toBeVisible();
  await expect(lineA).toContainText(egp(a.price));

  const checkSummary = async () => {
    const cart = await api.cart(shopper.token);
    const original = cart!.data.products.reduce((sum, l) => sum + l.count * l.price, 0);
    expect(cart!.data.totalCartPrice).toBe(original);
    const s = expectedSummary(original);
    await expect(figure(page, 'Original price')).toHaveText(egp(s.original));
    await expect(figure(page, 'Savings')).toHaveText(`-${egp(s.savings)}`);
    await expect(figure(page, 'Tax')).toHaveText(egp(s.tax));
    await expect(figure(page, 'Total')).toHaveText(egp(s.total));
    // The spec's cartItems count (lines), with the pieces when they differ.
    const pieces = cart!.data.products.reduce((sum, l) => sum + l.count, 0);
    const lines = cart!.numOfCartItems;
    await expect(figure(page, 'Cart Items')).toHaveText(
      pieces === lines ? String(lines) : `${lines} (${pieces} pieces)`,
    );
  };
  await checkSummary();

  // '+' on a: 1 → 2, with the 'count is Updated' toast 3 s later.
  await lineA.getByRole('button', { name: `Increase quantity of ${a.title}` }).click();
  await expect(lineA.getByText('2', { exact: true })).toBeVisible();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'count is Updated' }).first(),
  ).toBeVisible();
  expect((await api.cart(shopper.token))!.data.products.find((l) => l.product._id === a._id)!.count).toBe(2);
  await checkSummary();

  // '-' back to 1; at 1 the '-' cannot take the count to 0.
  const minusA = lineA.getByRole('button', { name: `Decrease quantity of ${a.title}` });
  await minusA.click();
  await expect(lineA.getByText('1', { exact: true })).toBeVisible();
  // aria-disabled (not disabled), so a keyboard user's focus stays on it.
  await expect(minusA).toHaveAttribute('aria-disabled', 'true');
  await expect
    .poll(
      async () => (await api.cart(shopper.token))!.data.products.find((l) => l.product._id === a._id)!.count,
    )
    .toBe(1);

  // Fast repeated clicks never leave the page showing a count the server does not have.
  const plusB = lineB.getByRole('button', { name: `Increase quantity of ${b.title}` });
  await plusB.click();
  await plusB.click({ force: true });
  await plusB.click({ force: true });
  await expect(plusB).toHaveAttribute('aria-disabled', 'false');
  const serverB = (await api.cart(shopper.token))!.data.products.find((l) => l.product._id === b._id)!.count;
  await expect(lineB.getByText(String(serverB), { exact: true })).toBeVisible();
  await checkSummary();

  // 'Add to Favorites' toggles the product in the server's wishlist and shows its state.
  const favorite = lineA.getByRole('button', { name: 'Add to Favorites' });
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  expect((await api.wishlist(shopper.token)).data.map((p) => p._id)).toContain(a._id);
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  expect((await api.wishlist(shopper.token)).data.map((p) => p._id)).not.toContain(a._id);

  // 'Remove' takes one line out.
  await lineB.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Cart item is deleted Sucessfuly' }),
  ).toBeVisible();
  await expect(lineB).toHaveCount(0);
  const afterRemove = await api.cart(shopper.token);
  expect(afterRemove!.data.products.map((l) => l.product._id)).toEqual([a._id]);
  await checkSummary();

  // 'Continue Shopping' goes to the product list; 'Proceed to Checkout' to /order.
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', /#\/order$/);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', /#\/products$/);

  // 'Remove Cart Item' clears the whole cart, once the shopper confirms.
  await page.getByRole('button', { name: 'Remove Cart Item' }).click();
  await page
    .getByRole('alertdialog', { name: 'Empty your cart?' })
    .getByRole('button', { name: 'Remove all items' })
    .click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Cart Shopping is deleted Sucessfuly' }),
  ).toBeVisible();
  await expect(page.getByText('No Product In Your Cart', { exact: true })).toBeVisible();
  const cleared = await api.cart(shopper.token);
  expect(cleared?.numOfCartItems ?? 0).toBe(0);
  expect(cleared?.data.products ?? []).toEqual([]);
});

test('cart: an empty cart reads No Product In Your Cart', async ({ page, shopper }) => {
  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByText('No Product In Your Cart', { exact: true })).toBeVisible();
});

/** A cart long enough to scroll on a phone: four products in stock, one of each. */
async function fillCart(api: Api, token: string) {
  const products = (await api.catalogue()).filter((p) => p.quantity >= 5).slice(0, 4);
  for (const p of products) await api.addToCart(token, p._id);
  return products;
}

test('phone: with a long cart the total and Proceed to Checkout wait at the bottom of the screen until the summary shows', async ({
  page,
  shopper,
  api,
}) => {
  const products = await fillCart(api, shopper.token);
  const cart = (await api.cart(shopper.token))!;
  await page.setViewportSize({ width: 375, height: 812 });
  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await expect(lineOf(page, products[3]!)).toBeAttached();

  const bar = page.getByRole('region', { name: 'Proceed to Checkout' });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText(`Total ${egp(expectedSummary(cart.data.totalCartPrice).total)}`);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).not.toBeInViewport();

  // Scrolled down to the summary, its own link is there: the bar steps aside.
  await summary.getByRole('link', { name: 'Proceed to Checkout' }).scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeInViewport();
  await bar.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expectRoute(page, '/order');
});

test('a wide screen has no checkout bar: the summary stands beside the lines', async ({
  page,
  shopper,
  api,
}) => {
  await fillCart(api, shopper.token);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Proceed to Checkout' })).toHaveCount(0);
});

test("cart: the lines are drawn before the storefront's code arrives, then the screen takes over in place", async ({
  page,
  shopper,
  api,
}) => {
  const [a, b] = (await api.catalogue()).filter((p) => p.quantity >= 5);
  await api.addToCart(shopper.token, a!._id);
  await api.addToCart(shopper.token, b!._id);
  await api.addToCart(shopper.token, b!._id);
  const lines = (await api.cart(shopper.token))!.data.products;
  await logInWithToken(page, shopper.token);
  await watchLayoutShifts(page);
  // The storefront's code is held: only the page's head script and the early paint's script can run.
  const held = await holdRequests(page, '**/_next/static/chunks/**', 'GET');
  await page.goto(`${BASE_PATH}#/cart`, { waitUntil: 'domcontentloaded' });
  await held.seen;
  const early = page.locator('#early-paint');
  await expect(early.locator('h1')).toHaveText('Shopping Cart');
  await expect(early.locator('h2')).toHaveText(lines.map((l) => l.product.title));
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  // The browser counts something the early paint drew (a line's name or picture) as the page's largest paint.
  expect((await largestPaint(page)).drawnEarly).toBe(true);
  const drawnAt = await early.locator('h2').first().boundingBox();

  held.release();
  const first = lineOf(page, lines[0]!.product as Product);
  await expect(first).toBeVisible();
  await expect(early).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  // The screen's first name is where the early one was, and nothing on the page moved since it opened.
  expect(await first.getByRole('heading', { level: 2 }).boundingBox()).toEqual(drawnAt);
  const shift = await shifted(page);
  expect(shift.value, shift.moved.join('; ')).toBe(0);
});
