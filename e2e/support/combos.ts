import type { Page } from '@playwright/test';
import type { Api, Shopper } from './api';
import type { Screen, ScreenContext } from './screens';

export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Puts the page in one theme at one width with a fresh document: local storage 'dark' for the
 * storefront, the colour-scheme preference for server-rendered pages (the payment page).
 */
export async function prepareCombo(page: Page, theme: Theme, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  // A same-origin document that is not the storefront, so the next open is a full load.
  await page.goto('/api/v1/health');
  await page.evaluate((dark) => localStorage.setItem('dark', JSON.stringify(dark)), theme === 'dark');
}

export function screenContext(page: Page, api: Api): ScreenContext {
  let shopper: Promise<Shopper> | null = null;
  return { page, api, shopper: () => (shopper ??= api.createShopper()) };
}

export function combosOf(screen: Screen): { theme: Theme; width: number }[] {
  const widths = screen.widths ?? [...WIDTHS];
  return THEMES.flatMap((theme) => widths.map((width) => ({ theme, width })));
}
