import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { type ToolCallStatus, type ToolCallView } from '../../src/thread/state.js';
import { findToolCall } from '../../src/thread/selectors.js';
import { hostedStyles } from '../shared/hosted.js';
import { OzElement } from '../shared/oz-element.js';
import type { OzStrings } from '../shared/strings.js';
import { base, tokens } from '../shared/tokens.styles.js';
import { styles } from './tool-call.styles.js';

const STATUS_KEY: Record<ToolCallStatus, keyof OzStrings['toolStatus']> = {
  running: 'running',
  awaiting_approval: 'awaiting',
  done: 'done',
  denied: 'denied',
  unfinished: 'unfinished',
};

/** OZ's credential placeholders, such as `{{secret:smtp}}`: shown as placeholders, never resolved. */
const PLACEHOLDER = /\{\{\s*([a-z_]+):([^{}]*?)\s*\}\}/gi;

/**
 * Indents JSON as it streams: complete or not, the text is laid out by its
 * brackets and commas (outside strings), so arguments read as they arrive.
 */
export function prettyJson(text: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      depth++;
      const next = text.slice(i + 1).trimStart()[0];
      out += c + (next === '}' || next === ']' ? '' : newline());
    } else if (c === '}' || c === ']') {
      depth = Math.max(0, depth - 1);
      out = out.replace(/\n *$/, '');
      const prev = out[out.length - 1];
      out += (prev === '{' || prev === '[' ? '' : newline()) + c;
    } else if (c === ',') out += c + newline();
    else if (c === ':') out += ': ';
    else if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    else out += c;
  }
  return out;
}

function pretty(value: unknown): string {
  try {
    if (typeof value === 'string') return JSON.stringify(JSON.parse(value), null, 2);
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The summary line's arguments: `key: value` pairs of a parsed object (whole
 * values, so a placeholder is never cut in two; CSS ellipsis ends the line),
 * else the raw text while it streams. Bounded: the line shows ~100 characters.
 */
function previewOf(args: unknown, argsText: string): string {
  const line =
    args && typeof args === 'object' && !Array.isArray(args)
      ? Object.entries(args as Record<string, unknown>)
          .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join(' · ')
      : argsText;
  return line.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * One tool call of the turn: its name, its arguments as pretty JSON (streamed
 * while they arrive, credential placeholders marked as such), its result and
 * its status (running, waiting for approval, done, denied, or not finished:
 * its run ended without its result, shown muted rather than as an error,
 * since after a stop the job may still finish it in OZ). Collapsed by default
 * to a summary line; a native `<details>` opens it.
 *
 * Inside `<oz-agent-chat>` it renders in the chat's tree, without a shadow
 * root of its own, and its parts are the chat's (see shared/hosted.ts).
 *
 * @summary A tool call and its result.
 *
 * @csspart details - The `<details>` box.
 * @csspart summary - The summary line.
 * @csspart name - The tool's name.
 * @csspart status - The status badge.
 * @csspart arguments - The arguments' `<pre>`.
 * @csspart result - The result's `<pre>`.
 * @csspart placeholder - A credential placeholder.
 *
 * @cssproperty --oz-tool-call-background - The box's background.
 * @cssproperty --oz-tool-call-border-color - The box's border.
 */
export class OzToolCall extends OzElement {
  static override styles = [tokens, base, styles];
  /** Its rules for a host that renders it in its tree (see hosted.ts): the tokens too, read again at its own box as alone. */
  static readonly hostedStyles = hostedStyles('oz-tool-call', [tokens, styles]);

  /** The call (a ToolCallView of the thread state). */
  @property({ attribute: false }) call?: ToolCallView;

  /** With `store`: the id of the call to show. */
  @property({ attribute: 'call-id' }) callId?: string;

  /** Shows the call opened. */
  @property({ type: Boolean, reflect: true }) open = false;

  private withPlaceholders(text: string): (TemplateResult | string)[] {
    const out: (TemplateResult | string)[] = [];
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      out.push(text.slice(last, m.index));
      const kind = (m[1] ?? '').toLowerCase();
      const name = (m[2] ?? '').trim();
      const title = kind === 'secret' ? this.t.secretPlaceholder(name) : `${kind}: ${name}`;
      out.push(html`<span class="placeholder" part="placeholder" title=${title}>${m[0]}</span>`);
      last = (m.index ?? 0) + m[0].length;
    }
    out.push(text.slice(last));
    return out;
  }

  protected override render() {
    const state = this.storeState;
    const call = this.call ?? (this.callId && state ? findToolCall(state, this.callId) : undefined);
    if (!call) return nothing;
    const t = this.t;
    const key = STATUS_KEY[call.status] ?? 'running';
    const args = call.args !== undefined ? pretty(call.args) : prettyJson(call.argsText);
    const preview = previewOf(call.args, call.argsText);
    return html`<details part="details" ?open=${this.open} @toggle=${(e: Event) => (this.open = (e.target as HTMLDetailsElement).open)}>
      <summary part="summary">
        <span class="visually-hidden">${t.toolCall}</span>
        <span class="name" part="name">${call.name}</span>
        <span class="preview" aria-hidden="true">${preview}</span>
        <span class="badge status ${key}" part="status">${t.toolStatus[key]}</span>
      </summary>
      <div class="body">
        <p class="label">${t.toolArguments}</p>
        <pre part="arguments">${this.withPlaceholders(args)}</pre>
        ${
          call.result !== undefined
            ? html`<p class="label">${t.toolResult}</p>
              <pre part="result">${this.withPlaceholders(pretty(call.result.content))}</pre>`
            : nothing
        }
      </div>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-tool-call': OzToolCall;
  }
}
