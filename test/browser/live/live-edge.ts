/**
 * The live tests' side of scripts/wtr-live-edge.mjs: the dev server runs a
 * development edge and the real proxy at `/agui`. The page names a development
 * person (`X-Test-Person`); the proxy holds the tokens, never the page.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/define.js';
import type { OzAgentChat, ChatStorage } from '../../../elements/chat/chat.js';
import type { OzComposer } from '../../../elements/composer/composer.js';
import type { EdgeStatsSnapshot } from '../../../server/edge/http/stats.js';
import type { AssistantMessageView, ThreadState } from '../../../src/thread/state.js';
import { seenText } from '../seen-text.js';

export { seenText };

export interface LiveEnv {
  edgeUrl: string;
  endpoint: string;
  /** The proxy of the second edge, whose clock tests move (`advanceClockEdge`). */
  clockEndpoint: string;
  agents: string[];
  tenants: string[];
  people: string[];
}

export interface TracedRequest {
  agent: string;
  lastEventId: string | null;
  fault: string | null;
  status: number | null;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Where the live edge runs (its URL is for reference; the page reaches its hooks at /__edge/). */
export async function liveEnv(): Promise<LiveEnv> {
  return json<LiveEnv>(await fetch('/__oz-test/env'));
}

/** The edge's counters (`/__edge/stats`). Other live test files share the edge: compare deltas, at least. */
export async function edgeStats(): Promise<EdgeStatsSnapshot> {
  return json<EdgeStatsSnapshot>(await fetch('/__edge/stats', { cache: 'no-store' }));
}

/** Advances the edge's clock; the live edge runs on the real clock, so this answers 409. */
export async function advanceClock(advanceMs: number): Promise<{ status: number; body: unknown }> {
  const res = await fetch('/__edge/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
  return { status: res.status, body: await res.json() };
}

/** A trace for the `X-Test-Trace` header: its requests are recorded, and take `faults` one by one. */
export async function newTrace(faults: string[] = []): Promise<string> {
  const res = await fetch('/__oz-test/trace', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ faults }) });
  return (await json<{ id: string }>(res)).id;
}

export async function readTrace(id: string): Promise<{ requests: TracedRequest[]; faultsLeft: number }> {
  return json(await fetch(`/__oz-test/trace?id=${encodeURIComponent(id)}`, { cache: 'no-store' }));
}

/** Another person decides what waits in a job's tree, as in OZ's console (only the waits saying `what`, when given). */
export async function decideAs(person: string, job: string, approved: boolean, what?: string): Promise<{ decided: number }> {
  const res = await fetch('/__oz-test/decide', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ person, job, approved, what }) });
  return json(res);
}

/** Which live edge: the shared one on the real clock, or the one whose clock tests move. */
export type LiveEdgeName = 'main' | 'clock';

const hooksOf = (edge: LiveEdgeName) => (edge === 'clock' ? '/__edge-clock' : '/__edge');

/**
 * Moves the clock edge's clock forward by `ms` (its turns run in real time; deadlines and the
 * re-check after a long wait are reached at once). Returns the edge's time after it.
 * Only tests of one file may use it (a file runs its tests in order).
 */
export async function advanceClockEdge(ms: number): Promise<{ now: number; iso: string }> {
  const res = await fetch('/__edge-clock/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  return json(res);
}

/** Calls one of an edge's runtime hooks (`change-interrupt`, `refuse-decision`, `fail-recheck`, `skip-ahead`, `cancel-job`). */
export async function edgeHook<T = Record<string, unknown>>(name: string, body: Record<string, unknown>, edge: LiveEdgeName = 'main'): Promise<T> {
  const res = await fetch(`${hooksOf(edge)}/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return json<T>(res);
}

export interface AuditEntryView {
  at: string;
  action: string;
  actor: string;
  via: string;
  door?: string;
  job?: string;
  details?: Record<string, unknown>;
}

/** An edge's audit trail (`/__edge/audit`): what the edge decided, by whom. */
export async function edgeAudit(edge: LiveEdgeName = 'main'): Promise<AuditEntryView[]> {
  return (await json<{ entries: AuditEntryView[] }>(await fetch(`${hooksOf(edge)}/audit`, { cache: 'no-store' }))).entries;
}

/** Signs the page in to the (main) edge's console as a development person: the console's pages and forms are then at /console. */
export async function consoleSignIn(person: string, next = '/console/'): Promise<Response> {
  const res = await fetch(`/__oz-test/console-sign-in?${new URLSearchParams({ person, next })}`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`console sign-in as ${person}: HTTP ${res.status}`);
  return res;
}

export interface LiveChatOptions {
  agent: string;
  /** The proxy to use: `/agui` (default, the real-clock edge) or `/agui-clock` (see `advanceClockEdge`). */
  endpoint?: string;
  person?: string;
  tenant?: string;
  threadId?: string;
  storage?: ChatStorage;
  trace?: string;
  /** Extra request headers, e.g. `X-Edge-Fault`. */
  headers?: Record<string, string>;
  /** The tenant's AI label, as the app knows it (the development tenant's is `AI: `). */
  aiLabel?: string;
}

/** A chat pointed at the proxy (`/agui`), as a person of the development tenant. */
export async function liveChat(o: LiveChatOptions): Promise<OzAgentChat> {
  const headers: Record<string, string> = { 'X-Test-Person': o.person ?? 'ana', ...(o.trace ? { 'X-Test-Trace': o.trace } : {}), ...(o.headers ?? {}) };
  return fixture<OzAgentChat>(html`<oz-agent-chat
    style="height: 640px"
    endpoint=${o.endpoint ?? '/agui'}
    agent=${o.agent}
    tenant=${o.tenant ?? 'acme'}
    thread-id=${o.threadId ?? `live-${crypto.randomUUID()}`}
    theme="light"
    ai-label=${o.aiLabel ?? 'AI: '}
    .headers=${headers}
    .storage=${o.storage ?? 'memory'}
  ></oz-agent-chat>`);
}

export function shadow<T extends Element = Element>(root: Element | ShadowRoot | null | undefined, sel: string): T | null {
  const r = root instanceof Element ? (root.shadowRoot ?? root) : root;
  return (r?.querySelector(sel) as T | null) ?? null;
}

export function shadowAll<T extends Element = Element>(root: Element | ShadowRoot | null | undefined, sel: string): T[] {
  const r = root instanceof Element ? (root.shadowRoot ?? root) : root;
  return r ? [...r.querySelectorAll<T>(sel as never)] : [];
}

/** Resolves once a chat's markdown box shows its whole text (a long one takes several frames; `aria-busy` meanwhile). */
export async function markdownShown(md: Element): Promise<void> {
  await until(() => !md.hasAttribute('aria-busy'), 'the markdown shown');
}

/** Sends a message as a person does: types it in the composer and presses Enter. */
export async function typeAndSend(el: OzAgentChat, text: string): Promise<void> {
  const composer = shadow<OzComposer>(el, 'oz-composer')!;
  await composer.updateComplete;
  const ta = shadow<HTMLTextAreaElement>(composer, 'textarea')!;
  ta.value = text;
  ta.dispatchEvent(new Event('input'));
  await composer.updateComplete;
  ta.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
}

export function state(el: OzAgentChat): ThreadState {
  return el.store!.getState();
}

/** The assistant messages of the thread, in order. */
export function assistantMessages(s: ThreadState): AssistantMessageView[] {
  return s.turns.flatMap((t) => t.runs.flatMap((r) => r.items.flatMap((i) => (i.kind === 'message' ? [i.message] : []))));
}

/** Waits for a condition of the page (never a fixed sleep). */
export async function until(predicate: () => unknown, what: string, timeout = 10_000): Promise<void> {
  await waitUntil(() => !!predicate(), `timed out waiting for: ${what}`, { timeout, interval: 10 });
}

/** Waits until the thread's last run has ended (finished, failed or stopped) and the chat rendered it. */
export async function untilRunEnded(el: OzAgentChat, timeout = 10_000): Promise<void> {
  await until(
    () => {
      const s = el.store?.getState();
      const turn = s?.turns.at(-1);
      const run = turn?.runs.at(-1);
      return run && run.phase !== 'requested' && run.phase !== 'streaming';
    },
    'the run to end',
    timeout,
  );
  await el.updateComplete;
}

/** A small seeded PRNG (mulberry32): the same seed, the same drop points. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
