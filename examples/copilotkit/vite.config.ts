import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// This example has its own package.json (CopilotKit is a large install of its own), so oz-agui/agent
// is this repo's source by alias; an app of yours gets the package.
export default defineConfig({
  resolve: { alias: { 'oz-agui/agent': fileURLToPath(new URL('../../src/agent/index.ts', import.meta.url)) } },
  server: { fs: { allow: ['../..'] } },
});
