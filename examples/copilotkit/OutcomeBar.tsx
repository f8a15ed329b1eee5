/**
 * What CopilotKit's chat does not show: how OZ's run ended. An approval or a
 * question ends the run as an AG-UI interrupt, which only a person may
 * answer; CopilotKit has no form for it, so this bar says so (oz-agui's
 * <oz-agent-chat> draws the form from the interrupt's responseSchema).
 */
import { useEffect, useState } from 'react';
import type { OzAgent } from 'oz-agui/agent';

interface Finished {
  outcome?: { type: string; interrupts?: Array<{ id: string; message?: string }> };
}

export function OutcomeBar({ agent }: { agent: OzAgent }) {
  const [finished, setFinished] = useState<Finished>();
  useEffect(() => {
    const { unsubscribe } = agent.subscribe({
      onRunStartedEvent: () => setFinished(undefined),
      onRunFinishedEvent: ({ event }: { event: unknown }) => setFinished(event as Finished),
    });
    return unsubscribe;
  }, [agent]);
  const outcome = finished?.outcome;
  return (
    <p role="status" aria-label="Run outcome" style={{ margin: 0, padding: '0.5rem 1rem', borderBottom: '1px solid #8884' }}>
      {outcome === undefined
        ? 'OZ through OzAgent'
        : outcome.type === 'interrupt'
          ? `Waiting for your answer: ${outcome.interrupts?.map((i) => i.message ?? i.id).join('; ')} (answer it where a form can be drawn, e.g. <oz-agent-chat>)`
          : `Run ended: ${outcome.type}`}
    </p>
  );
}
