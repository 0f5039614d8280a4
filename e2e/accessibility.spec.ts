// axe on every screen, in both themes, at 375 px and 1280 px: zero WCAG 2.2 A/AA violations.
import { expectNoAxeViolations } from './support/axe';
import { applyCombo, combosOf, prepareScreen, screenContext } from './support/combos';
import { expect, test } from './support/fixtures';
import { screens } from './support/screens';

for (const screen of screens) {
  test(`axe: ${screen.name}`, async ({ page, api }) => {
    test.setTimeout(180_000);
    const combos = combosOf(screen);
    await prepareScreen(page, combos[0]!.width);
    await screen.open(screenContext(page, api));
    const failures: string[] = [];
    for (const { theme, width } of combos) {
      await applyCombo(page, theme, width);
      try {
        await expectNoAxeViolations(page, `${screen.name} (${theme}, ${width} px)`);
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}
