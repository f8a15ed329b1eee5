/**
 * Elements a host renders many of (the chat's messages, their markdown and
 * tool calls) render into the host's own shadow tree instead of a shadow root
 * each: the host carries their styles (scoped to their tags, see
 * scope-css.ts) in its own stylesheet.
 *
 * Why: Chromium's style engine recollects the rule features of every shadow
 * root that has stylesheets whenever one is added, so in a long thread each
 * new message cost about 4 ms of style work per frame, growing with the
 * thread (1,669 styled shadow roots in 500 turns; see bench/restore.bench.ts).
 * Used anywhere else (on a page, in another element), each element keeps its
 * own shadow root and styles, as before.
 */
import { unsafeCSS, type CSSResult } from 'lit';
import { scopeCss } from './scope-css.js';

/** A custom element class whose shadow root carries the styles of the tags it hosts. */
interface HostClass {
  readonly hostedTags?: ReadonlySet<string>;
}

/** Whether `el` is in the shadow tree of a host that carries its styles (so it renders there, without a shadow root). */
export function isHosted(el: HTMLElement): boolean {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot)) return false;
  return (root.host.constructor as HostClass).hostedTags?.has(el.localName) ?? false;
}

/** The stylesheets of `tag`, for a host that renders it in its own tree: one sheet, every rule scoped to the tag. */
export function hostedStyles(tag: string, sheets: readonly CSSResult[]): CSSResult {
  return unsafeCSS(scopeCss(tag, sheets.map((s) => s.cssText).join('\n')));
}
