// The spec's timed messages (sections 8 and 9) on every path, not only on a fresh load: each message is
// measured on a fresh load, after guard redirects, after three other screens and after an earlier toast,
// on Playwright's clock (the page's timers move only when the test runs the clock, so a loaded machine
// cannot move a measured time). Every cell starts in a new document; one shopper per journey.
import type { Page } from '@playwright/test';
import type { Product } from '@/lib/contract/catalogue';
import { egyptianPhone, uniqueEmail, type Api, type Shopper } from './support/api';
import { BASE_PATH, expectRoute, logInWithToken, waitForHydration } from './support/app';
import { cardOf } from './support/cards';
import { expect, test } from './support/fixtures';
import {
  bodiesRead,
  bodiesSoFar,
  expectOnTime,
  installRecorder,
  measure,
  pauseClock,
  showAndLetGo,
  type CellResult,
  type TimedMessage,
} from './support/toast-timing';

const added: TimedMessage = {
  name: 'add to cart',
  text: 'it is Added to cart',
  delay: 3000,
  onScreen: 2000,
  position: 'top-right',
};
const countUpdated: TimedMessage = {
  name: 'count updated',
  text: 'count is Updated',
  delay: 3000,
  onScreen: 2000,
  position: 'top-right',
};
const itemRemoved: TimedMessage = {
  name: 'item removed',
  text: 'Cart item is deleted Sucessfuly',
  delay: 0,
  onScreen: 1000,
  position: 'top-right',
};
const cartCleared: TimedMessage = {
  name: 'cart cleared',
  text: 'Cart Shopping is deleted Sucessfuly',
  delay: 0,
  onScreen: 1000,
  position: 'top-right',
};
const welcomeBack: TimedMessage = {
  name: 'welcome back',
  text: 'welcome back',
  delay: 0,
  onScreen: 2000,
  position: 'top-center',
};
const passwordUpdated: TimedMessage = {
  name: 'password updated',
  text: 'Success to update Password',
  delay: 2000,
  onScreen: 2000,
  position: 'top-center',
  redirect: { to: '/login', after: 2000 },
};
// The spec leaves the plain registration toast's text open (README: our text, 3000 ms, top-center); the
// redirect after 3000 ms is the spec's. /home's guard sends the token-less shopper on to /login at once.
const registered: TimedMessage = {
  name: 'register redirect',
  text: 'Your account is ready. Please log in.',
  delay: 0,
  onScreen: 3000,
  position: 'top-center',
  redirect: { to: '/login', after: 3000 },
};

let documents = 0;

/** A new document at `route` (the query makes it a real load, not a hash change). */
async function openFresh(page: Page, route: string): Promise<void> {
  documents += 1;
  await page.goto(`${BASE_PATH}?load=${documents}#${route}`);
  await waitForHydration(page);
  await installRecorder(page);
}

/** A typed hash in the same document. */
async function typeRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, route);
}

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function screenShown(page: Page, route: string): Promise<void> {
  await expectRoute(page, route);
  await expect(page.locator('main h1').first()).toBeVisible();
}

async function homeReady(page: Page, product: Product): Promise<void> {
  await screenShown(page, '/home');
  await expect(addButton(page, product)).toBeVisible();
}

function addButton(page: Page, product: Product) {
  return cardOf(page, product._id).getByRole('button', { name: `Add to cart: ${product.title}` });
}

function lineOf(page: Page, product: Product) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
}

const paths = ['a fresh load', 'guard redirects', 'three other screens', 'an earlier toast'] as const;
type Path = (typeof paths)[number];

// ---- a signed-in shopper: Home and Cart ----

/** Presses 'Add to cart' on the product's card and waits until the app has the answer (POST, then the reload). */
async function addFromHome(page: Page, product: Product, since: number): Promise<void> {
  await addButton(page, product).click();
  await bodiesRead(page, '/api/v1/cart', 2, since);
  await expect(page.getByTestId('busy-overlay')).toHaveCount(0);
}

/** Brings the shopper to `target` along `path`. `other` is the product an earlier toast adds. */
async function shopperTo(page: Page, path: Path, target: '/home' | '/cart', other: Product): Promise<void> {
  const arrive = async () => {
    if (target === '/cart') {
      await nav(page).getByRole('link', { name: /^Cart/ }).click();
      await screenShown(page, '/cart');
    } else {
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await homeReady(page, other);
    }
  };
  switch (path) {
    case 'a fresh load':
      await openFresh(page, target);
      await (target === '/home' ? homeReady(page, other) : screenShown(page, '/cart'));
      return;
    case 'guard redirects':
      // Both guest-only screens send a token holder to /home.
      await openFresh(page, '/login');
      await homeReady(page, other);
      await typeRoute(page, '/register');
      await homeReady(page, other);
      if (target === '/cart') await arrive();
      return;
    case 'three other screens':
      await openFresh(page, '/categories');
      await screenShown(page, '/categories');
      for (const [label, route] of [
        ['Brands', '/brands'],
        ['Orders', '/allorders'],
      ] as const) {
        await nav(page).getByRole('link', { name: label, exact: true }).click();
        await screenShown(page, route);
      }
      await arrive();
      return;
    case 'an earlier toast':
      await openFresh(page, '/home');
      await homeReady(page, other);
      await showAndLetGo(page, added, (since) => addFromHome(page, other, since));
      if (target === '/cart') await arrive();
      return;
  }
}

interface Cell<Target> {
  message: TimedMessage;
  target: Target;
  act: (since: number) => Promise<void>;
}

/** The earlier toast of a chained cell has left the page (its exit animation runs in real time). */
async function gone(page: Page, message: TimedMessage): Promise<void> {
  await page.locator('.Toastify__toast').filter({ hasText: message.text }).waitFor({ state: 'detached' });
}

/*
 * Every cell starts in a new document and follows its path there, except on the earlier-toast path: there
 * the cells run one after another in one document, each after the toast of the one before has come and
 * gone (the first after a toast of its own), which is that path and costs no extra loads.
 */
async function shopperJourney(page: Page, api: Api, shopper: Shopper, path: Path): Promise<CellResult[]> {
  const [a, b] = (await api.catalogue()).filter((p) => p.quantity >= 5);
  const chained = path === 'an earlier toast';
  const cells: (Cell<'/home' | '/cart'> & { inCart: Product[] })[] = [
    { message: added, target: '/home', inCart: [], act: (since) => addFromHome(page, a!, since) },
    {
      message: countUpdated,
      target: '/cart',
      inCart: [a!],
      act: async (since) => {
        await lineOf(page, a!)
          .getByRole('button', { name: `Increase quantity of ${a!.title}` })
          .click();
        await bodiesRead(page, `/api/v1/cart/${a!._id}`, 1, since);
      },
    },
    {
      message: itemRemoved,
      target: '/cart',
      inCart: [a!],
      act: async (since) => {
        await lineOf(page, a!).getByRole('button', { name: 'Remove' }).click();
        await bodiesRead(page, `/api/v1/cart/${a!._id}`, 1, since);
      },
    },
    {
      message: cartCleared,
      target: '/cart',
      inCart: [a!],
      act: async (since) => {
        await page.getByRole('button', { name: 'Remove Cart Item' }).click();
        await page.getByRole('button', { name: 'Remove all items' }).click();
        await bodiesRead(page, '/api/v1/cart', 1, since);
        await expect(page.getByText('No Product In Your Cart')).toBeVisible();
      },
    },
  ];
  const results: CellResult[] = [];
  for (const [i, cell] of cells.entries()) {
    if (chained && i > 0) {
      await gone(page, cells[i - 1]!.message);
      if (cell.target === '/cart' && cells[i - 1]!.target !== '/cart') {
        await nav(page).getByRole('link', { name: /^Cart/ }).click();
        await screenShown(page, '/cart');
      }
    } else {
      await api.clearCart(shopper.token);
      for (const product of cell.inCart) await api.addToCart(shopper.token, product._id);
      await shopperTo(page, path, cell.target, b!);
    }
    if (cell.target === '/cart' && cell.message !== cartCleared) await expect(lineOf(page, a!)).toBeVisible();
    const result = await measure(page, path, cell.message, cell.act);
    expectOnTime(result, cell.message);
    results.push(result);
  }
  return results;
}

// ---- a visitor: Login, Register, Change password ----

async function logIn(page: Page, shopper: Shopper, since: number): Promise<void> {
  const form = page.getByRole('region', { name: 'Login Now' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await bodiesRead(page, '/api/v1/auth/signin', 1, since);
}

type GuestTarget = '/login' | '/register' | '/changePass';

async function visitorTo(page: Page, path: Path, target: GuestTarget, shopper: Shopper): Promise<void> {
  const arrive = async () => {
    if (target === '/register') await nav(page).getByRole('link', { name: 'Register', exact: true }).click();
    else if (target === '/login') await nav(page).getByRole('link', { name: 'Login', exact: true }).click();
    else await typeRoute(page, target);
    await screenShown(page, target);
  };
  switch (path) {
    case 'a fresh load':
      await openFresh(page, target);
      await screenShown(page, target);
      return;
    case 'guard redirects':
      // Two protected screens, each sending the visitor to /login.
      await openFresh(page, '/home');
      await screenShown(page, '/login');
      await typeRoute(page, '/cart');
      await screenShown(page, '/login');
      if (target !== '/login') await arrive();
      return;
    case 'three other screens': {
      const [first, ...rest] = (['/forgotpass', '/register', '/changePass', '/login'] as const).filter(
        (r) => r !== target,
      );
      await openFresh(page, first!);
      await screenShown(page, first!);
      for (const route of rest.slice(0, 2)) {
        await typeRoute(page, route);
        await screenShown(page, route);
      }
      await arrive();
      return;
    }
    case 'an earlier toast':
      await openFresh(page, '/login');
      await screenShown(page, '/login');
      await showAndLetGo(page, welcomeBack, (since) => logIn(page, shopper, since));
      await screenShown(page, '/home');
      await nav(page).getByRole('button', { name: 'Logout' }).click();
      await screenShown(page, '/login');
      if (target !== '/login') await arrive();
      return;
  }
}

async function visitorJourney(page: Page, api: Api, shopper: Shopper, path: Path): Promise<CellResult[]> {
  const chained = path === 'an earlier toast';
  const cells: Cell<GuestTarget>[] = [
    {
      message: welcomeBack,
      target: '/login',
      act: async (since) => {
        await logIn(page, shopper, since);
        // /home as the spec says; after the guard sent the visitor from /home and then /cart to /login, the
        // screen last asked for (issue 31, docs/differences.md).
        await expectRoute(page, path === 'guard redirects' ? '/cart' : '/home');
      },
    },
    {
      message: registered,
      target: '/register',
      act: async (since) => {
        const form = page.getByRole('region', { name: 'Register Now' });
        await form.getByLabel('Your Name').fill('Timed Shopper');
        await form.getByLabel('Your Email').fill(uniqueEmail('timed'));
        await form.getByLabel('Your Password').fill('secret123');
        await form.getByLabel('rePassword').fill('secret123');
        await form.getByLabel('Phone').fill(egyptianPhone());
        await form.getByRole('button', { name: 'Register', exact: true }).click();
        await bodiesRead(page, '/api/v1/auth/signup', 1, since);
        await expect(form.getByRole('button', { name: 'Register', exact: true })).toBeDisabled();
      },
    },
    {
      message: passwordUpdated,
      target: '/changePass',
      act: async (since) => {
        await page.getByLabel('Your Email').fill(shopper.email);
        await page.getByLabel('New Password').fill('brandnew456');
        await page.getByRole('button', { name: 'Save' }).click();
        await bodiesRead(page, '/api/v1/auth/resetPassword', 1, since);
      },
    },
  ];
  const results: CellResult[] = [];
  for (const [i, cell] of cells.entries()) {
    if (cell.message === passwordUpdated) await api.verifiedReset(shopper.email);
    if (chained && i > 0) {
      await gone(page, cells[i - 1]!.message);
      // After 'welcome back' the shopper is signed in: log out first.
      if (cells[i - 1]!.message === welcomeBack) {
        await nav(page).getByRole('button', { name: 'Logout' }).click();
        await screenShown(page, '/login');
      }
      if (cell.target === '/register')
        await nav(page).getByRole('link', { name: 'Register', exact: true }).click();
      else await typeRoute(page, cell.target);
      await screenShown(page, cell.target);
    } else {
      // A visitor: no token left from an earlier cell.
      if (page.url().startsWith('http')) await page.evaluate(() => localStorage.removeItem('tkn'));
      await visitorTo(page, path, cell.target, shopper);
    }
    const result = await measure(page, path, cell.message, cell.act);
    expectOnTime(result, cell.message);
    results.push(result);
  }
  expect((await api.signin(shopper.email, 'brandnew456')).status()).toBe(200);
  return results;
}

function report(results: CellResult[]) {
  test.info().annotations.push(
    ...results.map((r) => ({
      type: 'toast timing',
      description:
        `${r.message} after ${r.path}: appeared ${r.delay} ms, on screen ${r.onScreen} ms` +
        (r.redirect !== null ? `, redirect ${r.redirect} ms` : '') +
        (r.firstIn !== 'toast' ? `; text first in ${r.firstIn} at ${r.firstSeen} ms` : ''),
    })),
  );
}

for (const path of paths) {
  test(`toast timings after ${path}, signed in: add to cart, count updated, item removed, cart cleared`, async ({
    page,
    api,
    shopper,
  }) => {
    await page.clock.install();
    await logInWithToken(page, shopper.token);
    report(await shopperJourney(page, api, shopper, path));
  });

  test(
    `toast timings after ${path}, visitor: welcome back, register redirect, password updated`,
    { tag: '@dev-outbox' },
    async ({ page, api, shopper }) => {
      await page.clock.install();
      report(await visitorJourney(page, api, shopper, path));
    },
  );
}

// Headless Chromium never hides a page, so the page is told it is hidden the way Chromium tells it when the
// shopper switches tabs: visibilityState 'hidden' and a visibilitychange event (and the same for 'visible').
async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      value: isHidden ? 'hidden' : 'visible',
      configurable: true,
    });
    Object.defineProperty(document, 'hidden', { value: isHidden, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a toast that falls due while the tab is hidden appears when the tab is shown, for its full time', async ({
  page,
  api,
  shopper,
}) => {
  const [product] = (await api.catalogue()).filter((p) => p.quantity >= 5);
  await page.clock.install();
  await logInWithToken(page, shopper.token);
  await openFresh(page, '/home');
  await homeReady(page, product!);
  const toast = page.locator('.Toastify__toast').filter({ hasText: added.text });

  await pauseClock(page);
  await addFromHome(page, product!, await bodiesSoFar(page));
  // The shopper switches tabs a second later and comes back after ten.
  await page.clock.runFor(1000);
  await setPageHidden(page, true);
  await page.clock.runFor(10_000);
  await expect(toast).toHaveCount(0);
  await setPageHidden(page, false);
  await expect(toast).toHaveAttribute('data-in', 'true');
  // Its 2000 ms on screen start now, when it can be seen.
  await page.clock.runFor(added.onScreen - 50);
  await expect(toast).toHaveAttribute('data-in', 'true');
  // Hidden again while on screen: the time it has left waits for the shopper too.
  await setPageHidden(page, true);
  await page.clock.runFor(30_000);
  await setPageHidden(page, false);
  await expect(toast).toHaveAttribute('data-in', 'true');
  await page.clock.runFor(100);
  await expect(toast).toHaveAttribute('data-in', 'false');
});
