/**
 * A node:test reporter that counts passed and failed tests (suites are not
 * tests) and prints `{"passed":N,"failed":N,"skipped":N}` at the end, for
 * `npm test`'s one summary line.
 */
export default async function* countReporter(source) {
  const acc = { passed: 0, failed: 0, skipped: 0 };
  for await (const { type, data } of source) {
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.details?.type === 'suite') {
      // A suite that failed outside its tests (a hook, a load error) still counts once.
      if (type === 'test:fail' && data.details?.error?.failureType !== 'subtestsFailed') acc.failed++;
      continue;
    }
    if (data.skip || data.todo) acc.skipped++;
    else if (type === 'test:pass') acc.passed++;
    else if (data.details?.error?.failureType === 'subtestsFailed') continue;
    else acc.failed++;
  }
  yield `${JSON.stringify(acc)}\n`;
}
