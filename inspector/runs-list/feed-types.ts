/**
 * The proxy's inspection feed, as the panel uses it: the types of
 * inspector/feed (`openInspectionFeed(src, init)`), and the factory the panel
 * calls for its `src`.
 */
import type { InspectFeed, InspectFeedInit } from '../feed/feed.js';

export type { InspectFeed, InspectFeedInit, InspectRunSummary } from '../feed/feed.js';

/** Makes a feed for a `src` URL (the panel's `feedFactory`; `openInspectionFeed` by default). */
export type InspectFeedFactory = (src: string, init?: InspectFeedInit) => InspectFeed;
