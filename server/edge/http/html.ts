/** Plain, accessible HTML for the console: every value escaped, no script, a strict CSP. */
import type { ServerResponse } from 'node:http';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A tagged template that escapes every interpolated value unless it is `Html` already. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Builds HTML from a template, escaping interpolations (arrays are joined; `Html` passes through). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}

/** A whole page: language, title, one `<main>`, readable without styles. */
export function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · OZ development edge</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
section{border:1px solid #888;border-radius:.5rem;padding:0 1rem 1rem;margin:1rem 0}
label{display:block;margin:.5rem 0 .25rem}input[type=text],input[type=password],textarea{width:100%;padding:.4rem}
button{margin:.5rem .5rem 0 0;padding:.4rem 1rem}[role=alert]{color:#a00}</style>
</head>
<body>
<header><p>OZ development edge — console (a development tool)</p></header>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Writes a page with the console's security headers. */
export function writeHtml(res: ServerResponse, status: number, content: Html, headers: Record<string, string> = {}): void {
  const body = content.text;
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(body);
}

/** A 303 redirect (after a form post, or to sign in). */
export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { ...headers, Location: location, 'Content-Length': '0', 'Cache-Control': 'no-store' });
  res.end();
}
