/**
 * The bundle build's source transforms (vite.config.ts, mode `bundle`) keep
 * every library's behaviour: each is applied to the real installed file, the
 * result imported from a temporary folder and compared with the original.
 * The whole bundle in a page is tested in bundle.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import config from '../../vite.config.js';

const require = createRequire(import.meta.url);
const temp = mkdtempSync(join(tmpdir(), 'oz-agui-transforms-'));
after(() => rmSync(temp, { recursive: true, force: true }));

const plugins = ((config as unknown as (env: { mode: string; command: string }) => UserConfig)({ mode: 'bundle', command: 'build' }).plugins ?? []) as Plugin[];

type Hook = (this: unknown, code: string, id: string) => { code: string } | null | undefined;

/** Runs one plugin's hook; a warning or an error fails the test. */
function run(name: string, hook: 'transform' | 'renderChunk', code: string, id: string): string | undefined {
  const plugin = plugins.find((p) => p.name === name);
  assert.ok(plugin, `no plugin ${name}`);
  const context = {
    warn: (message: string) => assert.fail(`${name} warned: ${message}`),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return (plugin[hook] as Hook).call(context, code, id)?.code;
}

/** A package file, transformed, written beside the temporary folder's other files, and imported. */
async function transformed(name: string, file: string): Promise<{ original: Record<string, unknown>; changed: Record<string, unknown>; code: string }> {
  const code = readFileSync(file, 'utf8');
  const out = run(name, 'transform', code, file);
  assert.ok(out !== undefined && out !== code, `${name} left ${file} as it was`);
  const copy = join(temp, `${name.replace(/\W/g, '-')}.mjs`);
  writeFileSync(copy, out);
  return { original: (await import(pathToFileURL(file).href)) as Record<string, unknown>, changed: (await import(pathToFileURL(copy).href)) as Record<string, unknown>, code: out };
}

/** A package's folder: up from its main entry to the package.json that names it. */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package folder for ${name}`);
    dir = up;
  }
  return dir;
}
const markedFile = join(packageDir('marked'), 'lib/marked.esm.js');
const immerFile = join(packageDir('immer'), 'dist/immer.mjs');

describe('bundle transforms', () => {
  it("marked's default instance: every export is still there and works the same", async () => {
    const { original, changed } = await transformed('oz-agui:lazy-marked-default', markedFile);
    assert.deepEqual(Object.keys(changed).sort(), Object.keys(original).sort());
    for (const key of Object.keys(original)) assert.equal(typeof changed[key], typeof original[key], key);
    const a = original as unknown as { marked: (s: string) => string; parseInline: (s: string) => string; lexer: (s: string) => unknown[] };
    const b = changed as unknown as typeof a & { marked: { use: unknown; parse: unknown }; use: unknown; parse: unknown };
    const text = '# Plan\n\n- **one** [spec](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    assert.equal(b.marked(text), a.marked(text));
    assert.equal(b.parseInline('*x*'), '<em>x</em>');
    assert.equal(b.lexer('x').length, 1);
    assert.equal(b.marked.use, b.use);
    assert.equal(b.marked.parse, b.parse);
  });

  it("marked's pedantic and breaks rules: gone, the rest parses the same, and asking for either says so", async () => {
    const { original, changed, code } = await transformed('oz-agui:unused-marked-rules', markedFile);
    type Marked = { Lexer: new (o: object) => { lex(s: string): unknown[] }; marked: (s: string) => string };
    const a = original as unknown as Marked;
    const b = changed as unknown as Marked;
    const text = '# Plan\n\n- **one** [spec](https://example.com) www.example.org\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx\n```\n\nline  \nbreak\n';
    const ours = { gfm: true, breaks: false, pedantic: false };
    assert.deepEqual(new b.Lexer(ours).lex(text), new a.Lexer(ours).lex(text));
    assert.equal(b.marked(text), a.marked(text));
    assert.throws(() => new b.Lexer({ ...ours, pedantic: true }).lex(text), /leaves out marked's pedantic rules/);
    assert.throws(() => new b.Lexer({ ...ours, breaks: true }).lex(text), /leaves out marked's breaks rules/);
    assert.ok(code.length < readFileSync(markedFile, 'utf8').length - 500, 'the rule sets are gone from the source');
  });

  it('Immer: produce works as before; the manual-draft and patch methods (and their exports) are gone', async () => {
    const { original, changed, code } = await transformed('oz-agui:unused-immer-methods', immerFile);
    const gone = ['produceWithPatches', 'createDraft', 'finishDraft', 'applyPatches'];
    assert.deepEqual(
      Object.keys(changed),
      Object.keys(original).filter((name) => !gone.includes(name)),
    );
    const Immer = changed.Immer as new (config: { autoFreeze: boolean }) => Record<string, unknown> & {
      produce: <T>(base: T, recipe: (d: T) => void) => T;
    };
    const immer = new Immer({ autoFreeze: false });
    const base = { a: { n: 1 }, b: { n: 2 } };
    const next = immer.produce(base, (d) => {
      d.a.n = 3;
    });
    assert.deepEqual(next, { a: { n: 3 }, b: { n: 2 } });
    assert.equal(next.b, base.b, 'untouched parts keep their identity');
    assert.equal(Object.isFrozen(next), false);
    for (const name of gone) assert.equal(immer[name], undefined, name);
    assert.throws(() => run('oz-agui:unused-immer-methods', 'renderChunk', `${code}\nnew Immer().createDraft({});`, 'chunk.js'), /createDraft/);
  });

  it("fast-json-patch's validator: applyOperation without validation works the same; asking it to validate says the validator is left out", async () => {
    const file = join(packageDir('fast-json-patch'), 'module/core.mjs');
    const code = run('oz-agui:unused-patch-validator', 'transform', readFileSync(file, 'utf8'), file)!;
    // Its one import, of the module beside it, from where the copy is.
    const copy = join(temp, 'fast-json-patch-core.mjs');
    writeFileSync(copy, code.replace(/from '\.\/helpers\.mjs'/g, `from '${pathToFileURL(join(dirname(file), 'helpers.mjs')).href}'`));
    const original = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const changed = (await import(pathToFileURL(copy).href)) as Record<string, unknown>;
    assert.ok(!code.includes('OPERATION_FROM_REQUIRED'), "the validator's messages are gone");
    type Apply = (doc: unknown, op: unknown, validate: boolean, mutate: boolean, ban: boolean, index: number) => { newDocument: unknown };
    const ops = [
      { op: 'add', path: '/a/-', value: 3 },
      { op: 'replace', path: '/b', value: { c: [1] } },
      { op: 'move', from: '/b', path: '/d' },
      { op: 'copy', from: '/a', path: '/e' },
      { op: 'test', path: '/a/0', value: 1 },
      { op: 'remove', path: '/a/1' },
    ];
    const doc = () => ({ a: [1, 2], b: 'x' });
    let before: unknown = doc();
    let now: unknown = doc();
    ops.forEach((op, i) => {
      before = (original.applyOperation as Apply)(before, op, false, true, true, i).newDocument;
      now = (changed.applyOperation as Apply)(now, op, false, true, true, i).newDocument;
      assert.deepEqual(now, before, `after ${op.op}`);
    });
    assert.throws(() => (changed.applyOperation as Apply)(doc(), ops[0], true, true, true, 0), /leaves out fast-json-patch's validator/);
    assert.equal((changed._areEquals as (a: unknown, b: unknown) => boolean)({ x: [1] }, { x: [1] }), true);
  });

  it("@ag-ui/core's EventType: the same object, keys in the same order", async () => {
    const file = join(packageDir('@ag-ui/core'), 'dist/index.mjs');
    const entry = readFileSync(file, 'utf8');
    const chunk = /from\s*["']\.\/(version-[^"']+\.mjs)["']/.exec(entry)?.[1];
    assert.ok(chunk, "@ag-ui/core's index imports no version chunk");
    const { original, changed } = await transformed('oz-agui:compact-event-type', join(dirname(file), chunk));
    const find = (m: Record<string, unknown>) => Object.values(m).find((v) => (v as Record<string, unknown> | null)?.RUN_STARTED === 'RUN_STARTED');
    assert.ok(find(original));
    assert.equal(JSON.stringify(find(changed)), JSON.stringify(find(original)));
  });

  it('css templates: comments go (an apostrophe in one starts no string), quoted strings stay as written', () => {
    const id = join(process.cwd(), 'elements/x/x.styles.ts');
    const out = run('oz-agui:css-templates', 'transform', "const s = css`\n  /* a group's margin */\n  .a > .b ,  .c {\n    content: ' /* kept */ ';\n    margin: 1px/**/2px;\n  }\n`;", id);
    assert.equal(out, "const s = css`.a>.b,.c{content:' /* kept */ ';margin:1px 2px}`;");
  });

  it('html templates: line breaks and indentation become one space; <pre> and <textarea> templates stay as written', () => {
    const id = join(process.cwd(), 'elements/x/x.ts');
    const out = run('oz-agui:html-templates', 'transform', 'const a = html`<p>\n    ${x}\n  </p>`;\nconst b = html`<pre>\n  ${y}\n</pre>`;\nconst c = `\n  plain\n`;', id);
    assert.equal(out, 'const a = html`<p> ${x} </p>`;\nconst b = html`<pre>\n  ${y}\n</pre>`;\nconst c = `\n  plain\n`;');
  });

  it('private custom properties: one short name each, everywhere; left alone when a name may be built at run time', () => {
    const out = run('oz-agui:short-private-properties', 'renderChunk', "css`:host{--_c-bg:red;color:var(--_c-bg);margin:var(--_s-1) var(--oz-space,1px)}`;s({'--_s-1':'2px'});", 'chunk.js');
    assert.equal(out, "css`:host{--_0:red;color:var(--_0);margin:var(--_1) var(--oz-space,1px)}`;s({'--_1':'2px'});");
    const plugin = plugins.find((p) => p.name === 'oz-agui:short-private-properties')!;
    const warnings: string[] = [];
    const dynamic = (plugin.renderChunk as unknown as Hook).call({ warn: (m: string) => warnings.push(m) }, "s({['--_c-' + name]: 1});css`color:var(--_c-bg)`;", 'chunk.js');
    assert.equal(dynamic, null);
    assert.equal(warnings.length, 1);
  });
});
