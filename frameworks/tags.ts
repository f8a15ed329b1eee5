/**
 * Every oz-agui tag as a framework sees it: the properties an app may set and
 * the events it fires, by name. One table for the React wrappers and the
 * JSX, Vue and Svelte typings (a test holds it to custom-elements.json, the
 * manifest the analyzer makes from the elements' own code).
 */
import type { OzAgentChat, OzBoard, OzCard, OzComposer, OzError, OzInterrupt, OzInterrupts, OzMarkdown, OzMessage, OzSteps, OzToolCall, OzWaiting } from '../elements/index.js';
import type { OzInspector, OzInspectorEvents, OzInspectorInterrupts, OzInspectorRequests, OzInspectorRuns, OzInspectorState, OzInspectorTimeline } from '../inspector/index.js';

/** Each tag's settable properties and the events it fires. */
export const OZ_TAGS = {
  'oz-agent-chat': {
    props: ['endpoint', 'agent', 'tenant', 'threadId', 'headers', 'storage', 'cardRenderers', 'imageAllowlist', 'board', 'narrowWidth', 'aiLabel', 'transport', 'store', 'clock', 'strings', 'theme'],
    events: ['oz-run-started', 'oz-run-finished', 'oz-run-error', 'oz-interrupt-requested', 'oz-card', 'oz-send', 'oz-error-action', 'oz-history-needed', 'oz-store-change'],
  },
  'oz-board': { props: ['board', 'imageAllowlist', 'headingLevel', 'strings', 'theme', 'store'], events: [] },
  'oz-card': { props: ['card', 'job', 'renderers', 'strings', 'theme', 'store'], events: [] },
  'oz-composer': { props: ['disabledReason', 'running', 'value', 'strings', 'theme', 'store'], events: ['oz-send', 'oz-stop'] },
  'oz-error': { props: ['error', 'strings', 'theme', 'store'], events: ['oz-error-action'] },
  'oz-interrupt': {
    props: ['strings', 'interrupt', 'value', 'now', 'clock', 'tickMs', 'readOnly', 'showErrors', 'highlight', 'fieldError', 'notice', 'step', 'focusOnOpen', 'theme', 'store'],
    events: ['oz-interrupt-change', 'oz-interrupt-commit'],
  },
  'oz-interrupts': {
    props: ['strings', 'store', 'now', 'clock', 'tickMs', 'readOnly', 'showWaiting', 'theme'],
    events: ['oz-interrupt-requested', 'oz-interrupt-submit', 'oz-error-action'],
  },
  'oz-markdown': { props: ['text', 'imageAllowlist', 'frameBudget'], events: [] },
  'oz-message': { props: ['message', 'messageId', 'toolCalls', 'card', 'renderers', 'imageAllowlist', 'strings', 'theme', 'store'], events: [] },
  'oz-steps': { props: ['steps', 'limitReached', 'renderers', 'strings', 'theme', 'store'], events: [] },
  'oz-tool-call': { props: ['call', 'callId', 'open', 'strings', 'theme', 'store'], events: [] },
  'oz-waiting': { props: ['waiting', 'strings', 'theme', 'store'], events: [] },
  'oz-inspector': {
    props: ['for', 'store', 'recorderOptions', 'docked', 'open', 'shortcut', 'replayIntoId', 'tab', 'src', 'feedHeaders', 'feedFactory', 'revision', 'strings', 'theme'],
    events: ['oz-inspector-import', 'oz-inspector-toggle', 'oz-inspector-select'],
  },
  'oz-inspector-events': { props: ['rowHeight', 'types', 'job', 'text', 'recording', 'revision', 'strings', 'theme'], events: ['oz-inspector-select'] },
  'oz-inspector-interrupts': { props: ['recording', 'revision', 'strings', 'theme'], events: [] },
  'oz-inspector-requests': { props: ['recording', 'revision', 'strings', 'theme'], events: [] },
  'oz-inspector-runs': { props: ['feed', 'following', 'recording', 'revision', 'strings', 'theme'], events: ['oz-inspector-follow'] },
  'oz-inspector-state': { props: ['selectedSeq', 'at', 'recording', 'revision', 'strings', 'theme'], events: [] },
  'oz-inspector-timeline': { props: ['recording', 'revision', 'strings', 'theme'], events: [] },
} as const satisfies Record<string, { props: readonly string[]; events: readonly (keyof GlobalEventHandlersEventMap & `oz-${string}`)[] }>;

/** Every event an oz-agui tag fires, by name: the type each element declares in GlobalEventHandlersEventMap. */
export type OzEventMap = { [N in (typeof OZ_TAGS)[keyof typeof OZ_TAGS]['events'][number]]: GlobalEventHandlersEventMap[N] };

/** Each tag's element class. */
export interface OzElementMap {
  'oz-agent-chat': OzAgentChat;
  'oz-board': OzBoard;
  'oz-card': OzCard;
  'oz-composer': OzComposer;
  'oz-error': OzError;
  'oz-interrupt': OzInterrupt;
  'oz-interrupts': OzInterrupts;
  'oz-markdown': OzMarkdown;
  'oz-message': OzMessage;
  'oz-steps': OzSteps;
  'oz-tool-call': OzToolCall;
  'oz-waiting': OzWaiting;
  'oz-inspector': OzInspector;
  'oz-inspector-events': OzInspectorEvents;
  'oz-inspector-interrupts': OzInspectorInterrupts;
  'oz-inspector-requests': OzInspectorRequests;
  'oz-inspector-runs': OzInspectorRuns;
  'oz-inspector-state': OzInspectorState;
  'oz-inspector-timeline': OzInspectorTimeline;
}

/** An oz-agui tag name. */
export type OzTag = keyof typeof OZ_TAGS & keyof OzElementMap;

/** The properties an app may set on `T` (all optional). */
export type OzProps<T extends OzTag> = Partial<Pick<OzElementMap[T], (typeof OZ_TAGS)[T]['props'][number] & keyof OzElementMap[T]>>;

/** The names of the events `T` fires. */
export type OzEventName<T extends OzTag> = (typeof OZ_TAGS)[T]['events'][number];

/** `oz-run-started` → `OzRunStarted`. */
export type PascalName<S extends string> = S extends `${infer Head}-${infer Rest}` ? `${Capitalize<Head>}${PascalName<Rest>}` : Capitalize<S>;

/** `oz-run-started` → `OzRunStarted` (the React wrappers' `onOzRunStarted`). */
export function pascalName<S extends string>(name: S): PascalName<S> {
  return name.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase()) as PascalName<S>;
}
