/**
 * The card workshop: paste or edit a card object, pick a renderer, see it
 * live, and try the theme tokens. Register your own renderer in
 * stories/support/renderers.ts (EXAMPLE_RENDERERS) to try it here.
 */
import { html } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import './support/card-workshop.js';
import { fixture, FIXTURE_NAMES } from './support/recordings.js';
import { EXAMPLE_RENDERERS } from './support/renderers.js';

/** Every card the recordings hold, by `type` (the first of each). */
function recordedCards(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const name of FIXTURE_NAMES) {
    for (const r of fixture(name)) {
      const e = r.event as { type: string; name?: string; value?: { card?: Record<string, unknown> } };
      const card = e.type === 'CUSTOM' && e.name === 'oz0.card' ? e.value?.card : undefined;
      const type = typeof card?.type === 'string' ? card.type : undefined;
      if (card && type && !out[type]) out[type] = card;
    }
  }
  return out;
}

const CARDS = recordedCards();

/** The theme tokens a designer tries here (`--oz-*`, elements/shared/tokens.styles.ts and the card's own). */
const TOKENS = {
  '--oz-color-accent': '#0a58a8',
  '--oz-color-text': '#1b1f24',
  '--oz-color-text-muted': '#525a65',
  '--oz-color-bg': '#ffffff',
  '--oz-color-surface': '#f5f6f8',
  '--oz-color-border': '#d3d8df',
  '--oz-card-background': '#ffffff',
  '--oz-card-border-color': '#d3d8df',
  '--oz-radius-m': '8px',
  '--oz-space-3': '0.75rem',
  '--oz-space-4': '1rem',
  '--oz-font-family': 'system-ui, sans-serif',
  '--oz-font-size': '0.9375rem',
} as const;

type TokenArgs = Partial<Record<keyof typeof TOKENS, string>> & { useTokens?: boolean; card?: string; renderer?: string };

const meta: Meta<TokenArgs> = {
  title: 'Card workshop',
  component: 'oz-card',
  parameters: {
    docs: {
      description: {
        component:
          'Paste or edit a card object, pick a renderer, see it live. The controls set the `--oz-*` tokens on the workshop (switch "useTokens" off to see the defaults, which follow the theme).',
      },
    },
  },
  argTypes: {
    card: { control: 'select', options: Object.keys(CARDS), description: 'Start from a card the recordings hold' },
    renderer: { control: 'select', options: ['by type', 'generic', ...Object.keys(EXAMPLE_RENDERERS)], description: 'The renderer (edit it in the workshop too)' },
    useTokens: { control: 'boolean', description: 'Apply the token controls below' },
    ...Object.fromEntries(Object.keys(TOKENS).map((k) => [k, { control: k.startsWith('--oz-color') || k.startsWith('--oz-card') ? 'color' : 'text', table: { category: 'Theme tokens' } }])),
  },
  args: { card: 'message_posted', renderer: 'by type', useTokens: false, ...TOKENS },
  render: (args) => {
    const style: Record<string, string> = {};
    if (args.useTokens) for (const k of Object.keys(TOKENS) as (keyof typeof TOKENS)[]) if (args[k]) style[k] = args[k]!;
    const card = CARDS[args.card ?? ''] ?? Object.values(CARDS)[0] ?? {};
    return html`<story-card-workshop
      style=${styleMap(style)}
      .text=${JSON.stringify(card, null, 2)}
      .renderer=${args.renderer ?? 'by type'}
      .renderers=${EXAMPLE_RENDERERS}
    ></story-card-workshop>`;
  },
};
export default meta;
type Story = StoryObj<TokenArgs>;

/** Start from a recorded card; edit it, pick a renderer. */
export const Workshop: Story = { tags: ['screenshot'] };

/** The plan card with the generic renderer, and a custom accent and radius. */
export const GenericWithTokens: Story = {
  args: { card: 'plan', renderer: 'generic', useTokens: true, '--oz-card-background': '#fff8e6', '--oz-card-border-color': '#c77d00', '--oz-radius-m': '16px' },
  tags: ['screenshot'],
};

/** A card that is not JSON: the error says why, the last good card stays drawn. */
export const BadInput: Story = {
  play: async ({ canvasElement }) => {
    const workshop = canvasElement.querySelector('story-card-workshop')!;
    await workshop.updateComplete;
    const area = workshop.shadowRoot!.querySelector('textarea')!;
    area.value = '{"type": "plan", "team": ';
    area.dispatchEvent(new Event('input'));
    await workshop.updateComplete;
  },
};
