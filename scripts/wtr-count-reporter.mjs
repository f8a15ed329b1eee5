/**
 * A web-test-runner reporter that counts passed and failed tests across all
 * sessions and writes `{passed, failed}` to the file named by
 * OZ_WTR_COUNT_FILE, so `npm test` can print one bare `N passed, N failed`.
 */
import { writeFileSync } from 'node:fs';

function count(suite, acc) {
  if (!suite) return acc;
  for (const t of suite.tests ?? []) {
    if (t.skipped) acc.skipped++;
    else if (t.passed) acc.passed++;
    else acc.failed++;
  }
  for (const s of suite.suites ?? []) count(s, acc);
  return acc;
}

export function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        count(session.testResults, acc);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) acc.failed++;
      }
      const file = process.env.OZ_WTR_COUNT_FILE;
      if (file) writeFileSync(file, JSON.stringify(acc));
    },
  };
}
