// In normal use the console stays clean (issue 31): a new shopper's first screens and a failed login log no error
// of the storefront's own, and throw none. What Chromium itself reports of an answer (it writes "Failed to load
// resource" for every 4xx) is allowed only for the contract's own answers on these screens: 404 for a shopper
// without a cart yet (GET /cart, api-contract "Cart") and 401 for a wrong password (POST /auth/signin).
import type { ConsoleMessage, Page } from '@playwright/test';
import { expectRoute, logInWithToken, openApp, settle } from './support/app';
import { expect, test } from './support/fixtures';
import { installGoogleStandIn, testCredential } from './support/google';

const contractAnswers = [
  { status: 404, path: '/api/v1/cart' },
  { status: 401, path: '/api/v1/auth/signin' },
];

/** Every error the console shows but the contract's answers: the page's own logs, uncaught errors, failed requests. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    const contract = contractAnswers.some(
      ({ status, path }) =>
        msg.text().startsWith(`Failed to load resource: the server responded with a status of ${status} `) &&
        new URL(url).pathname.endsWith(path),
    );
    if (!contract) errors.push(`${msg.text()} (${url})`);
  });
  return errors;
}

test("a new shopper's first screens leave the console clean", async ({ page, shopper }) => {
  const errors = consoleErrors(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // No cart yet: the contract's 404, read as an empty cart.
  await expect(nav.getByLabel('0 items')).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await nav.getByRole('link', { name: /^Cart/ }).click();
  await expectRoute(page, '/cart');
  await expect(page.getByText('No Product In Your Cart')).toBeVisible();
  await nav.getByRole('link', { name: 'Products' }).click();
  await expectRoute(page, '/products');
  await expect(page.getByRole('article').first()).toBeVisible();
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await settle(page);
  expect(errors).toEqual([]);
});

test('a failed login leaves the console clean: the dialog says it, no stack trace is logged', async ({
  page,
  shopper,
}) => {
  // Google's script, which this machine cannot reach, stands in as in the Google journeys.
  await installGoogleStandIn(page, testCredential({ email: shopper.email, given_name: 'Mona' }));
  const errors = consoleErrors(page);
  await openApp(page, '/login');
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Oops!' })).toContainText('Incorrect email or password');
  await settle(page);
  expect(errors).toEqual([]);
});
