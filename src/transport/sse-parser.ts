/**
 * An incremental Server-Sent Events parser, as the WHATWG HTML standard's
 * "Parsing an event stream" section describes it: LF, CR and CRLF line ends
 * (a CRLF split across two chunks is one line end), `:` comments, multi-line
 * `data:` joined with `\n`, `event:`, `id:` (ignored when it holds NUL; the
 * last event id persists from event to event) and `retry:`.
 *
 * Why our own and not eventsource-parser: that library prepends its
 * incomplete line to every new chunk and rescans the concatenation, which is
 * quadratic for one huge event arriving in many chunks (a 7 MiB board
 * snapshot in 16 KiB reads is ~450 rescans of a growing buffer). Here the
 * pieces of a partial line wait in an array, only new characters are
 * scanned, and the line is joined once, when its end arrives.
 */

/** One dispatched event. */
export interface SseMessage {
  /** The `event:` field, or `message` when there was none. */
  event: string;
  /** The `data:` lines, joined with `\n`. */
  data: string;
  /** The last event id as it stands at this event (it persists across events). */
  id: string | undefined;
  /** Whether this frame's own `id:` line set {@link SseMessage.id} (false when it persisted from before). */
  ownId: boolean;
}

/** What the parser reports. */
export interface SseParserHandlers {
  /** Called for each event with data (a frame with no `data:` line dispatches nothing). */
  onEvent: (message: SseMessage) => void;
  /** A `:` comment line: the text after the colon, one leading space removed. Keep-alives show here. */
  onComment?: (text: string) => void;
  /** A valid `retry:` field: the reconnection time the server asks for, in ms. */
  onRetry?: (ms: number) => void;
}

/** Work counters, so tests can assert on linear work rather than on wall time. */
export interface SseParserStats {
  /** Characters fed. */
  fed: number;
  /** Characters examined by line-end searches. */
  scanned: number;
  /** Characters copied when joining the pieces of a line split across chunks. */
  joined: number;
}

const LF = 10;
const CR = 13;

/**
 * The string-level parser. Feed it the output of a `TextDecoder` used with
 * `{stream: true}` (or use {@link SseByteParser}, which does that for you);
 * call {@link SseParser.end} when the stream ends, which discards an event
 * that never got its blank line, as the standard says.
 */
export class SseParser {
  /** Work done so far (see {@link SseParserStats}). */
  readonly stats: SseParserStats = { fed: 0, scanned: 0, joined: 0 };
  private readonly handlers: SseParserHandlers;
  private pending: string[] = [];
  private afterCR = false;
  private started = false;
  private dataLines: string[] = [];
  private eventType = '';
  private idBuffer: string | undefined;
  private lastId: string | undefined;
  private idInFrame = false;

  /** @param lastEventId the id a previous connection left off at: it persists, as in EventSource. */
  constructor(handlers: SseParserHandlers, lastEventId?: string) {
    this.handlers = handlers;
    this.idBuffer = lastEventId;
    this.lastId = lastEventId;
  }

  /**
   * The standard's "last event ID string": the id as of the last complete
   * frame (an `id:` line whose frame never got its blank line does not count).
   */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  /** Parses the next piece of the stream; dispatches every event it completes. */
  feed(chunk: string): void {
    const len = chunk.length;
    if (len === 0) return;
    this.stats.fed += len;
    let pos = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) pos = 1;
    }
    if (this.afterCR) {
      this.afterCR = false;
      if (chunk.charCodeAt(pos) === LF) pos += 1;
    }
    let nextLF = -2;
    let nextCR = -2;
    while (pos < len) {
      if (nextLF !== -1 && nextLF < pos) nextLF = this.search(chunk, '\n', pos);
      if (nextCR !== -1 && nextCR < pos) nextCR = this.search(chunk, '\r', pos);
      let eol: number;
      if (nextLF === -1) eol = nextCR;
      else if (nextCR === -1) eol = nextLF;
      else eol = nextLF < nextCR ? nextLF : nextCR;
      if (eol === -1) break;
      let line = chunk.slice(pos, eol);
      if (this.pending.length > 0) {
        this.pending.push(line);
        line = this.pending.join('');
        this.stats.joined += line.length;
        this.pending = [];
      }
      pos = eol + 1;
      if (chunk.charCodeAt(eol) === CR) {
        if (pos === len) this.afterCR = true;
        else if (chunk.charCodeAt(pos) === LF) pos += 1;
      }
      this.line(line);
    }
    if (pos < len) this.pending.push(pos === 0 ? chunk : chunk.slice(pos));
  }

  /** The stream ended: a partial line and an undispatched event are discarded. */
  end(): void {
    this.pending = [];
    this.afterCR = false;
    this.dataLines = [];
    this.eventType = '';
    this.idBuffer = this.lastId;
    this.idInFrame = false;
  }

  private search(chunk: string, ch: string, from: number): number {
    const at = chunk.indexOf(ch, from);
    this.stats.scanned += (at === -1 ? chunk.length : at + 1) - from;
    return at;
  }

  private line(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) {
      this.handlers.onComment?.(line.charCodeAt(1) === 32 ? line.slice(2) : line.slice(1));
      return;
    }
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      value = line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    }
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) {
          this.idBuffer = value;
          this.idInFrame = true;
        }
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
        break;
    }
  }

  private dispatch(): void {
    const lines = this.dataLines;
    const type = this.eventType;
    this.dataLines = [];
    this.eventType = '';
    this.lastId = this.idBuffer;
    const ownId = this.idInFrame;
    this.idInFrame = false;
    if (lines.length === 0) return;
    const data = lines.length === 1 ? lines[0]! : lines.join('\n');
    this.handlers.onEvent({ event: type === '' ? 'message' : type, data, id: this.lastId, ownId });
  }
}

/**
 * The byte-level wrapper: decodes UTF-8 with a streaming `TextDecoder`, so a
 * character split across two chunks decodes right, and feeds an {@link SseParser}.
 */
export class SseByteParser {
  /** The string-level parser underneath (its stats and last event id). */
  readonly parser: SseParser;
  private readonly decoder = new TextDecoder('utf-8');

  /** @param lastEventId the id a previous connection left off at. */
  constructor(handlers: SseParserHandlers, lastEventId?: string) {
    this.parser = new SseParser(handlers, lastEventId);
  }

  /** The last event id seen. */
  get lastEventId(): string | undefined {
    return this.parser.lastEventId;
  }

  /** Parses the next bytes of the stream. */
  feed(bytes: Uint8Array): void {
    this.parser.feed(this.decoder.decode(bytes, { stream: true }));
  }

  /** The stream ended: flushes the decoder, then discards any incomplete event. */
  end(): void {
    this.parser.feed(this.decoder.decode());
    this.parser.end();
  }
}
