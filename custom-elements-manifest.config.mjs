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
        }
      }
    },
  };
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
  plugins: [ozTags(), ozEvents()],
};
