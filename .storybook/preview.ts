/**
 * Every story: the tags registered, arg tables from custom-elements.json, a
 * theme toolbar (light, dark, or the system's) that sets `color-scheme` and the
 * page behind the story, and a mobile viewport.
 */
import { html } from 'lit';
import type { Decorator, Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import '../elements/define.js';
import './preview.css';

setCustomElementsManifest(manifest);

type Theme = 'light' | 'dark' | 'system';

/** Sets the scheme the elements inherit (`--oz-color-scheme`), and the page's own, for the chosen theme. */
const withTheme: Decorator = (story, context) => {
  const theme = ((context.globals.theme as Theme | undefined) ?? 'light') satisfies Theme;
  const scheme = theme === 'system' ? 'light dark' : theme;
  if (context.viewMode === 'story') document.documentElement.style.colorScheme = scheme;
  return html`<div class="oz-story" data-theme=${theme} style="--oz-color-scheme: ${scheme}; color-scheme: ${scheme}">${story()}</div>`;
};

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Light or dark (sets color-scheme; the elements follow it)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'system', title: 'System', icon: 'browser' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    backgrounds: { disable: true },
    controls: { expanded: true, sort: 'requiredFirst' },
    viewport: {
      options: {
        mobile: { name: 'Mobile (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768 × 1024)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    docs: { source: { excludeDecorators: true } },
    options: {
      storySort: { order: ['Introduction', 'Chat', 'Replay', 'Card workshop', 'Elements', '*'] },
    },
  },
};

export default preview;
