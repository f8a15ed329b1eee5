/** `oz-agui/agent`: an @ag-ui/client agent over oz-agui's resumable transport. */
export { OzAgent } from './oz-agent.js';
export type { OzAgentConfig } from './oz-agent.js';
