/**
 * `npm pack` / `npm publish` hooks (package.json `prepack`, `postpack`): the
 * packed package.json leaves out the `source` export conditions and the
 * sources' `sideEffects` entries, which point at the TypeScript sources this
 * repo's own tools run and build, and the package does not ship. `strip` keeps the original beside it and writes the packed one;
 * `restore` puts the original back. A strip after a pack that failed midway
 * restores first, so the original is never lost.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = new URL('../package.json', import.meta.url);
const kept = new URL('../package.json.unpacked', import.meta.url);
const mode = process.argv[2];

function restore() {
  if (existsSync(kept)) renameSync(kept, file);
}

if (mode === 'strip') {
  restore();
  const text = readFileSync(file, 'utf8');
  const manifest = JSON.parse(text);
  for (const target of Object.values(manifest.exports)) if (typeof target === 'object') delete target.source;
  // The sources' own entries (for this repo's builds of them: Storybook, the examples) name files not shipped.
  manifest.sideEffects = manifest.sideEffects.filter((entry) => entry.startsWith('./dist/') || entry.startsWith('./bin/'));
  writeFileSync(kept, text);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (mode === 'restore') {
  restore();
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
