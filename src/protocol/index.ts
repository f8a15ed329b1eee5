export * from './events.js';
export * from './validate.js';
export * from './route.js';
export * from './board.js';
export * from './interrupts.js';
export * from './oz-events.js';
export * from './errors.js';
export type { InspectRunStatus, InspectRunSummary } from './inspect-feed.js';
