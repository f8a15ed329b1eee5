/**
 * One connection of a follow: the run's events as they come, until the feed
 * says `end`, the stream drops or ends early (a retry, saying whether it got
 * anywhere), the feed refuses (thrown), or the follow is aborted. Each event
 * moves `position.lastId`, which the next connection sends as Last-Event-ID.
 */
import { isRetryableStatus, parseRetryAfter, SseByteParser } from '../../src/transport/index.js';
import type { RecordedEvent, SseMessage } from '../../src/transport/index.js';
import { InspectFeedError, feedErrorOf } from './errors.js';
import { readRecorded } from './feed-read.js';

/** A GET to the feed: network failures are InspectFeedError `network`, an abort rethrown as is. */
export type FeedRequest = (url: string, accept: string, signal: AbortSignal | undefined, lastEventId?: string) => Promise<Response>;

/** How one follow connection ended. */
export type Ending = { kind: 'end' } | { kind: 'aborted' } | { kind: 'retry'; error: InspectFeedError; progressed: boolean; retryAfterMs?: number };

/** Follows the run over one connection; see the module's comment. */
export async function* connectOnce(request: FeedRequest, url: string, signal: AbortSignal, position: { lastId: string | undefined }): AsyncGenerator<RecordedEvent, Ending> {
  let res: Response;
  try {
    res = await request(url, 'text/event-stream', signal, position.lastId);
  } catch (err) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'retry', error: err as InspectFeedError, progressed: false };
  }
  if (!res.ok) {
    const error = await feedErrorOf(res);
    if (signal.aborted) return { kind: 'aborted' };
    if (!isRetryableStatus(res.status)) throw error;
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    return { kind: 'retry', error, progressed: false, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/event-stream' || !res.body) {
    res.body?.cancel().catch(() => undefined);
    throw new InspectFeedError('bad_response', `The feed answered HTTP ${res.status} without an event stream.`, { status: res.status });
  }
  const queue: SseMessage[] = [];
  const parser = new SseByteParser({ onEvent: (m) => queue.push(m) }, position.lastId);
  const reader = res.body.getReader();
  let progressed = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal.aborted) return { kind: 'aborted' };
        return { kind: 'retry', error: new InspectFeedError('network', 'The follow stream dropped before the run ended.', { retryable: true, cause: err }), progressed };
      }
      if (chunk.done) {
        parser.end();
        return { kind: 'retry', error: new InspectFeedError('network', 'The follow stream ended before the run did.', { retryable: true }), progressed };
      }
      parser.feed(chunk.value);
      for (const m of queue.splice(0)) {
        if (m.event === 'end') return { kind: 'end' };
        if (m.event !== 'message') continue;
        const recorded = readRecorded(m.data, m.id);
        if (m.id !== undefined) position.lastId = m.id;
        progressed = true;
        yield recorded;
        if (signal.aborted) return { kind: 'aborted' };
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
