/**
 * Local references and `allOf`, folded into one schema a form can draw:
 * `$ref` to `#/$defs/...`, `#/definitions/...`, any `#/...` pointer or a
 * `$anchor`, with its siblings; `allOf` members merged into one schema when
 * they can be (the same types, properties side by side, the tighter bounds).
 * What cannot be merged honestly is refused, never guessed: the caller then
 * draws that part as JSON.
 */
import { isObject, pointerKeys, walk, type JsonObject } from './pointer.js';

/** Keywords that only describe: in a merge, the later schema's win (a use site's title over its definition's). */
const ANNOTATION_KEYS = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$id',
  '$schema',
  '$anchor',
  '$defs',
  'definitions',
  'discriminator',
]);
const LOWER = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];
/** How many `$ref`s one chain may follow before it is called a loop. */
const MAX_HOPS = 32;
/** How many nodes an anchor search looks at. */
const MAX_ANCHOR_SEARCH = 5000;

/** A schema with its references and `allOf` folded in; `refs` are the pointers followed to reach it. */
export type Resolved =
  | { ok: true; schema: JsonObject; refs: string[] }
  /** `cycle`: a reference to a schema already being expanded (draw it lazily); else it cannot be folded. */
  | { ok: false; cycle?: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function findAnchor(root: unknown, name: string): unknown {
  const queue: unknown[] = [root];
  for (let seen = 0; queue.length && seen < MAX_ANCHOR_SEARCH; seen++) {
    const node = queue.shift();
    if (Array.isArray(node)) queue.push(...node);
    else if (isObject(node)) {
      if (node.$anchor === name) return node;
      queue.push(...Object.values(node));
    }
  }
  return undefined;
}

/** The schema a local reference names; undefined for a remote or dangling one. */
export function target(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (ref.startsWith('#/')) return walk(root, pointerKeys(ref));
  if (/^#[A-Za-z_][\w.-]*$/.test(ref)) return findAnchor(root, ref.slice(1));
  return undefined;
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : undefined);
  const [x, y] = [list(a), list(b)];
  if (!x || !y) return undefined;
  const out = new Set<string>();
  for (const t of x) {
    if (y.includes(t)) out.add(t);
    else if ((t === 'integer' && y.includes('number')) || (t === 'number' && y.includes('integer'))) out.add('integer');
  }
  if (out.size === 0) return undefined;
  return out.size === 1 ? [...out][0] : [...out];
}

/** Whether `other`'s properties are all ones that `closed`'s `additionalProperties` lets in. */
function keepsClosed(closed: JsonObject, other: JsonObject): boolean {
  const ap = closed.additionalProperties;
  if (ap === undefined || ap === true) return true;
  const own = isObject(closed.properties) ? closed.properties : {};
  return Object.keys(isObject(other.properties) ? other.properties : {}).every((k) => Object.hasOwn(own, k));
}

function mergeKey(out: JsonObject, key: string, a: unknown, b: unknown): boolean {
  if (ANNOTATION_KEYS.has(key)) out[key] = b;
  else if (key === 'type') {
    const t = intersectTypes(a, b);
    if (t === undefined) return false;
    out.type = t;
  } else if (key === 'required') {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    out.required = [...new Set([...a, ...b])];
  } else if (key === 'properties') {
    if (!isObject(a) || !isObject(b)) return false;
    const props: JsonObject = { ...a };
    for (const [k, v] of Object.entries(b)) props[k] = Object.hasOwn(a, k) && !same(a[k], v) ? { allOf: [a[k], v] } : v;
    out.properties = props;
  } else if (key === 'items' || key === 'additionalProperties' || key === 'propertyNames') {
    if (same(a, b)) out[key] = a;
    else if (a === false || b === false) out[key] = false;
    else if (isObject(a) && isObject(b)) out[key] = { allOf: [a, b] };
    else out[key] = a === true ? b : a;
  } else if (key === 'enum') {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const both = a.filter((x) => b.some((y) => same(x, y)));
    if (both.length === 0) return false;
    out.enum = both;
  } else if (LOWER.includes(key) || UPPER.includes(key)) {
    if (typeof a !== 'number' || typeof b !== 'number') return false;
    out[key] = LOWER.includes(key) ? Math.max(a, b) : Math.min(a, b);
  } else if (key === 'uniqueItems') out.uniqueItems = a === true || b === true;
  else if (key === 'nullable') out.nullable = a === true && b === true;
  else return same(a, b); // the SAME keys, and any other: only when both say the same
  return true;
}

/** Two schemas as one that asks both (`allOf`), or undefined when that cannot be said in one. */
export function merge(a: JsonObject, b: JsonObject): JsonObject | undefined {
  if (!keepsClosed(a, b) || !keepsClosed(b, a)) return undefined;
  if ((a.oneOf || a.anyOf) && (b.oneOf || b.anyOf)) return undefined;
  const out: JsonObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!Object.hasOwn(a, key)) out[key] = value;
    else if (!mergeKey(out, key, a[key], value)) return undefined;
  }
  if (a.nullable === true && b.nullable !== true && !Object.hasOwn(b, 'nullable')) delete out.nullable;
  return out;
}

/** The keys of `s` other than `drop`. */
export function without(s: JsonObject, ...drop: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) if (!drop.includes(k)) out[k] = v;
  return out;
}

/**
 * Folds `node`'s `$ref` (following chains) and `allOf` into one schema.
 * `expanding` holds the references being drawn around it: a reference to one
 * of them is a cycle. `legacy` (drafts 4 to 7) ignores a reference's siblings.
 */
export function resolve(root: unknown, node: JsonObject, expanding: readonly string[], legacy = false, hops = 0): Resolved {
  let s = node;
  const refs: string[] = [];
  while (typeof s.$ref === 'string') {
    const ref = s.$ref;
    if (expanding.includes(ref) || refs.includes(ref)) return { ok: false, cycle: ref };
    if (++hops > MAX_HOPS) return { ok: false };
    const t = target(root, ref);
    if (t === true || (isObject(t) && Object.keys(t).length === 0)) return { ok: true, schema: without(s, '$ref'), refs: [...refs, ref] };
    if (!isObject(t)) return { ok: false };
    refs.push(ref);
    const siblings = without(s, '$ref', '$defs', 'definitions');
    const kept = legacy ? Object.fromEntries(Object.entries(siblings).filter(([k]) => k === 'title' || k === 'description')) : siblings;
    const merged = merge(t, kept);
    if (!merged) return { ok: false };
    s = merged;
  }
  if (s.allOf !== undefined) {
    if (!Array.isArray(s.allOf) || s.allOf.length === 0) return { ok: false };
    let acc: JsonObject = {};
    for (const member of s.allOf) {
      if (member === true) continue;
      if (!isObject(member)) return { ok: false };
      const r = resolve(root, member, [...expanding, ...refs], legacy, hops);
      if (!r.ok) return r.cycle ? { ok: false } : r;
      const m = merge(acc, r.schema);
      if (!m) return { ok: false };
      acc = m;
    }
    const rest = merge(acc, without(s, 'allOf'));
    return rest ? { ok: true, schema: rest, refs } : { ok: false };
  }
  return { ok: true, schema: s, refs };
}
