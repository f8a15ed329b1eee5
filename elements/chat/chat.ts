import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import type { ThreadStore } from '../../src/thread/index.js';
import { type ThreadState } from '../../src/thread/state.js';
import { isActive, openInterrupts } from '../../src/thread/selectors.js';
import { isRefusedTurn } from '../../src/thread/turn-status.js';
import type { Message } from '../../src/protocol/index.js';
import type { OzComposer } from '../composer/composer.js';
import type { InterruptsStore } from '../interrupt-list/interrupts.js';
import { listError } from '../interrupt-list/resume-error.js';
import type { RunTransport } from '../../src/transport/index.js';
import { CardRendererRegistry, toRegistry, type CardRenderer } from '../card/card-renderers.js';
import { listConverter } from '../markdown/markdown.js';
import { styles as markdownStyles } from '../markdown/markdown.styles.js';
import { unlessPrevented } from '../shared/define-event.js';
import { OzSendEvent, OzStoreChangeEvent, type OzErrorActionEvent } from '../shared/events.js';
import { loadLazyTags } from '../shared/lazy-tags.js';
import { exportParts } from '../shared/export-parts.js';
import { styles as messageStyles } from '../message/message.styles.js';
import { OzElement } from '../shared/oz-element.js';
import { styles as toolCallStyles } from '../tool-call/tool-call.styles.js';
import { base, tokens, tokensAt } from '../shared/tokens.styles.js';
import { WidthController } from '../shared/width-controller.js';
import { ChatObserver } from './chat-observer.js';
import { FollowEndController } from './follow-end.js';
import { OwnStoreController, type ChatStorage } from './own-store.js';
import { TurnWindowController } from './turn-window.js';
import { WarmUpController } from './warm-up.js';
import { styles } from './chat.styles.js';
import { renderTurn, waitIndex, type TranscriptContext } from './transcript.js';
import { busyReason, carryOutErrorAction, formsView, renderConnection, renderInterrupts, renderStopped } from './chat-sections.js';

export type { ChatStorage } from './own-store.js';

const BOARD_PARTS = exportParts('oz-board');
const ERROR_PARTS = exportParts('oz-error');
const WAITING_PARTS = exportParts('oz-waiting');
const COMPOSER_PARTS = exportParts('oz-composer');

/**
 * The whole chat on OZ's AG-UI route: a transcript of streamed messages, tool
 * calls, steps, cards and errors; the board; who else must decide; the
 * person's open interrupts as forms (`<oz-interrupts>`, where the turn waits),
 * answered all at once; a composer. It renders from a thread store (its
 * own, made from `endpoint`, `agent`, `tenant` and `thread-id`, or the app's
 * `store`) and keeps no copy of the thread.
 *
 * Accessibility: the transcript is a `role="log"` that stays silent; one
 * visually hidden status region announces "generating", then each finished
 * message once, interrupts and errors.
 *
 * Error actions (`oz-error-action`, from `<oz-error>` or anything slotted) are
 * carried out unless an app cancels them: `reload` loads the thread again
 * (`store.resync()`: a fresh run that follows the latest turn from its
 * start), `retry` sends again the way that helps (`store.retryOrResend()`: the
 * same words as a new turn after `failed`/`timed_out`, else the same run),
 * the answering ones move focus to the interrupts, `follow` follows the
 * latest turn again (`store.followAgain()`: after `turn_waiting`, a Stop or a
 * reconnect refused mid-turn), `new_thread` starts a new thread (a chat with
 * its own store drops its `thread-id` and makes a fresh one; an app's store is
 * the app's to replace). `sign_in` (the request was
 * refused with 401) is the app's: it listens for `oz-error-action` and signs the
 * person in again its own way (the example app asks its backend who is signed
 * in). A caller who is no person is refused a resume (403): the interrupts
 * stay, read-only, with the console's link.
 *
 * No dead ends: a message refused before OZ took it (too large for the
 * route's 4 MiB, 413, 400, 401, 403, the network) goes back into the
 * composer, with why; interrupts past their deadline never lock the composer;
 * after Stop the transcript says the turn may go on in OZ and offers "Follow
 * again"; a turn OZ cancelled says "Stopped in OZ"; the fragment a skip ahead
 * cut is folded above the whole answer, never shown twice; when the page
 * cannot go on with the thread (`nothing_to_load`, `history_unavailable`) it
 * fires `oz-history-needed` (answer with `loadHistory(messages)`) and offers
 * a new thread.
 *
 * Its messages, their markdown and tool calls render in its own tree, from
 * the templates `<oz-message>`, `<oz-markdown>` and `<oz-tool-call>` render
 * alone (no element and no shadow root each), so their parts are the chat's:
 * `oz-agent-chat::part(bubble)` styles every bubble. The board's, steps',
 * cards', errors', waits' and composer's parts are exported under names
 * that say whose they are (`board-note`, `composer-send`: see
 * shared/export-parts.ts). The manifest lists those parts, and the global
 * `--oz-*` tokens every element reads, from their one source (export-parts.ts,
 * tokens.styles.ts).
 *
 * @summary A complete, accessible chat with an OZ agent.
 *
 * @fires {OzRunStartedEvent} oz-run-started - A run started streaming.
 * @fires {OzRunFinishedEvent} oz-run-finished - A run ended (its outcome: success, interrupt, cancelled).
 * @fires {OzRunErrorEvent} oz-run-error - A run failed or its request was refused.
 * @fires {OzInterruptRequestedEvent} oz-interrupt-requested - A turn waits for the person's answers (once per run that ends with interrupts).
 * @fires {OzCardEvent} oz-card - A card arrived.
 * @fires {OzSendEvent} oz-send - The person sends a message (cancelable).
 * @fires {OzErrorActionEvent} oz-error-action - A person chose an error's action (cancelable; bubbles from `<oz-error>`): `retry`, `reload`, `follow`, `new_thread`, `answer_open`, `answer_rest`, `fix_answer`, `sign_in`.
 * @fires {OzStoreChangeEvent} oz-store-change - The chat renders from another store (`store`): one it made (a new thread) or the app's; at once, before that store sends anything, and when a chat with a store enters the page.
 * @fires {OzHistoryNeededEvent} oz-history-needed - The page has none of the thread's turns, or lacks some (`reason`): answer with `loadHistory(messages)`.
 *
 * @slot header - Above the transcript (a title, a logo).
 * @slot empty - Shown while the thread has no turn.
 * @slot interrupts - Where the turn waits: the forms for the open interrupts (an `<oz-interrupts>` by default).
 * @slot composer-actions - Extra buttons beside Send.
 *
 * @csspart chat - The whole chat.
 * @csspart header - The header bar.
 * @csspart connection - The connection indicator.
 * @csspart transcript - The `role="log"` transcript.
 * @csspart turn - One turn.
 * @csspart interrupts - The interrupts' section, where the turn waits.
 * @csspart interrupt-forms - The default `<oz-interrupts>` in it.
 * @csspart composer - The composer.
 * @csspart not-sent - Why the last message was not sent (it is back in the composer).
 * @csspart stopped - Says following stopped (the turn may go on in OZ), with "Follow again".
 * @csspart run-cancelled - Says OZ stopped the turn (RUN_FINISHED outcome `cancelled`).
 * @csspart not-taken - Under a message OZ never took (refused before its turn started): says it is not part of the conversation.
 * @csspart repeated - The fragment a skip ahead cut, folded above the whole answer.
 * @csspart board-panel - The board's side panel or collapsible section.
 * @csspart message - A message (and `head`, `ai-label`, `bubble`, `tools`: see `<oz-message>`).
 * @csspart body - A message's rendered markdown.
 * @csspart details - A tool call's box (and `summary`, `name`, `status`, `arguments`, `result`, `placeholder`: see `<oz-tool-call>`).
 *
 * @cssproperty --oz-chat-height - The chat's height (default 100%, at least 24rem).
 * @cssproperty --oz-chat-board-width - The side panel's width.
 * @cssproperty --oz-chat-background - The chat's background.
 */
export class OzAgentChat extends OzElement<ThreadStore> {
  static override styles = [tokens, base, messageStyles, markdownStyles, toolCallStyles, tokensAt('.message, .markdown, .tool-call'), styles];

  /** The proxy's base URL: runs go to `${endpoint}/v1/agui/agents/<agent>?tenant=<tenant>`. */
  @property() endpoint = '';
  @property() agent = '';
  @property() tenant = '';
  /** The conversation; a new one is generated (and reflected) when absent. */
  @property({ attribute: 'thread-id', reflect: true }) threadId?: string;
  /** Extra request headers (never recorded or stored). A new object applies at once (the next connection, a reconnect too, and every later turn); changing it in place does nothing. */
  @property({ attribute: false }) get headers(): Record<string, string> | undefined {
    return this.own.headers;
  }
  set headers(value: Record<string, string> | undefined) {
    this.own.setHeaders(value); // at once, not at the next update: a send or Follow again right after it carries them
  }
  /**
   * Where the thread survives a reload: session storage by default, `memory`,
   * `none`, or (as a property) the app's port. Read when the chat makes its store.
   */
  @property({ converter: { fromAttribute: (v: string | null): ChatStorage => (v === 'memory' || v === 'none' ? v : 'session') } }) storage: ChatStorage = 'session';
  /** Card renderers by card type: a registry, or a plain `{type: renderer}` object. */
  @property({ attribute: false }) cardRenderers?: CardRendererRegistry | Readonly<Record<string, CardRenderer>>;
  /** Origins whose images markdown may show (default none). Attribute: space-separated. */
  @property({ attribute: 'image-allowlist', converter: listConverter }) imageAllowlist: string[] = [];
  /** Where the board goes: a side panel, a collapsible section above the composer, or nowhere. */
  @property({ reflect: true }) board: 'side' | 'inline' | 'none' = 'side';
  /** Below this width (px, the chat's own), a `side` board is shown inline, collapsed, instead. */
  @property({ type: Number, attribute: 'narrow-width' }) narrowWidth = 720;
  private readonly width = new WidthController(this, () => this.narrowWidth);
  /**
   * The tenant's AI label, which starts the agent's text and is shown as a
   * badge: OZ's "AI: " unless set (`ai-label=""`: none). A text that does not
   * start with it is shown whole; an interrupt's `oz0/ai-label` replaces it.
   */
  @property({ attribute: 'ai-label' }) aiLabel?: string;
  /** Runs come from here instead of the network (recordings, tests). */
  @property({ attribute: false }) transport?: RunTransport;
  /** The clock the interrupts' countdowns read (ms since the epoch). */
  @property({ attribute: false }) clock: () => number = () => Date.now();

  /**
   * What the status region says. Written into it at once (each announcement
   * in turn, as screen readers expect), not through a render: the chat
   * renders once per frame.
   */
  private announcement = '';
  // Both are always rendered, so found once (cached): the status region comes last in a tree that
  // holds every message's DOM, and looking it up at each frame walked all of it (25 ms in 500 turns).
  @query('[role="status"]', true) private statusEl?: HTMLElement;
  @state() private hasHeader = false;
  @query('.transcript', true) private transcriptEl?: HTMLElement;
  /** Looked up only when an error action moves focus there. */
  @query('.interrupts') private interruptsEl?: HTMLElement;
  @query('oz-composer', true) private composerEl?: OzComposer;
  /** Why the last message was not sent (its words are back in the composer); empty otherwise. */
  @state() private notSent = '';
  /** The interrupt forms' tags are defined (they load on first use: elements/shared/lazy-tags.ts). */
  @state() private formsReady = customElements.get('oz-interrupts') !== undefined;

  private observer = new ChatObserver();
  private expectRestore = false;
  private registry: CardRendererRegistry = new CardRendererRegistry();
  private registryFrom: unknown;
  private forms?: { of: ThreadStore; store: InterruptsStore };
  private readonly turnWindow = new TurnWindowController(this);
  private readonly warmUp = new WarmUpController(this);
  private readonly follow = new FollowEndController(this, () => this.transcriptEl);
  private readonly own = new OwnStoreController(this, (store, restoring) => {
    this.observer = new ChatObserver();
    this.storeController.store = store;
    if (!restoring) return;
    this.expectRestore = true;
    void restoring.finally(() => (this.expectRestore = false));
  });

  constructor() {
    super();
    this.storeController.onChange((s) => this.onState(s));
    // On the host: error actions from <oz-error> in the shadow tree and from slotted elements alike.
    this.addEventListener('oz-error-action', (e) => this.onErrorAction(e));
  }

  /**
   * Registers a renderer for a card type, in this chat's own registry (a copy
   * of `cardRenderers`, made new at each call so the cards already shown are
   * drawn again with it).
   */
  registerCardRenderer(type: string, renderer: CardRenderer): void {
    this.registry = this.cardRegistry().copy().register(type, renderer);
    this.requestUpdate();
  }

  /** Announces the store it renders from now (`oz-store-change`), before that store sends anything. */
  protected override storeChanged(store: ThreadStore | undefined): void {
    this.dispatchEvent(new OzStoreChangeEvent({ store }));
  }

  /** Sends a message, as the composer does: fires the cancelable `oz-send` first, and sends unless a listener cancels it. */
  async send(text: string): Promise<void> {
    const e = new OzSendEvent({ text });
    this.dispatchEvent(e);
    if (!e.defaultPrevented) await this.sendNow(text);
  }

  /**
   * Sends, and puts the words back in the composer when nothing reached OZ:
   * refused before sending (too large, a run streams) or before the turn
   * started (413, 400, 401, 403, the network).
   */
  private async sendNow(text: string): Promise<void> {
    const store = this.store;
    if (!store) return;
    this.expectRestore = false;
    this.follow.stickToEnd();
    this.notSent = '';
    try {
      await store.send(text);
    } catch (err) {
      this.giveBack(text, err instanceof Error ? err.message : String(err));
      throw err;
    }
    const turn = store.getState().turns.at(-1);
    if (turn?.userMessage?.text === text && isRefusedTurn(turn)) this.giveBack(text);
  }

  /** The words go back into an empty composer (never over what the person typed since). */
  private giveBack(text: string, why?: string): void {
    if (this.composerEl && !this.composerEl.value.trim()) this.composerEl.value = text;
    if (why) this.notSent = this.t.notSent(why);
  }

  /**
   * Starts a new thread: a chat with its own store forgets its `thread-id`
   * and makes a fresh one (the old thread stays in OZ and in storage). A chat
   * given the app's `store` leaves that to the app.
   */
  newThread(): void {
    if (!this.own.owned) return;
    this.notSent = '';
    this.threadId = undefined;
  }

  /**
   * Gives the thread's history, as the app kept it (answering
   * `oz-history-needed`), and follows its latest turn: see the store's
   * loadHistory(). Throws ThreadError `bad_history` when it names no turn.
   */
  loadHistory(messages: readonly Message[]): Promise<void> {
    if (!this.store) return Promise.reject(new Error('The chat has no thread yet (set agent and tenant, or store).'));
    return this.store.loadHistory(messages);
  }

  private cardRegistry(): CardRendererRegistry {
    if (this.cardRenderers !== this.registryFrom) {
      this.registryFrom = this.cardRenderers;
      this.registry = toRegistry(this.cardRenderers);
    }
    return this.registry;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.own.ensure();
    // The interrupt forms load on first use: have them before a run can end in interrupts.
    const s = this.storeController.state;
    if (!this.formsReady && s && (isActive(s) || s.openInterruptIds.length > 0)) {
      void loadLazyTags().catch(() => undefined);
      void customElements.whenDefined('oz-interrupts').then(() => (this.formsReady = true));
    }
    super.willUpdate(changed);
  }

  private onState(s: ThreadState): void {
    const quiet = this.expectRestore && s.turns.length > 0;
    if (quiet) this.expectRestore = false;
    const { events, announce } = this.observer.observe(s, this.t, quiet);
    for (const e of events) this.dispatchEvent(e);
    if (announce === undefined) return;
    this.announcement = announce;
    if (this.statusEl) this.statusEl.textContent = announce;
    // A run started, a message or a run ended: render now, not at the next frame (streaming waits for frames).
    this.requestUpdate();
  }

  private onSend(e: OzSendEvent): void {
    unlessPrevented(e, () => void this.sendNow(e.text).catch(() => undefined));
  }

  private onErrorAction(e: OzErrorActionEvent): void {
    // <oz-interrupts> carries out its own action (load again) unless it is cancelled.
    if (e.composedPath().some((n) => n instanceof Element && n.localName === 'oz-interrupts')) return;
    unlessPrevented(e, () => {
      if (this.store) carryOutErrorAction(e.action, this.store, { newThread: () => this.newThread(), focusInterrupts: () => this.interruptsEl?.focus() });
    });
  }

  /** The store as <oz-interrupts> sees it, made once per store. */
  private formsStore(store: ThreadStore): InterruptsStore {
    if (this.forms?.of !== store) this.forms = { of: store, store: formsView(store) };
    return this.forms.store;
  }

  protected override firstUpdated(): void {
    if (this.statusEl) this.statusEl.textContent = this.announcement;
  }

  protected override render() {
    const s = this.storeController.state;
    const t = this.t;
    const listed = s ? listError(s) : undefined;
    const ctx: TranscriptContext | undefined = s && { state: s, t, strings: this.strings, renderers: this.cardRegistry(), imageAllowlist: this.imageAllowlist, listed };
    const turns = s?.turns ?? [];
    const last = turns.length - 1;
    const open = s ? openInterrupts(s) : [];
    const lastRunError = turns[last]?.runs.some((r) => r.error === s?.lastError);
    const store = this.store;
    // Only in a turn that waits or waited: a slot that moves to each new turn makes Chromium walk
    // the whole transcript's tree for slots again (2 ms per message in 500 turns).
    const waited = open.length > 0 || listed !== undefined || (last >= 0 && waitIndex(turns[last]!) >= 0);
    const waits = store && waited ? renderInterrupts({ t, strings: this.strings, forms: this.formsStore(store), open: open.length > 0, formsReady: this.formsReady, clock: this.clock }) : undefined;
    const renderOne = (turn: (typeof turns)[number], i: number) =>
      i === last
        ? guard([turn, t, ctx!.renderers, this.imageAllowlist, listed, store, open.length > 0, this.strings, this.clock, this.formsReady], () => renderTurn(turn, ctx!, waits))
        : guard([turn, t, ctx!.renderers, this.imageAllowlist], () => renderTurn(turn, ctx!));
    const board = this.board === 'side' && this.width.narrow ? 'inline' : this.board;
    const showBoard = board !== 'none' && !!s?.board.received;
    const boardEl = html`<oz-board exportparts=${BOARD_PARTS} .board=${s?.board} .imageAllowlist=${this.imageAllowlist} .strings=${this.strings}></oz-board>`;
    return html`<div class="chat ${showBoard ? `with-board-${board}` : ''}" part="chat">
      <div class="header ${this.hasHeader || (s && s.connection.status !== 'open' && s.connection.status !== 'closed' && s.connection.status !== 'connecting') ? 'shown' : ''}" part="header">
        <slot name="header" @slotchange=${(e: Event) => (this.hasHeader = (e.target as HTMLSlotElement).assignedNodes().length > 0)}></slot>${s ? renderConnection(s, t, store) : nothing}
      </div>
      <div class="main">
        <div class="conversation">
          <div class="transcript" part="transcript" role="log" aria-live="off" aria-label=${t.transcriptLabel} tabindex="0" @scroll=${this.follow.onScroll}>
            ${turns.length === 0 ? html`<div class="empty"><slot name="empty">${t.empty}</slot></div>` : nothing}
            ${ctx ? this.turnWindow.render(turns, renderOne, [t, ctx.renderers, this.imageAllowlist]) : nothing}
            ${s && s.lastError && !lastRunError && s.lastError !== listed ? html`<oz-error exportparts=${ERROR_PARTS} .error=${s.lastError} .strings=${this.strings}></oz-error>` : nothing}
            ${s ? renderStopped(s, t, store) : nothing}
            ${s?.waitingForOthers.length ? html`<oz-waiting exportparts=${WAITING_PARTS} .waiting=${s.waitingForOthers} .strings=${this.strings}></oz-waiting>` : nothing}
          </div>
          ${
            showBoard && board === 'inline'
              ? html`<details class="board-inline" part="board-panel"><summary>${t.boardShow} (${s!.board.value.board.notes.length})</summary>${boardEl}</details>`
              : nothing
          }
          ${this.notSent ? html`<p class="not-sent" part="not-sent" role="alert">${this.notSent}</p>` : nothing}
          <oz-composer
            part="composer"
            exportparts=${COMPOSER_PARTS}
            .strings=${this.strings}
            disabled-reason=${s ? busyReason(s, t, this.clock()) : ''}
            ?running=${s ? isActive(s) : false}
            @oz-send=${this.onSend}
            @oz-stop=${() => this.store?.stop()}
            ><slot name="composer-actions" slot="actions"></slot
          ></oz-composer>
        </div>
        ${showBoard && board === 'side' ? html`<aside class="board-side" part="board-panel" aria-label=${t.boardLabel} tabindex="0">${boardEl}</aside>` : nothing}
      </div>
      <div class="visually-hidden" role="status"></div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-agent-chat': OzAgentChat;
  }
}
