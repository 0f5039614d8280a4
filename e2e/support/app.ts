import { expect, type Page } from '@playwright/test';

export const BASE_PATH = '/ecommerceweb/';

/** Waits until React has hydrated the storefront: clicks before that are lost. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Opens a hash route of the storefront (e.g. '/cart') in a fresh document and waits for hydration. */
export async function openApp(page: Page, route = '/'): Promise<void> {
  await page.goto(`${BASE_PATH}#${route}`);
  await waitForHydration(page);
}

/** The route part of the URL (after '#'), e.g. '/home'. */
export function currentRoute(page: Page): string {
  const hash = new URL(page.url()).hash;
  return hash.replace(/^#/, '') || '/';
}

export async function expectRoute(page: Page, route: string | RegExp): Promise<void> {
  await expect
    .poll(() => currentRoute(page), { message: `the hash route to be ${route}` })
    .toMatch(
      typeof route === 'string' ? new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`) : route,
    );
}

/**
 * Logs the page in the way a returning shopper is: the token sits in local storage 'tkn' before the
 * app starts. Only on the first document of the tab, so a logout in the test is not undone on reload.
 */
export async function logInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((tkn) => {
    if (window.sessionStorage.getItem('e2e-token-seeded')) return;
    window.sessionStorage.setItem('e2e-token-seeded', '1');
    window.localStorage.setItem('tkn', tkn);
  }, token);
}

/** Sets the theme flag for the next document loads of this tab (spec: local storage 'dark', boolean). */
export async function presetTheme(page: Page, dark: boolean): Promise<void> {
  await page.addInitScript((isDark) => {
    if (window.sessionStorage.getItem('e2e-theme-seeded')) return;
    window.sessionStorage.setItem('e2e-theme-seeded', '1');
    window.localStorage.setItem('dark', JSON.stringify(isDark));
  }, dark);
}

export async function tokenInStorage(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('tkn'));
}

/** In the page: true when no finite animation or transition is running (spinners loop forever and do not count). */
export function noFiniteAnimationRunning(): boolean {
  return document
    .getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
}

/** In the page: true when every image that is at least partly on screen has loaded (or failed). */
function imagesOnScreenLoaded(): boolean {
  return [...document.images].every((img) => {
    const r = img.getBoundingClientRect();
    const onScreen = r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    return !onScreen || img.complete;
  });
}

/**
 * Waits until the page has come to rest: no request for half a second, the images on screen loaded, no
 * finite animation running, then two more frames and a task so the last change is painted and its effects
 * have run. For checks that something did NOT happen (a late redirect, a late layout shift), in place of a
 * fixed sleep.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(imagesOnScreenLoaded);
  await page.waitForFunction(noFiniteAnimationRunning);
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  );
}
