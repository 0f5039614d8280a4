// Keyboard only: log in, add to cart and check out without touching the mouse.
import type { Locator, Page } from '@playwright/test';
import { egyptianPhone } from './support/api';
import { expectRoute, openApp } from './support/app';
import { expect, test } from './support/fixtures';

/** Presses Tab until `target` has focus, checking that every stop on the way shows where focus is. */
async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxPresses = 150,
): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press(key);
    const focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    if (focused) {
      const visibleFocus = await target.evaluate((el) => {
        const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      });
      expect(visibleFocus, 'a visible focus indicator on the focused control').toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

test('keyboard only: log in, add to cart, check out', async ({ page, shopper, api }) => {
  const [product] = (await api.catalogue()).filter((p) => p.quantity > 0);
  await openApp(page, '/login');

  const login = page.getByRole('region', { name: 'Login Now' });
  await tabTo(page, login.getByLabel('Email', { exact: true }));
  await page.keyboard.type(shopper.email);
  await page.keyboard.press('Tab');
  await expect(login.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(shopper.password);
  await page.keyboard.press('Enter');
  await expectRoute(page, '/home');

  const add = page.getByRole('button', { name: `Add to cart: ${product!.title}` });
  await expect(add).toBeVisible();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await api.cart(shopper.token))?.numOfCartItems ?? 0).toBe(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Cart/ })).toContainText('1');

  // Back up the page to the Cart link in the navbar.
  await tabTo(page, nav.getByRole('link', { name: /^Cart/ }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expectRoute(page, '/cart');

  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expectRoute(page, '/order');

  await tabTo(page, page.getByLabel('Your details'));
  await page.keyboard.type('12 Nile Street');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Cairo');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your Phone')).toBeFocused();
  await page.keyboard.type(egyptianPhone());
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Save this address for next time')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create order' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Success to created order' }),
  ).toBeVisible();
  await expectRoute(page, /^\/allorders\?placed=/);
  const orders = await api.orders(shopper.token, shopper.userId);
  expect(orders).toHaveLength(1);
  expect(
    orders[0]!.cartItems.map((l) => (typeof l.product === 'string' ? l.product : l.product._id)),
  ).toEqual([product!._id]);
});
