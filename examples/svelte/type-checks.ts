/**
 * The Svelte 5 typings as svelte-check reads them (SvelteHTMLElements, what a
 * template's element takes): type-checked with the repo, never run. A line
 * marked @ts-expect-error that is accepted fails the check.
 */
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from 'oz-agui/svelte';

type Chat = SvelteHTMLElements['oz-agent-chat'];
type Inspector = SvelteHTMLElements['oz-inspector'];

export const taken: Chat[] = [
  { endpoint: '/agui', agent: 'helper', tenant: 'acme', board: 'side', imageAllowlist: ['https://images.example.com'] },
  { 'onoz-send': (e) => e.text, 'onoz-run-finished': (e) => e.outcome, class: 'chat', id: 'chat' },
];
export const inspector: Inspector = { docked: true, for: 'chat', 'onoz-inspector-toggle': (e) => e.open };

export const refused: Chat[] = [
  // @ts-expect-error: agent is a string
  { agent: 1 },
  // @ts-expect-error: board is none, side or inline
  { board: 'left' },
  // @ts-expect-error: oz-send's event has text, not value
  { 'onoz-send': (e) => e.value },
];
// @ts-expect-error: docked is a boolean
export const refusedInspector: Inspector = { docked: 'yes' };
