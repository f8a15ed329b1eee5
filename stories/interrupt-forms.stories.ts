/**
 * `<oz-interrupt>`: the kinds of field a typed question draws (issue #18):
 * a list of rows (fresh, at its limit), a const-tagged choice of variants,
 * "no value" and rows of objects, key/value rows, and the JSON box of a
 * schema no form can draw, with what it asks and an example. Each is the
 * asker recording's typed question, asking another `responseSchema`.
 */
import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { InterruptView } from '../src/thread/index.js';
import { FORM_SCHEMAS } from '../test/browser/interrupt-schemas.js';
import { playedOf, playing, type Played } from './support/play.js';
import { interruptsOf, pick } from './support/views.js';

/** The recording's last interrupt, asking `schema`, with `values` as the draft. */
const show = (played: Played, schema: unknown, values?: Record<string, unknown>, showErrors = false) => {
  const recorded: InterruptView = pick(interruptsOf(played.state), -1, 'interrupt');
  const view = { ...recorded, responseSchema: schema, raw: { ...recorded.raw, responseSchema: schema } } as InterruptView;
  return html`<div style="max-width: 760px">
    <oz-interrupt
      .interrupt=${view}
      .value=${values ? { values } : undefined}
      .now=${played.now}
      .clock=${() => played.now}
      .focusOnOpen=${false}
      ?show-errors=${showErrors}
    ></oz-interrupt>
  </div>`;
};

const meta: Meta = { title: 'Elements/Interrupt/Forms', component: 'oz-interrupt' };
export default meta;
type Story = StoryObj;

const story = (schema: unknown, values?: Record<string, unknown>, showErrors = false): Story => ({
  loaders: playing({ scenario: 'asker', runCount: 2 }),
  render: (_a, { loaded }) => show(playedOf(loaded), schema, values, showErrors),
});

/** A list of strings: one row to start (its minimum), Add, Remove disabled and why. */
export const ListFresh: Story = { ...story(FORM_SCHEMAS.tags), tags: ['screenshot'] };
/** A list at its maximum: Add disabled, the limit said in words; rows move up and down. */
export const ListFull: Story = story(FORM_SCHEMAS.tags, { 'tags/~n': 3, 'tags/0': 'urgent', 'tags/1': 'billing', 'tags/2': 'ops' });
/** A const-tagged choice of variants, nothing chosen yet. */
export const VariantUnchosen: Story = story(FORM_SCHEMAS.contact);
/** A tagged variant chosen: its fields below the radios. */
export const VariantChosen: Story = { ...story(FORM_SCHEMAS.contact, { 'contact/~v': 1, 'contact/number': '+47 555 0100' }), tags: ['screenshot'] };
/** "No value" ticked for a nullable date, and a row of an object in a list. */
export const NoValueAndRowsOfObjects: Story = story(FORM_SCHEMAS.nested, { 'deadline/~null': true, 'people/~n': 1, 'people/0/name': 'Ada', 'people/0/days': 3 });
/** Key/value rows, a name used twice: the error on the name. */
export const KeyValueRows: Story = story(FORM_SCHEMAS.labels, { 'labels/~n': 2, 'labels/0/~k': 'team', 'labels/0': 'ops', 'labels/1/~k': 'team', 'labels/1': 'dev' }, true);
/** A schema no form can draw: the JSON box with what it asks, an example, and what is wrong in words. */
export const JsonExplained: Story = { ...story(FORM_SCHEMAS.undrawable, { $json: '{"steps": []}' }, true), tags: ['screenshot'] };
