/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command
 * line) and prints one table. Figures, not tests: nothing here fails the build.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Bench, BenchRow } from './types.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Bench };
  try {
    rows.push(...(await mod.default()));
  } catch (err) {
    rows.push({ name: `${file}: failed (${(err as Error).message})`, value: NaN, unit: '' });
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3)) : 'n/a');
const table = rows.map((r) => [r.name, `${fmt(r.value)} ${r.unit}`.trim(), r.target ?? '', r.pass === undefined ? '' : r.pass ? 'ok' : 'MISSED']);
const head = ['benchmark', 'figure', 'target', ''];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(head));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
process.exit(0);
