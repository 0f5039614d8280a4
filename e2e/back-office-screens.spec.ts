// Every back office screen (the sign-in screen, then each one behind it; the import's later states are in
// e2e/back-office-import.spec.ts) at 375 and 1280 px, light and dark, English and Arabic: axe finds nothing, and a
// screenshot of each is written to screenshots/back-office-<screen>-<width>-<scheme>-<lang>.png to be looked at.
// One page load per width (the back office's code is large to parse on a busy machine): the scheme follows the
// device's, switched in place, and the language is switched from the app bar, as staff do.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { STAFF_TOKEN_KEY } from '../admin/config';
import { egyptianPhone, type Api } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { screenshot } from './support/screenshot';
import { e2eAdmin } from './support/staff';

const officeUrl = '/ecommerceweb/admin/';
const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

interface Screen {
  name: string;
  hash: string;
  /** What shows once the screen has read its data, in English and in Arabic. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

/** The language menu of the app bar (or of the sign-in page), as staff use it. */
async function chooseLanguage(page: Page, lang: 'en' | 'ar', options: { timeout?: number } = {}) {
  await page.getByRole('button', { name: /^(English|العربية)$/ }).click(options);
  await page.getByRole('menuitem', { name: lang === 'ar' ? 'العربية' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The menu has faded out (axe would read its half-transparent words).
  await expect(page.getByRole('menuitem', { name: /^(English|العربية)$/ })).toHaveCount(0);
}

/** axe on the page as it is; a failure is kept, so one run reports every screen that fails. */
async function check(page: Page, failures: string[], where: string): Promise<void> {
  // Colours change with a short transition after a scheme switch: axe reads them once they have arrived. Two frames
  // first, so the switch's styles are applied and its transitions exist (a check before that saw none, and axe then
  // read a colour half-way); a transition leaves getAnimations() once it has finished.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  try {
    await expectNoAxeViolations(page, where);
  } catch (err) {
    failures.push((err as Error).message);
  }
}

async function firstId(page: Page, resource: string): Promise<string> {
  const answer = (await (await page.request.get(`/api/v1/${resource}?limit=1`)).json()) as {
    data: { _id: string }[];
  };
  return answer.data[0]!._id;
}

/**
 * The newest order's id, read as the signed-in back office reads it (GET /orders is staff-only: the request carries
 * the staff token the sign-in stored). The e2e database is seeded with no orders, so a shopper places a cash order
 * first.
 */
async function newestOrderId(page: Page, api: Api, product: string): Promise<string> {
  const shopper = await api.createShopper();
  await api.addToCart(shopper.token, product);
  await api.cashOrder(shopper.token, { details: '12 Nile Street', city: 'Cairo', phone: egyptianPhone() });
  const token = await page.evaluate((key) => sessionStorage.getItem(key), STAFF_TOKEN_KEY);
  expect(token, 'the staff token after signing in').toBeTruthy();
  const answer = (await (
    await page.request.get('/api/v1/orders?limit=1', { headers: { token: token! } })
  ).json()) as { data: { _id: string }[] };
  return answer.data[0]!._id;
}

async function screensOf(page: Page, api: Api): Promise<Screen[]> {
  const product = await firstId(page, 'products');
  const order = await newestOrderId(page, api, product);
  const category = await firstId(page, 'categories');
  const brand = await firstId(page, 'brands');
  const heading = (en: RegExp, ar: RegExp) => (p: Page) =>
    p.getByRole('heading', { name: new RegExp(`${en.source}|${ar.source}`) }).first();
  const saveButton = (p: Page) => p.getByRole('button', { name: /^(Save|حفظ)$/ });
  return [
    {
      name: 'products',
      hash: '#/products',
      ready: (p) => p.getByRole('textbox', { name: /^(Search|بحث)$/ }),
    },
    { name: 'product-create', hash: '#/products/create', ready: saveButton },
    {
      name: 'product-edit',
      hash: `#/products/${product}`,
      ready: heading(/^Stock history$/, /^سجل المخزون$/),
    },
    {
      name: 'categories',
      hash: '#/categories',
      ready: (p) => p.getByRole('link', { name: /^(Create|إنشاء)$/ }),
    },
    { name: 'category-edit', hash: `#/categories/${category}`, ready: saveButton },
    { name: 'brands', hash: '#/brands', ready: (p) => p.getByRole('link', { name: /^(Create|إنشاء)$/ }) },
    { name: 'brand-edit', hash: `#/brands/${brand}`, ready: saveButton },
    {
      name: 'orders',
      hash: '#/orders',
      // A table at 1280 px, a list on a phone.
      ready: (p) =>
        p.getByRole('main').getByRole('cell').or(p.getByRole('main').getByRole('listitem')).first(),
    },
    {
      name: 'customers',
      hash: '#/customers',
      // A table at 1280 px, a list on a phone.
      ready: (p) =>
        p.getByRole('main').getByRole('cell').or(p.getByRole('main').getByRole('listitem')).first(),
    },
    { name: 'order-show', hash: `#/orders/${order}/show`, ready: heading(/^Items$/, /^المنتجات$/) },
    // The order's packing slip, in the order's language (English: the order was placed in English).
    { name: 'packing-slips', hash: `#/packing-slips?ids=${order}`, ready: (p) => p.getByRole('article') },
    { name: 'import', hash: '#/import', ready: heading(/^Import products$/, /^استيراد المنتجات$/) },
    { name: 'home-page', hash: '#/home-page', ready: heading(/^Banner slides$/, /^شرائح اللافتة$/) },
    {
      name: 'audit-log',
      hash: '#/audit-log',
      // A table at 1280 px, a list on a phone.
      ready: (p) =>
        p.getByRole('main').getByRole('cell').or(p.getByRole('main').getByRole('listitem')).first(),
    },
    {
      name: 'dashboard',
      hash: '#/',
      // Last, so it is opened afresh after the order above was placed: the figures read again and the chart drawn
      // (its library is a chunk of its own).
      ready: (p) =>
        p
          .getByRole('img', { name: /^(Sales, last 30 days|المبيعات في آخر 30 يومًا)/ })
          .locator('svg')
          .first(),
    },
  ];
}

for (const width of [375, 1280]) {
  test(
    `every back office screen, sign-in first, at ${width} px, light and dark, English and Arabic: axe finds nothing`,
    { tag: '@staff' },
    async ({ page, api }) => {
      // 16 screens and the sign-in × 4 combinations, each read from the server and checked: minutes on a busy 2-core machine.
      test.setTimeout(420_000);
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(officeUrl);
      const failures: string[] = [];
      // The sign-in screen first, in every combination.
      for (const lang of ['en', 'ar'] as const) {
        await chooseLanguage(page, lang, { timeout: 45_000 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ })).toBeVisible();
          await check(page, failures, `sign-in (${width} px, ${scheme}, ${lang})`);
          await screenshot(page, { path: `${shots}/back-office-sign-in-${width}-${scheme}-${lang}.png` });
        }
      }
      await chooseLanguage(page, 'en');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByLabel(/^(Email|البريد الإلكتروني)/).fill(e2eAdmin.email);
      await page
        .getByLabel(/^(Password|كلمة المرور)/)
        .first()
        .fill(e2eAdmin.password);
      await page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ }).click();
      await expect(page.getByRole('heading', { name: 'Welcome to the FreshCart back office' })).toBeVisible();
      const screens = await screensOf(page, api);
      for (const lang of ['en', 'ar'] as const) {
        await chooseLanguage(page, lang);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const screen of screens) {
            await page.goto(`${officeUrl}${screen.hash}`);
            await expect(screen.ready(page)).toBeVisible();
            // At the top, as the menu's links open a screen (an address typed keeps the last screen's scroll).
            await page.evaluate(() => window.scrollTo(0, 0));
            await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
            await check(page, failures, `${screen.name} (${width} px, ${scheme}, ${lang})`);
            await screenshot(page, {
              path: `${shots}/back-office-${screen.name}-${width}-${scheme}-${lang}.png`,
            });
          }
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
  );
}
