/**
 * Which job an event names: a message's job from its id (`<job>:<n>`), a
 * step's from its name, a card's from its value; tool calls learn theirs from
 * TOOL_CALL_START's parent message.
 */
import { OZ_CARD } from '../protocol/index.js';
import type { AguiEvent } from '../protocol/index.js';

const jobOfMessage = (messageId: unknown): string | undefined => {
  if (typeof messageId !== 'string') return undefined;
  const i = messageId.lastIndexOf(':');
  return i > 0 ? messageId.slice(0, i) : undefined;
};

/** Which job an event names; tool calls learn theirs from TOOL_CALL_START's parent. */
export function createJobTracker(): (event: AguiEvent) => string | undefined {
  const toolJobs = new Map<string, string>();
  return (event) => {
    const e = event as unknown as Record<string, unknown>;
    switch (e.type) {
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_END':
      case 'TEXT_MESSAGE_CHUNK':
        return jobOfMessage(e.messageId);
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
        return typeof e.stepName === 'string' ? e.stepName : undefined;
      case 'TOOL_CALL_START':
      case 'TOOL_CALL_CHUNK': {
        const job = jobOfMessage(e.parentMessageId);
        if (job && typeof e.toolCallId === 'string') {
          if (toolJobs.size >= 1000) toolJobs.clear();
          toolJobs.set(e.toolCallId, job);
        }
        return job ?? (typeof e.toolCallId === 'string' ? toolJobs.get(e.toolCallId) : undefined);
      }
      case 'TOOL_CALL_ARGS':
      case 'TOOL_CALL_END':
      case 'TOOL_CALL_RESULT':
        return typeof e.toolCallId === 'string' ? toolJobs.get(e.toolCallId) : undefined;
      case 'CUSTOM': {
        const v = e.value as { job?: unknown } | undefined;
        return e.name === OZ_CARD && typeof v?.job === 'string' ? v.job : undefined;
      }
      default:
        return undefined;
    }
  };
}
