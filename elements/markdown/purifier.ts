/**
 * The one sanitizer of agent markdown: DOMPurify, allowing only what marked
 * makes (raw HTML in the text is already escaped by the renderer, see
 * markdown-blocks.ts), with our link and image policy as hooks:
 * - links keep only http(s), mailto and relative targets ({@link isSafeHref})
 *   and open in a new tab with `rel="noopener noreferrer"`;
 * - images stay only from the allowlisted origins (marked's renderer already
 *   shows any other image as a link; this drops one that slips through).
 *
 * DOMPurify returns DOM (`RETURN_DOM_FRAGMENT`): the nodes it kept, in the
 * inert document it parsed them into, move into the page as they are.
 * Nothing is serialized and parsed again, so there is no round trip for
 * markup to mutate in. Measured in bench/sanitize.bench.ts against its
 * string API and `IN_PLACE` (which walks the tree four more times and costs
 * about twice as much per node).
 */
import DOMPurify from 'dompurify';
import { isAllowedImage, isSafeHref } from './safe-urls.js';

/** The tags marked makes. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
];
/** Their attributes: link and image targets, list start, cell alignment, code language and task marks. */
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'start', 'align', 'class'];

/**
 * What DOMPurify keeps, given whole: its own default allowlists are never
 * read (the bundle leaves them out, see build/library-trims.ts).
 */
export const PURIFY_CONFIG = Object.freeze({
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
});

/** Agent HTML to safe HTML or DOM, with one image allowlist. */
export interface Purifier {
  /** The image origins its hooks allow (a copy, fixed when it was made). */
  readonly allowlist: readonly string[];
  /** Sanitized DOM, parsed once and never serialized (see the module's comment). */
  fragment(dirty: string): DocumentFragment;
  /** Sanitized HTML, as a string (the same nodes, serialized). */
  html(dirty: string): string;
}

/**
 * A sanitizer with its hooks bound to one allowlist. Its configuration never
 * changes once made, so the renderers of one allowlist may share it (making
 * one costs about a millisecond: see purifierFor, which every
 * `<oz-markdown>` uses unless given one).
 */
export function createPurifier(list: readonly string[]): Purifier {
  const allowlist: readonly string[] = Object.freeze([...list]);
  const purify = DOMPurify(window);
  // Without the DOM it needs, DOMPurify returns its input as it is: refuse instead.
  if (!purify.isSupported) throw new Error('oz-markdown: DOMPurify is not supported here; markdown cannot be shown safely');
  purify.addHook('uponSanitizeAttribute', (_node, attr) => {
    if (attr.attrName === 'href' && !isSafeHref(attr.attrValue)) attr.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (el) => {
    if (el.nodeName === 'A') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else if (el.nodeName === 'IMG') {
      if (!isAllowedImage(el.getAttribute('src') ?? '', allowlist)) el.remove();
      else {
        el.setAttribute('loading', 'lazy');
        el.setAttribute('referrerpolicy', 'no-referrer');
      }
    }
  });
  // Parsed once here, not on every call (sanitize(dirty, config) parses the config each time).
  purify.setConfig({ ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });
  // sanitize()'s types follow the config given to the call, not setConfig's RETURN_DOM_FRAGMENT.
  const fragment = (dirty: string): DocumentFragment => (dirty ? (purify.sanitize(dirty) as unknown as DocumentFragment) : document.createDocumentFragment());
  return {
    allowlist,
    fragment,
    html(dirty) {
      const template = document.createElement('template');
      template.content.append(fragment(dirty));
      return template.innerHTML;
    },
  };
}

/** Whether `purifier` applies exactly this image allowlist (so a renderer of `allowlist` may use it). */
export function purifierFits(purifier: Purifier | undefined, allowlist: readonly string[]): purifier is Purifier {
  if (!purifier || purifier.allowlist.length !== allowlist.length) return false;
  return purifier.allowlist.every((origin, i) => origin === allowlist[i]);
}

/** One sanitizer per allowlist, shared by every renderer of it in the page. */
const shared = new Map<string, Purifier>();

/**
 * The page's sanitizer for `allowlist`, made on first use: every
 * `<oz-markdown>` of one allowlist shares it (one DOMPurify instance and its
 * hooks, not one per message).
 */
export function purifierFor(allowlist: readonly string[]): Purifier {
  const key = JSON.stringify(allowlist);
  let purifier = shared.get(key);
  if (!purifier) shared.set(key, (purifier = createPurifier(allowlist)));
  return purifier;
}
