/**
 * Registers every oz-agui tag (`import 'oz-agui/define'`). A tag already
 * defined (another copy of the library, or the app's own) is left alone.
 */
import { OzBoard } from './board/board.js';
import { OzCard } from './card/card.js';
import { OzAgentChat } from './chat/chat.js';
import { OzComposer } from './composer/composer.js';
import { OzError } from './error/error.js';
import { OzInterrupt } from './interrupt/interrupt.js';
import { OzInterrupts } from './interrupts/interrupts.js';
import { OzMarkdown } from './markdown/markdown.js';
import { OzMessage } from './message/message.js';
import { OzSteps } from './steps/steps.js';
import { OzToolCall } from './tool-call/tool-call.js';
import { OzWaiting } from './waiting/waiting.js';

const TAGS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  ['oz-markdown', OzMarkdown],
  ['oz-tool-call', OzToolCall],
  ['oz-card', OzCard],
  ['oz-steps', OzSteps],
  ['oz-board', OzBoard],
  ['oz-waiting', OzWaiting],
  ['oz-error', OzError],
  ['oz-composer', OzComposer],
  ['oz-message', OzMessage],
  ['oz-interrupt', OzInterrupt],
  ['oz-interrupts', OzInterrupts],
  ['oz-agent-chat', OzAgentChat],
];

for (const [tag, ctor] of TAGS) {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}
