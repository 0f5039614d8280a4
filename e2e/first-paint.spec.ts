// The first screen before any of the storefront's code has run: the exported page is a real shell (navbar,
// footer, main), the head script applies the guards and picks the navbar before the first paint, and the
// first screen's reads are sent by that script, once.
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumFlags, findChromium } from './support/chromium';
import { expectRoute, logInWithToken, openApp, settle, waitForHydration } from './support/app';
import { holdRequests } from './support/cards';
import { expect, test } from './support/fixtures';

interface Frame {
  /** The hash when the page's very first frame was drawn (whatever it held). */
  firstHash: string;
  hash: string;
  /** The navbar's links and buttons a shopper can see. */
  nav: string[];
  /** The main area's visible text. */
  main: string;
}

/**
 * Records the first frame in which the page's body has been parsed (read in a requestAnimationFrame callback,
 * which runs just before that frame is painted), and whether the cart screen's heading ever entered the page.
 */
async function watchFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFrame: Frame | null; __cartDrawn: boolean };
    w.__firstFrame = null;
    w.__cartDrawn = false;
    new MutationObserver(() => {
      if (document.querySelector('h1')?.textContent === 'Shopping Cart') w.__cartDrawn = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
    const visibleText = (el: Element) => (el.checkVisibility() ? (el.textContent ?? '').trim() : '');
    let firstHash: string | null = null;
    const look = () => {
      firstHash ??= window.location.hash;
      const main = document.querySelector('main');
      if (!main || !document.querySelector('footer')) {
        requestAnimationFrame(look);
        return;
      }
      w.__firstFrame = {
        firstHash,
        hash: window.location.hash,
        nav: [...document.querySelectorAll('nav a, nav button')].map(visibleText).filter(Boolean),
        main: (main as HTMLElement).innerText,
      };
    };
    requestAnimationFrame(look);
  });
}

async function firstFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstFrame: Frame | null }).__firstFrame))
    .not.toBeNull();
  return (await page.evaluate(() => (window as unknown as { __firstFrame: Frame }).__firstFrame))!;
}

const shopperLinks = ['Home', 'Products', 'Categories', 'Brands', 'Cart', 'Orders', 'Logout'];

/** The navbar entries seen, with the cart badge (a count, or "…" while the cart loads) taken off its link. */
const entries = (frame: Frame) => frame.nav.map((text) => text.replace(/^Cart.*$/, 'Cart'));

test.describe('the exported page, with no script run', () => {
  // A browser with JavaScript turned off in its settings (as a shopper, a crawler or marketing's preview has it), so
  // its parser reads <noscript> as markup; Playwright's `javaScriptEnabled: false` only stops scripts from running.
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: findChromium(),
      args: [...chromiumFlags, '--blink-settings=scriptEnabled=false'],
    });
  });
  test.afterAll(async () => browser.close());

  test('holds the navbar, the footer, the main landmark and the home banner', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/ecommerceweb/')).text();
    for (const tag of ['<nav', '<main', '<footer']) expect(html).toContain(tag);

    const page = await browser.newPage({ baseURL });
    await page.goto('/ecommerceweb/#/home');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-first-screen'))).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'FreshCart' })).toBeVisible();
    // No script has read 'tkn': the guest's links show.
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(page.getByRole('main').getByText('FreshCart needs JavaScript')).toBeVisible();
    await expect(page.getByRole('main').getByText('Loading...')).toBeHidden();
    // Marketing's look at the shell: the home banner (the slides our server writes in), without the controls and
    // placeholders that only code brings to life.
    const banner = page.getByRole('region', { name: 'New in the shop' });
    await expect(banner.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(banner.getByRole('link', { name: /Shop now/ }).first()).toBeVisible();
    await expect(banner.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Shop Product' })).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Share App Link' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('heading', { name: 'Payment Partners' }),
    ).toBeVisible();
  });
});

test('a guest opening #/cart never has the cart screen painted: the first paint is the login screen', async ({
  page,
}) => {
  const cartReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/cart') cartReads.push(r.method());
  });
  await watchFirstFrame(page);
  await page.goto('/ecommerceweb/#/cart');
  const frame = await firstFrame(page);
  expect(frame.firstHash).toBe('#/login');
  expect(frame.hash).toBe('#/login');
  expect(entries(frame)).toEqual(expect.arrayContaining(['FreshCart', 'Login', 'Register']));
  for (const link of shopperLinks) expect(entries(frame)).not.toContain(link);
  expect(frame.main).toContain('Loading...');

  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
  await expectRoute(page, '/login');
  await settle(page);
  expect(await page.evaluate(() => (window as unknown as { __cartDrawn: boolean }).__cartDrawn)).toBe(false);
  expect(cartReads).toEqual([]);
});

test("a signed-in shopper's first paint shows the signed-in navbar and Home's banner", async ({
  page,
  shopper,
}) => {
  await logInWithToken(page, shopper.token);
  await watchFirstFrame(page);
  await page.goto('/ecommerceweb/#/login');
  const frame = await firstFrame(page);
  expect(frame.firstHash).toBe('#/home');
  expect(frame.hash).toBe('#/home');
  expect(entries(frame)).toEqual(expect.arrayContaining(['FreshCart', ...shopperLinks]));
  expect(entries(frame)).not.toContain('Login');
  expect(entries(frame)).not.toContain('Register');
  expect(frame.main).toContain('New arrivals');
  expect(frame.main).toContain('Shop now');

  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Shop Product' }).locator('article').first()).toBeVisible();
});

test.describe("the first screen's reads, sent by the head script while the code is held, are not sent twice", () => {
  /** Counts every API read by path and query. */
  function countReads(page: Page): Map<string, number> {
    const counts = new Map<string, number>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() !== 'GET' || !url.pathname.startsWith('/api/v1/')) return;
      const key = `${url.pathname.slice('/api/v1'.length)}${url.search}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
    return counts;
  }

  /** Holds every script file of the storefront: whatever the API hears meanwhile, the head script sent. */
  async function holdCode(page: Page) {
    return holdRequests(page, /\/_next\/static\/chunks\/.*\.js$/, 'GET');
  }

  test('Home: the first products page, the categories and the cart', async ({ page, shopper }) => {
    await logInWithToken(page, shopper.token);
    const counts = countReads(page);
    const code = await holdCode(page);
    // Until the held scripts run, the page never fires "load".
    await page.goto('/ecommerceweb/#/home', { waitUntil: 'domcontentloaded' });
    const early = ['/products?page=1&limit=24', '/categories', '/cart'];
    await expect.poll(() => early.map((path) => counts.get(path) ?? 0)).toEqual([1, 1, 1]);
    code.release();
    await waitForHydration(page);
    const shop = page.getByRole('region', { name: 'Shop Product' });
    await expect(shop.locator('article')).toHaveCount(24);
    await expect(
      page.getByRole('region', { name: 'Shop Popular Categories' }).getByRole('link').first(),
    ).toBeVisible();
    await settle(page);
    expect(early.map((path) => counts.get(path))).toEqual([1, 1, 1]);
  });

  test('product details: the product', async ({ page, shopper, api }) => {
    const [product] = await api.products();
    await logInWithToken(page, shopper.token);
    const counts = countReads(page);
    const code = await holdCode(page);
    await page.goto(`/ecommerceweb/#/productDetails/${product!._id}`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => counts.get(`/products/${product!._id}`) ?? 0).toBe(1);
    code.release();
    await expect(page.getByRole('heading', { name: product!.title, level: 1 })).toBeVisible();
    await settle(page);
    expect(counts.get(`/products/${product!._id}`)).toBe(1);
    expect(counts.get('/cart')).toBe(1);
  });

  test('cart: the cart, with the token', async ({ page, shopper, api }) => {
    const [product] = (await api.catalogue()).filter((p) => p.quantity > 0);
    await api.addToCart(shopper.token, product!._id);
    await logInWithToken(page, shopper.token);
    const cartTokens: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/v1/cart')
        cartTokens.push(r.headers().token);
    });
    const code = await holdCode(page);
    await page.goto('/ecommerceweb/#/cart', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => cartTokens.length).toBe(1);
    code.release();
    await expect(page.getByRole('heading', { name: product!.title })).toBeVisible();
    await settle(page);
    expect(cartTokens).toEqual([shopper.token]);
  });
});

test('a token that has expired: the early cart read answers 401 and the shopper lands on the login screen', async ({
  page,
}) => {
  await logInWithToken(page, 'not-a-valid-token');
  await openApp(page, '/cart');
  await expectRoute(page, '/login');
  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tkn'))).toBeNull();
});
