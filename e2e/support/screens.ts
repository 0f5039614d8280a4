// Every screen a shopper can see, in the state worth looking at, for the accessibility scans and the
// screenshots. Each entry opens its screen in a fresh document (theme and width already set) and waits
// until the content the shopper came for is there.
import { expect, type Page } from '@playwright/test';
import type { Api, Shopper } from './api';
import { egyptianPhone } from './api';
import { BASE_PATH, waitForHydration } from './app';
import { installGoogleStandIn, STAND_IN_BUTTON, testCredential } from './google';
import { e2eAdmin, e2eOrderDesk } from './staff';
import { doorTags, type DoorTag } from './target';

export interface ScreenContext {
  page: Page;
  api: Api;
  /** Created on first use. */
  shopper: () => Promise<Shopper>;
}

export interface Screen {
  name: string;
  /** Open the screen and bring it to the state to check. */
  open: (ctx: ScreenContext) => Promise<void>;
  /** Only at these widths (e.g. the phone menu). */
  widths?: number[];
  /** What the screen needs of the shop (e2e/support/target.ts): its test is tagged with them. */
  tags?: DoorTag[];
}

async function go(page: Page, route: string, token: string | null): Promise<void> {
  await page.evaluate((tkn) => {
    if (tkn) localStorage.setItem('tkn', tkn);
    else localStorage.removeItem('tkn');
  }, token);
  await page.goto(`${BASE_PATH}#${route}`);
  await waitForHydration(page);
}

async function asGuest(page: Page, route: string): Promise<void> {
  await go(page, route, null);
}

async function asShopper(ctx: ScreenContext, route: string): Promise<Shopper> {
  const shopper = await ctx.shopper();
  await go(ctx.page, route, shopper.token);
  return shopper;
}

/** Cards and images are in: nothing is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'),
  );
}

let catalogue: Promise<{
  productId: string;
  brandId: string;
  emptyBrandId: string;
  categoryId: string;
}> | null = null;
async function ids(api: Api) {
  catalogue ??= (async () => {
    const products = await api.products();
    const brands = await api.brands();
    const categories = await api.categories();
    const product = products.find((p) => p.images.length >= 2) ?? products[0]!;
    const brandId = product.brand._id;
    const emptyBrand = brands.find((b) => !products.some((p) => p.brand._id === b._id));
    const categoryId = categories.find((c) => c.name === 'Electronics')?._id ?? categories[0]!._id;
    return {
      productId: product._id,
      brandId,
      emptyBrandId: emptyBrand?._id ?? '000000000000000000000000',
      categoryId,
    };
  })();
  return catalogue;
}

async function cartWithTwoLines(ctx: ScreenContext): Promise<void> {
  const shopper = await ctx.shopper();
  const existing = await ctx.api.cart(shopper.token);
  if (existing && existing.numOfCartItems > 0) return;
  const products = (await ctx.api.catalogue()).filter((p) => p.quantity >= 5);
  await ctx.api.addToCart(shopper.token, products[0]!._id);
  await ctx.api.addToCart(shopper.token, products[1]!._id);
}

export const screens: Screen[] = [
  {
    name: 'login',
    open: async ({ page }) => {
      await asGuest(page, '/login');
      await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
    },
  },
  {
    name: 'login-oops-dialog',
    open: async ({ page }) => {
      await asGuest(page, '/login');
      const form = page.getByRole('region', { name: 'Login Now' });
      await form.getByLabel('Email', { exact: true }).fill('nobody@example.com');
      await form.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Oops!' })).toBeVisible();
    },
  },
  {
    name: 'login-google-completion',
    tags: [doorTags.googleSignIn],
    open: async ({ page }) => {
      await installGoogleStandIn(page, testCredential({ email: 'mona@example.com', given_name: 'Mona' }));
      await asGuest(page, '/login');
      await page.getByRole('button', { name: STAND_IN_BUTTON }).click();
      await expect(page.getByRole('heading', { name: 'Login By Google Account' })).toBeVisible();
    },
  },
  {
    name: 'register',
    open: async ({ page }) => {
      await asGuest(page, '/register');
      await expect(page.getByRole('heading', { name: 'Register Now' })).toBeVisible();
    },
  },
  {
    name: 'register-errors',
    open: async ({ page }) => {
      await asGuest(page, '/register');
      await page.getByLabel('Your Name').fill('Al');
      await page.getByLabel('Your Email').fill('not-an-email');
      await page.getByLabel('Your Password').fill('123');
      await page.getByLabel('rePassword').fill('1234');
      await page.getByLabel('Phone').fill('0123');
      await page.getByLabel('Your Name').focus();
      await expect(page.getByText('Phone must be Egptian Number')).toBeVisible();
    },
  },
  {
    name: 'register-google-completion',
    tags: [doorTags.googleSignIn],
    open: async ({ page }) => {
      await installGoogleStandIn(page, testCredential({ email: 'yasmin@example.com', given_name: 'Yasmin' }));
      await asGuest(page, '/register');
      await page.getByRole('button', { name: STAND_IN_BUTTON }).click();
      await expect(page.getByRole('heading', { name: 'Login By Google Account' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    open: async ({ page }) => {
      await asGuest(page, '/forgotpass');
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password-code',
    tags: [doorTags.sendsMail],
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      await asGuest(ctx.page, '/forgotpass');
      await ctx.page.getByLabel('Your email').fill(shopper.email);
      await ctx.page.getByRole('button', { name: 'Confirm' }).click();
      await expect(ctx.page.getByRole('heading', { name: 'Enter Your verify Code' })).toBeVisible();
    },
  },
  {
    name: 'change-password',
    open: async ({ page }) => {
      await asGuest(page, '/changePass');
      await expect(page.getByLabel('New Password')).toBeVisible();
    },
  },
  {
    name: 'not-found',
    open: async ({ page }) => {
      await asGuest(page, '/no/such/page');
      await expect(page.getByRole('img', { name: /does not exist/ })).toBeVisible();
    },
  },
  {
    name: 'home',
    open: async (ctx) => {
      await asShopper(ctx, '/home');
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    // A home page preview link from the back office, opened by a guest (marketing): the draft, and a note saying so.
    name: 'home-preview',
    tags: [doorTags.staff],
    open: async (ctx) => {
      const link = await ctx.page.request.post('/api/v1/home/preview', {
        headers: { token: await ctx.api.staffToken(e2eAdmin) },
        data: {},
      });
      const { data } = (await link.json()) as { data: { token: string } };
      await asGuest(ctx.page, `/preview?token=${data.token}`);
      await expect(ctx.page.getByRole('status').filter({ hasText: /^Preview: / })).toBeVisible();
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'phone-menu-open',
    widths: [375],
    open: async (ctx) => {
      await asShopper(ctx, '/home');
      await ctx.page.getByRole('button', { name: 'Open menu' }).click();
      await expect(ctx.page.getByRole('button', { name: 'Logout' })).toBeVisible();
    },
  },
  {
    name: 'products',
    open: async (ctx) => {
      await asShopper(ctx, '/products');
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'categories',
    open: async (ctx) => {
      await asShopper(ctx, '/categories');
      await expect(ctx.page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'brands',
    open: async (ctx) => {
      await asShopper(ctx, '/brands');
      await expect(ctx.page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'product-details',
    open: async (ctx) => {
      const { productId } = await ids(ctx.api);
      await asShopper(ctx, `/productDetails/${productId}`);
      await expect(ctx.page.getByRole('button', { name: '+ Add to Cart' })).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'product-details-viewer',
    open: async (ctx) => {
      const { productId } = await ids(ctx.api);
      await asShopper(ctx, `/productDetails/${productId}`);
      await ctx.page.getByRole('button', { name: /^Open image 1 of \d+ full screen$/ }).click();
      await expect(ctx.page.getByRole('dialog')).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'product-details-error',
    open: async (ctx) => {
      await asShopper(ctx, '/productDetails/000000000000000000000000');
      await expect(ctx.page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
      await expect(ctx.page.getByRole('link', { name: 'See all products' })).toBeVisible();
    },
  },
  {
    // A category and a brand that do not exist (an id that cannot be one): said, with the way back (issue 31).
    name: 'category-products-missing',
    open: async (ctx) => {
      await asShopper(ctx, '/productwithCategory/nonsense');
      await expect(ctx.page.getByText('This category does not exist.')).toBeVisible();
    },
  },
  {
    name: 'brand-products-missing',
    open: async (ctx) => {
      await asShopper(ctx, '/productsWithBrand/nonsense');
      await expect(ctx.page.getByText('This brand does not exist.')).toBeVisible();
    },
  },
  {
    name: 'brand-products',
    open: async (ctx) => {
      const { brandId } = await ids(ctx.api);
      await asShopper(ctx, `/productsWithBrand/${brandId}`);
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'brand-products-empty',
    open: async (ctx) => {
      const { emptyBrandId } = await ids(ctx.api);
      await asShopper(ctx, `/productsWithBrand/${emptyBrandId}`);
      await expect(ctx.page.getByRole('heading', { name: 'No items available' })).toBeVisible();
    },
  },
  {
    name: 'category-products',
    open: async (ctx) => {
      const { categoryId } = await ids(ctx.api);
      await asShopper(ctx, `/productwithCategory/${categoryId}`);
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'category-products-failed',
    open: async (ctx) => {
      await ctx.page.route('**/api/v1/products?category=*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusMsg":"error","message":"down"}',
        }),
      );
      await asShopper(ctx, '/productwithCategory/ffffffffffffffffffffffff');
      await expect(ctx.page.getByText('No products provided with this Brand')).toBeVisible();
    },
  },
  {
    name: 'cart',
    open: async (ctx) => {
      await cartWithTwoLines(ctx);
      await asShopper(ctx, '/cart');
      await expect(ctx.page.getByRole('button', { name: 'Remove Cart Item' })).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'cart-empty',
    open: async (ctx) => {
      await asShopper(ctx, '/cart');
      await expect(ctx.page.getByText('No Product In Your Cart')).toBeVisible();
    },
  },
  {
    name: 'order',
    open: async (ctx) => {
      await cartWithTwoLines(ctx);
      await asShopper(ctx, '/order');
      await expect(ctx.page.getByLabel('Your details')).toBeVisible();
    },
  },
  {
    name: 'orders',
    // Staff ship one of the shopper's orders.
    tags: [doorTags.staff],
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      if ((await ctx.api.orders(shopper.token, shopper.userId)).length === 0) {
        // One order staff shipped with a tracking number, and one still placed (the shopper may cancel it).
        const address = { details: '12 Nile Street', city: 'Cairo', phone: egyptianPhone() };
        await cartWithTwoLines(ctx);
        const shipped = await ctx.api.cashOrder(shopper.token, address);
        const token = await ctx.api.staffToken(e2eOrderDesk);
        const ship = await ctx.api.staffCall('PUT', `/orders/${shipped._id}/ship`, token, {
          carrier: 'Aramex',
          trackingReference: 'AX-7781-EG',
        });
        expect(ship.status()).toBe(200);
        await cartWithTwoLines(ctx);
        await ctx.api.cashOrder(shopper.token, address);
      }
      await asShopper(ctx, '/allorders');
      await expect(ctx.page.getByRole('heading', { name: /^Order FC-/ }).first()).toBeVisible();
      // The shipped order's progress, opened.
      await ctx.page.locator('details').last().locator('summary').click();
      await settled(ctx.page);
    },
  },
  {
    name: 'orders-empty',
    open: async (ctx) => {
      await asShopper(ctx, '/allorders');
      await expect(ctx.page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
      await expect(ctx.page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    },
  },
  {
    name: 'order-confirmation',
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      await cartWithTwoLines(ctx);
      const placed = await ctx.api.cashOrder(shopper.token, {
        details: '12 Nile Street',
        city: 'Cairo',
        phone: egyptianPhone(),
      });
      await asShopper(ctx, `/allorders?placed=${placed._id}`);
      await expect(
        ctx.page.getByRole('heading', { name: /^Thank you, order #FC-\d+ is placed$/ }),
      ).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'order-saved-addresses',
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      await cartWithTwoLines(ctx);
      await ctx.api.saveAddress(shopper.token, {
        name: 'Home',
        details: '7 Tahrir Square',
        city: 'Giza',
        phone: egyptianPhone(),
      });
      await asShopper(ctx, '/order');
      await expect(ctx.page.getByRole('group', { name: 'Saved addresses' })).toBeVisible();
      await ctx.page.getByRole('radio', { name: 'A new address' }).check();
      await ctx.page.getByLabel('Save this address for next time').check();
      await expect(ctx.page.getByLabel('Address name')).toBeVisible();
    },
  },
  {
    name: 'order-default-address',
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      await cartWithTwoLines(ctx);
      for (const [name, details] of [
        ['Home', '7 Tahrir Square'],
        ['Work', '12 Tahrir St, flat 4'],
      ] as const) {
        await ctx.api.saveAddress(shopper.token, { name, details, city: 'Giza', phone: egyptianPhone() });
      }
      await asShopper(ctx, '/order');
      const saved = ctx.page.getByRole('group', { name: 'Saved addresses' });
      await saved.getByRole('radio', { name: /^Home: / }).check();
      await saved.getByRole('button', { name: 'Make Home my default address' }).click();
      await expect(saved.getByRole('radio', { name: /^Home \(default\): / })).toBeChecked();
      await saved.getByRole('radio', { name: /^Work: / }).check();
      await expect(saved.getByRole('button', { name: 'Make Work my default address' })).toBeVisible();
    },
  },
  {
    name: 'cart-clear-confirm',
    open: async (ctx) => {
      await cartWithTwoLines(ctx);
      await asShopper(ctx, '/cart');
      await ctx.page.getByRole('button', { name: 'Remove Cart Item' }).click();
      await expect(ctx.page.getByRole('alertdialog', { name: 'Empty your cart?' })).toBeVisible();
    },
  },
  {
    name: 'cart-load-failed',
    open: async (ctx) => {
      await ctx.page.route('**/api/v1/cart', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusMsg":"error","message":"down"}',
        }),
      );
      await asShopper(ctx, '/cart');
      await expect(ctx.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
  },
  {
    name: 'products-filter-drawer',
    widths: [375],
    open: async (ctx) => {
      await asShopper(ctx, '/products');
      await expect(ctx.page.locator('article').first()).toBeVisible();
      await ctx.page.getByRole('button', { name: 'Filters', exact: true }).click();
      await expect(ctx.page.getByRole('heading', { name: 'Filter Products' })).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    // A link with prices the filter cannot use as typed: each field says what it made of them (issue 31).
    name: 'products-price-notes',
    open: async (ctx) => {
      await asShopper(ctx, '/products?from=abc&to=12.5');
      await expect(ctx.page.locator('article').first()).toBeVisible();
      const toggle = ctx.page.getByRole('button', { name: /^Filters/ });
      if (await toggle.isVisible()) await toggle.click();
      await expect(ctx.page.getByText(/^Not a number, so prices are not filtered/)).toBeVisible();
      await expect(ctx.page.getByText('Read as 12 EGP: whole pounds only.')).toBeVisible();
      await settled(ctx.page);
    },
  },
  {
    name: 'login-session-ended',
    open: async ({ page }) => {
      await page.evaluate(() => sessionStorage.setItem('freshcart-session-ended', '1'));
      await asGuest(page, '/login');
      await expect(page.getByText(/^Your session has ended/)).toBeVisible();
    },
  },
  {
    name: 'payment-page',
    open: async (ctx) => {
      const shopper = await ctx.shopper();
      await cartWithTwoLines(ctx);
      const url = await ctx.api.checkoutSessionUrl(
        shopper.token,
        `${new URL(ctx.page.url()).origin}${BASE_PATH}#`,
      );
      await ctx.page.goto(url);
      await expect(ctx.page.getByRole('button', { name: /^Pay/ })).toBeVisible();
    },
  },
];
