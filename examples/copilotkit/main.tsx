/**
 * CopilotKit v2's chat talking to OZ through oz-agui's OzAgent: the agent is
 * handed to CopilotKit as a self-managed agent, with no CopilotKit runtime;
 * OzAgent posts to the app's own proxy (/agui), which adds the token.
 * `?agent=` picks OZ's agent (helper by default).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CopilotChat, CopilotKitProvider, type AbstractAgent } from '@copilotkit/react-core/v2';
import '@copilotkit/react-core/v2/styles.css';
import { OzAgent } from 'oz-agui/agent';
import { OutcomeBar } from './OutcomeBar.js';

const name = new URLSearchParams(location.search).get('agent') ?? 'helper';
const agent = new OzAgent({ url: `/agui/v1/agui/agents/${encodeURIComponent(name)}?tenant=acme`, threadId: `copilotkit-${crypto.randomUUID()}` });

// CopilotKit 1.74 is built on @ag-ui/client 0.0.59, OzAgent on 1.0: at run time the agent is what
// CopilotKit expects (an AbstractAgent), but the two versions' message types differ (1.0 added file
// parts), so TypeScript needs the cast.
const copilotAgent = agent as unknown as AbstractAgent;
// The agent, for your devtools and the browser test (its messages are what OZ streamed, as received).
Object.assign(window, { ozAgent: agent });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CopilotKitProvider selfManagedAgents={{ oz: copilotAgent }} agentId="oz" enableInspector={false}>
      <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', height: '100%' }}>
        <OutcomeBar agent={agent} />
        <CopilotChat agentId="oz" />
      </div>
    </CopilotKitProvider>
  </StrictMode>,
);
