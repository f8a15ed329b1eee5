/**
 * What the inspector shares with the elements, and the only module of
 * elements/ it may import (the lint holds it): the design tokens, base
 * styles and themed base class (so a panel beside the chat looks like it),
 * the strings cache, the disconnect helper and the event-class maker.
 * Nothing here has a side effect or pulls in an element.
 */
export { base, tokens } from './shared/tokens.styles.js';
export { defineEvent } from './shared/define-event.js';
export { lastResolved } from './shared/strings.js';
export { ThemedElement } from './shared/themed-element.js';
export { whenRemoved } from './shared/when-removed.js';
