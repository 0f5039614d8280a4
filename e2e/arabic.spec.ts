// A shopper does everything in Arabic, right to left: the switch, registration with the Arabic
// validation messages, adding to the cart, a cash order, a card payment through the hosted page (in Arabic),
// and the order history with Arabic dates and prices; the page hydrates without an error and without a flash of
// the prerendered English. The English journeys are the other spec files, unchanged.
import type { ConsoleMessage, Page } from '@playwright/test';
import type { Api, Shopper } from './support/api';
import { egyptianPhone, uniqueEmail } from './support/api';
import { BASE_PATH, expectRoute, logInWithToken, openApp, waitForHydration } from './support/app';
import { expect, test } from './support/fixtures';

/** The shopper's stored choice, 'lang' = 'ar', for the first document of the tab (a switch later wins). */
async function inArabic(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('e2e-lang-seeded')) return;
    window.sessionStorage.setItem('e2e-lang-seeded', '1');
    window.localStorage.setItem('lang', 'ar');
  });
}

/** The page is drawn in Arabic: right to left, and the English frame no longer hidden. */
async function arabicShown(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html[data-lang-pending]')).toHaveCount(0);
}

/** Errors the page logs (a hydration mismatch among them). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}

// Arabic digits as ar-EG writes them, and its way of writing pounds (whole pounds without decimals, as in English).
const arabicDigits = (n: number) => n.toLocaleString('ar-EG');
const arabicEgp = (n: number) =>
  new Intl.NumberFormat('ar-EG', {
    style: 'currency',
    currency: 'EGP',
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
  }).format(n);

async function fillCart(api: Api, shopper: Shopper, howMany = 2): Promise<number> {
  const products = (await api.catalogue()).filter((p) => p.quantity >= 5).slice(0, howMany);
  for (const p of products) await api.addToCart(shopper.token, p._id);
  const cart = await api.cart(shopper.token);
  const original = cart!.data.totalCartPrice;
  return original + Math.floor(original / 9) - Math.floor((original * 10) / 100);
}

async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel('تفاصيل العنوان').fill('١٢ شارع النيل، شقة ٤');
  await page.getByLabel('مدينتك').fill('القاهرة');
  await page.getByLabel('رقم هاتفك').fill(egyptianPhone());
}

test(
  'the switch: English to Arabic and back, kept under "lang", names read again in Arabic',
  { tag: '@seeded-catalogue' },
  async ({ page, shopper }) => {
    const errors = pageErrors(page);
    await logInWithToken(page, shopper.token);
    await openApp(page, '/categories');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Electronics' })).toBeVisible();

    const arabicRead = page.waitForRequest(
      (r) => r.url().includes('/api/v1/categories') && r.headers()['accept-language'] === 'ar',
    );
    const toArabic = nav.getByRole('button', { name: 'العربية' });
    await expect(toArabic).toHaveAttribute('lang', 'ar');
    await toArabic.focus();
    await page.keyboard.press('Enter');
    await arabicRead;
    await arabicShown(page);
    const navAr = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(navAr.getByRole('link', { name: 'الفئات' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'الفئات', level: 1 })).toBeVisible();
    // The seed's Arabic category names, asked for in Arabic.
    await expect(page.getByRole('link', { name: 'إلكترونيات' })).toBeVisible();
    await expect(page).toHaveTitle('الفئات · FreshCart');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');

    // A reload stays in Arabic; the head script wrote lang and dir before the first paint.
    await page.reload();
    await waitForHydration(page);
    await arabicShown(page);
    await expect(page.getByRole('heading', { name: 'الفئات', level: 1 })).toBeVisible();

    await navAr.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Electronics' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    expect(errors).toEqual([]);
  },
);

test('a browser whose first language is Arabic opens in Arabic; the English frame never shows', async ({
  browser,
  api,
}) => {
  const shopper = await api.createShopper();
  const context = await browser.newContext({ locale: 'ar-EG' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  // What the page shows at its first paint and until the Arabic is in: the English frame hidden, never seen.
  await page.addInitScript((tkn) => {
    localStorage.setItem('tkn', tkn);
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const look = () => {
      const nav = document.querySelector('header nav');
      if (!nav) return;
      const visible = getComputedStyle(nav).visibility === 'visible';
      if (visible) seen.push(`${document.documentElement.lang}:${nav.textContent ?? ''}`);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    requestAnimationFrame(function frame() {
      look();
      if (seen.length < 200) requestAnimationFrame(frame);
    });
  }, shopper.token);
  const apiReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/'))
      apiReads.push(
        `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search} ${r.headers()['accept-language'] ?? ''}`,
      );
  });
  await page.goto(`${BASE_PATH}#/home`);
  await waitForHydration(page);
  await arabicShown(page);
  await expect(page.getByRole('link', { name: 'الرئيسية' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تسوّق المنتجات' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^عرض/ })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  // Whenever the navbar could be seen, it spoke Arabic.
  expect(seen.filter((s) => /Home|Products|Categories|Logout/.test(s))).toEqual([]);
  expect(seen.length).toBeGreaterThan(0);
  // The head script's reads (first products page, categories, cart) were asked in Arabic and taken, not repeated.
  const first = apiReads.filter((r) => r.startsWith('GET /api/v1/products?page=1&limit=24'));
  expect(first).toEqual(['GET /api/v1/products?page=1&limit=24 ar']);
  expect(apiReads.filter((r) => r.startsWith('GET /api/v1/categories '))).toEqual([
    'GET /api/v1/categories ar',
  ]);
  expect(apiReads.filter((r) => r.startsWith('GET /api/v1/cart '))).toEqual(['GET /api/v1/cart ar']);
  expect(errors).toEqual([]);
  await context.close();
});

test('register in Arabic: every validation message in Arabic, then the Arabic success toast', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await inArabic(page);
  await openApp(page, '/register');
  await arabicShown(page);
  const form = page.getByRole('region', { name: 'أنشئ حسابًا الآن' });
  const name = form.getByLabel('الاسم', { exact: true });
  const email = form.getByLabel('البريد الإلكتروني', { exact: true });
  const password = form.getByLabel('كلمة المرور', { exact: true });
  const rePassword = form.getByLabel('تأكيد كلمة المرور', { exact: true });
  const phone = form.getByLabel('رقم الهاتف', { exact: true });
  const message = (text: string) => form.getByText(text, { exact: true });

  for (const field of [name, email, password, rePassword, phone]) {
    await field.focus();
    await field.blur();
  }
  await expect(message('الاسم مطلوب')).toBeVisible();
  await expect(message('البريد الإلكتروني مطلوب')).toBeVisible();
  await expect(message('كلمة المرور مطلوبة')).toBeVisible();
  await expect(message('يرجى تأكيد كلمة المرور')).toBeVisible();
  await expect(message('رقم الهاتف مطلوب')).toBeVisible();
  await name.fill('عل');
  await expect(message('يجب أن يتكون الاسم من ثلاثة أحرف أو أكثر')).toBeVisible();
  await email.fill('ليس-بريدًا');
  await expect(message('البريد الإلكتروني غير صالح')).toBeVisible();
  await password.fill('12345');
  await expect(message('يجب أن تتكون كلمة المرور من ٦ أحرف أو أكثر')).toBeVisible();
  await password.fill('secret123');
  await rePassword.fill('secret124');
  await expect(message('يجب أن تتطابق كلمتا المرور')).toBeVisible();
  await phone.fill('01312345678');
  await expect(message('يجب أن يكون رقم الهاتف رقمًا مصريًا')).toBeVisible();

  await name.fill('منى علي');
  await email.fill(uniqueEmail('arabic'));
  await rePassword.fill('secret123');
  await phone.fill(egyptianPhone());
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'إنشاء حساب' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'حسابك جاهز. يرجى تسجيل الدخول.' }),
  ).toBeVisible();
  await expectRoute(page, '/login');
  await expect(page.getByRole('heading', { name: 'سجّل الدخول الآن' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('in Arabic: add to cart, a cash order, and the order history with Arabic dates and prices', async ({
  page,
  shopper,
  api,
}) => {
  const errors = pageErrors(page);
  // One line already in the cart; the shopper adds another from the product list.
  await api.addToCart(shopper.token, (await api.catalogue()).filter((p) => p.quantity >= 5)[1]!._id);
  await inArabic(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/products');
  await arabicShown(page);
  const add = page.getByRole('button', { name: /^أضف إلى العربة: / });
  await expect(add.first()).toBeVisible();
  // Prices as ar-EG writes them.
  await expect(page.getByText(/ج\.م\./).first()).toBeVisible();
  await add.first().click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'تمت الإضافة إلى العربة' })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('link', { name: /^عربة التسوق/ }).click();
  await expectRoute(page, '/cart');
  await expect(page.getByRole('heading', { name: 'عربة التسوق', level: 1 })).toBeVisible();
  const cart = await api.cart(shopper.token);
  const original = cart!.data.totalCartPrice;
  const total = original + Math.floor(original / 9) - Math.floor((original * 10) / 100);
  await expect(page.getByRole('complementary')).toContainText(arabicEgp(total));
  await page.getByRole('link', { name: 'إتمام الشراء' }).click();
  await expectRoute(page, '/order');
  await expect(page.getByRole('heading', { name: 'عنوان الشحن' })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'إنشاء الطلب' }).click();
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'تم إنشاء الطلب بنجاح' })).toBeVisible();
  await expectRoute(page, /^\/allorders\?placed=/);
  await expect(page.getByRole('heading', { name: /^شكرًا لك، تم تسجيل الطلب رقم FC-\d{6}$/ })).toBeVisible();
  await expect(page.getByText(`الدفع عند الاستلام: يرجى تجهيز ${arabicEgp(total)}.`)).toBeVisible();

  const history = page.getByRole('list', { name: 'سجل الطلبات' });
  const order = history.getByRole('listitem').first();
  await expect(order).toContainText('الدفع عند الاستلام');
  await expect(order).toContainText('غير مدفوع');
  await expect(order).toContainText(arabicEgp(total));
  // The date in Arabic: Arabic-Indic digits of the order's year and an Arabic month name, on the shopper's calendar
  // (the browser's time zone, Cairo's here: near midnight it is another day than the test runner's).
  const at = (await order.locator('header time').getAttribute('datetime'))!;
  // The order just placed.
  expect(Date.now() - Date.parse(at)).toBeLessThan(10 * 60_000);
  const date = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('ar-EG', { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date(iso),
      ),
    at,
  );
  await expect(order.locator('header time')).toHaveText(date);
  expect(date).toContain(arabicDigits(new Date(at).getFullYear()).replace(/٬/g, ''));
  expect(date).toMatch(/[\u0660-\u0669]/);
  expect(errors).toEqual([]);
});

test('in Arabic: a card payment through the hosted page, which speaks Arabic right to left', async ({
  page,
  shopper,
  api,
}) => {
  const total = await fillCart(api, shopper);
  await inArabic(page);
  await logInWithToken(page, shopper.token);
  await openApp(page, '/order');
  await arabicShown(page);
  await fillAddress(page);
  await page.getByRole('button', { name: 'الدفع بالبطاقة' }).click();
  await page.waitForURL(/\/pay\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(arabicEgp(total)).first()).toBeVisible();
  await page.getByLabel('رقم البطاقة').fill('4242 4242 4242 4242');
  await page.locator('input[name="expiry"]').fill('12/34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('input[name="cardName"]').fill('منى علي');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/#\/allorders/);
  await waitForHydration(page);
  await arabicShown(page);
  await expect(page.getByRole('heading', { name: /^شكرًا لك، تم تسجيل الطلب رقم FC-\d{6}$/ })).toBeVisible();
  await expect(page.getByText(`تم الدفع بالبطاقة: ${arabicEgp(total)}.`)).toBeVisible();
});

test('in Arabic: a server refusal the storefront knows is shown in Arabic, in the sign-in dialog', async ({
  page,
}) => {
  await inArabic(page);
  await openApp(page, '/login');
  await arabicShown(page);
  const form = page.getByRole('region', { name: 'سجّل الدخول الآن' });
  await form.getByLabel('البريد الإلكتروني', { exact: true }).fill(uniqueEmail('nobody'));
  await form.getByLabel('كلمة المرور', { exact: true }).fill('secret123');
  await form.getByRole('button', { name: 'تسجيل الدخول' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'عذرًا!' });
  await expect(dialog).toContainText('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  await dialog.getByRole('button', { name: 'حاول مرة أخرى' }).click();
  await expect(dialog).toHaveCount(0);
});
