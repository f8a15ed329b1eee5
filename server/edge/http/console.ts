/**
 * The console, small and plain: a person signs in with their token (the
 * `oz0_session` cookie, HttpOnly, SameSite=Lax), sees what waits in a job's
 * tree at `/console/jobs/<job>` (the `oz0/console` link), and approves, denies
 * or answers. Form posts are taken from the edge's own origin only
 * (Origin / Sec-Fetch-Site), so another site cannot decide for a person.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller, ConsoleWait } from '../contract.js';
import type { EdgeContext } from './context.js';
import { EdgeHttpError } from './errors.js';
import { html, page, redirect, writeHtml, type Html } from './html.js';
import { header, readCredential, readForm, SESSION_COOKIE } from './request.js';

/** Refuses (403) a form post that a browser says came from another origin. */
export function requireSameOrigin(ctx: EdgeContext, req: IncomingMessage): void {
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') {
    throw new EdgeHttpError(403, 'permission_denied', 'The console takes form posts from its own pages only.');
  }
  // A browser that says same-origin is believed: under the pages' Referrer-Policy no-referrer,
  // Chromium sends `Origin: null` even for a form posted from the page itself.
  if (site === 'same-origin') return;
  const origin = header(req, 'origin');
  if (origin === undefined) return; // no browser sends a cross-origin POST without Origin
  const own = `http://${header(req, 'host') ?? ''}`;
  if (origin !== own && !ctx.consoleOrigins.includes(origin)) {
    throw new EdgeHttpError(403, 'permission_denied', 'The console takes form posts from its own pages only.');
  }
}

/** Only console paths are followed after signing in: no open redirect. */
function safeNext(next: string | null): string {
  return next && /^\/console\/[A-Za-z0-9._:@\-/%?=&]*$/.test(next) && !next.startsWith('//') ? next : '/console/';
}

function sessionCookie(ctx: EdgeContext, session: string): string {
  const secure = ctx.consoleOrigins.some((o) => o.startsWith('https:')) ? '; Secure' : '';
  return `${SESSION_COOKIE}=${encodeURIComponent(session)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

function signInForm(next: string, problem?: string): Html {
  return html`${problem ? html`<p role="alert">${problem}</p>` : ''}
<form method="post" action="/console/sign-in">
<input type="hidden" name="next" value="${next}">
<label for="token">Your token</label>
<input type="password" id="token" name="token" autocomplete="off" required>
<button type="submit">Sign in</button>
</form>`;
}

function signIn(ctx: EdgeContext, res: ServerResponse, token: string | null, next: string): void {
  const session = token ? ctx.runtime.signIn(token) : undefined;
  if (!session) {
    writeHtml(res, 401, page('Sign in', signInForm(next, 'That token is not one the edge knows.')));
    return;
  }
  redirect(res, next, { 'Set-Cookie': sessionCookie(ctx, session.session) });
}

/** `GET /console/sign-in[?token=...&next=...]` and `POST /console/sign-in` (form: token, next). */
export async function handleSignIn(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'POST') {
    requireSameOrigin(ctx, req);
    const form = await readForm(req);
    signIn(ctx, res, form.get('token'), safeNext(form.get('next')));
    return;
  }
  const next = safeNext(url.searchParams.get('next'));
  const token = url.searchParams.get('token');
  if (token !== null) signIn(ctx, res, token, next);
  else writeHtml(res, 200, page('Sign in', signInForm(next)));
}

function viewer(ctx: EdgeContext, req: IncomingMessage): Caller | undefined {
  return ctx.runtime.authenticate(readCredential(req));
}

function waitSection(job: string, wait: ConsoleWait, index: number): Html {
  const id = `wait-${index}`;
  const question = wait.reason === 'input_required';
  const form = wait.decidable
    ? html`<form method="post" action="/console/jobs/${encodeURIComponent(job)}/decide">
<input type="hidden" name="interruptId" value="${wait.interruptId}">
${
  question
    ? html`<label for="${id}-answer">Your answer</label><input type="text" id="${id}-answer" name="answer" aria-describedby="${id}-hint">
<label for="${id}-fields">Or, for a question with fields, the answer as JSON</label><textarea id="${id}-fields" name="fields" rows="3" aria-describedby="${id}-hint"></textarea>
<p id="${id}-hint">For example {"date": "2026-03-01", "people": 8}.</p>
<button type="submit" name="decision" value="answer">Answer</button>`
    : html`<label for="${id}-comment">Comment (optional)</label><input type="text" id="${id}-comment" name="comment">
<label for="${id}-confirm">Value to confirm (when the call asks you to type one)</label><input type="text" id="${id}-confirm" name="confirm">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>`
}
</form>`
    : html`<p>You may not decide this one. Who decides: ${wait.deciders}.</p>`;
  return html`<section aria-labelledby="${id}-title">
<h2 id="${id}-title">${wait.what}</h2>
<dl>
<dt>Kind</dt><dd>${wait.reason}</dd>
<dt>Job</dt><dd>${wait.job}</dd>
<dt>Who decides</dt><dd>${wait.deciders}</dd>
${wait.expiresAt ? html`<dt>Answer by</dt><dd><time datetime="${wait.expiresAt}">${wait.expiresAt}</time></dd>` : ''}
</dl>
${form}
</section>`;
}

/** `GET /console/jobs/<job>`: what waits in the job's tree, with forms for what the viewer may decide. */
export function handleJobPage(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, url: URL, job: string): void {
  const caller = viewer(ctx, req);
  if (!caller) {
    redirect(res, `/console/sign-in?next=${encodeURIComponent(url.pathname)}`);
    return;
  }
  const waits = ctx.runtime.consoleWaits(caller, job);
  if (!waits) {
    writeHtml(res, 404, page('Job not found', html`<p role="alert">There is no job ${job} that you may see.</p>`));
    return;
  }
  const done = url.searchParams.get('decided');
  const body = html`<p>Job <code>${job}</code>, signed in as ${caller.person ?? caller.keyId ?? caller.kind}.</p>
${done ? html`<p role="status">Your decision was recorded.</p>` : ''}
${waits.length === 0 ? html`<p>Nothing waits in this job.</p>` : waits.map((w, i) => waitSection(job, w, i))}`;
  writeHtml(res, 200, page(`What waits in job ${job}`, body));
}

/** The payload a console form means: an approval's `{approved, comment?, confirm?}`, a question's `{answer}` or a typed question's fields. */
export function decisionPayload(form: URLSearchParams): unknown {
  const decision = form.get('decision');
  const comment = form.get('comment') || undefined;
  if (decision === 'answer') {
    const fields = form.get('fields')?.trim();
    if (!fields) return { answer: form.get('answer') ?? '' };
    try {
      const value = JSON.parse(fields) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // refused below
    }
    throw new EdgeHttpError(400, 'invalid_argument', 'The fields must be a JSON object.');
  }
  if (decision === 'approve' || decision === 'deny') {
    const confirm = form.get('confirm') || undefined;
    return { approved: decision === 'approve', ...(comment ? { comment } : {}), ...(decision === 'approve' && confirm ? { confirm } : {}) };
  }
  throw new EdgeHttpError(400, 'invalid_argument', 'decision must be approve, deny or answer.');
}

/** `POST /console/jobs/<job>/decide`: decides in the console, then back to the job's page. */
export async function handleDecide(ctx: EdgeContext, req: IncomingMessage, res: ServerResponse, job: string): Promise<void> {
  requireSameOrigin(ctx, req);
  const caller = viewer(ctx, req);
  if (!caller) throw new EdgeHttpError(401, 'unauthenticated', 'Sign in to decide.');
  const form = await readForm(req);
  const interruptId = form.get('interruptId');
  if (!interruptId) throw new EdgeHttpError(400, 'invalid_argument', 'interruptId is required.');
  const result = ctx.runtime.decideInConsole(caller, interruptId, decisionPayload(form));
  if (!result.ok) {
    const back = html`<p role="alert">${result.body.message} (${result.body.code})</p><p><a href="/console/jobs/${encodeURIComponent(job)}">Back to the job</a></p>`;
    writeHtml(res, result.status, page('The decision was not made', back));
    return;
  }
  redirect(res, `/console/jobs/${encodeURIComponent(job)}?decided=1`);
}

/** Renders a refusal on a console path as a page instead of JSON (the console is for people). */
export function writeConsoleError(res: ServerResponse, error: EdgeHttpError): void {
  writeHtml(res, error.status, page('The console refused this', html`<p role="alert">${error.message} (${error.code})</p>`), { ...error.headers });
}
