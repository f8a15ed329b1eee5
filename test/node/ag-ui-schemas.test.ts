/**
 * The bundle's `@ag-ui/core/schemas` (build/ag-ui-schemas.ts): every event a
 * recorded run streams passes its compiled fast check, so the slow validator
 * (@cfworker/json-schema) is asked only about events that fail it. The module
 * is generated here as the bundle build generates it, in this tsx process
 * (the case where a serialized function carries tsx's `__name` helper), and
 * imported with a validator that throws when it is used.
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

/** The generated module, its validator replaced by one that counts its uses and refuses. */
async function schemasModule(): Promise<{ module: SchemasModule; slow: { calls: number } }> {
  const plugin = agUiJsonSchemas() as unknown as { load(id: string): string };
  const source = plugin.load('\0oz-agui:ag-ui-json-schemas');
  const importLine = "import { Validator } from '@cfworker/json-schema';";
  assert.ok(source.startsWith(importLine), 'the module starts with its one import');
  const slow = { calls: 0 };
  (globalThis as { __slow?: typeof slow }).__slow = slow;
  const stub = `class Validator { validate() { globalThis.__slow.calls++; return { valid: false, errors: [{ instanceLocation: '#', error: 'slow path' }] }; } }`;
  const module = (await import(`data:text/javascript,${encodeURIComponent(source.replace(importLine, stub))}`)) as SchemasModule;
  return { module, slow };
}

describe('the bundle’s AG-UI event schemas', () => {
  it('serializes a fast check that runs without tsx’s helpers', () => {
    const source = compileSchemaSource();
    const check = (new Function(`${source}\nreturn compileSchema;`)() as (s: unknown) => (v: unknown) => boolean)({ type: 'string', enum: ['a'] });
    assert.equal(check('a'), true);
    assert.equal(check('b'), false);
  });

  it('compiles a fast check for every event type (none left to the slow validator alone)', () => {
    const schemas = eventSchemas();
    assert.ok(Object.keys(schemas).length >= 20);
    for (const [type, schema] of Object.entries(schemas)) assert.doesNotThrow(() => compileSchema(schema), type);
  });

  it('counts string lengths in code points, as JSON Schema does', () => {
    const check = compileSchema({ type: 'string', minLength: 2, maxLength: 2 });
    assert.equal(check('ab'), true);
    assert.equal(check('a'), false);
    assert.equal(check('😀😀'), true);
    assert.equal(check('😀'), false);
    const items = compileSchema({ type: 'array', minItems: 1, maxItems: 2 });
    assert.deepEqual([items([]), items([1]), items([1, 2, 3])], [false, true, false]);
  });

  it('checks every recorded event with the fast check alone', async () => {
    const { module, slow } = await schemasModule();
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
    assert.equal(slow.calls, 0, 'no valid event reached the slow validator');
    assert.ok(events > 100 && types.size >= 10, `${events} events of ${types.size} types`);
  });

  it('never accepts what the full validator refuses (recorded events and their mutations)', () => {
    const schemas = eventSchemas();
    const dir = join(root, 'test/fixtures/runs');
    const fast = new Map<string, (v: unknown) => boolean>();
    const full = new Map<string, Validator>();
    let compared = 0;
    const compare = (type: string, value: unknown) => {
      const schema = schemas[type] as object;
      if (!fast.has(type)) fast.set(type, compileSchema(schema));
      if (!full.has(type)) full.set(type, new Validator(schema as never, '2020-12', true));
      const valid = full.get(type)!.validate(value as never).valid;
      assert.equal(fast.get(type)!(value), valid, `${type}: ${JSON.stringify(value).slice(0, 200)}`);
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

  it('leaves an event that fails the fast check to the full validator, for its message', async () => {
    const { module, slow } = await schemasModule();
    const result = module.EventSchema.safeParse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 7 });
    assert.equal(result.success, false);
    assert.equal(slow.calls, 1);
    assert.equal(module.EventSchema.safeParse({ type: 'NO_SUCH_EVENT' }).success, false);
  });
});
