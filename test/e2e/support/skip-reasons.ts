// A reporter that prints why each skipped browser test was skipped (the list reporter shows only
// a dash), so a run without the Electron binary says so in its output.

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasons implements Reporter {
  private readonly skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const notes = [...result.annotations, ...test.annotations];
    const reason = notes.find((a) => a.type === 'skip' && a.description)?.description;
    this.skipped.push(`  skipped: ${test.title} (${reason ?? 'no reason given'})`);
  }

  onEnd(_result: FullResult): void {
    if (this.skipped.length > 0) console.log(['', ...this.skipped].join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
