/** Shared bits of the inspector's browser tests: a chat on a replay transport, and shadow queries. */
import { fixture, html } from '@open-wc/testing';
import '../../../elements/define.js';
import '../../../inspector/define.js';
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import type { OzInspector } from '../../../inspector/inspector/inspector.js';
import type { AguiEvent } from '../../../src/protocol/index.js';
import type { RecorderOptions } from '../../../src/recorder/index.js';
import { createReplayTransport, type RecordedEvent } from '../../../src/transport/index.js';
import { seenText } from '../seen-text.js';

export { seenText };

type Loose = Record<string, unknown> & { type: string };

/** Events as the route sends them, with ids and 1 ms apart. */
export function records(events: Loose[], prefix = 'e'): RecordedEvent[] {
  return events.map((event, i) => ({ id: `${prefix}${i + 1}`, event: event as unknown as AguiEvent, t: i }));
}

/** A chat (id `chat`) whose runs are the given scripts, and an inspector for it. */
export async function chatAndInspector(
  runs: Array<(threadId: string, runId: string) => Loose[]>,
  options: RecorderOptions = {},
  extra: { replayInto?: boolean } = {},
): Promise<{ chat: OzAgentChat; inspector: OzInspector; replay: OzAgentChat }> {
  const threadId = `t-${crypto.randomUUID()}`;
  let n = 0;
  const transport = createReplayTransport(
    (request) => {
      const body = request.body as { runId: string };
      return records(runs[n++]!(threadId, body.runId), `${n}.`);
    },
    { speed: Infinity },
  );
  const root = await fixture<HTMLDivElement>(html`<div>
    <oz-agent-chat id="chat" style="height: 480px" endpoint="/agui" agent="helper" tenant="acme" thread-id=${threadId} ai-label="AI: " theme="light" .storage=${'none'} .transport=${transport}></oz-agent-chat>
    <oz-agent-chat id="replay" style="height: 480px" endpoint="/agui" agent="helper" tenant="acme" ai-label="AI: " theme="light" .storage=${'none'}></oz-agent-chat>
    <oz-inspector for="chat" theme="light" replay-into=${extra.replayInto ? 'replay' : ''} .recorderOptions=${options}></oz-inspector>
  </div>`);
  const chat = root.querySelector<OzAgentChat>('#chat')!;
  const replay = root.querySelector<OzAgentChat>('#replay')!;
  const inspector = root.querySelector<OzInspector>('oz-inspector')!;
  await chat.updateComplete;
  await inspector.updateComplete;
  return { chat, inspector, replay };
}

export function shadow<T extends Element = Element>(root: Element | ShadowRoot | null | undefined, sel: string): T | null {
  const r = root instanceof Element ? (root.shadowRoot ?? root) : root;
  return (r?.querySelector(sel) as T | null) ?? null;
}

export function shadowAll<T extends Element = Element>(root: Element | ShadowRoot | null | undefined, sel: string): T[] {
  const r = root instanceof Element ? (root.shadowRoot ?? root) : root;
  return r ? [...r.querySelectorAll<T>(sel as never)] : [];
}

/** Waits until `check` holds (polling each frame), or fails after `ms`. */
export async function until(check: () => unknown, what: string, ms = 5000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`until: timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
}

/** Waits for the inspector (and its open tab) to render what it recorded. */
export async function settled(inspector: OzInspector): Promise<void> {
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  await inspector.updateComplete;
  const tab = shadow(inspector, '[role="tabpanel"] > *') as (Element & { updateComplete?: Promise<unknown> }) | null;
  await tab?.updateComplete;
}

/** Opens a tab by clicking it. */
export async function openTab(inspector: OzInspector, name: string): Promise<Element> {
  shadow<HTMLButtonElement>(inspector, `#tab-${name}`)!.click();
  await settled(inspector);
  return shadow(inspector, '[role="tabpanel"] > *')!;
}
