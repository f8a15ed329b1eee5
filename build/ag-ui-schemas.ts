/**
 * `agUiJsonSchemas()`: the bundle validates incoming events as the library
 * does, against @ag-ui/core's own schemas, but not with zod at run time:
 * zod's classic API is not tree-shakable and weighed a quarter of the bundle.
 * The schemas are converted to JSON Schema when the bundle is built (zod's own
 * `toJSONSchema`, refinements carried over) and `@ag-ui/core/schemas` is
 * served as a module that checks them with a check compiled from them
 * (compile-schema.ts: the subset of JSON Schema zod emits, no `eval`, so strict CSP
 * holds), which also says where and why an event fails. The bundle's first
 * file carries no general validator: @cfworker/json-schema is only in the
 * interrupt forms' chunk, loaded on first use (issue 20). The unit tests hold
 * the compiled check to @cfworker/json-schema's verdict on every recorded
 * event and thousands of mutations of them.
 */
import { EventSchema, RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { Plugin } from 'vite';
import { z } from 'zod/v4';
import { compileSchema, compileSchemaSource } from './compile-schema.js';

export { compileSchema, compileSchemaSource, type SchemaFailure } from './compile-schema.js';

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
    return Array.isArray(v)
      ? `[${v.map((x) => emit(x)).join(',')}]`
      : `{${Object.entries(v)
          .map(([name, inner]) => `${JSON.stringify(name)}:${emit(inner)}`)
          .join(',')}}`;
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
  const entries = fitting.map(([, s]) =>
    Object.entries(s.properties!)
      .slice(1)
      .map((e) => JSON.stringify(e)),
  );
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
