/**
 * The thread store and its parts: the view model, the pure reducer, the
 * history and resume builders, persistence.
 */
export * from './state.js';
export * from './selectors.js';
export * from './actions.js';
export * from './reducer.js';
export * from './history.js';
export * from './resume.js';
export * from './snapshot.js';
export * from './persistence.js';
export * from './store.js';
export * from './thread-error.js';
export { splitLabel, type LabelSplit } from './label.js';
export { applyBoardPatch, FORBIDDEN_SEGMENTS, type BoardPatchResult } from './board-patch.js';
export { supersededById } from './reduce-board.js';
export { runErrorView, transportErrorView } from './error-view.js';
export { acceptedTurns, isRefusedTurn, retryMode, REFUSED_TURN_CODES } from './turn-status.js';
export { warmUpStore } from './warm-up.js';
