// Issue 28's journeys: an order's life between the shopper and the shop's staff. A cash order placed in Arabic is
// shipped with a tracking number in the back office, and the shopper's history (in Arabic) shows it; a card order is
// refunded in part, then the rest, a third refund is refused, and it is cancelled, its stock back on sale. Every
// change mails the shopper (read in the development outbox), in the language the order was placed in.
import type { Page } from '@playwright/test';
import type { Api } from './support/api';
import { egyptianPhone } from './support/api';
import { BASE_PATH, expectRoute, logInWithToken, openApp } from './support/app';
import { expect, test } from './support/fixtures';
import { egp, orderReference } from './support/money';
import { e2eOrderDesk, officeUrl, signInToBackOffice } from './support/staff';

/** The back office's journeys load its 350 KB bundle; give them room on a loaded machine. */
test.describe.configure({ timeout: 120_000 });

async function staffToken(api: Api): Promise<string> {
  return api.staffToken(e2eOrderDesk);
}

/**
 * A product of this journey's own (10 units), made through the staff API: journeys running beside it take stock from
 * the seeded catalogue only (api.catalogue()), so its stock figures are this journey's alone.
 */
async function ownProduct(
  api: Api,
  token: string,
  title: string,
): Promise<{ _id: string; quantity: number }> {
  const [model] = await api.catalogue();
  const response = await api.staffCall('POST', '/products', token, {
    title,
    description: 'A crate made by the order journey.',
    price: 300,
    quantity: 10,
    category: model!.category._id,
    brand: model!.brand!._id,
    imageCover: model!.imageCover.replace(/^https?:\/\/[^/]+/, ''),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; quantity: number } }).data;
}

/** The mails' subjects for this address, oldest first, once `count` have arrived (mail goes out after commit). */
async function subjects(api: Api, email: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        found = (await api.mails(email)).map((m) => m.subject).reverse();
        return found.length;
      },
      { message: `${count} mails to ${email}` },
    )
    .toBe(count);
  return found;
}

/** Opens an order's page in the back office (signed in already). */
async function openOrder(page: Page, orderId: string): Promise<void> {
  await page.goto(`${officeUrl}#/orders/${orderId}/show`);
  await expect(page.getByRole('region', { name: 'Next steps' })).toBeVisible({ timeout: 45_000 });
}

test(
  'an Arabic shopper’s cash order: staff find it and ship it with a tracking number; the history shows it, and the mails are in Arabic',
  { tag: ['@staff', '@dev-outbox'] },
  async ({ page, api, shopper }) => {
    const [product] = (await api.catalogue()).filter((p) => p.quantity >= 5);
    await api.addToCart(shopper.token, product!._id);
    const order = await api.cashOrder(
      shopper.token,
      { details: '12 شارع النيل', city: 'القاهرة', phone: egyptianPhone() },
      'ar',
    );
    const reference = orderReference(order.id);

    // Staff find it by the shopper's e-mail and ship it.
    await signInToBackOffice(page, e2eOrderDesk);
    await page.goto(`${officeUrl}#/orders`);
    await page.getByRole('textbox', { name: 'Search' }).fill(shopper.email);
    // The search has answered when the list holds this shopper's one order (the list reads again as one types).
    await expect(page.getByText('1-1 of 1')).toBeVisible({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Placed');
    await row.getByText(reference).click();
    await expect(page).toHaveURL(new RegExp(`#/orders/${order._id}/show$`));
    const steps = page.getByRole('region', { name: 'Next steps' });
    await steps.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship the order' });
    await dialog.getByLabel('Carrier').fill('Aramex');
    await dialog.getByLabel('Tracking reference').fill('AX-7781-EG');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByText('The order is shipped')).toBeVisible();

    // The shopper's history, in Arabic, says where it is.
    await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
    await logInWithToken(page, shopper.token);
    await openApp(page, '/allorders');
    const card = page
      .getByRole('list', { name: 'سجل الطلبات' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `الطلب ${reference}` }) });
    await expect(card).toContainText('الحالة: تم الشحن');
    await expect(card).toContainText('شُحن مع Aramex');
    await expect(card).toContainText('رقم التتبع AX-7781-EG');
    // Shipped: no longer the shopper's to cancel.
    await expect(card.getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);

    expect(await subjects(api, shopper.email, 2)).toEqual([
      `تم تسجيل طلبك ${reference} في FreshCart`,
      `طلبك ${reference} من FreshCart في الطريق إليك`,
    ]);
    const [shipped] = await api.mails(shopper.email);
    expect(shipped!.text).toContain('AX-7781-EG');
    expect(shipped!.html).toContain('dir="rtl"');
  },
);

test(
  'a card order: refunded in part, then the rest, a third refund refused, then cancelled with its stock back on sale; each step mails the shopper',
  { tag: ['@staff', '@dev-outbox'] },
  async ({ page, api, shopper }) => {
    const token = await staffToken(api);
    const crate = await ownProduct(api, token, `Journey Crate ${Date.now()}`);
    await api.addToCart(shopper.token, crate._id);
    await api.setCount(shopper.token, crate._id, 2);

    // The shopper pays by card on the hosted test page.
    await logInWithToken(page, shopper.token);
    await openApp(page, '/order');
    await page.getByLabel('Your details').fill('12 Nile Street, flat 4');
    await page.getByLabel('Your City').fill('Cairo');
    await page.getByLabel('Your Phone').fill(egyptianPhone());
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/pay\//);
    await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
    await page.getByLabel(/expir/i).fill('12/34');
    await page.getByLabel(/cvc/i).fill('123');
    await page.getByLabel(/name/i).fill('Mona Ali');
    await page.getByRole('button', { name: /^Pay/ }).click();
    // Back on the history, the storefront finds the paid order and shows its confirmation (?placed=): until then
    // the checkout it started is remembered, and a later visit to the history would show the confirmation instead.
    await page.waitForURL(new RegExp(`${BASE_PATH}#/allorders\\?placed=[0-9a-f]{24}$`));
    const [order] = await api.orders(shopper.token, shopper.userId);
    expect(order).toMatchObject({ paymentMethodType: 'card', isPaid: true, status: 'paid' });
    const reference = orderReference(order!.id);
    const total = order!.totalOrderPrice;
    expect((await api.product(crate._id)).quantity).toBe(8);

    // Staff refund 100, then the rest.
    await signInToBackOffice(page, e2eOrderDesk);
    await openOrder(page, order!._id);
    const steps = page.getByRole('region', { name: 'Next steps' });
    await steps.getByRole('button', { name: 'Refund' }).click();
    let dialog = page.getByRole('dialog', { name: `Refund order ${reference}` });
    await expect(dialog).toContainText(`Left to refund: ${egp(total)}`);
    await dialog.getByLabel('Amount to refund (EGP)').fill('100');
    await dialog.getByRole('button', { name: `Refund ${egp(100)}` }).click();
    await expect(page.getByText('The refund was made')).toBeVisible();
    await expect(page.getByText(`Refunded: ${egp(100)} of ${egp(total)}`)).toBeVisible();

    await steps.getByRole('button', { name: 'Refund' }).click();
    dialog = page.getByRole('dialog', { name: `Refund order ${reference}` });
    // What is left, offered as it is.
    await expect(dialog.getByLabel('Amount to refund (EGP)')).toHaveValue(String(total - 100));
    await dialog.getByRole('button', { name: `Refund ${egp(total - 100)}` }).click();
    await expect(page.getByText(`Refunded: ${egp(total)} of ${egp(total)}`)).toBeVisible();
    // Nothing is left: the page no longer offers a refund, and the server refuses a third.
    await expect(steps.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    const third = await api.staffCall('POST', `/orders/${order!._id}/refunds`, token, { amount: 1 });
    expect(third.status()).toBe(409);
    expect(((await third.json()) as { message: string }).message).toBe(
      'This order has already been refunded in full',
    );

    // Refunded in full, it may be cancelled: its two units go back on sale.
    await steps.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('dialog', { name: `Cancel order ${reference}?` })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(page.getByText('The order is cancelled and its stock is back on sale')).toBeVisible();

    // The storefront sells them again, and the shopper's history says what happened.
    expect((await api.product(crate._id)).quantity).toBe(10);
    await openApp(page, '/allorders');
    await expectRoute(page, '/allorders');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order ${reference}` }) });
    await expect(card).toContainText('Status: Cancelled');
    await expect(card).toContainText(`${egp(total)} refunded to your card`);

    expect(await subjects(api, shopper.email, 4)).toEqual([
      `Your FreshCart order ${reference} is placed`,
      `FreshCart refunded ${egp(100)} for your order ${reference}`,
      `FreshCart refunded ${egp(total - 100)} for your order ${reference}`,
      `Your FreshCart order ${reference} is cancelled`,
    ]);
  },
);
