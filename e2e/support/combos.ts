import type { Page } from '@playwright/test';
import { noFiniteAnimationRunning } from './app';
import type { Api, Shopper } from './api';
import type { Screen, ScreenContext } from './screens';

export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

function heightFor(width: number): number {
  return width < 600 ? 812 : 900;
}

/** A fresh same-origin document in the first theme and width, ready for the screen to open. */
export async function prepareScreen(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: heightFor(width) });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto('/api/v1/health');
  await page.evaluate(() => localStorage.setItem('dark', 'false'));
}

/**
 * Switches the open screen to a theme and a width without reloading it, so dialogs and other states
 * stay as they are: the storefront's theme as its toggle sets it (class 'dark' on <html>, local
 * storage 'dark'), and the colour-scheme preference the server-rendered payment page follows.
 */
export async function applyCombo(page: Page, theme: Theme, width: number): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    localStorage.setItem('dark', JSON.stringify(dark));
    // The payment page applies the stored choice as data-theme when it loads; do what it would do now.
    if (document.documentElement.hasAttribute('data-theme')) {
      document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
    }
  }, theme === 'dark');
  await page.setViewportSize({ width, height: heightFor(width) });
  // Colours mid-transition would mislead axe.
  await page.waitForFunction(noFiniteAnimationRunning);
}

export function screenContext(page: Page, api: Api): ScreenContext {
  let shopper: Promise<Shopper> | null = null;
  return { page, api, shopper: () => (shopper ??= api.createShopper()) };
}

export function combosOf(screen: Screen): { theme: Theme; width: number }[] {
  const widths = screen.widths ?? [...WIDTHS];
  return THEMES.flatMap((theme) => widths.map((width) => ({ theme, width })));
}
