// Every screen, in both themes, at 375 px and 1280 px: axe finds zero WCAG 2.2 A/AA violations, the page never
// scrolls sideways, and a full-page screenshot of each state is written to screenshots/ (git-ignored) to be looked
// at. One pass per screen does all three, so each screen is opened once.
import { mkdirSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { applyCombo, combosOf, prepareScreen, screenContext } from './support/combos';
import { expect, test } from './support/fixtures';
import { screens } from './support/screens';
import { screenshot } from './support/screenshot';

const folder = 'screenshots';
mkdirSync(folder, { recursive: true });

for (const screen of screens) {
  test(`axe and screenshots: ${screen.name}`, { tag: screen.tags ?? [] }, async ({ page, api }) => {
    test.setTimeout(180_000);
    const combos = combosOf(screen);
    await prepareScreen(page, combos[0]!.width);
    await screen.open(screenContext(page, api));
    const failures: string[] = [];
    for (const { theme, width } of combos) {
      await applyCombo(page, theme, width);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 0) failures.push(`${theme}, ${width} px: the page scrolls ${sideways} px sideways`);
      try {
        await expectNoAxeViolations(page, `${screen.name} (${theme}, ${width} px)`);
      } catch (err) {
        failures.push((err as Error).message);
      }
      // JPEG: a third faster to encode than PNG for a full page, and still sharp enough to read every text.
      await screenshot(page, {
        path: `${folder}/${screen.name}-${width}-${theme}.jpg`,
        fullPage: true,
        quality: 85,
      });
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}

test('the axe check itself fails on a page with violations', async ({ page }) => {
  await page.goto('/ecommerceweb/#/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const faint = document.createElement('p');
    faint.textContent = 'faint text';
    faint.style.cssText = 'color:#eee;background:#fff';
    document.querySelector('main')!.append(img, faint);
  });
  const failure = await expectNoAxeViolations(page, 'planted violations').then(
    () => null,
    (err: Error) => err.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');
});
