/**
 * Run-time validation of incoming events with @ag-ui/core's own schemas, so a
 * malformed event becomes a typed, explained error instead of a crash deeper in.
 */
import { EventSchema, RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { AguiEvent, RunAgentRequest } from './events.js';

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

function describe(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

/** Checks one decoded JSON value against AG-UI's event schema. */
export function validateEvent(value: unknown): Validated<AguiEvent> {
  const parsed = EventSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as AguiEvent };
  return { ok: false, error: describe(parsed.error.issues) };
}

/** Checks a request body against AG-UI's RunAgentInput schema. */
export function validateRunAgentInput(value: unknown): Validated<RunAgentRequest> {
  const parsed = RunAgentInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as RunAgentRequest };
  return { ok: false, error: describe(parsed.error.issues) };
}
