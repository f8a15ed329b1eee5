/**
 * `writer`: a long markdown answer in many small chunks. Parameters (agentParams.writer,
 * or in the message text as `chunks=5000 pace=0 size=8`): chunks (default 200),
 * chunkSize (default 8 characters), paceMs (default 5; 0 = one burst).
 */
import type { Script } from '../script.js';
import { say } from '../script.js';

const SECTION = [
  '## Plan\n\n',
  '- First, read the **brief**.\n- Then, write the [spec](https://example.com/spec).\n\n',
  '```ts\nconst answer = 42;\n```\n\n',
  '| Step | Owner |\n| --- | --- |\n| Draft | ana |\n| Review | ben |\n\n',
].join('');

function num(text: string, key: string): number | undefined {
  const m = new RegExp(`${key}=(\\d+)`).exec(text);
  return m ? Number(m[1]) : undefined;
}

/** The writer agent. */
export const writer: Script = function* (ctx) {
  const p = ctx.params as { chunks?: number; chunkSize?: number; paceMs?: number };
  const chunks = num(ctx.text, 'chunks') ?? p.chunks ?? 200;
  const size = num(ctx.text, 'size') ?? p.chunkSize ?? 8;
  const paceMs = num(ctx.text, 'pace') ?? p.paceMs ?? 5;
  let text = '# A long answer\n\n';
  while (text.length < chunks * size) text += SECTION;
  yield* say(text.slice(0, Math.max(1, chunks * size)), { chunks, paceMs });
};
