/**
 * `npm run cem`: custom-elements.json from the elements' JSDoc (@summary,
 * @slot, @csspart, @cssproperty, @fires) and Lit's decorators (the analyzer's
 * Lit support reads @property/@state and their attributes).
 *
 * Tags: only elements/define.ts and inspector/define.ts register them, from one `[tag, Class]` table
 * (CONVENTIONS rule 1), which the analyzer cannot follow by itself, and most
 * elements extend the shared OzElement rather than LitElement directly. The
 * `oz-tags` plugin below reads that table, marks each class a custom element
 * with its tag, and lists the definitions as exports of elements/define.ts.
 *
 * Events: the analyzer also guesses them from `dispatchEvent(new X(a, b))`,
 * taking the first argument for the name (`action`, a variable) or none at
 * all; our events are named `oz-…` and documented with @fires, so the
 * `oz-events` plugin keeps only names of that form.
 *
 * Shared docs: the chat shows the parts of the elements it renders with
 * shadow roots of their own under its own names, and every element reads the
 * global tokens. The `oz-shared-docs` plugin lists both on `<oz-agent-chat>`
 * from their one source: the parts from elements/shared/export-parts.ts (each
 * described as its element documents it), the tokens from the `@cssproperty`
 * lines of elements/shared/tokens.styles.ts.
 */
import { readFileSync } from 'node:fs';

const DEFINES = ['elements/define.ts', 'inspector/define.ts'];

function ozTags() {
  return {
    name: 'oz-tags',
    packageLinkPhase({ customElementsManifest }) {
      for (const file of DEFINES) tagDefine(customElementsManifest, file);
      // The analyzer lists modules in the order its reads finish, which varies from run to run:
      // by path, the file is the same every time (npm test checks it is current).
      customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

/** Marks each class of one define file's `[tag, Class]` table a custom element with its tag. */
function tagDefine(customElementsManifest, file) {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  const tags = [...source.matchAll(/\[\s*'(oz-[a-z-]+)'\s*,\s*(Oz\w+)\s*\]/g)].map((m) => ({ tag: m[1], name: m[2] }));
  if (tags.length === 0) throw new Error(`oz-tags: no [tag, Class] entries found in ${file}`);
  const definitions = [];
  for (const { tag, name } of tags) {
    const mod = customElementsManifest.modules.find((m) => m.declarations?.some((d) => d.kind === 'class' && d.name === name));
    if (!mod) throw new Error(`oz-tags: ${name} (${tag}) is not declared in any analysed module`);
    const declaration = mod.declarations.find((d) => d.kind === 'class' && d.name === name);
    declaration.customElement = true;
    declaration.tagName = tag;
    definitions.push({ kind: 'custom-element-definition', name: tag, declaration: { name, module: mod.path } });
  }
  const define = customElementsManifest.modules.find((m) => m.path === file);
  if (define) define.exports = [...(define.exports ?? []).filter((e) => e.kind !== 'custom-element-definition'), ...definitions];
}

function ozEvents() {
  return {
    name: 'oz-events',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const d of mod.declarations ?? []) {
          if (d.events) d.events = d.events.filter((e) => typeof e.name === 'string' && /^oz-[a-z][a-z-]*$/.test(e.name));
          eventClass(d);
        }
      }
    },
  };
}

/**
 * An event class made by defineEvent (`class X extends defineEvent<F>()('oz-x') {}`), which the
 * analyzer reads as a mixin with the event's name for a superclass: an Event with its static
 * eventName and its fields, as a hand-written class would be listed.
 */
function eventClass(d) {
  const made = d.kind === 'class' && d.mixins?.find((m) => m.name.startsWith('defineEvent'));
  if (!made) return;
  const fields = /^defineEvent<\{(.*)\}>\(\)$/.exec(made.name)?.[1] ?? '';
  const members = fields
    .split(';')
    .map((f) => /^\s*(\w+)(\??):\s*(.+?)\s*$/.exec(f))
    .filter(Boolean)
    .map(([, name, optional, type]) => ({ kind: 'field', name, type: { text: optional ? `${type} | undefined` : type }, readonly: true }));
  const eventName = { kind: 'field', name: 'eventName', type: { text: 'string' }, static: true, readonly: true, default: `'${d.superclass?.name}'` };
  d.members = [eventName, ...members, ...(d.members ?? [])];
  d.superclass = { name: 'Event', package: 'global:' };
  delete d.mixins;
}

/** The table of elements/shared/export-parts.ts: a plain object literal, read as one. */
function exportedTable() {
  const source = readFileSync(new URL('./elements/shared/export-parts.ts', import.meta.url), 'utf8');
  const literal = /const EXPORTED[^=]*=\s*(\{[\s\S]*?\n\});/.exec(source)?.[1];
  if (!literal) throw new Error('oz-shared-docs: no EXPORTED table in elements/shared/export-parts.ts');
  return Function(`return (${literal});`)();
}

/** The tokens' `@cssproperty` lines of elements/shared/tokens.styles.ts. */
function tokenDocs() {
  const source = readFileSync(new URL('./elements/shared/tokens.styles.ts', import.meta.url), 'utf8');
  const docs = [...source.matchAll(/^ \* @cssproperty (--oz-[a-z0-9-]+) - (.+)$/gm)].map((m) => ({ description: `${m[2].replace(/\.$/, '')} (every element reads it).`, name: m[1] }));
  if (docs.length === 0) throw new Error('oz-shared-docs: no @cssproperty lines in elements/shared/tokens.styles.ts');
  return docs;
}

/** The elements whose parts the chat exports, in the order its manifest lists them. */
const CHAT_EXPORTS = ['oz-board', 'oz-steps', 'oz-card', 'oz-waiting', 'oz-error', 'oz-composer'];

function ozSharedDocs() {
  return {
    name: 'oz-shared-docs',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((m) => m.declarations ?? []);
      const byTag = (tag) => declarations.find((d) => d.tagName === tag) ?? fail(`no <${tag}> in the manifest`);
      const chat = byTag('oz-agent-chat');
      const table = exportedTable();
      const parts = [...(chat.cssParts ?? [])];
      for (const tag of CHAT_EXPORTS) {
        const own = table[tag]?.parts ?? fail(`export-parts.ts lists no parts for <${tag}>`);
        for (const [part, name] of Object.entries(own)) {
          const documented = byTag(tag).cssParts?.find((p) => p.name === part) ?? fail(`<${tag}> documents no part ${part}`);
          if (!parts.some((p) => p.name === name)) parts.push({ description: `${documented.description.replace(/\.$/, '')} (\`<${tag}>\`'s \`${part}\`).`, name });
        }
      }
      chat.cssParts = parts;
      chat.cssProperties = [...(chat.cssProperties ?? []), ...tokenDocs()];
    },
  };
}

function fail(why) {
  throw new Error(`oz-shared-docs: ${why}`);
}

export default {
  globs: ['elements/**/*.ts', 'inspector/**/*.ts'],
  exclude: ['elements/**/*.styles.ts', 'inspector/**/*.styles.ts', 'inspector/feed/**'],
  outdir: '.',
  litelement: true,
  // package.json names custom-elements.json itself: the analyzer must not rewrite it (npm test's check writes elsewhere).
  packagejson: false,
  dependencies: false,
  dev: false,
  plugins: [ozTags(), ozEvents(), ozSharedDocs()],
};
