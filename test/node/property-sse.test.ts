/**
 * Issue #19, property: the SSE parser. Any split of any valid stream into
 * chunks (LF, CR, CRLF line ends, a BOM, comments, multi-line data, ids and
 * event names) gives the same events as the stream fed whole; random text and
 * random bytes never throw out of it. Seeded: a failure prints the seed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SseByteParser, SseParser, type SseMessage } from '../../src/transport/sse-parser.js';

const SEED = 19_0001;

const safeText = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ' '));
const frame = fc.record({
  comments: fc.array(safeText, { maxLength: 2 }),
  event: fc.option(fc.stringMatching(/^[a-z.]{1,8}$/), { nil: undefined }),
  id: fc.option(fc.stringMatching(/^[0-9a-z-]{1,6}$/), { nil: undefined }),
  data: fc.array(safeText, { minLength: 1, maxLength: 3 }),
});
const stream = fc.record({
  bom: fc.boolean(),
  eol: fc.constantFrom('\n', '\r', '\r\n'),
  frames: fc.array(frame, { maxLength: 6 }),
});

function render(s: { bom: boolean; eol: string; frames: { comments: string[]; event?: string; id?: string; data: string[] }[] }): string {
  const lines: string[] = [];
  for (const f of s.frames) {
    for (const c of f.comments) lines.push(`:${c}`);
    if (f.event) lines.push(`event: ${f.event}`);
    if (f.id) lines.push(`id: ${f.id}`);
    for (const d of f.data) lines.push(`data: ${d}`);
    lines.push('');
  }
  return (s.bom ? '\uFEFF' : '') + lines.map((l) => l + s.eol).join('');
}

/** Cut points into a text: sorted, unique, inside it. */
const cuts = (length: number) => fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 12 }).map((a) => a.filter((i) => i < length).sort((x, y) => x - y));

function parse(chunks: string[]): { events: SseMessage[]; comments: string[] } {
  const events: SseMessage[] = [];
  const comments: string[] = [];
  const p = new SseParser({ onEvent: (m) => events.push(m), onComment: (c) => comments.push(c) });
  for (const c of chunks) p.feed(c);
  p.end();
  return { events, comments };
}

const split = (text: string, at: number[]): string[] => {
  const out: string[] = [];
  let from = 0;
  for (const i of at) {
    out.push(text.slice(from, i));
    from = i;
  }
  out.push(text.slice(from));
  return out;
};

test('property: any split of a valid stream gives the events of the whole, which are the frames sent', () => {
  fc.assert(
    fc.property(
      stream.chain((s) => fc.tuple(fc.constant(s), cuts(render(s).length))),
      ([s, at]) => {
        const text = render(s);
        const whole = parse([text]);
        assert.deepEqual(parse(split(text, at)), whole);
        assert.deepEqual(
          whole.events.map((e) => e.data),
          s.frames.map((f) => f.data.join('\n')),
        );
        assert.deepEqual(
          whole.events.map((e) => e.event),
          s.frames.map((f) => f.event ?? 'message'),
        );
      },
    ),
    { seed: SEED, numRuns: 500 },
  );
});

test('property: the byte parser splits UTF-8 anywhere, even inside a character, and agrees with the text parser', () => {
  fc.assert(
    fc.property(
      stream.chain((s) => fc.tuple(fc.constant(s), cuts(Buffer.byteLength(render(s))))),
      ([s, at]) => {
        const text = render(s);
        const bytes = new TextEncoder().encode(text);
        const events: SseMessage[] = [];
        const p = new SseByteParser({ onEvent: (m) => events.push(m) });
        let from = 0;
        for (const i of [...at, bytes.length]) {
          p.feed(bytes.subarray(from, i));
          from = i;
        }
        p.end();
        assert.deepEqual(events, parse([text]).events);
      },
    ),
    { seed: SEED + 1, numRuns: 300 },
  );
});

test('property: random text and random bytes never throw out of the parsers', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 8 }), fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 8 }), (texts, chunks) => {
      const p = new SseParser({ onEvent: () => {}, onComment: () => {}, onRetry: () => {} });
      for (const t of texts) p.feed(t);
      p.end();
      const b = new SseByteParser({ onEvent: () => {} });
      for (const c of chunks) b.feed(c);
      b.end();
    }),
    { seed: SEED + 2, numRuns: 500 },
  );
});
