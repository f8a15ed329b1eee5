/**
 * The markdown engine (marked and the DOM built from its tokens)
 * loads on first use, from a chunk beside the bundle's first file (resolved
 * from `import.meta.url`, so one `<script type="module">` still works from a
 * plain page): a page shows its chat, composer and empty transcript without
 * it. `<oz-agent-chat>` asks for it as it connects, so it is there before the
 * first answer streams; an `<oz-markdown>` that has text before it arrives
 * shows that text as plain text (escaped, never parsed), then the markdown.
 */
import type * as Parts from './markdown-engine-parts.js';

export type MarkdownEngine = typeof Parts;

let engine: MarkdownEngine | undefined;
let loading: Promise<MarkdownEngine> | undefined;

/** The engine, once loaded (undefined before). */
export function loadedMarkdownEngine(): MarkdownEngine | undefined {
  return engine;
}

/** Loads the engine once; a failed load (the network) is tried again by the next call. */
export function loadMarkdownEngine(): Promise<MarkdownEngine> {
  loading ??= import('./markdown-engine-parts.js').then(
    (parts) => (engine = parts),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
