/**
 * The oz-agui elements, as classes: nothing is registered here (import
 * `oz-agui/define`, or define the tags under names of your own).
 */
export { OzAgentChat, type ChatStorage } from './chat/chat.js';
export { OzMessage } from './message/message.js';
export { OzMarkdown } from './markdown/markdown.js';
export { MarkdownStream, renderMarkdown, isSafeHref, type MarkdownOptions, type RenderedMarkdown } from './markdown/render-markdown.js';
export { OzToolCall } from './tool-call/tool-call.js';
export { OzSteps } from './steps/steps.js';
export { OzCard } from './card/card.js';
export { CardRendererRegistry, genericCardRenderer, toRegistry, type CardRenderer, type CardContext } from './card/card-renderers.js';
export { OzBoard, foldNotes, type FoldedNote } from './board/board.js';
export { OzWaiting } from './waiting/waiting.js';
export { OzError } from './error/error.js';
export { OzComposer } from './composer/composer.js';
export { OzInterrupt, type InterruptNotice } from './interrupt-form/interrupt.js';
export { OzInterruptChangeEvent, OzInterruptCommitEvent, OzInterruptSubmitEvent } from './interrupt-form/events.js';
export { DEFAULT_INTERRUPT_STRINGS, resolveInterruptStrings, type InterruptStrings } from './interrupt-form/strings.js';
export { OzInterrupts, type InterruptsStore } from './interrupt-list/interrupts.js';
export { OzElement, type ThreadStoreLike } from './shared/oz-element.js';
export { StoreController, type Subscribable } from './shared/store-controller.js';
export { DEFAULT_STRINGS, resolveStrings, type OzStrings } from './shared/strings.js';
export { tokens } from './shared/tokens.styles.js';
export * from './shared/events.js';

import { setAnswerCheckLoader } from '../src/forms/answer-check.js';

// The one side effect of this entry (package.json `sideEffects` lists it), as of the core's: a chat
// whose tags the app defines itself still finds the validator a resume needs, whatever its bundler drops.
setAnswerCheckLoader(() => import('../src/forms/validate.js'));
