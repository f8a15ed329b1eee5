/** Stories' frame: an element at the width a transcript gives it (760 px by default). */
import { html } from 'lit';

export const frame = (body: unknown, width = '760px') => html`<div style="max-width: ${width}">${body}</div>`;
