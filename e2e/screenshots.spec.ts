// Screenshots of every screen at 375 px and 1280 px in both themes, into screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { applyCombo, combosOf, prepareScreen, screenContext } from './support/combos';
import { test } from './support/fixtures';
import { screens } from './support/screens';

const folder = 'screenshots';
mkdirSync(folder, { recursive: true });

for (const screen of screens) {
  test(`screenshot: ${screen.name}`, async ({ page, api }) => {
    test.setTimeout(180_000);
    const combos = combosOf(screen);
    await prepareScreen(page, combos[0]!.width);
    await screen.open(screenContext(page, api));
    for (const { theme, width } of combos) {
      await applyCombo(page, theme, width);
      await page.screenshot({ path: `${folder}/${screen.name}-${width}-${theme}.png`, fullPage: true });
    }
  });
}
