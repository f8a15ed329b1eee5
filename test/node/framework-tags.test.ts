/**
 * Issue #22: the framework table (frameworks/tags.ts), which the React
 * wrappers and the JSX, Vue and Svelte typings read, says what the elements
 * say of themselves in custom-elements.json: every tag, each settable
 * public property, each event it fires; nothing more, nothing less.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { OZ_TAGS, pascalName } from '../../frameworks/tags.js';

interface Member {
  kind: string;
  name: string;
  static?: boolean;
  privacy?: string;
  readonly?: boolean;
}
interface Declaration {
  tagName?: string;
  members?: Member[];
  events?: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as { modules: Array<{ declarations?: Declaration[] }> };
const declared = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d): d is Declaration & { tagName: string } => d.tagName !== undefined);

test('the table lists every tag of the manifest, and only those', () => {
  assert.deepEqual(Object.keys(OZ_TAGS).sort(), declared.map((d) => d.tagName).sort());
});

for (const d of declared) {
  test(`${d.tagName}: the table's properties and events are the manifest's`, () => {
    const entry = OZ_TAGS[d.tagName as keyof typeof OZ_TAGS];
    const settable = (d.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public' && !m.readonly).map((m) => m.name);
    assert.deepEqual([...entry.props].sort(), settable.sort());
    assert.deepEqual([...entry.events].sort(), (d.events ?? []).map((e) => e.name).sort());
  });
}

test('event names become the React wrappers’ prop names', () => {
  assert.equal(pascalName('oz-send'), 'OzSend');
  assert.equal(pascalName('oz-run-started'), 'OzRunStarted');
  assert.equal(pascalName('oz-inspector-toggle'), 'OzInspectorToggle');
});
