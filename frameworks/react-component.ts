/**
 * One oz-agui tag as a React component, made with @lit/react (the Lit team's
 * wrapper): the tag's properties are set as properties (objects and
 * functions too, not stringified), and each event it fires is a typed
 * `on<Name>` prop (`oz-send` → `onOzSend`). The tag must be defined: the
 * entries that export these (`oz-agui/react`, `oz-agui/react/inspector`)
 * register their tags first.
 */
import * as React from 'react';
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import { OZ_TAGS, pascalName, type OzElementMap, type OzEventMap, type OzEventName, type OzTag, type PascalName } from './tags.js';

/** The `on<Name>` props of `T`'s events, for @lit/react. */
export type OzReactEvents<T extends OzTag> = { [N in OzEventName<T> as `on${PascalName<N>}`]: EventName<OzEventMap[N]> };

/** `T` as a React component. */
export type OzReactComponent<T extends OzTag> = ReactWebComponent<OzElementMap[T], OzReactEvents<T>>;

/** Wraps `tag` (its element class only tells @lit/react which props are properties). */
export function ozComponent<T extends OzTag>(tag: T, elementClass: new () => OzElementMap[T], displayName: string): OzReactComponent<T> {
  const events: Record<string, string> = {};
  for (const name of OZ_TAGS[tag].events as readonly string[]) events[`on${pascalName(name)}`] = name;
  return createComponent({ tagName: tag, elementClass, react: React, events: events as OzReactEvents<T>, displayName });
}
