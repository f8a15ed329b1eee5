/**
 * Storybook for oz-agui's elements: web components on Vite, the docs addon,
 * no telemetry and no network calls (run it with `--disable-telemetry` and, in
 * development, `--no-version-updates`). Stories live in stories/ and replay the
 * recorded fixtures in test/fixtures/runs/.
 */
import type { StorybookConfig } from '@storybook/web-components-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs'],
  framework: {
    name: '@storybook/web-components-vite',
    // Storybook's own Vite config: the package's vite.config.ts builds the library and the bundle.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
  },
  docs: { defaultName: 'Docs' },
};

export default config;
