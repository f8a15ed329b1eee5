/**
 * The markdown engine's chunk: marked (markdown-blocks.ts), the DOM built
 * from its tokens (markdown-dom.ts) and what uses them. Loaded on first use
 * through markdown-engine.ts, never imported statically by an element.
 */
export { MarkdownFragments } from './markdown-fragments.js';
export { warmUpWhenIdle } from './warm-up.js';
