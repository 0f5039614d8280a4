// The end of every run's output: the journeys skipped and why (a tagged journey the shop cannot serve, e2e/support/
// target.ts), then where the HTML report is and how to open it (traces, screenshots and videos of failures are in it).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';

export default class SummaryReporter implements Reporter {
  private readonly skipped = new Map<string, string[]>();

  constructor(private readonly options: { outputFolder: string }) {}

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason =
      [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description ??
      'no reason given';
    const titles = this.skipped.get(reason) ?? [];
    titles.push(`${path.basename(test.location.file)} › ${test.title}`);
    this.skipped.set(reason, titles);
  }

  onEnd(_result: FullResult): void {
    const lines: string[] = [];
    for (const [reason, titles] of this.skipped) {
      lines.push(`\n  Skipped ${titles.length}: ${reason}`);
      for (const title of titles) lines.push(`    - ${title}`);
    }
    if (lines.length) console.log(`\nJourneys skipped on this shop:${lines.join('\n')}`);
    const folder = path.relative(process.cwd(), this.options.outputFolder) || this.options.outputFolder;
    console.log(
      `\nHTML report (traces, screenshots and videos of failures): ${path.join(folder, 'index.html')}\n` +
        `  open it with: npx playwright show-report ${folder}`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
