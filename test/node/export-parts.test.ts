/**
 * elements/shared/export-parts.ts against custom-elements.json (generated
 * from each element's JSDoc): the parts it exports are exactly each
 * element's own `@csspart`s, those it exports again from inner elements
 * included, and the chat lists every name it exports (the manifest
 * config makes those entries from export-parts.ts). A part added to
 * an element without being exported, or exported under a name the chat's
 * documentation does not give, fails here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { exportedNames, exportingTags, exportParts } from '../../elements/shared/export-parts.js';

interface Manifest {
  modules: Array<{ declarations?: Array<{ tagName?: string; cssParts?: Array<{ name: string }> }> }>;
}

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;
const partsOf = (tag: string): string[] => {
  for (const m of manifest.modules) for (const d of m.declarations ?? []) if (d.tagName === tag) return (d.cssParts ?? []).map((p) => p.name);
  throw new Error(`custom-elements.json has no <${tag}>`);
};

describe('exported parts', () => {
  it('lists each element’s documented parts, no more and no fewer', () => {
    for (const { tag, parts } of exportingTags()) {
      const inner = exportedNames(tag).slice(parts.length);
      assert.deepEqual([...parts, ...inner].sort(), partsOf(tag).sort(), tag);
    }
  });

  it('gives every exported part a name of its own in the chat, and the chat documents each', () => {
    const chat = partsOf('oz-agent-chat');
    const names = ['oz-board', 'oz-error', 'oz-waiting', 'oz-composer', 'oz-steps', 'oz-card'].flatMap(exportedNames);
    for (const name of names) assert.ok(chat.includes(name), `oz-agent-chat documents ::part(${name})`);
    // The chat's own and hosted parts (message, bubble, details...) are none of these names: no two parts share one.
    const own = chat.filter((n) => !names.includes(n));
    assert.equal(new Set([...own, ...names]).size, own.length + new Set(names).size);
  });

  it('maps inner names to outer ones', () => {
    assert.match(exportParts('oz-board'), /(^|, )note:board-note(,|$)/);
    assert.match(exportParts('oz-steps'), /(^|, )card-title:card-title(,|$)/);
    assert.throws(() => exportParts('oz-nothing'), /no parts listed/);
  });
});
