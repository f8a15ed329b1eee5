import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// Vue's compiler is told the oz-* tags are custom elements, not Vue components.
// The example resolves oz-agui to the sources in this repo (the `source`
// export condition); an app of yours gets the package.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('oz-') } } })],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { fs: { allow: ['../..'] } },
});
