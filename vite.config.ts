/**
 * Two builds of the browser entries:
 * - `vite build` (library, dist/browser): src/, the elements and the agent
 *   adapter (and the React wrappers) as ES modules, with lit, @lit/react, react, @ag-ui/*, immer, fast-json-patch, marked,
 *   zod, rxjs and @cfworker/json-schema left to the app's bundler;
 * - `vite build --mode bundle` (dist/bundle/oz-agent-chat.js): one
 *   self-contained, minified ES module that defines <oz-agent-chat> and its
 *   parts for a plain HTML page (`<script type="module" src=...>`), with the
 *   third-party licenses beside it.
 * Server code (proxy, edge) and every type declaration are compiled by tsc
 * (`npm run build:node`, tsconfig.build.json).
 *
 * The bundle's plugins live in build/: event validation without zod
 * (ag-ui-schemas.ts), smaller templates (templates.ts), library code it never
 * runs left out (library-trims.ts), and the licenses (licenses.ts). Its size
 * budget (scripts/size-check.mjs) is met by removing what only takes room,
 * never behaviour.
 */
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import { agUiJsonSchemas } from './build/ag-ui-schemas.js';
import { compactEventType, lazyMarkedDefault, unusedImmerMethods, unusedMarkedRules, unusedPatchValidator } from './build/library-trims.js';
import { LICENSES_FILE, thirdPartyLicenses } from './build/licenses.js';
import { cssTemplates, htmlTemplates, shortPrivateProperties } from './build/templates.js';

const external = [/^lit($|\/)/, /^@lit\//, /^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\//, /^immer$/, /^fast-json-patch($|\/)/, /^marked$/, /^zod($|\/)/, /^rxjs($|\/)/, /^@cfworker\//];

const bundle: BuildEnvironmentOptions = {
  outDir: 'dist/bundle',
  emptyOutDir: true,
  target: 'es2022',
  lib: { entry: { 'oz-agent-chat': 'elements/define.ts' }, formats: ['es'] },
  // Library mode keeps ES output unminified for the app's bundler; this one is final, so it
  // needs no `/* @__PURE__ */` annotations either (they only guide a bundler's tree-shaking).
  rolldownOptions: {
    preserveEntrySignatures: 'allow-extension',
    output: { chunkFileNames: 'oz-agent-chat-[name]-[hash].js', minify: true, comments: { annotation: false }, postBanner: `/*! oz-agui; third-party licenses: ${LICENSES_FILE} */` },
  },
};

const library: BuildEnvironmentOptions = {
  outDir: 'dist/browser',
  emptyOutDir: true,
  target: 'es2022',
  sourcemap: true,
  lib: {
    entry: {
      index: 'src/index.ts',
      elements: 'elements/index.ts',
      define: 'elements/define.ts',
      agent: 'src/agent/index.ts',
      inspector: 'inspector/index.ts',
      'inspector-define': 'inspector/define.ts',
      react: 'frameworks/react.ts',
      'react-inspector': 'frameworks/react-inspector.ts',
    },
    formats: ['es'],
  },
  rolldownOptions: { external },
};

export default defineConfig(({ mode }) => ({
  resolve: { conditions: ['source', 'module', 'browser', 'production'] },
  // A plain page has no `process`: immer's and lit's dev-mode checks are decided at build time.
  define: mode === 'bundle' ? { 'process.env.NODE_ENV': '"production"' } : {},
  plugins:
    mode === 'bundle'
      ? [
          agUiJsonSchemas(),
          cssTemplates(),
          htmlTemplates(),
          lazyMarkedDefault(),
          unusedMarkedRules(),
          unusedImmerMethods(),
          unusedPatchValidator(),
          compactEventType(),
          shortPrivateProperties(),
          thirdPartyLicenses(),
        ]
      : [],
  build: mode === 'bundle' ? bundle : library,
}));
