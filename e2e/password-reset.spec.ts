// Journey 11: forgot password → code from the dev outbox → new password → log in with it.
import { expectRoute, openApp } from './support/app';
import { expect, test } from './support/fixtures';

test(
  'forgot password: a wrong code stays on the code step; the right one leads to a new password',
  { tag: '@dev-outbox' },
  async ({ page, shopper, api }) => {
    await openApp(page, '/login');
    await page.getByRole('link', { name: 'Forgot your Password' }).click();
    await expectRoute(page, '/forgotpass');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

    // A blank (after trimming) e-mail is not submitted: still on the e-mail step.
    await page.getByLabel('Your email').fill('   ');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

    await page.getByLabel('Your email').fill(`  ${shopper.email} `);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Enter Your verify Code' })).toBeVisible();
    const code = await api.latestResetCode(shopper.email);
    expect(code).toMatch(/^\d{10}$/);

    // A wrong code: the server refuses it and the shopper stays on the code step.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Your verify code', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Reset code is invalid or has expired')).toBeVisible();
    await expectRoute(page, '/forgotpass');
    await expect(page.getByRole('heading', { name: 'Enter Your verify Code' })).toBeVisible();

    await page.getByLabel('Your verify code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectRoute(page, '/changePass');

    await page.getByLabel('Your Email').fill(shopper.email);
    await page.getByLabel('New Password').fill('brandnew456');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = Date.now();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Success to update Password' });
    await expect(toast).toBeVisible();
    // Spec section 9: the toast appears after 2 s, and the shopper is sent to /login.
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1800);
    await expectRoute(page, '/login');

    // The server changed the password: the old one is refused, the new one works in the browser.
    expect((await api.signin(shopper.email, shopper.password)).status()).toBe(401);
    const login = page.getByRole('region', { name: 'Login Now' });
    await login.getByLabel('Email', { exact: true }).fill(shopper.email);
    await login.getByLabel('Password', { exact: true }).fill('brandnew456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectRoute(page, '/home');
  },
);

test('change password without a verified code stays on the page', async ({ page, shopper, api }) => {
  await openApp(page, '/changePass');
  await page.getByLabel('Your Email').fill(shopper.email);
  await page.getByLabel('New Password').fill('brandnew456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toBeVisible();
  await expectRoute(page, '/changePass');
  expect((await api.signin(shopper.email, shopper.password)).status()).toBe(200);
});
