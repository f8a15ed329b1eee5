/**
 * What both command-line tools start through: the TypeScript source of the
 * tool when it is here (a checkout: `npm install` alone makes
 * `npx oz-agui-edge` and `npx oz-agui-proxy` work, and they always run the
 * code as it is now, through tsx, a development dependency), else the built
 * file in `dist/` (the published package, which ships no sources). Plain
 * JavaScript, so it runs before anything is built.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Runs `name` (`server/edge/cli`, `server/proxy/cli`): the importing of it starts the tool. */
export async function launch(name) {
  const source = new URL(`../${name}.ts`, import.meta.url);
  const built = new URL(`../dist/${name}.js`, import.meta.url);
  const checkout = existsSync(fileURLToPath(source));
  if (checkout) {
    // Only a missing tsx (installed without dev dependencies) falls through; any other failure is said.
    const tsx = await import('tsx/esm/api').catch((err) => {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
      return undefined;
    });
    if (tsx) {
      tsx.register();
      return import(source.href);
    }
  }
  if (existsSync(fileURLToPath(built))) {
    if (checkout) console.error(`${name}: tsx is not installed, so this runs the last build (dist/), not the sources as they are now`);
    return import(built.href);
  }
  console.error(`${name}: neither tsx (to run the sources: npm install) nor the built ${fileURLToPath(built)} (npm run build) is here`);
  process.exit(1);
}
