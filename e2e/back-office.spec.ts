// The back office at /ecommerceweb/admin/ (issue 27, item 2): served by our server from the same build (its own
// esbuild bundle in out/admin/, scripts/build-admin.mjs), on react-admin's plain hash routes (#/login, #/products),
// staff only: the page, the sign-in form in both languages, a shopper refused, axe, and staff running the catalogue
// with the admin that e2e/support/web-server.ts makes through `npm run admin -- create`.
import type { Page, Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { logInWithToken, openApp } from './support/app';
import { expect, test } from './support/fixtures';
import { e2eAdmin } from './support/staff';
import { screenshot } from './support/screenshot';
import { shopOrigin as origin } from './support/target';

const officeUrl = '/ecommerceweb/admin/';
const shots = 'screenshots';
mkdirSync(shots, { recursive: true });

/** Every request the page makes to a host other than ours (there is no network here but our server). */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

/** A plain picture as a camera or a phone would give it, in one colour. */
function picture(colour: string, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

async function openSignIn(page: Page) {
  await page.goto(officeUrl);
  // The back office's code (about 340 KB gzip before the sign-in form) arrives after the page: on a busy 2-core
  // machine it takes a while.
  await expect(page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page).toHaveURL(/#\/login$/);
}

async function chooseLanguage(page: Page, name: 'English' | 'العربية') {
  await page.getByRole('button', { name: /^(English|العربية)$/ }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^(Email|البريد الإلكتروني)/).fill(email);
  await page
    .getByLabel(/^(Password|كلمة المرور)/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^(Sign in|تسجيل الدخول)$/ }).click();
}

test.describe('back office: the page and its sign-in', () => {
  // One test, two page loads: the back office's code is about 340 KB gzip, which a busy 2-core machine takes a
  // while to run, so each step goes on from the page the one before left.
  test('is served at /ecommerceweb/admin/ in English and Arabic, asking no other host; refuses a shopper; ignores the storefront session', async ({
    page,
    shopper,
  }) => {
    const foreign = foreignRequests(page);
    const response = await page.request.get(officeUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');

    await openSignIn(page);
    await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await chooseLanguage(page, 'العربية');
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeVisible();
    await expect(page.getByLabel(/^البريد الإلكتروني/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

    // A shopper signed in on the storefront (its 'tkn'), then the back office loaded again. The language choice is
    // the back office's own and survives the reload (and the sign-out react-admin does on a signed-out load, which
    // resets its store): the page's head script and the app both read it. The page is the back office's own, not
    // Next's: the storefront's head script (and its guards, which send a signed-in shopper from #/login to #/home)
    // never runs on it, so its routes are react-admin's plain hash routes and the shopper's token lets nobody in.
    await page.evaluate((token) => localStorage.setItem('tkn', token), shopper.token);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('RaStorefreshcart.office.locale'))).toBe('"ar"');
    expect(await page.evaluate(() => document.documentElement.classList.length)).toBe(0);
    await page.goto(`${officeUrl}#/products`);
    await expect(page).toHaveURL(/#\/login$/);

    // A wrong password, said in Arabic.
    await signIn(page, shopper.email, 'wrong-password');
    await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeVisible();

    // The shopper's right password: refused with a clear message, and no token kept.
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    await signIn(page, shopper.email, shopper.password);
    await expect(page.getByText('This account has no access to the back office')).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    const stored = await page.evaluate(() => ({ ...sessionStorage }));
    expect(Object.values(stored).join(' ')).not.toContain(shopper.token.slice(0, 20));
    // The storefront's session is untouched: the back office never writes 'tkn'.
    expect(await page.evaluate(() => localStorage.getItem('tkn'))).toBe(shopper.token);

    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });

  // The sign-in screen's axe checks in every combination: e2e/back-office-screens.spec.ts.
});

test.describe('back office with the staff API', { tag: '@staff' }, () => {
  test('staff run the catalogue: add, edit, duplicate, archive a product; a category; the audit log', async ({
    page,
    api,
  }) => {
    // A long journey through screens whose code loads on first use: minutes on a busy 2-core machine.
    test.setTimeout(240_000);
    const foreign = foreignRequests(page);
    await openSignIn(page);
    await signIn(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL(/#\/?$/);
    await expect(page.getByRole('heading', { name: 'Welcome to the FreshCart back office' })).toBeVisible();
    await screenshot(page, { path: `${shots}/back-office-journey-dashboard.png`, fullPage: true });

    // Products: the list, then a new one.
    await page.goto(`${officeUrl}#/products`);
    await expect(page.getByRole('columnheader', { name: 'Title (English)' })).toBeVisible();
    await screenshot(page, { path: `${shots}/back-office-journey-products.png`, fullPage: true });
    await page.getByRole('link', { name: 'Create' }).click();
    // The form's code arrives after the click; until then the list (whose column headers share the labels) shows.
    await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
    const title = `Back office shawl ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Title (English)' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description (English)' })
      .fill('A warm shawl made in the back office.');
    await page.getByRole('textbox', { name: 'Title (Arabic)' }).fill('شال من لوحة الإدارة');
    await page.getByRole('textbox', { name: 'Description (Arabic)' }).fill('شال دافئ');
    await page.getByRole('spinbutton', { name: 'Price (EGP)', exact: true }).fill('300');
    await page.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('12');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option').first().click();
    // Two pictures from the staff member's device into the gallery: the first becomes the cover, then the second
    // is chosen instead.
    await page
      .getByRole('button', { name: 'Add pictures' })
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await picture('#c0392b', 'jpeg') },
        { name: 'back.png', mimeType: 'image/png', buffer: await picture('#2980b9', 'png') },
      ]);
    await expect(page.getByRole('img', { name: 'Picture 2' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Cover picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Use picture 2 as cover' }).click();
    await expect(page.getByRole('button', { name: 'Use picture 2 as cover' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A file that is not a picture is refused with the server's reason; the form keeps what it had.
    await page
      .getByRole('button', { name: 'Add pictures' })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'invoice.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('%PDF-1.7 not a picture'),
      });
    await expect(
      page.getByText('invoice.jpg was not uploaded: This file is not a JPEG, PNG or WebP picture.'),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Picture \d$/ })).toHaveCount(2);
    await screenshot(page, { path: `${shots}/back-office-journey-product-create.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/#\/products\/[0-9a-f]{24}$/);
    const id = /products\/([0-9a-f]{24})$/.exec(page.url())![1]!;
    // The edit page has read the saved product (its stock history with it) before anything is typed: a value
    // typed earlier would be replaced by the record as it arrives.
    await expect(page.getByRole('heading', { name: 'Stock history' })).toBeVisible();
    const price = page.getByRole('spinbutton', { name: 'Price (EGP)', exact: true });
    const stock = page.getByRole('spinbutton', { name: 'Stock', exact: true });
    await expect(price).toHaveValue('300');
    await expect(stock).toHaveValue('12');
    await screenshot(page, { path: `${shots}/back-office-journey-product-edit.png`, fullPage: true });
    const saved = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as {
      data: { imageCover: string; images: string[] };
    };
    expect(saved.data.images).toHaveLength(2);
    expect(saved.data.imageCover).toBe(saved.data.images[1]);
    expect(saved.data.imageCover).toMatch(/\/images\/uploads\/[0-9a-f]{32}\.webp$/);

    // The shop shows it, with its pictures, in English and in Arabic.
    const shop = await page.context().newPage();
    await logInWithToken(shop, (await api.createShopper()).token);
    await openApp(shop, `/productDetails/${id}`);
    await expect(shop.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const drawn = shop.locator(`img[src*="${new URL(saved.data.images[0]!).pathname}"]`).first();
    await expect(drawn).toHaveJSProperty('complete', true);
    expect(await drawn.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shop.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await shop.reload();
    await expect(shop.getByRole('heading', { name: 'شال من لوحة الإدارة', level: 1 })).toBeVisible();
    await shop.close();

    // Price and stock changed: the shop's public API shows both.
    await price.fill('250');
    await stock.fill('7');
    await expect(price).toHaveValue('250');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element updated')).toBeVisible();
    await expect
      .poll(async () => {
        const { data } = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as {
          data: { price: number; quantity: number };
        };
        return [data.price, data.quantity];
      })
      .toEqual([250, 7]);
    // Saved, the list shows again; the product's page has the stock change in its history.
    await page.goto(`${officeUrl}#/products/${id}`);
    await expect(page.getByRole('heading', { name: 'Stock history' })).toBeVisible();

    // Search finds it.
    await page.goto(`${officeUrl}#/products`);
    await page.getByRole('textbox', { name: 'Search' }).fill(title);
    await expect(page.getByRole('cell', { name: title })).toBeVisible();

    // A bulk change on the rows ticked: prices up by 10 %, shown on the storefront's API.
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Change prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the price of 1 product' });
    await dialog.getByLabel('Change in per cent').fill('ten');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Type a number.')).toBeVisible();
    await dialog.getByLabel('Change in per cent').fill('10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('1 product changed')).toBeVisible();
    await expect
      .poll(async () => {
        const { data } = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as {
          data: { price: number };
        };
        return data.price;
      })
      .toBe(275);

    // Duplicate, then archive the copy (it asks first).
    // Opened by its address: a row clicked while the list redraws for the search may be replaced under the click.
    await page.goto(`${officeUrl}#/products/${id}`);
    await expect(page.getByRole('heading', { name: 'Stock history' })).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByText('A copy was made. You are editing the copy.')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`${id}$`));
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('dialog')).toContainText('It leaves the storefront at once.');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Product archived')).toBeVisible();

    // A category: create, then delete (unused).
    await page.goto(`${officeUrl}#/categories/create`);
    const category = `BO category ${Date.now().toString(36)}`;
    await page.getByLabel('Name').fill(category);
    await page
      .getByRole('button', { name: 'Choose a picture' })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'category.webp',
        mimeType: 'image/webp',
        buffer: await picture('#27ae60', 'webp'),
      });
    await expect(page.getByRole('img', { name: 'Picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: category })).toBeVisible();
    const all = (await (await page.request.get('/api/v1/categories?limit=100')).json()) as {
      data: { _id: string; name: string }[];
    };
    await page.goto(`${officeUrl}#/categories/${all.data.find((c) => c.name === category)!._id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Element deleted')).toBeVisible();

    // The audit log shows the changes, read-only.
    await page.goto(`${officeUrl}#/audit-log`);
    await expect(page.getByRole('cell', { name: e2eAdmin.email }).first()).toBeVisible();
    await screenshot(page, { path: `${shots}/back-office-journey-audit-log.png`, fullPage: true });

    // A shopper's token is refused on a staff write.
    const shopper = await api.createShopper();
    const refused = await page.request.put(`/api/v1/products/${id}`, {
      headers: { token: shopper.token },
      data: { price: 1 },
    });
    expect(refused.status()).toBe(403);
    expect(foreign).toEqual([]);
  });
});
