import { appendFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Names every test that passed only on its retry (Playwright's "flaky" outcome), prominently at
 * the end of the run: CI keeps one retry so a flaky test does not stop a merge, but each such test
 * is a defect to fix, not to retry. With FLAKY_REPORT set, the names are also appended to that
 * file, which .ci/run prints again in its summary.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky = new Map<string, TestCase>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    // called once per attempt; the outcome is final once the last attempt has ended
    if (test.outcome() === 'flaky') this.flaky.set(test.id, test);
    else this.flaky.delete(test.id);
  }

  onEnd(_result: FullResult): void {
    const lines = [...this.flaky.values()].map((test) => {
      const [, project, ...titles] = test.titlePath();
      const file = `${test.location.file.split(/[\\/]tests[\\/]/).at(-1)}:${test.location.line}`;
      return `  [${project}] ${file} › ${titles.slice(1).join(' › ')}`;
    });
    if (lines.length === 0) {
      console.log('\nNo test passed only on retry.');
      return;
    }
    const banner = '!'.repeat(78);
    console.log(
      [
        '',
        banner,
        `!! ${lines.length} test(s) PASSED ONLY ON RETRY: each is a defect to fix, not to retry`,
        banner,
        ...lines,
        banner,
      ].join('\n'),
    );
    const file = process.env.FLAKY_REPORT;
    if (file) appendFileSync(file, `${lines.join('\n')}\n`);
  }
}
