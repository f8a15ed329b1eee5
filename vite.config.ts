/**
 * Two builds of the browser entries:
 * - `vite build` (library): src/, the elements and the agent adapter as ES
 *   modules, with lit, @ag-ui/*, immer and fast-json-patch left to the app's
 *   bundler;
 * - `vite build --mode bundle`: one self-contained ES module that defines
 *   <oz-agent-chat> for a plain HTML page (`<script type="module" src=...>`).
 * Server code (proxy, edge) is compiled by tsc (`npm run build:node`).
 */
import { defineConfig, type BuildEnvironmentOptions } from 'vite';

const external = [/^lit($|\/)/, /^@lit\//, /^@ag-ui\//, /^immer$/, /^fast-json-patch($|\/)/, /^marked$/, /^dompurify$/, /^zod($|\/)/, /^rxjs($|\/)/, /^@cfworker\//];

const bundle: BuildEnvironmentOptions = {
          outDir: 'dist/bundle',
          emptyOutDir: true,
          target: 'es2022',
          lib: { entry: { 'oz-agent-chat': 'elements/define.ts' }, formats: ['es'] },
          rolldownOptions: { output: { inlineDynamicImports: true } },
};

const library: BuildEnvironmentOptions = {
          outDir: 'dist/browser',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: true,
          lib: {
            entry: { index: 'src/index.ts', elements: 'elements/index.ts', define: 'elements/define.ts', agent: 'src/agent/index.ts' },
            formats: ['es'],
          },
          rolldownOptions: { external },
};

export default defineConfig(({ mode }) => ({
  resolve: { conditions: ['source', 'module', 'browser', 'production'] },
  build: mode === 'bundle' ? bundle : library,
}));
