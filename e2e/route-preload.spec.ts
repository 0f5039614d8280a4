// The page starts the current route's screen code with its HTML (scripts/route-preloads.ts, issue 30 item 1), rather
// than once the framework and the app shell have run: the screen's chunk is asked for while the framework's scripts
// are still held, once, and the screen's import later takes that answer. The guards still apply: a guest opening a
// protected route starts the Login screen's code, never the protected screen's.
import type { Browser, Locator, Page, Response } from '@playwright/test';
import { expectRoute, logInWithToken, openApp, settle } from './support/app';
import { holdRequests } from './support/cards';
import { expect, test } from './support/fixtures';

const codeFile = /\/_next\/static\/chunks\/[^/]+\.(?:js|css)$/;
const isCode = (url: string) => codeFile.test(new URL(url).pathname);

/** How often each script and style file of the storefront is asked for, by URL. */
function countCode(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (r) => {
    if (isCode(r.url())) counts.set(r.url(), (counts.get(r.url()) ?? 0) + 1);
  });
  return counts;
}

/** What the console says of preloads (a preload whose later request does not match it, one not used). */
function preloadWarnings(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) said.push(`${m.type()}: ${m.text()}`);
  });
  return said;
}

/**
 * The URL of the chunk that holds `screen`'s module (Turbopack lists a module's exports by name in its chunk:
 * `e.s(["ProductsScreen",0,…`), as a page opened at `route` in a context of its own fetches it.
 */
async function screenChunk(
  browser: Browser,
  {
    route,
    screen,
    token,
    shown,
  }: { route: string; screen: string; token?: string; shown: (page: Page) => Locator },
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (token) await logInWithToken(page, token);
    const scripts: Response[] = [];
    page.on('response', (r) => {
      if (isCode(r.url()) && r.url().endsWith('.js')) scripts.push(r);
    });
    await openApp(page, route);
    await expect(shown(page)).toBeVisible();
    await settle(page);
    const holding = new Set<string>();
    for (const r of scripts) if ((await r.text()).includes(`"${screen}"`)) holding.add(r.url());
    expect(holding.size, `the chunks that hold ${screen}: ${[...holding].join(', ')}`).toBe(1);
    return [...holding][0]!;
  } finally {
    await context.close();
  }
}

const firstCard = (page: Page) => page.getByRole('article').first();
const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Login Now' });

test("opening #/products, the product list's chunk is asked for before the framework runs, once", async ({
  browser,
  page,
  shopper,
}) => {
  const productList = await screenChunk(browser, {
    route: '/products',
    screen: 'ProductsScreen',
    token: shopper.token,
    shown: firstCard,
  });

  await logInWithToken(page, shopper.token);
  const counts = countCode(page);
  const warnings = preloadWarnings(page);
  // Every script of the storefront held: what is asked for meanwhile, the page's HTML asked for.
  const code = await holdRequests(page, /\/_next\/static\/chunks\/.*\.js$/, 'GET');
  await page.goto('/ecommerceweb/#/products', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => counts.get(productList) ?? 0).toBe(1);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  code.release();
  await expect(firstCard(page)).toBeVisible();
  await settle(page);
  // The screen's import took the early answer: neither its chunk nor any other file was asked for again.
  expect(counts.get(productList)).toBe(1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(warnings).toEqual([]);
});

test("a guest opening #/products starts the Login screen's code, never the product list's", async ({
  browser,
  page,
  shopper,
}) => {
  const productList = await screenChunk(browser, {
    route: '/products',
    screen: 'ProductsScreen',
    token: shopper.token,
    shown: firstCard,
  });
  const login = await screenChunk(browser, { route: '/login', screen: 'LoginScreen', shown: loginHeading });

  const counts = countCode(page);
  const warnings = preloadWarnings(page);
  const code = await holdRequests(page, /\/_next\/static\/chunks\/.*\.js$/, 'GET');
  await page.goto('/ecommerceweb/#/products', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => counts.get(login) ?? 0).toBe(1);

  code.release();
  await expect(loginHeading(page)).toBeVisible();
  await expectRoute(page, '/login');
  await settle(page);
  expect(counts.get(login)).toBe(1);
  expect(counts.has(productList)).toBe(false);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(warnings).toEqual([]);
});
