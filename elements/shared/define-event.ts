/**
 * One event class from its name and its fields: `new OzSendEvent({ text })`
 * is an `Event` of type `oz-send` that bubbles and crosses shadow roots (so a
 * page listens on the element or above it), with `text` on it, read-only.
 *
 *     export class OzSendEvent extends defineEvent<{ text: string }>()('oz-send', { cancelable: true }) {}
 *
 * Declare the name in `GlobalEventHandlersEventMap` beside it (so
 * `addEventListener('oz-send', e => e.text)` is typed) and document it with
 * `@fires {OzSendEvent} oz-send - …` on the element that dispatches it (the
 * manifest reads that; its config lists the class as an Event with its fields).
 */

/** The class `defineEvent` makes: `new (fields)`, with its `eventName`. */
export interface OzEventClass<N extends string, F extends object> {
  new (...fields: keyof F extends never ? [] : [F]): Event & Readonly<F>;
  readonly eventName: N;
}

/** Curried so the fields' type is given and the name inferred as its literal. */
export function defineEvent<F extends object = Record<never, never>>() {
  return <const N extends string>(name: N, options: { cancelable?: boolean } = {}): OzEventClass<N, F> => {
    const init: EventInit = { bubbles: true, composed: true, cancelable: options.cancelable === true };
    class OzEvent extends Event {
      static readonly eventName = name;
      constructor(fields?: F) {
        super(name, init);
        if (fields) Object.assign(this, fields);
      }
    }
    return OzEvent as unknown as OzEventClass<N, F>;
  };
}

/** Runs `act` unless a listener cancels `e`: the app's listeners sit higher in the path than the element's, so it decides once they all ran. */
export function unlessPrevented(e: Event, act: () => void): void {
  queueMicrotask(() => {
    if (!e.defaultPrevented) act();
  });
}
