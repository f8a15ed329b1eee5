/**
 * AG-UI 1.0 events and inputs, as @ag-ui/core defines them, plus the few
 * helpers every layer needs to talk about a run's lifecycle.
 */
import { EventType } from '@ag-ui/core';
import type { BaseEvent, Event as AguiEvent, Interrupt, Message, ResumeEntry, RunAgentInput, RunErrorEvent, RunFinishedEvent, RunFinishedOutcome } from '@ag-ui/core';

export { EventType };
export type { AguiEvent, BaseEvent, Interrupt, Message, ResumeEntry, RunAgentInput, RunErrorEvent, RunFinishedEvent, RunFinishedOutcome };

/** The wire form of a RunAgentInput: `tools` and `context` may be absent. */
export type RunAgentRequest = Omit<RunAgentInput, 'tools' | 'context'> & Partial<Pick<RunAgentInput, 'tools' | 'context'>>;

/** An event as the transport yields it: the event and its SSE `id:`. */
export interface StreamedEvent {
  /** The SSE event id (opaque; the value to send back as Last-Event-ID). */
  id: string | undefined;
  event: AguiEvent;
}

/** RUN_FINISHED and RUN_ERROR end a run; nothing follows them on a stream. */
export function isTerminalEvent(event: { type: string }): boolean {
  return event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR;
}
