import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { fileURLToPath } from 'node:url';
import { findChromium, CHROMIUM_ARGS } from './scripts/find-chromium.mjs';
import { countReporter } from './scripts/wtr-count-reporter.mjs';
import { liveEdgePlugin } from './scripts/wtr-live-edge.mjs';

const executablePath = findChromium();

export default {
  rootDir: '.',
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser'] },
  concurrency: 2,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    // test/browser/live: a development edge and the real proxy at /agui (needs tsx, see scripts/test.mjs).
    liveEdgePlugin(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  // immer (and other libraries) read process.env.NODE_ENV, which a bundler
  // replaces and a browser lacks: define it before any test module loads.
  testRunnerHtml: (testFramework) => `<html><head>
    <script>window.process = { env: { NODE_ENV: 'development' } };</script>
    </head><body><script type="module" src="${testFramework}"></script></body></html>`,
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countReporter()],
};
