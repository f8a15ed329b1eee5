import { defineConfig } from 'vite';

// The example resolves oz-agui's public exports to the sources in this repo
// (the `source` export condition); an app of yours gets the built package.
export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { fs: { allow: ['../..'] } },
});
