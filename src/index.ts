/**
 * `oz-agui`: the framework-free core. The AG-UI protocol with OZ's extensions
 * (types, run-time validation, the RUN_ERROR catalogue), the resumable
 * transport (SSE, reconnection with Last-Event-ID, replay of recordings), the
 * thread store and its pure reducer, and the interrupt forms' model. No Lit,
 * no DOM rendering: the elements live in `oz-agui/elements`, the @ag-ui/client
 * adapter in `oz-agui/agent`.
 */
export * from './protocol/index.js';
export * from './transport/index.js';
export * from './thread/index.js';
export * from './forms/index.js';

import { setAnswerCheckLoader } from './forms/answer-check.js';

// The one side effect of this entry (package.json `sideEffects` lists it): the thread store reaches
// the validator through answer-check.ts, here by loading it, so an app's bundler that drops the unused
// exports of the forms cannot drop the check a resume needs.
setAnswerCheckLoader(() => import('./forms/validate.js'));
