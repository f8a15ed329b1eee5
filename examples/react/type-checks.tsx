/**
 * What the React typings refuse (tsc fails when any line marked
 * @ts-expect-error is accepted): never rendered, only type-checked.
 */
import { OzAgentChat, OzComposer } from 'oz-agui/react';
import { OzInspector } from 'oz-agui/react/inspector';

export const refused = [
  // @ts-expect-error: not a property of the chat
  <OzAgentChat endpoint="/agui" agentName="helper" />,
  // @ts-expect-error: agent is a string
  <OzAgentChat endpoint="/agui" agent={1} />,
  // @ts-expect-error: the chat fires no oz-stop (its composer does)
  <OzAgentChat onOzStop={() => undefined} />,
  // @ts-expect-error: oz-send's event has text, not value
  <OzComposer onOzSend={(e) => e.value} />,
  // @ts-expect-error: docked is a boolean
  <OzInspector docked="yes" />,
  // @ts-expect-error: not a property of the tag
  <oz-agent-chat agentName="helper" />,
  // @ts-expect-error: the tag's oz-send event has text, not value
  <oz-agent-chat onoz-send={(e) => e.value} />,
  // @ts-expect-error: no such oz-agui tag (only the table's tags are typed)
  <oz-agent-chats />,
];

export const taken = [
  <OzAgentChat endpoint="/agui" agent="helper" tenant="acme" threadId="t1" board="none" onOzSend={(e) => e.text} onOzRunFinished={(e) => e.outcome} />,
  <OzComposer running onOzStop={() => undefined} />,
  <OzInspector docked open for="chat" onOzInspectorToggle={(e) => e.open} />,
  <oz-agent-chat endpoint="/agui" agent="helper" class="chat" onoz-send={(e) => e.text} />,
  <oz-interrupts readOnly onoz-interrupt-submit={(e) => e.entries.length} />,
];
