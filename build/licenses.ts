/**
 * `thirdPartyLicenses()`: the bundle carries lit, marked, Immer and
 * the rest, minified without their comments, so their licenses travel beside
 * it: THIRD-PARTY-LICENSES.txt lists every package the bundle holds code of,
 * with its version, license and license text, and the bundle's first line
 * names that file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

interface Package {
  name: string;
  version: string;
  license: string;
  text: string;
}

/** The package a module file belongs to: the nearest package.json with a name, under node_modules. */
function packageOf(file: string, seen: Map<string, Package | undefined>): Package | undefined {
  if (!/[\\/]node_modules[\\/]/.test(file)) return undefined;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (seen.has(dir)) return seen.get(dir);
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; license?: string };
    if (!json.name) continue;
    const licenseFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const pkg = { name: json.name, version: json.version ?? '', license: json.license ?? 'see its license text', text: licenseFile ? readFileSync(join(dir, licenseFile), 'utf8').trim() : '' };
    seen.set(dir, pkg);
    return pkg;
  }
  return undefined;
}

export function thirdPartyLicenses(): Plugin {
  return {
    name: 'oz-agui:third-party-licenses',
    generateBundle(_options, bundle) {
      const seen = new Map<string, Package | undefined>();
      const packages = new Map<string, Package>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (module.renderedLength === 0) continue;
          const pkg = packageOf(id.replace(/^\0/, '').split('?')[0]!, seen);
          if (pkg) packages.set(pkg.name, pkg);
        }
      }
      const body = [...packages.values()]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((p) => `${p.name}@${p.version} (${p.license})\n\n${p.text || `(The package ships no license file; its package.json names the ${p.license} license.)`}`)
        .join(`\n\n${'-'.repeat(72)}\n\n`);
      this.emitFile({ type: 'asset', fileName: LICENSES_FILE, source: `oz-agent-chat.js holds code of these packages:\n\n${body}\n` });
    },
  };
}
