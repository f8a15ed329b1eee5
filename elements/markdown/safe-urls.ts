/**
 * What a link or an image in agent text may point at:
 * small checks the elements use without the markdown engine (marked loads
 * on first use, see markdown-engine.ts).
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** Whether an href is one a link may keep: http(s), mailto, or relative to the page. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  try {
    const url = new URL(compact, 'https://relative.invalid/');
    return SAFE_PROTOCOLS.has(url.protocol);
  } catch {
    return false;
  }
}

/** Whether an image URL is absolute http(s) from one of the allowlisted origins. */
export function isAllowedImage(src: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return false;
  try {
    const url = new URL(src);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return allowlist.some((origin) => {
      try {
        return new URL(origin).origin === url.origin;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}
