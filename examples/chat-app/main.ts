/**
 * The chat app's page: sign in as a development person, keep a list of
 * threads, and chat with an agent through <oz-agent-chat>. The page talks only
 * to its own backend (/api for sign-in, /agui for runs): it never sees a token.
 *
 * The composer is ready at once after sign-in: a new thread is a draft,
 * with the agent to talk to chosen beside it, and joins the list (titled by
 * its first words) once its first run starts, so no empty thread is listed.
 */
import { html, render, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { live } from 'lit/directives/live.js';
import 'oz-agui/define';
import type { OzAgentChat } from 'oz-agui/elements';
import { loadThreads, newThread, saveThreads, titled, type ThreadEntry } from './threads.js';

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
/** The thread the composer starts when none is open: listed on its first send. */
let draft: ThreadEntry | undefined;
let agentChoice = 'helper';
/** Why the agent beside the draft did not change (shown beside the choice). */
let agentNote = '';
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
    current = threads.find((t) => t.id === wanted);
    agentChoice = me.agents.includes(agentChoice) ? agentChoice : (me.agents[0] ?? 'helper');
    loadInspector();
  }
  draw();
}

function select(thread: ThreadEntry | undefined): void {
  current = thread;
  agentNote = '';
  const url = new URL(location.href);
  if (thread) url.searchParams.set('thread', thread.id);
  else url.searchParams.delete('thread');
  history.replaceState(null, '', url);
  draw();
}

/** "New thread": an empty composer (a draft; nothing is listed until its first run starts). */
function startThread(): void {
  draft = undefined;
  select(undefined);
}

/** The thread shown: the one open, else the draft (made for the chosen agent). */
function shown(): ThreadEntry {
  return current ?? (draft ??= newThread(agentChoice));
}

/**
 * The draft's agent changes with the choice beside its composer; the chat
 * stays (it makes a store for the new agent), so words typed are kept. While
 * its first words are on their way (sent, the run not started yet) it stays
 * with the agent they went to: changing then would drop that send.
 */
function chooseAgent(agent: string): void {
  const chat = document.getElementById('chat') as OzAgentChat | null;
  const sending = draft && chat?.store && chat.store.getState().status !== 'idle';
  if (sending) {
    agentNote = `Your message is on its way to ${draft!.agent}. To talk to ${agent}, start a new thread once it has arrived.`;
  } else {
    agentNote = '';
    agentChoice = agent;
    if (draft) draft = { ...draft, agent };
  }
  draw();
}

/** The draft's first words, kept for its title until its run starts. */
let draftWords = '';

function onSend(e: Event & { text?: string }): void {
  if (draft && !current) draftWords = e.text ?? '';
}

/** The draft's first run started (its words reached OZ): it is listed, titled by them, and opened. */
function onRunStarted(): void {
  if (!me?.person || !draft || current) return;
  const thread = titled(draft, draftWords);
  draft = undefined;
  draftWords = '';
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
  draft = undefined;
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
  const thread = shown();
  return html`<div class="layout">
    <header class="top">
      <strong>OZ chat</strong>
      <span class="who">Signed in as <b>${m.person}</b> · tenant ${m.tenant}</span>
      <button type="button" @click=${toggleInspector} title="Alt+Shift+D">Inspector</button>
      <button type="button" @click=${signOut}>Sign out</button>
    </header>
    <nav class="threads" aria-label="Threads">
      <button type="button" class="new" @click=${startThread}>New thread</button>
      <ul>
        ${threads.map(
          (t) => html`<li>
            <button type="button" aria-current=${t.id === current?.id ? 'page' : 'false'} @click=${() => select(t)}>${t.title}</button>
          </li>`,
        )}
      </ul>
    </nav>
    <main class="chat">
      <div class="agent">
        ${
          current
            ? html`<span>Agent <b>${current.agent}</b></span>`
            : html`<label for="agent">Agent</label>
              <select id="agent" aria-describedby="agent-note" .value=${live(agentChoice)} @change=${(e: Event) => chooseAgent((e.target as HTMLSelectElement).value)}>
                ${m.agents.map((a) => html`<option value=${a} ?selected=${a === agentChoice}>${a}</option>`)}
              </select>
              <span class="hint" id="agent-note" role="status">${agentNote || 'A new thread starts when you send.'}</span>`
        }
      </div>
      ${keyed(
        thread.id,
        html`<oz-agent-chat
          id="chat"
          endpoint="/agui"
          agent=${thread.agent}
          tenant=${m.tenant}
          thread-id=${thread.id}
          ai-label=${m.aiLabel ?? nothing}
          @oz-send=${onSend}
          @oz-run-started=${onRunStarted}
          @oz-error-action=${onErrorAction}
        ></oz-agent-chat>`,
      )}
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
