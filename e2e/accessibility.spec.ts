// axe on every screen, in both themes, at 375 px and 1280 px: zero WCAG 2.2 A/AA violations.
import { expectNoAxeViolations } from './support/axe';
import { combosOf, prepareCombo, screenContext } from './support/combos';
import { expect, test } from './support/fixtures';
import { screens } from './support/screens';

for (const screen of screens) {
  test(`axe: ${screen.name}`, async ({ page, api }) => {
    const ctx = screenContext(page, api);
    const failures: string[] = [];
    for (const { theme, width } of combosOf(screen)) {
      await prepareCombo(page, theme, width);
      await screen.open(ctx);
      if (theme === 'dark' && page.url().includes('/ecommerceweb/')) {
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      }
      try {
        await expectNoAxeViolations(page, `${screen.name} (${theme}, ${width} px)`);
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}
