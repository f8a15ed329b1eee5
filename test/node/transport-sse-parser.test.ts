import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SseByteParser, SseParser } from '../../src/transport/index.js';
import type { SseParserHandlers } from '../../src/transport/index.js';

type Seen = ['event', string, string, string | undefined, boolean] | ['comment', string] | ['retry', number];

function collector(): { seen: Seen[]; handlers: SseParserHandlers } {
  const seen: Seen[] = [];
  return {
    seen,
    handlers: {
      onEvent: (m) => seen.push(['event', m.event, m.data, m.id, m.ownId]),
      onComment: (t) => seen.push(['comment', t]),
      onRetry: (ms) => seen.push(['retry', ms]),
    },
  };
}

/** LF, CRLF and CR endings, comments, multi-line data, ids (one with NUL), retry, multi-byte text. */
const STREAM =
  ': hello\r\n' +
  'id: 1\n' +
  'data: {"a":1}\n\n' +
  'event: custom\r\n' +
  'data: line1\r' +
  'data:line2\r\n' +
  'data\r\n\r\n' +
  'retry: 1500\n' +
  'retry: soon\n' +
  'id: 2\n' +
  '\n' +
  ':keep-alive\n' +
  '\n' +
  'data: x\n\n' +
  'id: bad\0id\n' +
  'data: y\r\r' +
  'unknown: field\n' +
  'data: é 日本 🎉\n\n' +
  'id\n' +
  'data: cleared\n\n' +
  'data: never dispatched\n';

const EXPECTED: Seen[] = [
  ['comment', 'hello'],
  ['event', 'message', '{"a":1}', '1', true],
  ['event', 'custom', 'line1\nline2\n', '1', false],
  ['retry', 1500],
  ['comment', 'keep-alive'],
  ['event', 'message', 'x', '2', false],
  ['event', 'message', 'y', '2', false],
  ['event', 'message', 'é 日本 🎉', '2', false],
  ['event', 'message', 'cleared', '', true],
];

function parseStrings(chunks: string[]): Seen[] {
  const c = collector();
  const p = new SseParser(c.handlers);
  for (const chunk of chunks) p.feed(chunk);
  p.end();
  return c.seen;
}

function parseBytes(chunks: Uint8Array[]): Seen[] {
  const c = collector();
  const p = new SseByteParser(c.handlers);
  for (const chunk of chunks) p.feed(chunk);
  p.end();
  return c.seen;
}

test('the unsplit stream parses as the standard says', () => {
  assert.deepEqual(parseStrings([STREAM]), EXPECTED);
});

test('split at every character position, the parse is the same', () => {
  for (let i = 0; i <= STREAM.length; i++) {
    assert.deepEqual(parseStrings([STREAM.slice(0, i), STREAM.slice(i)]), EXPECTED, `split at ${i}`);
  }
  assert.deepEqual(parseStrings([...STREAM]), EXPECTED, 'one character at a time');
});

test('split at every byte position (multi-byte UTF-8 included), and byte by byte, the parse is the same', () => {
  const bytes = new TextEncoder().encode(STREAM);
  for (let i = 0; i <= bytes.length; i++) {
    assert.deepEqual(parseBytes([bytes.subarray(0, i), bytes.subarray(i)]), EXPECTED, `split at byte ${i}`);
  }
  const single = Array.from(bytes, (b) => Uint8Array.of(b));
  assert.deepEqual(parseBytes(single), EXPECTED, 'one byte at a time');
});

test('split at every pair of byte positions, the parse is the same', () => {
  const bytes = new TextEncoder().encode(STREAM);
  for (let i = 0; i <= bytes.length; i += 3) {
    for (let j = i; j <= bytes.length; j++) {
      assert.deepEqual(parseBytes([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]), EXPECTED, `split at ${i},${j}`);
    }
  }
});

test('a CRLF split across two chunks is one line end, not two', () => {
  assert.deepEqual(parseStrings(['data: a\r', '\ndata: b\r', '\n\r', '\n']), [['event', 'message', 'a\nb', undefined, false]]);
  // A CR alone at a chunk's end followed by a non-LF is a line end by itself.
  assert.deepEqual(parseStrings(['data: a\r', 'data: b\r', '\r']), [['event', 'message', 'a\nb', undefined, false]]);
  // An empty chunk between CR and LF does not break the pair.
  assert.deepEqual(parseStrings(['data: a\r', '', '\n\n']), [['event', 'message', 'a', undefined, false]]);
});

test('a leading BOM is skipped, and the last event id persists into a new parser', () => {
  assert.deepEqual(parseStrings(['\ufeffdata: a\n\n']), [['event', 'message', 'a', undefined, false]]);
  const c = collector();
  const p = new SseParser(c.handlers, 'e5');
  p.feed('data: next\n\nid: e6\ndata: cut off');
  assert.equal(p.lastEventId, 'e5', 'an id whose frame never completed does not count');
  p.end();
  assert.equal(p.lastEventId, 'e5');
  assert.deepEqual(c.seen, [['event', 'message', 'next', 'e5', false]]);
});

test('a 7 MiB event in 16 KiB chunks parses with linear work', () => {
  const payload = JSON.stringify({ type: 'STATE_SNAPSHOT', snapshot: { blob: 'x'.repeat(7 * 1024 * 1024) } });
  const bytes = new TextEncoder().encode(`id: big\ndata: ${payload}\n\n`);
  const c = collector();
  const p = new SseByteParser(c.handlers);
  let chunks = 0;
  for (let i = 0; i < bytes.length; i += 16 * 1024) {
    p.feed(bytes.subarray(i, i + 16 * 1024));
    chunks += 1;
  }
  p.end();
  assert.ok(chunks > 400);
  assert.equal(c.seen.length, 1);
  const [kind, , data, id] = c.seen[0] as unknown as ['event', string, string, string];
  assert.equal(kind, 'event');
  assert.equal(id, 'big');
  assert.equal(data.length, payload.length);
  assert.ok(data === payload);
  const { fed, scanned, joined } = p.parser.stats;
  assert.equal(fed, bytes.length);
  // Each character is searched at most once for LF and once for CR, and the line joined once:
  // a rescan of the growing buffer per chunk would be ~450 times the size.
  assert.ok(scanned <= 2 * fed, `scanned ${scanned} for ${fed} fed`);
  assert.ok(joined <= fed, `joined ${joined} for ${fed} fed`);
});

test('many small events: work stays linear too', () => {
  const frames = Array.from({ length: 5000 }, (_, i) => `id: ${i}\r\ndata: {"type":"TEXT_MESSAGE_CONTENT","delta":"tok${i}"}\r\n\r\n`).join('');
  const c = collector();
  const p = new SseParser(c.handlers);
  for (let i = 0; i < frames.length; i += 1000) p.feed(frames.slice(i, i + 1000));
  assert.equal(c.seen.length, 5000);
  assert.ok(p.stats.scanned <= 2 * p.stats.fed);
});
