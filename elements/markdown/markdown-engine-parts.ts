/**
 * The markdown engine's chunk: marked (markdown-blocks.ts), DOMPurify
 * (purifier.ts) and what uses them. Loaded on first use through
 * markdown-engine.ts, never imported statically by an element.
 */
export { MarkdownFragments } from './markdown-fragments.js';
export { purifierFor } from './purifier.js';
export { warmUpWhenIdle } from './warm-up.js';
