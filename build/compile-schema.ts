/**
 * `compileSchema`: a check for the JSON Schema subset zod emits for AG-UI's
 * events (type, const, enum, properties, required, additionalProperties,
 * items, minItems, maxItems, anyOf, oneOf, not, pattern, minLength, maxLength,
 * minimum, maximum), compiled to closures once per event type: no `eval`,
 * nothing allocated for a value that passes (`undefined`); a value that fails
 * gets where and why (among variants, the one that got furthest). Any other
 * keyword throws when compiling, and the build fails (see agUiJsonSchemas in
 * ag-ui-schemas.ts): so the bundle carries no general validator for events.
 *
 * The functions here run inside the bundle too: `compileSchemaSource()`
 * pastes them there with `toString()`. So each is a plain function
 * declaration that uses only its arguments, the others here and built-ins;
 * the keyword groups are separate functions (applied in one fixed order, so
 * the first failing keyword is the one reported) to keep each short.
 */

/** Why a value failed a compiled schema: where (a path of keys) and what was expected. */
export interface SchemaFailure {
  path: string[];
  message: string;
}

type Check = (v: unknown) => SchemaFailure | undefined;
type Build = (s: unknown) => Check;
type Schema = Record<string, unknown>;

function schemaFail(message: string): SchemaFailure {
  return { path: [], message };
}

function schemaUnder(key: string | number, f: SchemaFailure | undefined): SchemaFailure | undefined {
  if (f) f.path.unshift(String(key));
  return f;
}

function schemaIsObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function schemaPrimitive(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Whether `v` is of JSON Schema type `t`; throws for a type the check does not know. */
function schemaTypeIs(t: string, v: unknown): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return schemaIsObject(v);
    default:
      throw new Error(`unsupported type ${t}`);
  }
}

function schemaReceived(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** A string's length in code points, as JSON Schema counts (a surrogate pair is one character). */
function schemaLength(v: string): number {
  let n = 0;
  for (const _ of v) n++;
  return n;
}

/** Among variants that all fail, the one that got furthest says why (as a full validator's deepest error). */
function schemaFurthest(failures: SchemaFailure[]): SchemaFailure {
  return failures.reduce((a, b) => (b.path.length > a.path.length ? b : a), schemaFail('Invalid input: matches none of the allowed shapes'));
}

/** `type`, `const`, `enum`. */
function scalarChecks(s: Schema): Check[] {
  const checks: Check[] = [];
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    for (const t of types) schemaTypeIs(t, undefined);
    checks.push((v) => (types.some((t) => schemaTypeIs(t, v)) ? undefined : schemaFail(`Invalid input: expected ${types.join(' or ')}, received ${schemaReceived(v)}`)));
  }
  if (s.const !== undefined) {
    const c = s.const;
    if (!schemaPrimitive(c)) throw new Error('unsupported const');
    checks.push((v) => (v === c ? undefined : schemaFail(`Invalid input: expected ${JSON.stringify(c)}`)));
  }
  if (s.enum !== undefined) {
    const values = s.enum as unknown[];
    if (!values.every(schemaPrimitive)) throw new Error('unsupported enum');
    checks.push((v) => (values.includes(v as never) ? undefined : schemaFail(`Invalid option: expected one of ${values.map((x) => JSON.stringify(x)).join('|')}`)));
  }
  return checks;
}

/** `required`, `properties`, `additionalProperties`. */
function objectChecks(s: Schema, build: Build): Check[] {
  const checks: Check[] = [];
  if (s.required !== undefined) {
    const required = s.required as string[];
    checks.push((v) => {
      if (!schemaIsObject(v)) return undefined;
      for (const k of required) if (!Object.hasOwn(v, k)) return schemaUnder(k, schemaFail('Invalid input: required, missing'));
      return undefined;
    });
  }
  const props = s.properties === undefined ? [] : Object.entries(s.properties as Record<string, unknown>).map(([k, sub]) => [k, build(sub)] as const);
  const extra = s.additionalProperties === undefined ? undefined : build(s.additionalProperties);
  if (props.length > 0 || extra) {
    const names = props.map(([k]) => k);
    checks.push((v) => {
      if (!schemaIsObject(v)) return undefined;
      for (const [k, check] of props) {
        if (!Object.hasOwn(v, k)) continue;
        const f = check(v[k]);
        if (f) return schemaUnder(k, f);
      }
      if (extra) {
        for (const k of Object.keys(v)) {
          if (names.includes(k)) continue;
          const f = extra(v[k]);
          if (f) return schemaUnder(k, f);
        }
      }
      return undefined;
    });
  }
  return checks;
}

/** `items`, `minItems`, `maxItems`, then `minLength`, `maxLength`. */
function lengthChecks(s: Schema, build: Build): Check[] {
  const checks: Check[] = [];
  if (s.items !== undefined) {
    const item = build(s.items);
    checks.push((v) => {
      if (!Array.isArray(v)) return undefined;
      for (let i = 0; i < v.length; i++) {
        const f = item(v[i]);
        if (f) return schemaUnder(i, f);
      }
      return undefined;
    });
  }
  if (s.minItems !== undefined || s.maxItems !== undefined) {
    const min = (s.minItems as number | undefined) ?? 0;
    const max = (s.maxItems as number | undefined) ?? Infinity;
    checks.push((v) =>
      !Array.isArray(v) || (v.length >= min && v.length <= max) ? undefined : schemaFail(v.length < min ? `Too small: expected at least ${min} items` : `Too big: expected at most ${max} items`),
    );
  }
  if (s.minLength !== undefined || s.maxLength !== undefined) {
    const min = (s.minLength as number | undefined) ?? 0;
    const max = (s.maxLength as number | undefined) ?? Infinity;
    checks.push((v) => {
      if (typeof v !== 'string') return undefined;
      const n = schemaLength(v);
      return n < min ? schemaFail(`Too small: expected at least ${min} characters`) : n > max ? schemaFail(`Too big: expected at most ${max} characters`) : undefined;
    });
  }
  return checks;
}

/** `anyOf`, `oneOf`, `not`. */
function variantChecks(s: Schema, build: Build): Check[] {
  const checks: Check[] = [];
  if (s.anyOf !== undefined) {
    const options = (s.anyOf as unknown[]).map(build);
    checks.push((v) => {
      const failures: SchemaFailure[] = [];
      for (const o of options) {
        const f = o(v);
        if (!f) return undefined;
        failures.push(f);
      }
      return schemaFurthest(failures);
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
      return passed === 1 ? undefined : passed > 1 ? schemaFail('Invalid input: matches more than one allowed shape') : schemaFurthest(failures);
    });
  }
  if (s.not !== undefined) {
    const not = build(s.not);
    checks.push((v) => (not(v) ? undefined : schemaFail('Invalid input: a shape that is not allowed')));
  }
  return checks;
}

/** `pattern`, `minimum`, `maximum`. */
function boundChecks(s: Schema): Check[] {
  const checks: Check[] = [];
  if (s.pattern !== undefined) {
    const re = new RegExp(s.pattern as string, 'u');
    checks.push((v) => (typeof v !== 'string' || re.test(v) ? undefined : schemaFail(`Invalid string: must match pattern ${String(s.pattern)}`)));
  }
  if (s.minimum !== undefined) {
    const min = s.minimum as number;
    checks.push((v) => (typeof v !== 'number' || v >= min ? undefined : schemaFail(`Too small: expected a number >= ${min}`)));
  }
  if (s.maximum !== undefined) {
    const max = s.maximum as number;
    checks.push((v) => (typeof v !== 'number' || v <= max ? undefined : schemaFail(`Too big: expected a number <= ${max}`)));
  }
  return checks;
}

/** Compiles `schema` to a check that returns `undefined` for a value that passes, or where and why it fails. */
export function compileSchema(schema: unknown): (value: unknown) => SchemaFailure | undefined {
  const ANNOTATIONS = ['default', 'description', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'];
  const KNOWN = [
    'type',
    'const',
    'enum',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'minItems',
    'maxItems',
    'anyOf',
    'oneOf',
    'not',
    'pattern',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
  ];
  const build = (s: unknown): Check => {
    if (s === true) return (v) => (v === undefined ? schemaFail('Invalid input: not a JSON value') : undefined);
    if (s === false) return () => schemaFail('Invalid input: nothing is allowed here');
    if (!schemaIsObject(s)) throw new Error('unsupported schema');
    for (const key of Object.keys(s)) {
      if (!KNOWN.includes(key) && !ANNOTATIONS.includes(key)) throw new Error(`unsupported keyword ${key}`);
    }
    const checks = [...scalarChecks(s), ...objectChecks(s, build), ...lengthChecks(s, build), ...variantChecks(s, build), ...boundChecks(s)];
    return (v) => {
      if (v === undefined) return schemaFail('Invalid input: not a JSON value');
      for (const check of checks) {
        const f = check(v);
        if (f) return f;
      }
      return undefined;
    };
  };
  return build(schema);
}

/** What compileSchema needs inside the bundle, in declaration order. */
const PASTED = [
  schemaFail,
  schemaUnder,
  schemaIsObject,
  schemaPrimitive,
  schemaTypeIs,
  schemaReceived,
  schemaLength,
  schemaFurthest,
  scalarChecks,
  objectChecks,
  lengthChecks,
  variantChecks,
  boundChecks,
  compileSchema,
];

/**
 * compileSchema and its helpers as declarations that run inside the bundle.
 * Serialized by `toString()` in a process that loaded this file through tsx
 * (esbuild's keepNames), a body may call a `__name` helper that only tsx's
 * module has: pasted as it is, it would throw for every event type, and every
 * event would go to the slow validator without a word. So the helper is
 * declared beside it when the source calls it, and the declarations are run
 * here first: a check that does not work fails the build.
 */
export function compileSchemaSource(): string {
  const functions = PASTED.map((fn) => fn.toString()).join('\n');
  const source = `${functions.includes('__name(') ? 'const __name = (f) => f;\n' : ''}${functions}`;
  const built = new Function(`${source}\nreturn compileSchema;`)() as typeof compileSchema;
  const check = built({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
  if (check({ a: 'x' }) !== undefined || check({})?.path[0] !== 'a' || check({ a: 1 })?.path[0] !== 'a') throw new Error('agUiJsonSchemas: the serialized fast check does not check');
  return source;
}
