import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has no separate wcag22a tag: its 2.2 A rules carry wcag2a/wcag21a).
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations for the page as it is now. A page without frames gets axe injected once and run in
 * place: AxeBuilder injects axe again on every call and finishes each run in a new blank page, which took
 * 2.3 s per run on the home screen against 0.6 s this way, and this suite runs axe 112 times. A page with
 * frames goes through AxeBuilder, which reaches into them.
 */
async function violations(page: Page): Promise<Result[]> {
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      ),
    WCAG_TAGS,
  );
  return results.violations;
}

/** Runs axe on the page as it is now and fails with every violation, rule and element spelled out. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const report = (await violations(page)).map((v) => {
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
