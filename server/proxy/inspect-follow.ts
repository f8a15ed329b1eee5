/**
 * One follow of a run in the inspection feed, as Server-Sent Events: the
 * run's kept events from a cursor (after Last-Event-ID), then each new one as
 * it is recorded, then `event: end` when the run ends. Frames are
 * `id: <seq>` + `data: {"id", "event", "t"}` (a recording's NDJSON line).
 *
 * The stream is pulled: nothing is produced until the inspector's socket
 * takes more, so a slow or paused inspector holds no buffer. It reads the
 * run's bounded record by cursor; what the bounds pushed out before it read
 * it is skipped and announced in a `: dropped <n>` comment.
 */
import type { InspectRun } from './inspect-run.js';
import type { InspectionTap } from './inspection-tap.js';

/** The largest batch of frames put out in one pull. */
const BATCH_CHARS = 64 * 1024;

function endFrame(run: InspectRun): string {
  return `event: end\ndata: ${JSON.stringify({ status: run.status, events: run.events, dropped: run.dropped, ...(run.evicted ? { evicted: true } : {}) })}\n\n`;
}

/**
 * The follow stream of `run` from after sequence number `after`. Counts
 * itself in `feed.followers` while open; `signal` (the inspector going away)
 * ends it.
 */
export function followStream(feed: InspectionTap, run: InspectRun, after: number, now: () => number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { keepAliveMs, followGraceMs } = feed.options;
  let cursor = Math.min(after, run.seq);
  let closed = false;
  let waiting: { cancel(): void } | undefined;
  feed.followers += 1;

  const close = () => {
    if (closed) return;
    closed = true;
    feed.followers -= 1;
    waiting?.cancel();
  };

  /** Waits for the run to change, or `ms`; true when it changed. */
  const wait = async (ms: number): Promise<boolean> => {
    const change = run.changed();
    waiting = change;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        resolve();
      }, ms);
      timer.unref?.();
    });
    await Promise.race([change.promise, timeout]);
    clearTimeout(timer);
    change.cancel();
    waiting = undefined;
    return !timedOut;
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(': oz-agui inspect\nretry: 1000\n\n'));
      },
      async pull(controller) {
        for (;;) {
          if (closed) return;
          let out = '';
          const first = run.ring.at(0);
          const oldest = first ? first.seq : run.seq + 1;
          if (cursor < oldest - 1) {
            out += `: dropped ${oldest - 1 - cursor}\n\n`;
            cursor = oldest - 1;
          }
          if (first && cursor < run.seq) {
            for (let i = cursor + 1 - first.seq; i < run.ring.size && out.length < BATCH_CHARS; i++) {
              const e = run.ring.at(i)!;
              out += `id: ${e.seq}\ndata: ${e.line}\n\n`;
              cursor = e.seq;
            }
          }
          const graceLeft = run.status === 'dropped' ? followGraceMs - (now() - (run.endedAt ?? now())) : Infinity;
          const over = run.evicted || run.ended || graceLeft <= 0;
          if (over && cursor >= run.seq) out += endFrame(run);
          if (out) {
            controller.enqueue(encoder.encode(out));
            if (over && cursor >= run.seq) {
              close();
              controller.close();
            }
            return;
          }
          const changed = await wait(Math.max(1, Math.min(keepAliveMs, graceLeft)));
          if (closed) return;
          const graceOver = run.status === 'dropped' && followGraceMs - (now() - (run.endedAt ?? now())) <= 0;
          if (!changed && !graceOver) {
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
