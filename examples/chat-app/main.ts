/**
 * The chat app's page: sign in as a development person, keep a list of
 * threads, and chat with an agent through <oz-agent-chat>. The page talks only
 * to its own backend (/api for sign-in, /agui for runs): it never sees a token.
 */
import { html, render, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import 'oz-agui/define';
import { loadThreads, newThread, saveThreads, type ThreadEntry } from './threads.js';

interface Me {
  person: string | null;
  people: string[];
  agents: string[];
  tenant: string;
  aiLabel: string | null;
  /** The proxy's inspection feed, for a person in the support role (null otherwise). */
  inspect: string | null;
}

const app = document.getElementById('app')!;
let me: Me | undefined;
let threads: ThreadEntry[] = [];
let current: ThreadEntry | undefined;
let agentChoice = 'helper';
let error = '';
let inspectorLoaded = false;

/**
 * The inspector is its own entry, loaded after sign-in so the chat's first
 * paint does not wait for it; from then on it records the chat (`for="chat"`
 * follows each thread's chat as it is replaced) and opens as a drawer.
 */
function loadInspector(): void {
  if (inspectorLoaded) return;
  inspectorLoaded = true;
  import('oz-agui/inspector/define').catch((err: Error) => {
    error = `The inspector did not load: ${err.message}`;
    draw();
  });
}

function toggleInspector(): void {
  const inspector = document.getElementById('inspector') as (HTMLElement & { open: boolean }) | null;
  if (inspector) inspector.open = !inspector.open;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function refresh(): Promise<void> {
  me = await api<Me>('/api/me');
  if (me.person) {
    threads = loadThreads(localStorage, me.person);
    const wanted = new URL(location.href).searchParams.get('thread');
    current = threads.find((t) => t.id === wanted) ?? threads[0];
    agentChoice = me.agents.includes(agentChoice) ? agentChoice : (me.agents[0] ?? 'helper');
    loadInspector();
  }
  draw();
}

function select(thread: ThreadEntry | undefined): void {
  current = thread;
  const url = new URL(location.href);
  if (thread) url.searchParams.set('thread', thread.id);
  else url.searchParams.delete('thread');
  history.replaceState(null, '', url);
  draw();
}

function startThread(): void {
  if (!me?.person) return;
  const thread = newThread(agentChoice);
  threads = [thread, ...threads];
  saveThreads(localStorage, me.person, threads);
  select(thread);
}

async function signIn(person: string): Promise<void> {
  try {
    await api('/api/sign-in', { person });
    error = '';
  } catch (err) {
    error = (err as Error).message;
  }
  await refresh();
}

async function signOut(): Promise<void> {
  await api('/api/sign-out', {});
  current = undefined;
  await refresh();
}

function signInView(m: Me) {
  return html`<main class="sign-in">
    <h1>OZ chat</h1>
    <p>A complete app on OZ's AG-UI route. Sign in as a development person:</p>
    <div class="people">
      ${m.people.map((p) => html`<button type="button" @click=${() => signIn(p)}>Sign in as ${p}</button>`)}
    </div>
    ${error ? html`<p role="alert" class="error">${error}</p>` : nothing}
  </main>`;
}

function chatView(m: Me) {
  return html`<div class="layout">
    <header class="top">
      <strong>OZ chat</strong>
      <span class="who">Signed in as <b>${m.person}</b> · tenant ${m.tenant}</span>
      <button type="button" @click=${toggleInspector} title="Alt+Shift+D">Inspector</button>
      <button type="button" @click=${signOut}>Sign out</button>
    </header>
    <nav class="threads" aria-label="Threads">
      <div class="new">
        <label for="agent">Agent</label>
        <select id="agent" .value=${agentChoice} @change=${(e: Event) => (agentChoice = (e.target as HTMLSelectElement).value)}>
          ${m.agents.map((a) => html`<option value=${a} ?selected=${a === agentChoice}>${a}</option>`)}
        </select>
        <button type="button" @click=${startThread}>New thread</button>
      </div>
      <ul>
        ${threads.map(
          (t) => html`<li>
            <button type="button" aria-current=${t.id === current?.id ? 'page' : 'false'} @click=${() => select(t)}>${t.title}</button>
          </li>`,
        )}
      </ul>
    </nav>
    <main class="chat">
      ${current
        ? keyed(
            current.id,
            html`<oz-agent-chat
              id="chat"
              endpoint="/agui"
              agent=${current.agent}
              tenant=${m.tenant}
              thread-id=${current.id}
              ai-label=${m.aiLabel ?? nothing}
              @oz-error-action=${onErrorAction}
            ></oz-agent-chat>`,
          )
        : html`<p class="empty">Start a new thread to talk to an agent.</p>`}
    </main>
    <oz-inspector id="inspector" for="chat" docked src=${m.inspect ?? nothing}></oz-inspector>
  </div>`;
}

/** "Sign in again" (the proxy refused the run with 401: the session is gone): ask the backend who is signed in, which shows the sign-in form. */
function onErrorAction(e: Event & { action?: string }): void {
  if (e.action !== 'sign_in') return;
  e.preventDefault();
  refresh().catch((err: Error) => {
    error = err.message;
    draw();
  });
}

function draw(): void {
  if (!me) return;
  render(me.person ? chatView(me) : signInView(me), app);
}

refresh().catch((err: Error) => {
  app.textContent = `The app's backend did not answer: ${err.message}`;
});
