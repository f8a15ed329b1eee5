/**
 * Redaction at record time. Masking keeps structure and string lengths (each
 * UTF-16 unit becomes `•`), so a masked recording has the shape and the sizes
 * of the real one, with none of its words.
 */
import type { AguiEvent, BoardState, RunAgentRequest } from '../protocol/index.js';
import { META, OZ_CARD, OZ_WAITING } from '../protocol/index.js';

/** What a preset masks. */
export type RedactPreset =
  /** TEXT_MESSAGE_CONTENT/CHUNK deltas, MESSAGES_SNAPSHOT contents, the request's message contents and resume payloads' strings. */
  | 'message-text'
  /** TOOL_CALL_ARGS/CHUNK deltas, tool call arguments in MESSAGES_SNAPSHOT and in the request's history. */
  | 'tool-args'
  /** Note `text` and `tags` in STATE_SNAPSHOT and STATE_DELTA values. */
  | 'note-text'
  /** Every string inside an `oz0.card`'s card (keys kept). */
  | 'card'
  /**
   * What interrupts and waits say: an interrupt's `message`, `oz0/what`,
   * `oz0/details` and `oz0/choices` in RUN_FINISHED, and each wait's `what` in
   * `oz0.waiting` and `oz0/waiting-for-others` (reasons, deciders, deadlines,
   * jobs and console links kept).
   */
  | 'interrupt-text';

export const REDACT_PRESETS: readonly RedactPreset[] = ['message-text', 'tool-args', 'note-text', 'card', 'interrupt-text'];

/** What a redaction callback is given; it returns the value to keep (the same type, masked or not). */
export type RedactTarget = { kind: 'event'; event: AguiEvent } | { kind: 'request'; body: RunAgentRequest };
export type RedactCallback = (target: RedactTarget) => AguiEvent | RunAgentRequest;
export type RedactOption = false | readonly RedactPreset[] | RedactCallback;

const BULLET = '•';

/** The string with every UTF-16 unit replaced by `•`: the same length. */
export function maskString(s: string): string {
  return BULLET.repeat(s.length);
}

/** A deep copy with every string masked; keys, numbers, booleans and nulls kept. */
export function maskDeep<T>(value: T): T {
  if (typeof value === 'string') return maskString(value) as T;
  if (Array.isArray(value)) return value.map(maskDeep) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = maskDeep(v);
    return out as T;
  }
  return value;
}

type Loose = Record<string, unknown>;

const maskIfString = (v: unknown): unknown => (typeof v === 'string' ? maskString(v) : v);

function maskNote(note: unknown): unknown {
  if (!note || typeof note !== 'object' || Array.isArray(note)) return note;
  const n = note as Loose;
  const out: Loose = { ...n };
  if ('text' in n) out.text = maskIfString(n.text);
  if (Array.isArray(n.tags)) out.tags = n.tags.map(maskIfString);
  return out;
}

/** A board with note texts and tags masked (for showing a recorded board under redaction). */
export function maskBoard(board: BoardState): BoardState {
  const notes = board?.board?.notes;
  if (!Array.isArray(notes)) return board;
  return { ...board, board: { ...board.board, notes: notes.map(maskNote) as BoardState['board']['notes'] } };
}

function maskMessage(m: unknown, presets: ReadonlySet<RedactPreset>): unknown {
  if (!m || typeof m !== 'object') return m;
  const msg = { ...(m as Loose) };
  if (presets.has('message-text') && msg.content !== undefined) msg.content = typeof msg.content === 'string' ? maskString(msg.content) : maskDeep(msg.content);
  if (presets.has('tool-args') && Array.isArray(msg.toolCalls)) {
    msg.toolCalls = msg.toolCalls.map((c: unknown) => {
      const call = c as Loose;
      const fn = call?.function as Loose | undefined;
      return fn && typeof fn.arguments === 'string' ? { ...call, function: { ...fn, arguments: maskString(fn.arguments) } } : c;
    });
  }
  return msg;
}

/** A STATE_DELTA op's value under 'note-text': a note, an array of notes, a note's text or tags. */
function maskOp(op: unknown): unknown {
  if (!op || typeof op !== 'object') return op;
  const o = op as Loose;
  if (!('value' in o) || typeof o.path !== 'string' || !o.path.startsWith('/board')) return op;
  const path = o.path;
  let value = o.value;
  if (/\/text$/.test(path)) value = maskIfString(value);
  else if (/\/tags(\/\d+|\/-)?$/.test(path)) value = Array.isArray(value) ? value.map(maskIfString) : maskIfString(value);
  else if (/\/notes\/(\d+|-)$/.test(path)) value = maskNote(value);
  else if (/\/notes$/.test(path) && Array.isArray(value)) value = value.map(maskNote);
  else if (path === '/board' || path === '') value = value && typeof value === 'object' ? maskBoard({ board: value } as BoardState).board : value;
  return value === o.value ? op : { ...o, value };
}

const INTERRUPT_TEXT_KEYS = [META.what, META.details, META.choices];

/** A list of waits (`{job, what, deciders, console}`) with each `what` masked. */
function maskWaits(waits: unknown): unknown {
  if (!Array.isArray(waits)) return waits;
  return waits.map((w) => (w && typeof w === 'object' && typeof (w as Loose).what === 'string' ? { ...(w as Loose), what: maskString((w as Loose).what as string) } : w));
}

function maskInterrupt(i: unknown): unknown {
  if (!i || typeof i !== 'object') return i;
  const out: Loose = { ...(i as Loose) };
  if (typeof out.message === 'string') out.message = maskString(out.message);
  if (out.metadata && typeof out.metadata === 'object') {
    const meta: Loose = { ...(out.metadata as Loose) };
    for (const key of INTERRUPT_TEXT_KEYS) if (key in meta) meta[key] = maskDeep(meta[key]);
    out.metadata = meta;
  }
  return out;
}

/** The waits for others in a RUN_FINISHED's or RUN_ERROR's metadata, masked. */
function maskWaitMeta(e: Loose): Loose {
  const metadata = e.metadata as Loose | undefined;
  if (!metadata || typeof metadata !== 'object' || !(META.waitingForOthers in metadata)) return e;
  return { ...e, metadata: { ...metadata, [META.waitingForOthers]: maskWaits(metadata[META.waitingForOthers]) } };
}

/** RUN_FINISHED under 'interrupt-text': its interrupts and the waits for others beside them. */
function maskOutcome(e: Loose): Loose {
  const outcome = e.outcome as Loose | undefined;
  const masked = maskWaitMeta(e);
  if (!outcome || typeof outcome !== 'object' || !Array.isArray(outcome.interrupts)) return masked;
  return { ...masked, outcome: { ...outcome, interrupts: outcome.interrupts.map(maskInterrupt) } };
}

function presetEvent(event: AguiEvent, presets: ReadonlySet<RedactPreset>): AguiEvent {
  const e = event as unknown as Loose;
  switch (e.type) {
    case 'TEXT_MESSAGE_CONTENT':
    case 'TEXT_MESSAGE_CHUNK':
      return presets.has('message-text') && typeof e.delta === 'string' ? ({ ...e, delta: maskString(e.delta) } as unknown as AguiEvent) : event;
    case 'TOOL_CALL_ARGS':
    case 'TOOL_CALL_CHUNK':
      return presets.has('tool-args') && typeof e.delta === 'string' ? ({ ...e, delta: maskString(e.delta) } as unknown as AguiEvent) : event;
    case 'MESSAGES_SNAPSHOT':
      return Array.isArray(e.messages) && (presets.has('message-text') || presets.has('tool-args'))
        ? ({ ...e, messages: e.messages.map((m) => maskMessage(m, presets)) } as unknown as AguiEvent)
        : event;
    case 'STATE_SNAPSHOT':
      return presets.has('note-text') && e.snapshot && typeof e.snapshot === 'object' ? ({ ...e, snapshot: maskBoard(e.snapshot as BoardState) } as unknown as AguiEvent) : event;
    case 'STATE_DELTA':
      return presets.has('note-text') && Array.isArray(e.delta) ? ({ ...e, delta: e.delta.map(maskOp) } as unknown as AguiEvent) : event;
    case 'RUN_FINISHED':
      return presets.has('interrupt-text') ? (maskOutcome(e) as unknown as AguiEvent) : event;
    case 'RUN_ERROR':
      return presets.has('interrupt-text') ? (maskWaitMeta(e) as unknown as AguiEvent) : event;
    case 'CUSTOM': {
      if (!e.value || typeof e.value !== 'object') return event;
      const v = e.value as Loose;
      if (presets.has('card') && e.name === OZ_CARD) return { ...e, value: { ...v, card: maskDeep(v.card) } } as unknown as AguiEvent;
      if (presets.has('interrupt-text') && e.name === OZ_WAITING) return { ...e, value: { ...v, waiting: maskWaits(v.waiting) } } as unknown as AguiEvent;
      return event;
    }
    default:
      return event;
  }
}

function presetRequest(body: RunAgentRequest, presets: ReadonlySet<RedactPreset>): RunAgentRequest {
  if (!presets.has('message-text') && !presets.has('tool-args')) return body;
  const out: RunAgentRequest = { ...body, messages: body.messages.map((m) => maskMessage(m, presets)) as RunAgentRequest['messages'] };
  if (presets.has('message-text') && body.resume) out.resume = body.resume.map((e) => (e.payload === undefined ? e : { ...e, payload: maskDeep(e.payload) }));
  return out;
}

/** A redactor: the event or request to keep. Returns its input untouched when nothing applies. */
export interface Redactor {
  event(event: AguiEvent): AguiEvent;
  request(body: RunAgentRequest): RunAgentRequest;
  /** An invalid event's raw data: masked whole whenever any redaction is on (it cannot be read by rule). */
  raw(data: string): string;
  /** Whether boards shown from the recording must be masked (note texts: 'note-text', or a callback). */
  readonly masksBoards: boolean;
}

const NONE: Redactor = { event: (e) => e, request: (b) => b, raw: (d) => d, masksBoards: false };

/** Builds the redactor for an option; `undefined` means on (every preset) when `production`, else off. */
export function createRedactor(option: RedactOption | undefined, production: boolean): Redactor {
  const chosen = option ?? (production ? REDACT_PRESETS : false);
  if (chosen === false) return NONE;
  if (typeof chosen === 'function') {
    return {
      event: (event) => chosen({ kind: 'event', event }) as AguiEvent,
      request: (body) => chosen({ kind: 'request', body }) as RunAgentRequest,
      raw: maskString,
      masksBoards: true,
    };
  }
  for (const p of chosen) if (!REDACT_PRESETS.includes(p)) throw new TypeError(`createRecorder: unknown redaction preset ${JSON.stringify(p)}`);
  const presets = new Set(chosen);
  if (presets.size === 0) return NONE;
  return { event: (e) => presetEvent(e, presets), request: (b) => presetRequest(b, presets), raw: maskString, masksBoards: presets.has('note-text') };
}
