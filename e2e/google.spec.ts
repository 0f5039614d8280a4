// Journey 4: Google sign-in through a stand-in for Google's script (the real request is intercepted).
import { egyptianPhone, uniqueEmail } from './support/api';
import { expectRoute, openApp, tokenInStorage } from './support/app';
import { expect, test } from './support/fixtures';
import { installGoogleStandIn, STAND_IN_BUTTON, testCredential } from './support/google';
import type { Page } from '@playwright/test';

async function pressGoogleButton(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: STAND_IN_BUTTON });
  await expect(
    button,
    'the Google button did not render: build the storefront with NEXT_PUBLIC_GOOGLE_CLIENT_ID set',
  ).toBeVisible();
  // The storefront configured Google's library with its (build-time) client id.
  const clientId = await page.evaluate(
    () =>
      (window as unknown as { __gsiStandIn: { config: () => { client_id?: string } } }).__gsiStandIn.config()
        ?.client_id,
  );
  expect(clientId).toBeTruthy();
  await button.click();
}

test(
  'google: login completion form signs an existing shopper in',
  { tag: '@google-sign-in' },
  async ({ page, shopper }) => {
    await installGoogleStandIn(page, testCredential({ email: shopper.email, given_name: 'Mona' }));
    await openApp(page, '/login');
    await pressGoogleButton(page);

    await expect(page.getByRole('heading', { name: 'Login By Google Account' })).toBeVisible();
    await expect(page.getByLabel('Your Email')).toHaveValue(shopper.email);
    // No validation on this form: an empty password goes to the server, which refuses it.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Oops!' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Try Again' }).click();

    await page.getByLabel('Your Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectRoute(page, '/home');
    const token = await tokenInStorage(page);
    expect(token).not.toBeNull();
  },
);

test(
  'google: registration completion form signs up with given_name and logs in at once',
  { tag: '@google-sign-in' },
  async ({ page, api }) => {
    const email = uniqueEmail('google');
    await installGoogleStandIn(page, testCredential({ email, given_name: 'Yasmin' }));
    await openApp(page, '/register');
    await pressGoogleButton(page);

    await expect(page.getByRole('heading', { name: 'Login By Google Account' })).toBeVisible();
    await expect(page.getByLabel('Your Email')).toHaveValue(email);
    const password = page.getByLabel('Your Password');
    const rePassword = page.getByLabel('rePassword');
    const phone = page.getByLabel('Phone');

    // The same password, rePassword and phone rules as the plain form.
    await password.fill('123');
    await password.blur();
    await expect(page.getByText('Password must be 6 charachters or more', { exact: true })).toBeVisible();
    await password.fill('google123');
    await rePassword.fill('google12');
    await rePassword.blur();
    await expect(page.getByText('Passwords must be match', { exact: true })).toBeVisible();
    await rePassword.fill('google123');
    await phone.fill('12345');
    await phone.blur();
    await expect(page.getByText('Phone must be Egptian Number', { exact: true })).toBeVisible();
    await phone.fill(egyptianPhone());

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectRoute(page, '/home');
    const token = await tokenInStorage(page);
    expect(token).not.toBeNull();

    // The server holds the account under the Google e-mail with given_name as the name.
    const signin = await api.signin(email, 'google123');
    expect(signin.status()).toBe(200);
    expect(((await signin.json()) as { user: { name: string } }).user.name).toBe('Yasmin');
  },
);

test(
  'google: a malformed credential shows a clear error and the plain form stays usable',
  { tag: '@google-sign-in' },
  async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await installGoogleStandIn(page, 'this-is-not-a-jwt');
    await openApp(page, '/login');
    await pressGoogleButton(page);

    const dialog = page.getByRole('alertdialog', { name: 'Oops!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Google sign-in could not be read/);
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login By Google Account' })).toHaveCount(0);
    expect(await tokenInStorage(page)).toBeNull();
    expect(errors).toEqual([]);
  },
);
