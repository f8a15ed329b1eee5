/**
 * The bundle's `@ag-ui/core/schemas` (build/ag-ui-schemas.ts): events are
 * checked by a check compiled from @ag-ui/core's schemas, with no general
 * validator in the bundle. It must agree with @cfworker/json-schema (the
 * reference here) on every recorded event and on thousands of mutations, and
 * say where and why an event fails. The module is generated here as the
 * bundle build generates it, in this tsx process (the case where a serialized
 * function carries tsx's `__name` helper), and imported as a data: module.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import { agUiJsonSchemas, compileSchema, compileSchemaSource, eventSchemas } from '../../build/ag-ui-schemas.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface SchemasModule {
  EventSchema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: string[]; message: string }> } } };
}

/** The generated module, as the bundle gets it: it imports nothing. */
async function schemasModule(): Promise<SchemasModule> {
  const plugin = agUiJsonSchemas() as unknown as { load(id: string): string };
  const source = plugin.load('\0oz-agui:ag-ui-json-schemas');
  assert.equal(/^\s*import\s/m.test(source), false, 'the module imports nothing (no validator library)');
  return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as SchemasModule;
}

describe('the bundle’s AG-UI event schemas', () => {
  it('serializes a fast check that runs without tsx’s helpers', () => {
    const source = compileSchemaSource();
    const check = (new Function(`${source}\nreturn compileSchema;`)() as typeof compileSchema)({ type: 'string', enum: ['a'] });
    assert.equal(check('a'), undefined);
    assert.deepEqual(check('b'), { path: [], message: 'Invalid option: expected one of "a"' });
  });

  it('compiles a check for every event type and for RunAgentInput (a keyword it cannot check fails the build)', () => {
    const schemas = eventSchemas();
    assert.ok(Object.keys(schemas).length >= 20);
    for (const [type, schema] of Object.entries(schemas)) assert.doesNotThrow(() => compileSchema(schema), type);
  });

  it('counts string lengths in code points, as JSON Schema does', () => {
    const check = compileSchema({ type: 'string', minLength: 2, maxLength: 2 });
    const ok = (c: (v: unknown) => unknown, v: unknown) => c(v) === undefined;
    assert.equal(ok(check, 'ab'), true);
    assert.equal(ok(check, 'a'), false);
    assert.equal(ok(check, '😀😀'), true);
    assert.equal(ok(check, '😀'), false);
    const items = compileSchema({ type: 'array', minItems: 1, maxItems: 2 });
    assert.deepEqual([ok(items, []), ok(items, [1]), ok(items, [1, 2, 3])], [false, true, false]);
  });

  it('accepts every recorded event', async () => {
    const module = await schemasModule();
    const dir = join(root, 'test/fixtures/runs');
    let events = 0;
    const types = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ndjson'))) {
      for (const line of readFileSync(join(dir, file), 'utf8').trim().split('\n')) {
        const { event } = JSON.parse(line) as { event: { type: string } };
        const result = module.EventSchema.safeParse(event);
        assert.equal(result.success, true, `${file}: ${event.type}`);
        events++;
        types.add(event.type);
      }
    }
    assert.ok(events > 100 && types.size >= 10, `${events} events of ${types.size} types`);
  });

  it('agrees with @cfworker/json-schema on every recorded event and its mutations, and names a path wherever it refuses', () => {
    const schemas = eventSchemas();
    const dir = join(root, 'test/fixtures/runs');
    const fast = new Map<string, ReturnType<typeof compileSchema>>();
    const full = new Map<string, Validator>();
    let compared = 0;
    const compare = (type: string, value: unknown) => {
      const schema = schemas[type] as object;
      if (!fast.has(type)) fast.set(type, compileSchema(schema));
      if (!full.has(type)) full.set(type, new Validator(schema as never, '2020-12', true));
      const valid = full.get(type)!.validate(value as never).valid;
      const failure = fast.get(type)!(value);
      assert.equal(failure === undefined, valid, `${type}: ${JSON.stringify(value).slice(0, 200)}`);
      if (failure) assert.ok(failure.message.length > 0 && failure.path.every((k) => typeof k === 'string'), JSON.stringify(failure));
      compared++;
    };
    const events = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => (JSON.parse(line) as { event: Record<string, unknown> & { type: string } }).event);
    for (const event of events) {
      compare(event.type, event);
      for (const key of Object.keys(event)) {
        if (key === 'type') continue;
        const { [key]: _dropped, ...without } = event;
        void _dropped;
        compare(event.type, without);
        for (const bad of [null, 7, '', [], {}, [{}]]) compare(event.type, { ...event, [key]: bad });
      }
    }
    assert.ok(compared > 1000, `${compared} values compared`);
  });

  it('says where and why an event fails', async () => {
    const module = await schemasModule();
    const issue = (v: unknown) => module.EventSchema.safeParse(v).error?.issues[0];
    assert.deepEqual(issue({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 7 }), { path: ['delta'], message: 'Invalid input: expected string, received number' });
    assert.deepEqual(issue({ type: 'TEXT_MESSAGE_CONTENT', delta: 'x' })?.path, ['messageId']);
    assert.deepEqual(issue({ type: 'NO_SUCH_EVENT' }), { path: ['type'], message: 'Invalid input: unknown event type' });
    assert.deepEqual(issue([1]), { path: [], message: 'Invalid input: expected an object' });
    assert.equal(module.EventSchema.safeParse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'hi' }).success, true);
  });
});
