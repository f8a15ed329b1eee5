/** What the Ways-on stories share: their chat, its composer, and the checks their play functions make. */
import type { StoryObj } from '@storybook/web-components-vite';
import type { OzAgentChat } from '../../elements/chat/chat.js';
import type { OzComposer } from '../../elements/composer/composer.js';
import { expectShown, settled } from './ways-on.js';

export type Story = StoryObj;
export type PlayContext = { canvasElement: HTMLElement };

/** The story's chat, rendered and settled. */
export async function chatIn(canvasElement: HTMLElement): Promise<OzAgentChat> {
  const chat = canvasElement.querySelector<OzAgentChat>('oz-agent-chat');
  if (!chat) throw new Error('The story rendered no <oz-agent-chat>');
  await settled(canvasElement);
  return chat;
}

/** The chat's composer (its text and whether it is locked). */
export function composerOf(chat: OzAgentChat): OzComposer {
  const composer = chat.shadowRoot?.querySelector<OzComposer>('oz-composer');
  if (!composer) throw new Error('The chat has no composer');
  return composer;
}

/** Checks the story reached its state: the chat shows every needle (a story that did not fails its check). */
export const reaches =
  (...needles: readonly (string | RegExp)[]) =>
  async ({ canvasElement }: PlayContext): Promise<void> => {
    expectShown(await chatIn(canvasElement), ...needles);
  };

/**
 * Sends through the chat itself (as its composer does), lets the store's
 * batch and the chat's render run, then checks the words are back in the
 * composer and the chat shows every needle.
 */
export const sendInChat =
  (text: () => string, ...needles: readonly (string | RegExp)[]) =>
  async ({ canvasElement }: PlayContext): Promise<void> => {
    const chat = await chatIn(canvasElement);
    const words = text();
    await chat.send(words).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    await settled(canvasElement);
    if (composerOf(chat).value !== words) throw new Error('The words are not back in the composer');
    expectShown(chat, ...needles);
  };

export const finished = (threadId: string, runId: string, outcome: Record<string, unknown>) => ({ type: 'RUN_FINISHED', threadId, runId, outcome });
