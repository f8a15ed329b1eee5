/**
 * Registers every oz-agui tag (`import 'oz-agui/define'`). A tag already
 * defined (another copy of the library, or the app's own) is left alone.
 * The interrupt forms load on first use (elements/shared/lazy-tags.ts): when
 * a chat starts a run or shows a waiting turn, and otherwise once the page is
 * idle, so a page that renders `<oz-interrupts>` itself gets them too.
 */
import { OzBoard } from './board/board.js';
import { OzCard } from './card/card.js';
import { OzAgentChat } from './chat/chat.js';
import { OzComposer } from './composer/composer.js';
import { OzError } from './error/error.js';
import { OzMarkdown } from './markdown/markdown.js';
import { OzMessage } from './message/message.js';
import { OzSteps } from './steps/steps.js';
import { OzToolCall } from './tool-call/tool-call.js';
import { OzWaiting } from './waiting/waiting.js';
import { setAnswerCheckLoader } from '../src/forms/answer-check.js';
import { loadLazyTags, setLazyTagLoader } from './shared/lazy-tags.js';

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
  ['oz-agent-chat', OzAgentChat],
];

for (const [tag, ctor] of TAGS) {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}

let forms: Promise<void> | undefined;
const loadForms = () => (forms ??= import('./define-forms.js').then((m) => m.defineFormTags()));
setLazyTagLoader(loadForms);
setAnswerCheckLoader(loadForms);
const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
if (idle) idle(() => void loadLazyTags(), { timeout: 5000 });
else setTimeout(() => void loadLazyTags(), 2000);
