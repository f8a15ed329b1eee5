/** src/schedule.ts: the one budget policy's batch sizing. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AdaptiveBatch, FRAME_MS, SLICE_MS, yieldToMain } from '../../src/schedule.js';

describe('AdaptiveBatch', () => {
  it('takes `first` before any cost is known, then what the budget buys at the cost measured', () => {
    const b = new AdaptiveBatch({ first: 2, min: 1, max: 20 });
    assert.equal(b.size(FRAME_MS), 2);
    b.measured(2, 8); // 4 ms a turn: a 16 ms frame buys 4
    assert.equal(b.size(FRAME_MS), 4);
    b.measured(4, 1); // cheap now: capped at max
    assert.equal(b.size(FRAME_MS), 20);
    b.measured(1, 100); // expensive: never under min
    assert.equal(b.size(FRAME_MS), 1);
  });

  it('grows at most `growth` times the batch taken before, and smooths the cost', () => {
    const b = new AdaptiveBatch({ first: 800, min: 300, growth: 2, smoothing: 0.3, measuredFrom: 300 });
    assert.equal(b.size(SLICE_MS), 800, 'first');
    b.took(800);
    b.measured(800, 0.8); // 1 µs a character: 8 ms would buy 8,000
    assert.equal(b.size(SLICE_MS), 1600, 'but twice the last at most');
    b.measured(100, 1000); // under measuredFrom: ignored
    assert.equal(b.size(SLICE_MS), 1600);
    b.measured(1000, 10); // 10 µs a character, weighted 0.3: 0.7 × 0.001 + 0.3 × 0.01 = 0.0037 ms
    assert.equal(b.size(SLICE_MS), Math.floor(Math.min(1600, SLICE_MS / 0.0037)));
  });

  it('takes less, in proportion, after a frame that ran past the one it aimed at', () => {
    const b = new AdaptiveBatch({ first: 800, min: 300, growth: 2 });
    b.took(1000);
    b.measured(1000, 1); // the budget would buy 8,000, growth 2,000
    assert.equal(b.size(SLICE_MS, { tookMs: 20, targetMs: 32 }), 2000, 'a frame on time changes nothing');
    assert.equal(b.size(SLICE_MS, { tookMs: 64, targetMs: 32 }), 500, 'a frame twice too long: half the last');
    assert.equal(b.size(SLICE_MS, { tookMs: 640, targetMs: 32 }), 300, 'never under min');
  });

  it('always gives a whole number within its bounds, whatever it measured', () => {
    fc.assert(
      fc.property(
        fc.record({
          first: fc.integer({ min: 1, max: 5000 }),
          min: fc.integer({ min: 1, max: 500 }),
          span: fc.integer({ min: 0, max: 5000 }),
          growth: fc.option(fc.double({ min: 1, max: 4, noNaN: true })),
        }),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 10_000 }), fc.double({ min: -1, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 1e3, noNaN: true }))),
        (p, steps) => {
          const max = p.min + p.span;
          const b = new AdaptiveBatch({ first: p.first, min: p.min, max, ...(p.growth ? { growth: p.growth } : {}) });
          for (const [units, ms, frame] of steps) {
            const n = b.size(SLICE_MS, { tookMs: frame, targetMs: 32 });
            assert.ok(Number.isInteger(n) && n >= p.min && n <= max, `${n} within [${p.min}, ${max}]`);
            b.took(n);
            b.measured(units, ms);
          }
        },
      ),
    );
  });
});

describe('yieldToMain', () => {
  it('resolves each yield once, in order, however many wait at once', async () => {
    const order: string[] = [];
    await Promise.all([1, 2, 3].map((i) => yieldToMain().then(() => order.push(`yield ${i}`))));
    for (let i = 0; i < 200; i++) await yieldToMain();
    assert.deepEqual(order, ['yield 1', 'yield 2', 'yield 3']);
  });

  it('keeps no Node process alive once nobody waits on it', () => {
    const schedule = fileURLToPath(new URL('../../src/schedule.ts', import.meta.url));
    const script = `import { yieldToMain } from ${JSON.stringify(schedule)}; for (let i = 0; i < 50; i++) await yieldToMain(); console.log('yielded');`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(out.trim(), 'yielded');
  });
});
