// Screenshots of every screen at 375 px and 1280 px in both themes, into screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { combosOf, prepareCombo, screenContext } from './support/combos';
import { test } from './support/fixtures';
import { screens } from './support/screens';

const folder = 'screenshots';
mkdirSync(folder, { recursive: true });

for (const screen of screens) {
  test(`screenshot: ${screen.name}`, async ({ page, api }) => {
    const ctx = screenContext(page, api);
    for (const { theme, width } of combosOf(screen)) {
      await prepareCombo(page, theme, width);
      await screen.open(ctx);
      await page.screenshot({
        path: `${folder}/${screen.name}-${width}-${theme}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  });
}
