// Journey 10: a cash order, and card orders through the hosted test payment page.
import type { Page } from '@playwright/test';
import type { Api, Shopper } from './support/api';
import { egyptianPhone } from './support/api';
import { expectRoute, logInWithToken, openApp } from './support/app';
import { expect, test } from './support/fixtures';
import { egp, expectedSummary, orderReference } from './support/money';

async function fillCart(
  api: Api,
  shopper: Shopper,
  howMany = 2,
): Promise<{ total: number; titles: string[] }> {
  const products = (await api.catalogue()).filter((p) => p.quantity >= 5).slice(0, howMany);
  for (const p of products) await api.addToCart(shopper.token, p._id);
  const cart = await api.cart(shopper.token);
  return { total: expectedSummary(cart!.data.totalCartPrice).total, titles: products.map((p) => p.title) };
}

async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel('Your details').fill('12 Nile Street, flat 4');
  await page.getByLabel('Your City').fill('Cairo');
  await page.getByLabel('Your Phone').fill(egyptianPhone());
}

async function startCardCheckout(page: Page, shopper: Shopper): Promise<void> {
  await logInWithToken(page, shopper.token);
  await openApp(page, '/order');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/pay\//);
}

async function payWith(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel(/card number/i).fill(cardNumber);
  await page.getByLabel(/expir/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByLabel(/name/i).fill('Mona Ali');
  await page.getByRole('button', { name: /^Pay/ }).click();
}

test('cash order: required fields, toast, empty cart, order in /allorders and on the server', async ({
  page,
  shopper,
  api,
}) => {
  const { total, titles } = await fillCart(api, shopper);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expectRoute(page, '/order');

  // The browser's required-field check stops an empty form.
  await page.getByRole('button', { name: 'Create order' }).click();
  expect(
    await page.getByLabel('Your details').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true);
  await expect(page.getByLabel('Your Phone')).toHaveAttribute('type', 'tel');
  expect(await api.orders(shopper.token, shopper.userId)).toEqual([]);

  await fillAddress(page);
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Success to created order' }),
  ).toBeVisible();
  const orders = await api.orders(shopper.token, shopper.userId);
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  expect(order).toMatchObject({ paymentMethodType: 'cash', isPaid: false, totalOrderPrice: total });
  expect(order.shippingAddress).toMatchObject({ details: '12 Nile Street, flat 4', city: 'Cairo' });
  // The history opens on this order's confirmation.
  await expectRoute(page, `/allorders?placed=${order._id}`);
  await expect(
    page.getByRole('region', { name: `Thank you, order #${orderReference(order.id)} is placed` }),
  ).toBeVisible();
  // The order consumed the cart.
  expect(await api.cart(shopper.token)).toBeNull();

  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order ${orderReference(order.id)}` }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Cash on delivery');
  for (const title of titles) await expect(card).toContainText(title);

  // The cart page and the badge show the empty cart.
  await openApp(page, '/cart');
  await expect(page.getByText('No Product In Your Cart', { exact: true })).toBeVisible();
});

test('a returning shopper: the default address chosen on one visit is filled in on the next, and ordered to', async ({
  page,
  shopper,
  api,
}) => {
  await fillCart(api, shopper, 1);
  const work = { name: 'Work', details: '12 Tahrir St, flat 4', city: 'Giza', phone: egyptianPhone() };
  await api.saveAddress(shopper.token, {
    name: 'Home',
    details: '7 Tahrir Square',
    city: 'Cairo',
    phone: egyptianPhone(),
  });
  await api.saveAddress(shopper.token, work);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/order');

  // Two saved addresses, no default, no order yet: nothing to go by, so the shopper chooses.
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved.getByRole('radio')).toHaveCount(3);
  await expect(page.getByLabel('Your details')).toHaveValue('');
  await saved.getByRole('radio', { name: /^Work: / }).check();
  await saved.getByRole('button', { name: 'Make Work my default address' }).click();
  await expect(saved.getByRole('status')).toHaveText(
    'Work is now your default address: it is chosen for you next time.',
  );

  // The next visit (a fresh page, the tab's draft gone) starts from the default.
  await page.evaluate(() => sessionStorage.clear());
  await openApp(page, '/products');
  await openApp(page, '/order');
  await expect(saved.getByRole('radio', { name: /^Work \(default\): / })).toBeChecked();
  await expect(page.getByLabel('Your details')).toHaveValue(work.details);
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'Success to created order' }),
  ).toBeVisible();
  const [order] = await api.orders(shopper.token, shopper.userId);
  expect(order!.shippingAddress).toMatchObject({ details: work.details, city: work.city, phone: work.phone });
});

test('card order: paying with 4242 returns to /allorders with a paid order and its confirmation', async ({
  page,
  shopper,
  api,
}) => {
  const { total } = await fillCart(api, shopper);
  await startCardCheckout(page, shopper);
  await payWith(page, '4242 4242 4242 4242');

  await page.waitForURL(/\/ecommerceweb\/#\/allorders/);
  const orders = await api.orders(shopper.token, shopper.userId);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ paymentMethodType: 'card', isPaid: true, totalOrderPrice: total });
  expect(await api.cart(shopper.token)).toBeNull();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order ${orderReference(orders[0]!.id)}` }) });
  await expect(card).toContainText('Paid by card');
  const confirmation = page.getByRole('region', {
    name: `Thank you, order #${orderReference(orders[0]!.id)} is placed`,
  });
  await expect(confirmation).toContainText(`Paid by card: ${egp(total)}.`);
  await expectRoute(page, `/allorders?placed=${orders[0]!._id}`);
  await expect(card).toContainText('Paid');
});

test('card order: a declined card places no order and the page stays usable', async ({
  page,
  shopper,
  api,
}) => {
  await fillCart(api, shopper, 1);
  await startCardCheckout(page, shopper);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  expect(await api.orders(shopper.token, shopper.userId)).toEqual([]);
  expect((await api.cart(shopper.token))!.numOfCartItems).toBe(1);
});

test('card order: cancel returns to the cart with the cart intact', async ({ page, shopper, api }) => {
  await fillCart(api, shopper, 1);
  await startCardCheckout(page, shopper);
  await page.getByRole('link', { name: /cancel/i }).click();
  await page.waitForURL(/\/ecommerceweb\/#\/cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Cart Item' })).toBeVisible();
  expect(await api.orders(shopper.token, shopper.userId)).toEqual([]);
  expect((await api.cart(shopper.token))!.numOfCartItems).toBe(1);
});
