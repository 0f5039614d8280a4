// Journey 3: login failure and 'Try Again', login success, logout, and a link opened as a guest.
import { expectRoute, openApp, tokenInStorage } from './support/app';
import { expect, test } from './support/fixtures';

test('login: required messages, a failed sign-in shows Oops! and Try Again clears it', async ({
  page,
  shopper,
}) => {
  await openApp(page, '/login');
  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();

  const form = page.getByRole('region', { name: 'Login Now' });
  const email = form.getByLabel('Email', { exact: true });
  const password = form.getByLabel('Password', { exact: true });
  await email.focus();
  await email.blur();
  await password.focus();
  await password.blur();
  await expect(page.getByText('email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('password is required', { exact: true })).toBeVisible();

  await email.fill(shopper.email);
  await password.fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Oops!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Incorrect email or password');
  // The loading overlay is cleared on failure.
  await expect(page.getByTestId('busy-overlay')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog).toHaveCount(0);
  await expectRoute(page, '/login');
  expect(await tokenInStorage(page)).toBeNull();
  await expect(page.getByRole('link', { name: 'Forgot your Password' })).toHaveAttribute(
    'href',
    /#\/forgotpass$/,
  );
});

test('login: success says welcome back and lands on /home; logout clears tkn and the badge', async ({
  page,
  shopper,
  api,
}) => {
  const [product] = await api.products();
  await api.addToCart(shopper.token, product!._id);

  await openApp(page, '/login');
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.locator('.Toastify__toast').filter({ hasText: 'welcome back' })).toBeVisible();
  await expectRoute(page, '/home');
  const token = await tokenInStorage(page);
  expect(token).not.toBeNull();
  // The stored token is this shopper's: the server accepts it for their cart.
  expect(api.userIdOf(token!)).toBe(shopper.userId);

  const nav = page.getByRole('navigation').first();
  const cartLink = nav.getByRole('link', { name: /^Cart/ });
  await expect(cartLink).toContainText('1');

  const ended = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout'));
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expectRoute(page, '/login');
  // Ours beside the spec's local reset: the page's token is ended on the server.
  expect((await ended).status()).toBe(200);
  expect((await api.cartResponse(token!)).status()).toBe(401);
  expect(await tokenInStorage(page)).toBeNull();
  await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();

  // Logout resets the cart locally only: the server still holds the shopper's cart.
  const cart = await api.cart(shopper.token);
  expect(cart?.numOfCartItems).toBe(1);
});

test('a product link opened as a guest: the guard shows Login, and signing in opens that product', async ({
  page,
  shopper,
  api,
}) => {
  const [product] = await api.catalogue();
  // A link pasted into a fresh tab: the page's head script applies the guard before anything is drawn.
  await openApp(page, `/productDetails/${product!._id}?ref=share`);
  await expectRoute(page, '/login');
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page.locator('.Toastify__toast').filter({ hasText: 'welcome back' })).toBeVisible();
  await expectRoute(page, `/productDetails/${product!._id}?ref=share`);
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();

  // Asked for once: a later logout and login is an ordinary one, to /home.
  await page.getByRole('navigation').first().getByRole('button', { name: 'Logout' }).click();
  await expectRoute(page, '/login');
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await expectRoute(page, '/home');
});

test('a link spelt to leave the shop after login (#//host) lands on /home of this shop', async ({
  page,
  shopper,
}) => {
  // '//home' is a protected route to the guard (empty segments do not count), and '//home' read as an address is
  // another host: the guard keeps it, and the login must not follow it anywhere but the shop's own /home.
  await openApp(page, '//home');
  await expectRoute(page, '/login');
  const origin = new URL(page.url()).origin;
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await expectRoute(page, '/home');
  expect(new URL(page.url()).origin).toBe(origin);
});
