// Every screen and state of the accessibility pass (e2e/support/screens.ts), in Arabic, right to left:
// axe finds zero WCAG 2.2 A/AA violations in both themes at 375 px and 1280 px, the mirrored page never scrolls
// sideways, and a full-page screenshot of each is written to screenshots/ar-<screen>-<width>-<theme>.jpg to be
// looked at. Each screen is brought to its state as the English pass does it, then the shopper's language switch is
// pressed (the state stays: a dialog stays open, typed values stay), so one list of screens serves both languages.
// The hosted payment page, which is not the storefront, is opened in the language its address asks for (?lang=ar).
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { applyCombo, combosOf, prepareScreen, screenContext } from './support/combos';
import { test } from './support/fixtures';
import { screens } from './support/screens';
import { screenshot } from './support/screenshot';

const folder = 'screenshots';
mkdirSync(folder, { recursive: true });

/** Presses the navbar's language switch (also when a dialog covers it, or the phone menu hides it). */
async function switchToArabic(page: Page): Promise<void> {
  const arabicRead = page
    .waitForResponse(
      (r) => r.url().includes('/api/v1/') && r.request().headers()['accept-language'] === 'ar',
      {
        timeout: 5000,
      },
    )
    .catch(() => null); // a screen without catalogue data reads nothing again
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('header button[lang="ar"]');
    if (!button) throw new Error('no language switch to Arabic in the navbar');
    button.click();
  });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html[data-lang-pending]')).toHaveCount(0);
  await arabicRead;
  // Nothing is loading any more (names read again in Arabic, pictures in).
  await expect(page.getByRole('status').filter({ hasText: /^(جارٍ|Loading)/ })).toHaveCount(0);
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'),
  );
}

for (const screen of screens) {
  test(`axe and screenshots in Arabic: ${screen.name}`, { tag: screen.tags ?? [] }, async ({ page, api }) => {
    test.setTimeout(180_000);
    const combos = combosOf(screen);
    await prepareScreen(page, combos[0]!.width);
    await screen.open(screenContext(page, api));
    if (screen.name === 'payment-page') {
      const url = new URL(page.url());
      url.searchParams.set('lang', 'ar');
      await page.goto(url.href);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    } else {
      await switchToArabic(page);
    }
    const failures: string[] = [];
    for (const { theme, width } of combos) {
      await applyCombo(page, theme, width);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 0) failures.push(`${theme}, ${width} px: the page scrolls ${sideways} px sideways`);
      try {
        await expectNoAxeViolations(page, `${screen.name} in Arabic (${theme}, ${width} px)`);
      } catch (err) {
        failures.push((err as Error).message);
      }
      await screenshot(page, {
        path: `${folder}/ar-${screen.name}-${width}-${theme}.jpg`,
        fullPage: true,
        quality: 85,
      });
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}
