// Journey 13: with the API down the storefront explains itself; an expired token leads to /login.
import { SignJWT } from 'jose';
import { expectRoute, logInWithToken, openApp, tokenInStorage } from './support/app';
import { expect, test } from './support/fixtures';

test('API down: every catalogue screen shows an error instead of a blank page', async ({
  page,
  shopper,
  api,
}) => {
  const [product] = await api.products();
  await logInWithToken(page, shopper.token);
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));

  const screens: [string, RegExp][] = [
    ['/home', /could not load/i],
    ['/products', /could not load/i],
    ['/categories', /could not load/i],
    ['/brands', /could not load/i],
    [`/productDetails/${product!._id}`, /^Error$/],
  ];
  for (const [route, text] of screens) {
    await openApp(page, route);
    await expect(page.getByText(text).first(), `error shown on ${route}`).toBeVisible({ timeout: 20_000 });
    // Never a blank page: the navbar is still there.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }

  // The cart screen with the API down: it says the cart could not be loaded (never that it is empty),
  // offers another try, and the badge does not claim 0.
  await openApp(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not load your cart' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('No Product In Your Cart')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('cart not loaded')).toBeVisible();
  await page.unroute('**/api/v1/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No Product In Your Cart')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('0 items')).toBeVisible();
  // The shopper was not logged out by a network failure.
  expect(await tokenInStorage(page)).toBe(shopper.token);
});

test(
  'an expired token sends the shopper to /login, says the session ended, and login returns to the screen',
  { tag: '@signing-secret' },
  async ({ page, shopper, api }) => {
    const secret = process.env.E2E_JWT_SECRET;
    expect(secret, 'E2E_JWT_SECRET is set by playwright.config.ts').toBeTruthy();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ id: shopper.userId, name: shopper.name, role: 'user' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 91 * 24 * 3600)
      .setExpirationTime(now - 24 * 3600)
      .sign(new TextEncoder().encode(secret));
    // The server agrees the token is no longer valid.
    expect((await api.cartResponse(expired)).status()).toBe(401);

    await logInWithToken(page, expired);
    await openApp(page, '/cart');
    await expectRoute(page, '/login');
    await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
    expect(await tokenInStorage(page)).toBeNull();
    await expect(
      page.getByText('Your session has ended. Please log in again to continue where you left off.'),
    ).toBeVisible();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'error occured' })).toHaveCount(0);

    const form = page.getByRole('region', { name: 'Login Now' });
    await form.getByLabel('Email', { exact: true }).fill(shopper.email);
    await form.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectRoute(page, '/cart');
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  },
);
