/**
 * `oz-agui/react`: the chat and its parts as React components (React 18 or
 * 19), typed props and `onOzSend`-style event props, and the JSX typings of
 * every tag for those who write the tags themselves (react-jsx.ts).
 * Importing it registers the tags (`oz-agui/define`).
 *
 *   import { OzAgentChat } from 'oz-agui/react';
 *   <OzAgentChat endpoint="/agui" agent="helper" tenant="acme" onOzSend={(e) => console.log(e.text)} />
 *
 * The interrupt forms (`<oz-interrupts>`, `<oz-interrupt>`) load on first
 * use inside the chat, so they have no wrapper here; write their tags (typed
 * by the JSX typings) when you place them yourself.
 */
import '../elements/define.js';
import {
  OzAgentChat as AgentChat,
  OzBoard as Board,
  OzCard as Card,
  OzComposer as Composer,
  OzError as ErrorElement,
  OzMarkdown as Markdown,
  OzMessage as Message,
  OzSteps as Steps,
  OzToolCall as ToolCall,
  OzWaiting as Waiting,
} from '../elements/index.js';
import { ozComponent } from './react-component.js';

export const OzAgentChat = ozComponent('oz-agent-chat', AgentChat, 'OzAgentChat');
export const OzBoard = ozComponent('oz-board', Board, 'OzBoard');
export const OzCard = ozComponent('oz-card', Card, 'OzCard');
export const OzComposer = ozComponent('oz-composer', Composer, 'OzComposer');
export const OzError = ozComponent('oz-error', ErrorElement, 'OzError');
export const OzMarkdown = ozComponent('oz-markdown', Markdown, 'OzMarkdown');
export const OzMessage = ozComponent('oz-message', Message, 'OzMessage');
export const OzSteps = ozComponent('oz-steps', Steps, 'OzSteps');
export const OzToolCall = ozComponent('oz-tool-call', ToolCall, 'OzToolCall');
export const OzWaiting = ozComponent('oz-waiting', Waiting, 'OzWaiting');

/** The element classes, for refs: `useRef<OzAgentChatElement>(null)`. */
export type {
  OzAgentChat as OzAgentChatElement,
  OzBoard as OzBoardElement,
  OzCard as OzCardElement,
  OzComposer as OzComposerElement,
  OzError as OzErrorElement,
  OzMarkdown as OzMarkdownElement,
  OzMessage as OzMessageElement,
  OzSteps as OzStepsElement,
  OzToolCall as OzToolCallElement,
  OzWaiting as OzWaitingElement,
} from '../elements/index.js';
export { OZ_TAGS, type OzElementMap, type OzEventMap, type OzProps, type OzTag } from './tags.js';
export type { OzReactComponent, OzReactEvents } from './react-component.js';
export type { OzJsxProps } from './react-jsx.js';
export * from '../elements/shared/events.js';
