/** Vite for Storybook only: the sources (`source` export condition), nothing of the library build. */
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'development'] },
  // The elements read import.meta.env / process.env nowhere; lit's dev mode warnings stay on.
  build: { chunkSizeWarningLimit: 4096 },
});
