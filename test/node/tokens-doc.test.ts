/**
 * The global `--oz-*` tokens (elements/shared/tokens.styles.ts) are the
 * page's to set, so each is documented: in the chat's custom-elements.json
 * entry (what editors read) and in elements/README.md's table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

it('documents every global token in the manifest and in elements/README.md', () => {
  const tokens = [...new Set([...read('elements/shared/tokens.styles.ts').matchAll(/var\((--oz-[a-z0-9-]+)/g)].map((m) => m[1]!))];
  assert.ok(tokens.length > 20, `${tokens.length} tokens`);
  const manifest = JSON.parse(read('custom-elements.json')) as { modules: Array<{ declarations?: Array<{ tagName?: string; cssProperties?: Array<{ name: string }> }> }> };
  const chat = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'oz-agent-chat');
  const documented = new Set(chat?.cssProperties?.map((p) => p.name));
  const readme = read('elements/README.md');
  for (const token of tokens) {
    assert.ok(documented.has(token), `custom-elements.json: oz-agent-chat lists ${token}`);
    assert.ok(readme.includes(`| \`${token}\` |`), `elements/README.md lists ${token}`);
  }
});
