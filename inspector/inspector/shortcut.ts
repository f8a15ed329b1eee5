/** A keyboard shortcut like `Alt+Shift+D`: its modifiers and key. */
export interface Shortcut {
  alt: boolean;
  shift: boolean;
  ctrl: boolean;
  meta: boolean;
  key: string;
}

/** Reads `Alt+Shift+D` (case-insensitive; `Mod` is Ctrl, or ⌘ on Apple). Undefined when empty or `none`. */
export function parseShortcut(text: string): Shortcut | undefined {
  const parts = text
    .split('+')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0 || parts[0] === 'none') return undefined;
  const key = parts.pop()!;
  const mac = typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform);
  const has = (m: string) => parts.includes(m);
  return { alt: has('alt') || has('option'), shift: has('shift'), ctrl: has('ctrl') || has('control') || (has('mod') && !mac), meta: has('meta') || has('cmd') || (has('mod') && mac), key };
}

/** Whether a key press is the shortcut (by `code` for letters and digits, so Alt's dead keys still match). */
export function matches(s: Shortcut, e: KeyboardEvent): boolean {
  if (e.altKey !== s.alt || e.shiftKey !== s.shift || e.ctrlKey !== s.ctrl || e.metaKey !== s.meta) return false;
  const k = s.key;
  if (/^[a-z]$/.test(k)) return e.code === `Key${k.toUpperCase()}` || e.key.toLowerCase() === k;
  if (/^[0-9]$/.test(k)) return e.code === `Digit${k}` || e.key === k;
  return e.key.toLowerCase() === k;
}
