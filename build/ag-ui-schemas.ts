/**
 * `agUiJsonSchemas()`: the bundle validates incoming events as the library
 * does, against @ag-ui/core's own schemas, but not with zod at run time:
 * zod's classic API is not tree-shakable and weighed a quarter of the bundle.
 * The schemas are converted to JSON Schema when the bundle is built (zod's own
 * `toJSONSchema`, refinements carried over) and `@ag-ui/core/schemas` is
 * served as a module that checks them with a check compiled from them
 * (compileSchema: the subset of JSON Schema zod emits, no `eval`, so strict CSP
 * holds), which also says where and why an event fails. The bundle's first
 * file carries no general validator: @cfworker/json-schema is only in the
 * interrupt forms' chunk, loaded on first use (issue 20). The unit tests hold
 * the compiled check to @cfworker/json-schema's verdict on every recorded
 * event and thousands of mutations of them.
 */
import { EventSchema, RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { Plugin } from 'vite';
import { z } from 'zod/v4';

/** The slice of zod's internals the conversion reads. */
interface ZodInternals {
  _zod: {
    def: {
      type: string;
      options?: ZodInternals[];
      shape?: Record<string, ZodInternals>;
      values?: unknown[];
      checks?: Array<{ _zod: { def: { check: string; fn?: (value: unknown) => unknown } } }>;
    };
  };
}

type JsonSchema = Record<string, unknown>;

/** zod → JSON Schema (2020-12), keeping what @ag-ui/core's refinements say. */
function toJsonSchema(schema: unknown): JsonSchema {
  const json = z.toJSONSchema(schema as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
    override(ctx) {
      const def = (ctx.zodSchema as unknown as ZodInternals)._zod.def;
      const out = ctx.jsonSchema as JsonSchema;
      // @ag-ui/core's only custom schemas: "a JSON object, not null, not an array".
      if (def.type === 'custom') {
        for (const key of Object.keys(out)) delete out[key];
        out.type = 'object';
      }
      // Its refinements are "not null" and "not undefined"; JSON has no
      // undefined and the key stays required, so only "not null" needs a keyword.
      for (const check of def.checks ?? []) {
        const { check: kind, fn } = check._zod.def;
        if (kind !== 'custom' || !fn) continue;
        let acceptsNull: unknown;
        try {
          acceptsNull = fn(null);
        } catch {
          acceptsNull = false;
        }
        if (!acceptsNull) out.not = { type: 'null' };
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Drops what only documents: `specOpen` markers, descriptions, `additionalProperties: {}`. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'specOpen' || key === 'description') continue;
    if (key === 'additionalProperties' && inner && typeof inner === 'object' && Object.keys(inner).length === 0) continue;
    out[key] = compact(inner);
  }
  return out;
}

/**
 * `roots` as JavaScript expressions in which every subschema that occurs
 * more than once is built by one shared factory (`$0()`, `$1()`...): the
 * events repeat AG-UI's message, content and source schemas dozens of times.
 * Each call builds fresh objects, so each expression builds the same tree,
 * key for key and in the same order, as its root (@cfworker/json-schema
 * marks the schema objects it reads, so none may be shared).
 */
function sharedSource(roots: unknown[]): { definitions: string; expressions: string[] } {
  const key = (v: unknown): string => JSON.stringify(v);
  // Largest first: a subschema is shared when it still occurs twice outside the shared ones chosen before it.
  const shared = new Map<string, unknown>();
  for (;;) {
    const counts = new Map<string, { count: number; value: unknown }>();
    const count = (v: unknown, top: boolean): void => {
      if (!v || typeof v !== 'object') return;
      const k = key(v);
      if (!top) {
        const seen = counts.get(k) ?? { count: 0, value: v };
        seen.count++;
        counts.set(k, seen);
        if (shared.has(k)) return;
      }
      for (const inner of Object.values(v)) count(inner, false);
    };
    for (const root of roots) count(root, true);
    for (const v of shared.values()) count(v, true);
    let best: string | undefined;
    for (const [k, { count: n }] of counts) if (n > 1 && !shared.has(k) && k.length > MIN_SHARED && (!best || k.length > best.length)) best = k;
    if (!best) break;
    shared.set(best, counts.get(best)!.value);
  }
  const names = new Map<string, string>();
  const definitions: string[] = [];
  const emit = (v: unknown, top = false): string => {
    if (!v || typeof v !== 'object') return JSON.stringify(v);
    const k = key(v);
    const known = names.get(k);
    if (!top && known) return known;
    if (!top && shared.has(k)) {
      const body = emit(v, true);
      const name = `$${names.size}`;
      names.set(k, `${name}()`);
      definitions.push(`const ${name} = () => (${body});`);
      return `${name}()`;
    }
    return Array.isArray(v) ? `[${v.map((x) => emit(x)).join(',')}]` : `{${Object.entries(v).map(([name, inner]) => `${JSON.stringify(name)}:${emit(inner)}`).join(',')}}`;
  };
  const expressions = roots.map((root) => emit(root, true));
  return { definitions: definitions.join('\n'), expressions };
}

/** A subschema shorter than this (as JSON) is written out where it occurs: gzip takes care of those. */
const MIN_SHARED = 40;

/**
 * The event schemas by type as JavaScript source. Every AG-UI event is an
 * object whose properties start with its `type` constant and the same few
 * base fields, and whose `required` starts with `type`: those are written
 * once, in `event(type, properties, required)`, and each event gives only
 * the rest. An event of another shape is written out whole. Checked here:
 * each expression builds exactly its schema.
 */
function eventsSource(byType: Record<string, unknown>): string {
  type Shape = { type?: unknown; properties?: Record<string, unknown>; required?: unknown };
  const schemas = Object.entries(byType) as Array<[string, Shape]>;
  const fits = (s: Shape, type: string) =>
    JSON.stringify(Object.keys(s)) === '["type","properties","required"]' &&
    s.type === 'object' &&
    !!s.properties &&
    JSON.stringify(Object.entries(s.properties)[0]) === JSON.stringify(['type', { type: 'string', const: type }]) &&
    Array.isArray(s.required) &&
    s.required[0] === 'type';
  const fitting = schemas.filter(([type, s]) => fits(s, type));
  // The base fields: the longest run of properties after `type` that every fitting event starts with.
  const entries = fitting.map(([, s]) => Object.entries(s.properties!).slice(1).map((e) => JSON.stringify(e)));
  let baseLength = 0;
  while (entries.length > 0 && entries.every((e) => e[baseLength] !== undefined && e[baseLength] === entries[0]![baseLength])) baseLength++;
  const base = Object.fromEntries(Object.entries(fitting[0]?.[1].properties ?? {}).slice(1, 1 + baseLength));
  const baseText = JSON.stringify(base).slice(1, -1);
  const eventFn = `(type, properties, required) => ({ type: 'object', properties: { type: { type: 'string', const: type }${baseText ? `, ${baseText}` : ''}, ...properties }, required: ['type', ...required] })`;
  const roots: unknown[] = [];
  for (const [type, s] of schemas) {
    if (fits(s, type)) roots.push(Object.fromEntries(Object.entries(s.properties!).slice(1 + baseLength)), (s.required as unknown[]).slice(1));
    else roots.push(s);
  }
  const { definitions, expressions } = sharedSource(roots);
  let at = 0;
  const members = schemas.map(([type, s]) => {
    const value = fits(s, type) ? `event(${JSON.stringify(type)}, ${expressions[at++]}, ${expressions[at++]})` : expressions[at++];
    return `${JSON.stringify(type)}: ${value}`;
  });
  const source = `${definitions}\nconst event = ${eventFn};\nconst EVENTS = {\n${members.join(',\n')}\n};`;
  const built = new Function(`${source}\nreturn EVENTS;`)() as unknown;
  if (JSON.stringify(built) !== JSON.stringify(byType)) throw new Error('agUiJsonSchemas: the compact event schemas do not build the schemas they stand for');
  return source;
}

/** Each AG-UI event's JSON Schema, by event type. */
export function eventSchemas(): Record<string, unknown> {
  const byType: Record<string, unknown> = {};
  for (const option of (EventSchema as unknown as ZodInternals)._zod.def.options ?? []) {
    const type = option._zod.def.shape?.type?._zod.def.values?.[0];
    if (typeof type !== 'string') throw new Error('agUiJsonSchemas: an AG-UI event schema without a literal `type`');
    byType[type] = compact(toJsonSchema(option));
  }
  return byType;
}

/** Why a value failed a compiled schema: where (a path of keys) and what was expected. */
export interface SchemaFailure {
  path: string[];
  message: string;
}

/**
 * A check for the JSON Schema subset zod emits for AG-UI's events (type,
 * const, enum, properties, required, additionalProperties, items, minItems,
 * maxItems, anyOf, oneOf, not, pattern, minLength, maxLength, minimum,
 * maximum), compiled to closures once per event type: no `eval`, nothing
 * allocated for a value that passes (`undefined`); a value that fails gets
 * where and why (among variants, the one that got furthest). Any other keyword
 * throws when compiling, and the build fails (see agUiJsonSchemas): so the
 * bundle carries no general validator for events. Serialised into the bundle
 * with `toString()`, so it stays plain JavaScript inside.
 */
export function compileSchema(schema: unknown): (value: unknown) => SchemaFailure | undefined {
  type Check = (v: unknown) => SchemaFailure | undefined;
  const ANNOTATIONS = ['default', 'description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'];
  const KNOWN = ['type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'anyOf', 'oneOf', 'not', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum'];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const primitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  const fail = (message: string): SchemaFailure => ({ path: [], message });
  const under = (key: string | number, f: SchemaFailure | undefined): SchemaFailure | undefined => {
    if (f) f.path.unshift(String(key));
    return f;
  };
  const typeIs = (t: string, v: unknown): boolean => {
    switch (t) {
      case 'string': return typeof v === 'string';
      case 'integer': return typeof v === 'number' && Number.isInteger(v);
      case 'number': return typeof v === 'number';
      case 'boolean': return typeof v === 'boolean';
      case 'null': return v === null;
      case 'array': return Array.isArray(v);
      case 'object': return isObject(v);
      default: throw new Error(`unsupported type ${t}`);
    }
  };
  const received = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const build = (s: unknown): Check => {
    if (s === true) return (v) => (v === undefined ? fail('Invalid input: not a JSON value') : undefined);
    if (s === false) return () => fail('Invalid input: nothing is allowed here');
    if (!isObject(s)) throw new Error('unsupported schema');
    const checks: Check[] = [];
    for (const key of Object.keys(s)) {
      if (!KNOWN.includes(key) && !ANNOTATIONS.includes(key)) throw new Error(`unsupported keyword ${key}`);
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      for (const t of types) typeIs(t, undefined);
      checks.push((v) => (types.some((t) => typeIs(t, v)) ? undefined : fail(`Invalid input: expected ${types.join(' or ')}, received ${received(v)}`)));
    }
    if (s.const !== undefined) {
      const c = s.const;
      if (!primitive(c)) throw new Error('unsupported const');
      checks.push((v) => (v === c ? undefined : fail(`Invalid input: expected ${JSON.stringify(c)}`)));
    }
    if (s.enum !== undefined) {
      const values = s.enum as unknown[];
      if (!values.every(primitive)) throw new Error('unsupported enum');
      checks.push((v) => (values.includes(v as never) ? undefined : fail(`Invalid option: expected one of ${values.map((x) => JSON.stringify(x)).join('|')}`)));
    }
    if (s.required !== undefined) {
      const required = s.required as string[];
      checks.push((v) => {
        if (!isObject(v)) return undefined;
        for (const k of required) if (!Object.hasOwn(v, k)) return under(k, fail('Invalid input: required, missing'));
        return undefined;
      });
    }
    const props = s.properties === undefined ? [] : Object.entries(s.properties as Record<string, unknown>).map(([k, sub]) => [k, build(sub)] as const);
    const extra = s.additionalProperties === undefined ? undefined : build(s.additionalProperties);
    if (props.length > 0 || extra) {
      const names = props.map(([k]) => k);
      checks.push((v) => {
        if (!isObject(v)) return undefined;
        for (const [k, check] of props) {
          if (!Object.hasOwn(v, k)) continue;
          const f = check(v[k]);
          if (f) return under(k, f);
        }
        if (extra) {
          for (const k of Object.keys(v)) {
            if (names.includes(k)) continue;
            const f = extra(v[k]);
            if (f) return under(k, f);
          }
        }
        return undefined;
      });
    }
    if (s.items !== undefined) {
      const item = build(s.items);
      checks.push((v) => {
        if (!Array.isArray(v)) return undefined;
        for (let i = 0; i < v.length; i++) {
          const f = item(v[i]);
          if (f) return under(i, f);
        }
        return undefined;
      });
    }
    if (s.minItems !== undefined || s.maxItems !== undefined) {
      const min = (s.minItems as number | undefined) ?? 0;
      const max = (s.maxItems as number | undefined) ?? Infinity;
      checks.push((v) => (!Array.isArray(v) || (v.length >= min && v.length <= max) ? undefined : fail(v.length < min ? `Too small: expected at least ${min} items` : `Too big: expected at most ${max} items`)));
    }
    if (s.minLength !== undefined || s.maxLength !== undefined) {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = (s.maxLength as number | undefined) ?? Infinity;
      // In code points, as JSON Schema counts (a surrogate pair is one character).
      const length = (v: string) => {
        let n = 0;
        for (const _ of v) n++;
        return n;
      };
      checks.push((v) => {
        if (typeof v !== 'string') return undefined;
        const n = length(v);
        return n < min ? fail(`Too small: expected at least ${min} characters`) : n > max ? fail(`Too big: expected at most ${max} characters`) : undefined;
      });
    }
    // Among variants that all fail, the one that got furthest says why (as a full validator's deepest error).
    const furthest = (failures: SchemaFailure[]) => failures.reduce((a, b) => (b.path.length > a.path.length ? b : a), fail('Invalid input: matches none of the allowed shapes'));
    if (s.anyOf !== undefined) {
      const options = (s.anyOf as unknown[]).map(build);
      checks.push((v) => {
        const failures: SchemaFailure[] = [];
        for (const o of options) {
          const f = o(v);
          if (!f) return undefined;
          failures.push(f);
        }
        return furthest(failures);
      });
    }
    if (s.oneOf !== undefined) {
      const options = (s.oneOf as unknown[]).map(build);
      checks.push((v) => {
        const failures: SchemaFailure[] = [];
        for (const o of options) {
          const f = o(v);
          if (f) failures.push(f);
        }
        const passed = options.length - failures.length;
        return passed === 1 ? undefined : passed > 1 ? fail('Invalid input: matches more than one allowed shape') : furthest(failures);
      });
    }
    if (s.not !== undefined) {
      const not = build(s.not);
      checks.push((v) => (not(v) ? undefined : fail('Invalid input: a shape that is not allowed')));
    }
    if (s.pattern !== undefined) {
      const re = new RegExp(s.pattern as string, 'u');
      checks.push((v) => (typeof v !== 'string' || re.test(v) ? undefined : fail(`Invalid string: must match pattern ${String(s.pattern)}`)));
    }
    if (s.minimum !== undefined) {
      const min = s.minimum as number;
      checks.push((v) => (typeof v !== 'number' || v >= min ? undefined : fail(`Too small: expected a number >= ${min}`)));
    }
    if (s.maximum !== undefined) {
      const max = s.maximum as number;
      checks.push((v) => (typeof v !== 'number' || v <= max ? undefined : fail(`Too big: expected a number <= ${max}`)));
    }
    return (v) => {
      if (v === undefined) return fail('Invalid input: not a JSON value');
      for (const check of checks) {
        const f = check(v);
        if (f) return f;
      }
      return undefined;
    };
  };
  return build(schema);
}

/**
 * compileSchema as a declaration that runs inside the bundle. Serialized by
 * `toString()` in a process that loaded this file through tsx (esbuild's
 * keepNames), its body calls a `__name` helper that only tsx's module has:
 * pasted as it is, it would throw for every event type, and every event would
 * go to the slow validator without a word. So the helper is declared beside it
 * when the source calls it, and the declaration is run here first: a check
 * that does not work fails the build.
 */
export function compileSchemaSource(): string {
  const fn = compileSchema.toString();
  const source = `${fn.includes('__name(') ? 'const __name = (f) => f;\n' : ''}const compileSchema = ${fn};`;
  const built = new Function(`${source}\nreturn compileSchema;`)() as typeof compileSchema;
  const check = built({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
  if (check({ a: 'x' }) !== undefined || check({})?.path[0] !== 'a' || check({ a: 1 })?.path[0] !== 'a') throw new Error('agUiJsonSchemas: the serialized fast check does not check');
  return source;
}

const SCHEMAS_MODULE = '\0oz-agui:ag-ui-json-schemas';

/** Serves `@ag-ui/core/schemas` to the bundle as JSON Schemas checked by @cfworker/json-schema. */
export function agUiJsonSchemas(): Plugin {
  return {
    name: 'oz-agui:ag-ui-json-schemas',
    enforce: 'pre',
    resolveId(id) {
      return id === '@ag-ui/core/schemas' ? SCHEMAS_MODULE : undefined;
    },
    load(id) {
      if (id !== SCHEMAS_MODULE) return undefined;
      const events = eventsSource(eventSchemas());
      const input = JSON.stringify(compact(toJsonSchema(RunAgentInputSchema)));
      // Every schema must compile: a keyword the check does not know fails the build, not an event.
      for (const [type, schema] of Object.entries({ ...eventSchemas(), RunAgentInput: compact(toJsonSchema(RunAgentInputSchema)) })) {
        try {
          compileSchema(schema);
        } catch (e) {
          throw new Error(`agUiJsonSchemas: the schema of ${type} uses what the compiled check cannot: ${(e as Error).message}`);
        }
      }
      return `${events}
const checks = new Map();
${compileSchemaSource()}
function failure(path, message) {
  return { success: false, error: { issues: [{ path, message }] } };
}
function check(key, schema, value) {
  let c = checks.get(key);
  if (c === undefined) checks.set(key, (c = compileSchema(schema)));
  const f = c(value);
  return f === undefined ? { success: true, data: value } : failure(f.path, f.message);
}
export const EventSchema = {
  safeParse(value) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return failure([], 'Invalid input: expected an object');
    const type = value.type;
    const schema = typeof type === 'string' && Object.hasOwn(EVENTS, type) ? EVENTS[type] : undefined;
    if (!schema) return failure(['type'], 'Invalid input: unknown event type');
    return check(type, schema, value);
  },
};
export const RunAgentInputSchema = {
  safeParse(value) {
    return check('\\0RunAgentInput', ${input}, value);
  },
};
`;
    },
  };
}
