/**
 * The client of the backend token proxy's inspection feed: list the runs
 * passing through the proxy, follow one live. See {@link openInspectionFeed}.
 */
export { openInspectionFeed, createInspectFeed } from './feed.js';
export type { InspectFeed, InspectFeedInit, InspectRunSummary } from './feed.js';
export { InspectFeedError, isInspectFeedError } from './errors.js';
export type { InspectFeedErrorCode, InspectFeedErrorDetails } from './errors.js';
