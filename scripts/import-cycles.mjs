#!/usr/bin/env node
/**
 * The import-circle check of `npm run lint` (issue 21): reads every import and
 * re-export of the TypeScript sources (the package, the servers, the build and
 * the examples; tests, stories and benches aside), follows the relative ones,
 * and fails naming each circle it finds. Type-only imports count too: a circle
 * of types is still two modules that cannot be understood one without the other.
 * TypeScript's own `preProcessFile` reads the imports, so a string or comment
 * that looks like one is not taken for one.
 *
 *   node scripts/import-cycles.mjs
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['src', 'elements', 'inspector', 'server', 'build', 'examples'];
const SKIP = /(^|\/)(node_modules|dist)(\/|$)|\.(test|stories|bench)\.ts$/;

/** Every .ts file under `dir`. */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (SKIP.test(relative(root, path))) continue;
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The files `file` imports by a relative specifier (`./x.js` is `./x.ts` on disk). */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = resolve(dirname(file), fileName);
    const found = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`, join(base, 'index.ts')].find((p) => /\.tsx?$/.test(p) && existsSync(p));
    if (found) out.push(found);
  }
  return out;
}

const files = ROOTS.filter((r) => existsSync(join(root, r))).flatMap((r) => sources(join(root, r)));
const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Depth-first search; a back edge to a file still on the path closes a circle.
const state = new Map(); // file -> 'open' | 'done'
const path = [];
const circles = new Set();
function visit(file) {
  state.set(file, 'open');
  path.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') {
      const circle = path.slice(path.indexOf(next)).map((f) => relative(root, f));
      circles.add([...circle, circle[0]].join(' -> '));
    } else if (!state.has(next) && graph.has(next)) visit(next);
  }
  path.pop();
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file);

if (circles.size > 0) {
  console.error(`import-cycles: ${circles.size} import circle(s):`);
  for (const c of circles) console.error(`  ${c}`);
  process.exit(1);
}
console.log(`import-cycles: no import circle among ${files.length} files`);
