/** The Storybook UI: oz-agui's name in the sidebar; nothing fetched from the network. */
import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';

addons.setConfig({
  theme: create({ base: 'light', brandTitle: 'oz-agui', brandUrl: '#' }),
  enableShortcuts: true,
});
