/**
 * Fails each test of the file that calls it when a promise rejection went
 * unhandled during it: a dropped stream must never leave one behind.
 * Test helper, not a test.
 */
import { afterEach } from 'node:test';
import assert from 'node:assert/strict';

export function failOnUnhandledRejections(): void {
  const unhandled: unknown[] = [];
  process.on('unhandledRejection', (reason) => unhandled.push(reason));
  afterEach(async () => {
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(unhandled.splice(0), [], 'no unhandled promise rejection');
  });
}
