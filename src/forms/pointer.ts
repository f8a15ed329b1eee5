/**
 * Small JSON helpers shared by the forms layer: a plain-object test and
 * JSON pointer segments (RFC 6901), as the validator writes them.
 */

/** A JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** Whether `v` is a plain JSON object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Escapes one key for a JSON pointer: `~` → `~0`, `/` → `~1`. */
export function escapeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins keys into a field path: a JSON pointer without its leading slash. */
export function joinPath(keys: readonly string[]): string {
  return keys.map(escapeSegment).join('/');
}

/**
 * The keys of a pointer as the validator writes it (`#/a/b%20c`, URI-encoded
 * and escaped), decoded; `#` or `''` is the root (no keys).
 */
export function pointerKeys(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((segment) => {
      let s = segment;
      try {
        s = decodeURIComponent(segment);
      } catch {
        // Not URI-encoded after all: keep it as written.
      }
      return s.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/** The keys as a JSON pointer with its leading slash (`''` for the root). */
export function toPointer(keys: readonly string[]): string {
  return keys.map((k) => `/${escapeSegment(k)}`).join('');
}

/** Follows `keys` down a JSON value; undefined when a step is missing. */
export function walk(value: unknown, keys: readonly string[]): unknown {
  let at = value;
  for (const key of keys) {
    if (Array.isArray(at)) at = /^\d+$/.test(key) ? at[Number(key)] : undefined;
    else if (isObject(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

/** Sets an own property, even one named `__proto__` (which `o[k] = v` would take as the prototype). */
export function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own property's value (never one from the prototype, such as `__proto__` itself). */
export function getOwn(o: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}
