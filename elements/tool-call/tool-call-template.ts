import { html, nothing, type TemplateResult } from 'lit';
import type { ToolCallStatus, ToolCallView } from '../../src/thread/state.js';
import type { OzStrings } from '../shared/strings.js';

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

function withPlaceholders(text: string, t: OzStrings): (TemplateResult | string)[] {
  const out: (TemplateResult | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    out.push(text.slice(last, m.index));
    const kind = (m[1] ?? '').toLowerCase();
    const name = (m[2] ?? '').trim();
    const title = kind === 'secret' ? t.secretPlaceholder(name) : `${kind}: ${name}`;
    out.push(html`<span class="placeholder" part="placeholder" title=${title}>${m[0]}</span>`);
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/**
 * A call's texts, worked out once per call object: the chat renders every call
 * of the streaming turn each frame, and a view is new only when its call changed.
 */
const texts = new WeakMap<ToolCallView, { args: string; preview: string; result: string }>();
function textsOf(call: ToolCallView): { args: string; preview: string; result: string } {
  let shown = texts.get(call);
  if (!shown) {
    shown = {
      args: call.args !== undefined ? pretty(call.args) : prettyJson(call.argsText),
      preview: previewOf(call.args, call.argsText),
      result: call.result !== undefined ? pretty(call.result.content) : '',
    };
    texts.set(call, shown);
  }
  return shown;
}

export interface ToolCallTemplateOptions {
  /** Opened or not; left out, the `<details>` keeps what the person chose. */
  open?: boolean | undefined;
  /** Told when the person opens or closes it. */
  onToggle?: ((open: boolean) => void) | undefined;
  /** More classes on its box. */
  classes?: string | undefined;
}

/**
 * One tool call (see `<oz-tool-call>`), as a template: a `<details>` box
 * (`.tool-call`, part `details`) styled by tool-call.styles.ts. The chat
 * renders its calls with it in its own tree; `<oz-tool-call>` alone, in its
 * shadow root.
 */
export function toolCallTemplate(call: ToolCallView, t: OzStrings, options: ToolCallTemplateOptions = {}): TemplateResult {
  const key = STATUS_KEY[call.status] ?? 'running';
  const { args, preview, result } = textsOf(call);
  const toggle = options.onToggle;
  return html`<details
    class="tool-call ${options.classes ?? ''}"
    part="details"
    ?open=${options.open}
    @toggle=${toggle ? (e: Event) => toggle((e.target as HTMLDetailsElement).open) : undefined}
  >
    <summary part="summary">
      <span class="visually-hidden">${t.toolCall}</span>
      <span class="name" part="name">${call.name}</span>
      <span class="preview" aria-hidden="true">${preview}</span>
      <span class="badge status ${key}" part="status">${t.toolStatus[key]}</span>
    </summary>
    <div class="body">
      <p class="label">${t.toolArguments}</p>
      <pre part="arguments">${withPlaceholders(args, t)}</pre>
      ${
        call.result !== undefined
          ? html`<p class="label">${t.toolResult}</p>
            <pre part="result">${withPlaceholders(result, t)}</pre>`
          : nothing
      }
    </div>
  </details>`;
}
