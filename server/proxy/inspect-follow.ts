/**
 * One follow of a run in the inspection feed, as Server-Sent Events: the
 * run's kept events from a cursor (after Last-Event-ID), then each new one as
 * it is recorded, then `event: end` when the run ends. Frames are
 * `id: <seq>` + `data: {"id", "event", "t"}` (a recording's NDJSON line).
 *
 * The stream is pulled: nothing is produced until the inspector's socket
 * takes more, so a slow or paused inspector holds no buffer. It reads the
 * run's bounded record by cursor from the feed's store (inspect-store.ts);
 * what the bounds pushed out before it read it is skipped and announced in a
 * `: dropped <n>` comment. A store that cannot be reached (Redis down) is
 * said once in `event: degraded`, read again every second, and
 * `event: recovered` follows when it answers again, from the same cursor.
 */
import type { FollowRead, FollowSource } from './inspect-store.js';

/** The largest batch of frames put out in one pull. */
const BATCH_CHARS = 64 * 1024;
/** How long a follow waits before reading an unreachable store again. */
const STORE_RETRY_MS = 1000;

/** What a follow needs of its feed. */
export interface FollowOptions {
  keepAliveMs: number;
  followGraceMs: number;
  now: () => number;
  /** Called once when the follow ends (the feed counts its followers). */
  onClose(): void;
}

function endFrame(r: FollowRead): string {
  const { status, events, dropped } = r.summary;
  return `event: end\ndata: ${JSON.stringify({ status, events, dropped, ...(r.evicted ? { evicted: true } : {}) })}\n\n`;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });

/** The follow stream of `source` from after sequence number `after`; the inspector going away ends it. */
export function followStream(source: FollowSource, after: number, options: FollowOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { keepAliveMs, followGraceMs, now } = options;
  let cursor: number | undefined;
  let closed = false;
  let degraded = false;
  let lastOut = now();

  const close = () => {
    if (closed) return;
    closed = true;
    source.close();
    options.onClose();
  };
  const graceLeft = (r: FollowRead) => (r.summary.status === 'dropped' ? followGraceMs - (now() - (r.summary.endedAt ?? now())) : Infinity);

  /** What one read of the store puts out, and whether the follow is over. */
  const framesOf = (r: FollowRead): { out: string; over: boolean } => {
    let out = '';
    if (degraded) {
      degraded = false;
      out += 'event: recovered\ndata: {}\n\n';
    }
    let at = (cursor ??= Math.min(after, r.lastSeq));
    if (at < r.firstKept - 1) {
      out += `: dropped ${r.firstKept - 1 - at}\n\n`;
      at = r.firstKept - 1;
    }
    for (const f of r.frames) {
      if (f.seq <= at) continue;
      out += `id: ${f.seq}\ndata: ${f.line}\n\n`;
      at = f.seq;
    }
    cursor = at;
    const over = (r.evicted || TERMINAL.has(r.summary.status) || graceLeft(r) <= 0) && at >= r.lastSeq;
    if (over) out += endFrame(r);
    return { out, over };
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(': oz-agui inspect\nretry: 1000\n\n'));
      },
      async pull(controller) {
        for (;;) {
          if (closed) return;
          let r: FollowRead;
          try {
            r = await source.read(cursor ?? after, BATCH_CHARS);
          } catch {
            if (closed) return;
            if (!degraded) {
              degraded = true;
              lastOut = now();
              controller.enqueue(encoder.encode('event: degraded\ndata: {"reason":"The feed’s store cannot be reached; reading again."}\n\n'));
              return;
            }
            await sleep(STORE_RETRY_MS);
            if (closed) return;
            if (now() - lastOut >= keepAliveMs) {
              lastOut = now();
              controller.enqueue(encoder.encode(': ping\n\n'));
              return;
            }
            continue;
          }
          if (closed) return;
          const { out, over } = framesOf(r);
          if (out) {
            lastOut = now();
            controller.enqueue(encoder.encode(out));
            if (over) {
              close();
              controller.close();
            }
            return;
          }
          const changed = await source.wait(cursor!, Math.max(1, Math.min(keepAliveMs, graceLeft(r))));
          if (closed) return;
          const graceOver = r.summary.status === 'dropped' && graceLeft(r) <= 0;
          if (!changed && !graceOver) {
            lastOut = now();
            controller.enqueue(encoder.encode(': ping\n\n'));
            return;
          }
        }
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 0 },
  );
}

const TERMINAL: ReadonlySet<string> = new Set(['finished', 'interrupted', 'error']);
