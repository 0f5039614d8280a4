// Journey 1: route guards and the not-found page.
import type { Page } from '@playwright/test';
import { expectRoute, logInWithToken, openApp, settle } from './support/app';
import { expect, test } from './support/fixtures';

const protectedRoutes = [
  '/',
  '/home',
  '/products',
  '/categories',
  '/brands',
  '/cart',
  '/order',
  '/allorders',
  '/productDetails/000000000000000000000000',
  '/productsWithBrand/000000000000000000000000',
  '/productwithCategory/000000000000000000000000',
];

// Between two checks the page visits an open route, so each redirect is seen to happen (the URL
// changes) rather than being mistaken for where the page already was.
async function via(page: Page, open: string): Promise<void> {
  await page.goto(`/ecommerceweb/#${open}`);
  await expectRoute(page, open);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
}

test('a guest is sent to /login from every protected route', async ({ page }) => {
  await openApp(page, '/forgotpass');
  for (const route of protectedRoutes) {
    await via(page, '/forgotpass');
    await page.goto(`/ecommerceweb/#${route}`);
    await expectRoute(page, '/login');
    await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
  }
  expect(await page.evaluate(() => localStorage.getItem('tkn'))).toBeNull();
});

test('a token holder is sent from /login and /register to /home and reaches every protected route', async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  await openApp(page, '/forgotpass');
  for (const guestOnly of ['/login', '/register']) {
    await via(page, '/forgotpass');
    await page.goto(`/ecommerceweb/#${guestOnly}`);
    await expectRoute(page, '/home');
    await expect(page.getByRole('heading', { name: 'Shop Product' })).toBeVisible();
  }
  for (const route of protectedRoutes) {
    await via(page, '/forgotpass');
    await page.goto(`/ecommerceweb/#${route}`);
    await expectRoute(page, route);
  }
});

test('an unknown route shows the not-found page, to guests and shoppers alike', async ({ page, shopper }) => {
  await openApp(page, '/no/such/page');
  const illustration = page.getByRole('img', { name: /does not exist/ });
  await expect(illustration).toBeVisible();
  await expectRoute(page, '/no/such/page');
  // Full height: the illustration's section fills the viewport below the navbar.
  const box = await page.getByRole('region', { name: 'Page not found' }).boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.height).toBeGreaterThanOrEqual(viewport.height * 0.7);

  await logInWithToken(page, shopper.token);
  await page.reload();
  await expect(page.getByRole('img', { name: /does not exist/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('/forgotpass and /changePass open to guests and to token holders', async ({ page, shopper }) => {
  await openApp(page, '/forgotpass');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.goto('/ecommerceweb/#/changePass');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByLabel('New Password')).toBeVisible();

  await logInWithToken(page, shopper.token);
  await page.reload();
  await expectRoute(page, '/changePass');
  await expect(page.getByLabel('New Password')).toBeVisible();
  await page.goto('/ecommerceweb/#/forgotpass');
  await expectRoute(page, '/forgotpass');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('a token holder opening #/register and at once #/forgotpass ends on #/forgotpass', async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  await openApp(page, '/forgotpass');
  // Both screens' code already fetched, so /register's redirect is decided as fast as it ever is.
  await page.goto('/ecommerceweb/#/register');
  await expectRoute(page, '/home');
  await expect(page.getByRole('heading', { name: 'Shop Product' })).toBeVisible();
  for (const gapMs of [0, 20, 50]) {
    await via(page, '/forgotpass');
    await page.evaluate((gap) => {
      window.location.hash = '#/register';
      setTimeout(() => (window.location.hash = '#/forgotpass'), gap);
    }, gapMs);
    await expectRoute(page, '/forgotpass');
    // A late redirect (or a late URL write by Next's own router) would land after this: let the page come to rest.
    await settle(page);
    await expectRoute(page, '/forgotpass');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  }
  // /register's entry was replaced by its redirect: back goes to /home, not round through /register.
  await page.goBack();
  await expectRoute(page, '/home');
  await expect(page.getByRole('heading', { name: 'Shop Product' })).toBeVisible();
});
