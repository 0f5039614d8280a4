// Screenshots are for people to look at (screenshots/, git-ignored): every local run writes them. CI, where nobody
// looks, skips them unless SCREENSHOTS=1, which saves about a minute of encoding full pages.
import type { Page } from '@playwright/test';

export const screenshotsWanted = !process.env.CI || process.env.SCREENSHOTS === '1';

export async function screenshot(
  page: Page,
  options: { path: string; fullPage?: boolean; quality?: number },
): Promise<void> {
  if (screenshotsWanted) await page.screenshot({ fullPage: true, ...options });
}
