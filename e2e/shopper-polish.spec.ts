// What a shopper sees on a phone and in the dark, and what stays true across tabs, refreshes and Back:
// cards at 375 px, the filter drawer, toasts below the header, the theme of the payment and not-found
// pages, addresses without '#', two tabs on one cart, and kept forms.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  BASE_PATH,
  expectRoute,
  logInWithToken,
  noFiniteAnimationRunning,
  openApp,
  settle,
  waitForHydration,
} from './support/app';
import { expect, test } from './support/fixtures';

async function phone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
}

/** The mean relative luminance (0 black … 1 white) of what is painted in a box of the page. */
async function meanLuminance(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip: box });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    sum += (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) / 255;
  }
  return sum / (data.length / info.channels);
}

test('phone: prices stay on one line, stars keep their size, and a row’s buttons line up', async ({
  page,
  shopper,
}) => {
  await phone(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products?sort=-price');
  const cards = page.locator('article');
  await expect(cards.nth(5)).toBeVisible();
  const shapes = await cards.evaluateAll((all) =>
    all.slice(0, 6).map((card) => {
      const price = [...card.querySelectorAll('span')].find((s) => / EGP$/.test(s.textContent ?? ''))!;
      const star = card.querySelector('svg')!.getBoundingClientRect();
      const button = card.querySelector('button')!.getBoundingClientRect();
      return {
        text: price.textContent,
        priceLines: price.getClientRects().length,
        star: Math.round(star.width),
        buttonTop: Math.round(button.top),
        cardTop: Math.round(card.getBoundingClientRect().top),
      };
    }),
  );
  for (const s of shapes) {
    expect(s.priceLines, `${s.text} on one line`).toBe(1);
    expect(s.star, `star beside ${s.text}`).toBe(16);
  }
  // Two cards a row: the buttons of a row share one line.
  for (let i = 0; i + 1 < shapes.length; i += 2) {
    expect(shapes[i]!.cardTop).toBe(shapes[i + 1]!.cardTop);
    expect(shapes[i]!.buttonTop, `row ${i / 2 + 1}`).toBe(shapes[i + 1]!.buttonTop);
  }
});

test('phone: the open menu dims the page behind it, and a tap there closes it without opening what is under it', async ({
  page,
  shopper,
}) => {
  await phone(page);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await expect(page.locator('main article').first()).toBeVisible();
  await waitForHydration(page);
  // A strip at the bottom of the screen, below where the menu ends: the product cards.
  const strip = { x: 0, y: 700, width: 375, height: 100 };
  const before = await meanLuminance(page, strip);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const dimmed = await meanLuminance(page, strip);
  expect(
    dimmed,
    `the page behind the menu is dimmed (${before.toFixed(2)} → ${dimmed.toFixed(2)})`,
  ).toBeLessThan(before * 0.7);
  await page.mouse.click(187, 750);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expectRoute(page, '/products');
  expect(await meanLuminance(page, strip)).toBeCloseTo(before, 1);
});

test('phone: the filters fold behind a button, so the first screen shows products', async ({
  page,
  shopper,
}) => {
  await phone(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  const firstCard = page.locator('article').first();
  await expect(firstCard).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeHidden();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(812);

  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();
  await page.getByLabel('Category Name').selectOption('Electronics');
  await page.getByRole('button', { name: 'Show Products' }).click();
  await expectRoute(page, /^\/products\?category=Electronics$/);
  // Applied: the drawer folds again and says a filter is on.
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // Wide screens keep the form in view, with no drawer button.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeHidden();
});

test('toasts appear below the header, in the dark theme’s colours', async ({ page, shopper }) => {
  await phone(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('dark', 'true'));
  await openApp(page, '/login');
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'welcome back' });
  await expect(toast).toBeVisible();
  // Pointed at, a toast stays however slow the machine is; then measure where it rests, not where its entrance
  // animation passes through.
  await toast.hover();
  await page.waitForFunction(noFiniteAnimationRunning);
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(32, 39, 36)');
});

test('the payment page follows the shop’s theme, whatever the device prefers', async ({
  page,
  shopper,
  api,
}) => {
  const [product] = (await api.catalogue()).filter((p) => p.quantity > 0);
  await api.addToCart(shopper.token, product!._id);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/api/v1/health');
  await page.evaluate(() => localStorage.setItem('dark', 'true'));
  const url = await api.checkoutSessionUrl(shopper.token, `${new URL(page.url()).origin}${BASE_PATH}#`);
  await page.goto(url);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(26, 32, 29)');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('dark', 'false'));
  await page.reload();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(243, 246, 244)',
  );
});

test('the not-found picture follows the theme: no light picture on a dark page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('dark', 'true'));
  await openApp(page, '/no/such/page');
  const picture = page.getByRole('img', { name: /does not exist/ });
  await expect(picture).toBeVisible();
  const box = (await picture.boundingBox())!;
  const inner = {
    x: box.x + box.width * 0.3,
    y: box.y + box.height * 0.2,
    width: box.width * 0.4,
    height: box.height * 0.1,
  };
  expect(await meanLuminance(page, inner)).toBeLessThan(0.2);
});

test('an address without “#” opens the shop: the screen it names, or the not-found page', async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  await page.goto(`${BASE_PATH}products`);
  await waitForHydration(page);
  await expectRoute(page, '/products');
  await expect(page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();

  await page.goto(`${BASE_PATH}no/such/page`);
  await waitForHydration(page);
  await expect(page.getByRole('img', { name: /does not exist/ })).toBeVisible();
});

test('two tabs, one cart: a change in one tab shows in the other, with what changed', async ({
  page,
  shopper,
  api,
}) => {
  const [a, b] = (await api.catalogue()).filter((p) => p.quantity >= 5);
  await api.addToCart(shopper.token, a!._id);
  await api.addToCart(shopper.token, b!._id);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/cart');
  await expect(page.getByRole('heading', { name: b!.title })).toBeVisible();

  const other = await page.context().newPage();
  await openApp(other, '/cart');
  const lineB = other.getByRole('listitem').filter({ has: other.getByRole('heading', { name: b!.title }) });
  await lineB.getByRole('button', { name: 'Remove' }).click();
  await expect(other.getByRole('heading', { name: b!.title })).toHaveCount(0);

  // The first tab follows at once (the other tab's signal), and says what changed.
  await expect(page.getByRole('heading', { name: b!.title })).toHaveCount(0);
  await expect(
    page.getByText(`Your cart was changed in another tab or device: ${b!.title} was removed.`),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('1 items')).toBeVisible();
  await other.close();
});

test('Back and a refresh keep the order form and the filters typed', async ({ page, shopper, api }) => {
  const [product] = (await api.catalogue()).filter((p) => p.quantity > 0);
  await api.addToCart(shopper.token, product!._id);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/order');
  await page.getByLabel('Your details').fill('12 Nile Street, flat 4');
  await page.getByLabel('Your City').fill('Cairo');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Your details')).toHaveValue('12 Nile Street, flat 4');
  await expect(page.getByLabel('Your City')).toHaveValue('Cairo');

  await openApp(page, '/products?category=Electronics');
  await page.getByLabel('Price from').fill('100');
  await page.getByLabel('Price to').fill('99999');
  const card = page.locator('article').first();
  await card.getByRole('link').click();
  await expectRoute(page, /^\/productDetails\//);
  await page.goBack();
  await expectRoute(page, /^\/products\?category=Electronics$/);
  await expect(page.getByLabel('Category Name')).toHaveValue('Electronics');
  await expect(page.getByLabel('Price from')).toHaveValue('100');
  await expect(page.getByLabel('Price to')).toHaveValue('99999');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('Price from')).toHaveValue('100');
  await expect(page.locator('article').first()).toBeVisible();
});

test('the tab names the screen opened: a fresh Cart page is not left titled "FreshCart" (issue 31)', async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  // Home first, so the Cart's code is at hand when the next page opens it: its screen is drawn before the page's own
  // <title> is hydrated, which used to write "FreshCart" over the Cart's.
  await openApp(page, '/home');
  await expect(page).toHaveTitle('Home · FreshCart');
  for (const [route, title] of [
    ['/cart', 'Cart · FreshCart'],
    ['/products', 'Products · FreshCart'],
    ['/cart', 'Cart · FreshCart'],
  ] as const) {
    await page.goto('about:blank');
    await openApp(page, route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Once the page is at rest, not only for a moment after the screen was drawn.
    await settle(page);
    expect(await page.title()).toBe(title);
  }
});
