import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { MarkdownView, type MarkdownViewOptions } from './markdown-view.js';

export interface MarkdownDirectiveOptions extends MarkdownViewOptions {
  /** The view to drive (`<oz-markdown>` keeps its own, to answer `rendering`); by default one of the directive's. */
  view?: MarkdownView | undefined;
}

/**
 * A plain directive, not an AsyncDirective: nothing to release when its DOM
 * leaves the page (a view catching up takes a few more frames, then stops),
 * and lit/async-directive would be its only user in the bundle.
 */
class MarkdownDirective extends Directive {
  private view: MarkdownView | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('markdown() goes on an element: <div class="markdown" ${markdown(text)}>');
  }

  render(_text: string, _options?: MarkdownDirectiveOptions): unknown {
    return noChange;
  }

  override update(part: ElementPart, [text, options = {}]: [string, MarkdownDirectiveOptions?]): unknown {
    this.view ??= options.view ?? new MarkdownView();
    this.view.show(part.element as HTMLElement, text ?? '', options);
    return noChange;
  }
}

/**
 * Fills the element it is on with `text` as safe, streaming markdown (see
 * MarkdownView), keeping the DOM it grew between renders: only the tail
 * changes as text arrives. `<div class="markdown" part="body"
 * ${markdown(message.body, { imageAllowlist })}></div>`, styled by
 * markdown.styles.ts.
 */
export const markdown = directive(MarkdownDirective);
