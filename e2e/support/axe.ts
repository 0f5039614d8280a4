import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no separate wcag22a tag: its 2.2 A rules carry wcag2a/wcag21a).
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now and fails with every violation, rule and element spelled out. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${n.failureSummary?.replace(/\n/g, ' ')}`,
      )
      .join('\n');
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n${nodes}`;
  });
  expect(report, `axe violations on ${screen}:\n${report.join('\n')}`).toEqual([]);
}
