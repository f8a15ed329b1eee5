/**
 * Driving the chat's interrupt forms as a person does (the live interrupt
 * tests' side): find an interrupt by what it says, choose, type, send.
 */
import type { OzAgentChat } from '../../../elements/chat/chat.js';
import type { OzInterrupt } from '../../../elements/interrupt-form/interrupt.js';
import type { OzInterrupts } from '../../../elements/interrupt-list/interrupts.js';
import { seenText, shadow, shadowAll, until } from './live-edge.js';

/** The chat's `<oz-interrupts>`. */
export const formsOf = (el: OzAgentChat) => shadow<OzInterrupts>(el, 'oz-interrupts');

/** Every `<oz-interrupt>` shown, settled ones first, then the open ones oldest first. */
export const itemsOf = (el: OzAgentChat) => shadowAll<OzInterrupt>(formsOf(el), 'oz-interrupt');

/** The open interrupt forms (their controls shown). */
export const openItems = (el: OzAgentChat) => itemsOf(el).filter((i) => i.interrupt?.state === 'open');

/** Waits for the interrupt whose text contains `text`, and for it to render. */
export async function itemSaying(el: OzAgentChat, text: string, open = true): Promise<OzInterrupt> {
  let found: OzInterrupt | undefined;
  await until(() => {
    found = itemsOf(el).find((i) => (!open || i.interrupt?.state === 'open') && seenText(i.shadowRoot ?? i).includes(text));
    return found;
  }, `the interrupt saying "${text}"`);
  await found!.updateComplete;
  return found!;
}

/** A control inside an interrupt. */
export const control = <T extends Element = HTMLElement>(item: OzInterrupt, sel: string) => shadow<T>(item, sel);

/** Types a value into a field of an interrupt, as the person does. */
export async function typeInto(item: OzInterrupt, sel: string, value: string): Promise<void> {
  await until(() => control(item, sel), `the field ${sel}`);
  const input = control<HTMLInputElement | HTMLTextAreaElement>(item, sel)!;
  input.focus();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await item.updateComplete;
}

/** Clicks a control of an interrupt (a radio, Approve, Deny). */
export async function clickIn(item: OzInterrupt, sel: string): Promise<void> {
  await until(() => control(item, sel), `the control ${sel}`);
  control<HTMLElement>(item, sel)!.click();
  await item.updateComplete;
}

/** The list's submit button. */
export const submitButton = (el: OzAgentChat) => shadow<HTMLButtonElement>(formsOf(el), '[part="submit"]');

/** Waits until submit is enabled, then clicks it. */
export async function sendAnswers(el: OzAgentChat): Promise<HTMLButtonElement> {
  await until(() => submitButton(el) && !submitButton(el)!.disabled, 'submit to be enabled');
  const button = submitButton(el)!;
  button.click();
  return button;
}

/** The list's error box, once shown. */
export async function listError(el: OzAgentChat, code: string): Promise<HTMLElement> {
  await until(() => shadow<HTMLElement>(formsOf(el), `[part="error"][data-code="${code}"]`), `the list's ${code} error`);
  await formsOf(el)!.updateComplete;
  return shadow<HTMLElement>(formsOf(el), '[part="error"]')!;
}

/** What one interrupt says about itself after a resume (its notice), '' when nothing. */
export const noticeOf = (item: OzInterrupt) => seenText(shadow(item, '[part~="notice"]') ?? document.createElement('i'));

/** The transcript's text, as a person sees it. */
export const seen = (el: OzAgentChat) => seenText(shadow(el, '[role="log"]')!).replace(/\s+/g, ' ');
