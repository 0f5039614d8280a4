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

  // The cart screen with the API down: the page still renders its heading.
  await openApp(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  // The shopper was not logged out by a network failure.
  expect(await tokenInStorage(page)).toBe(shopper.token);
});

test('an expired token sends the shopper to /login and clears tkn', async ({ page, shopper, api }) => {
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
});
