import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { createRecordingLog, importRecording, type RecorderOptions, type Recording } from '../../src/recorder/index.js';
import { base, tokens, whenRemoved } from '../../elements/kit.js';
import { createReplayStore, type ReplayStore } from '../replay/replay-store.js';
import { openInspectionFeed } from '../feed/feed.js';
import type { InspectFeed, InspectFeedFactory } from '../runs-list/feed-types.js';
import type { OzInspectorFollowEvent } from '../runs-list/runs-list.js';
import { OzInspectorImportEvent, OzInspectorToggleEvent } from '../shared/events.js';
import { InspectorBase } from '../shared/inspector-element.js';
import { recordStore, userTextsOf, type InspectableStore, type Source } from './sources.js';
import { importFile, downloadNdjson } from './files.js';
import { matches, parseShortcut } from './shortcut.js';
import { styles } from './inspector.styles.js';
import { renderReplayControls } from './replay-controls.js';
import { ChatWatchController } from './chat-watch.js';
import { renderTab, renderTablist, tabAfterKey, type Tab } from './tabs.js';

/** A chat as the panel reads it: an element with a thread store. */
interface ChatLike extends HTMLElement {
  store?: InspectableStore;
  updateComplete?: Promise<unknown>;
}

/**
 * The devtools panel: records what a chat's stream really said (every raw
 * event with its SSE id, arrival time and size, every request, reconnects,
 * each board patch with the board before and after, resume outcomes),
 * bounded and redacted at record time, with no network of its own.
 *
 * Attach it with `for="<chat id> [<chat id>…]"` (chats that appear later or
 * get a new store are picked up), or give it `.store`. `docked` makes it a
 * drawer toggled by `shortcut` (Alt+Shift+D). Export the recording as
 * NDJSON (the replay transport's format), import one, and replay it into the
 * chat named by `replay-into` (or `replayInto(chat)`) at any speed or event
 * by event. With `src` (a proxy's opt-in inspection feed), it lists the runs
 * passing through the proxy and follows one live: the only requests it makes,
 * and only to what it is pointed at.
 *
 * @summary Records and explains what a chat's stream said.
 *
 * @fires {OzInspectorImportEvent} oz-inspector-import - A recording was imported.
 * @fires {OzInspectorToggleEvent} oz-inspector-toggle - The docked drawer opened or closed.
 * @fires {OzInspectorSelectEvent} oz-inspector-select - An entry was selected in the Events tab.
 *
 * @csspart panel - The whole panel.
 * @csspart toolbar - The title, source picker, counts and file buttons.
 * @csspart tablist - The tabs.
 * @csspart tab - One tab.
 * @csspart tabpanel - The open tab's panel.
 * @csspart replay - The replay controls.
 *
 * @cssproperty --oz-inspector-background - The panel's background.
 * @cssproperty --oz-inspector-width - The docked drawer's width.
 * @cssproperty --oz-inspector-z-index - The docked drawer's stacking order.
 */
export class OzInspector extends InspectorBase {
  static override styles = [tokens, base, styles];

  /** The ids of the chats to record (space-separated). */
  @property({ attribute: 'for' }) for = '';
  /** A thread store to record (besides `for`). */
  @property({ attribute: false }) store?: InspectableStore;
  /** The recorder's options: bounds (`maxEntries`, `maxBytes`) and redaction (`redact`, `production`). */
  @property({ attribute: false }) recorderOptions: RecorderOptions = {};
  /** A drawer at the side of the page, toggled by `shortcut`. */
  @property({ type: Boolean, reflect: true }) docked = false;
  /** Whether the docked drawer is open. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** The docked drawer's shortcut; `none` for none. */
  @property() shortcut = 'Alt+Shift+D';
  /** The id of the `<oz-agent-chat>` the replay plays into. */
  @property({ attribute: 'replay-into' }) replayIntoId = '';
  /** The open tab. */
  @property({ reflect: true }) tab: Tab = 'events';
  /** A proxy's inspection feed URL: its runs are listed, and one can be followed live. */
  @property() src = '';
  /** Headers for the feed's requests (an Authorization the app's own guard reads). */
  @property({ attribute: false }) feedHeaders?: Record<string, string>;
  /** Makes the feed for `src` (default `openInspectionFeed`; tests and apps may wrap it). */
  @property({ attribute: false }) feedFactory: InspectFeedFactory = openInspectionFeed;

  @state() private sources: Source[] = [];
  @state() private selectedKey = '';
  @state() private importError = '';
  @state() private replayState = { position: 0, total: 0, playing: false };
  @state() private following = '';
  @state() private speed = 1;
  /** The entry last selected in the Events tab: the State tab shows the board as it was then. */
  @state() private selectedSeq: number | undefined;
  /** Bumped whenever the recording shown grew or changed. */
  @state() revision = 0;
  @query('[role="tablist"]') private tablistEl?: HTMLElement;

  private replay?: { store: ReplayStore; recording: Recording; chat: ChatLike; off: () => void };
  private replayStores = new WeakSet<object>();
  private feed?: InspectFeed;
  private followCtl?: AbortController;
  private imports = 0;

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (!this.docked) return;
    const s = parseShortcut(this.shortcut);
    if (!s || !matches(s, e)) return;
    e.preventDefault();
    this.toggle();
  };

  constructor() {
    super();
    new ChatWatchController(this, () => this.sync());
  }

  /** The recording shown now. */
  get recording(): Recording | undefined {
    return this.current()?.recording;
  }

  /** Every recording listed (chats, stores, imports, feed runs). */
  get recordings(): readonly { key: string; label: string; recording: Recording }[] {
    return this.sources;
  }

  /** Opens or closes the docked drawer. */
  toggle(open = !this.open): void {
    this.open = open;
    this.dispatchEvent(new OzInspectorToggleEvent({ open }));
    if (open) void this.updateComplete.then(() => (this.tablistEl?.querySelector('[aria-selected="true"]') as HTMLElement | null)?.focus());
  }

  /** Shows a source by key (see `recordings`). */
  show(key: string): void {
    this.selectedKey = key;
    this.selectedSeq = undefined;
  }

  /** Imports an NDJSON recording; throws the parse error (naming the line) and keeps what was shown. */
  importText(text: string, name = `recording-${this.imports + 1}.ndjson`): Recording {
    const recording = importRecording(text, this.recorderOptions);
    this.imports += 1;
    const key = `import:${this.imports}`;
    this.sources = [...this.sources, { key, label: this.t.imported(name), recording }];
    this.selectedKey = key;
    this.importError = '';
    this.dispatchEvent(new OzInspectorImportEvent({ name, events: recording.size }));
    return recording;
  }

  /** The recording shown, as NDJSON (what Export downloads). */
  exportText(): string {
    return this.recording?.toNdjson() ?? '';
  }

  /**
   * Plays the recording shown into a chat: the chat renders from a replay
   * store (it sends nothing) until it is given another store. Starts playing
   * at `speed` unless `paused`; the returned store steps, plays and resets.
   */
  replayInto(chat: HTMLElement | string, options: { speed?: number; paused?: boolean; recording?: Recording } = {}): ReplayStore {
    const target = (typeof chat === 'string' ? this.lookup(chat) : chat) as ChatLike | null;
    if (!target) throw new Error(`replayInto: no element with id ${JSON.stringify(chat)}`);
    const recording = options.recording ?? this.recording;
    if (!recording) throw new Error('replayInto: nothing recorded to replay');
    this.replay?.off();
    const aiLabel = (target as { aiLabel?: unknown }).aiLabel;
    const store = createReplayStore(recording.toRecordedEvents(), { userTexts: userTextsOf(recording), ...(typeof aiLabel === 'string' && aiLabel ? { aiLabel } : {}) });
    this.replayStores.add(store);
    const off = store.subscribe(() => (this.replayState = { position: store.position, total: store.total, playing: store.playing }));
    this.replay = { store, recording, chat: target, off };
    target.store = store as unknown as InspectableStore;
    this.replayState = { position: 0, total: store.total, playing: false };
    if (!options.paused) void store.play({ speed: options.speed ?? this.speed });
    return store;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKeyDown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKeyDown);
    this.followCtl?.abort();
    this.replay?.store.pause();
    // One removed stops recording (what it kept stays readable).
    whenRemoved(this, () => {
      for (const s of this.sources) s.off?.();
      this.sources = this.sources.map(({ off: _off, store: _store, ...rest }) => rest);
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('for') || changed.has('store')) this.sync();
    if (changed.has('src') || changed.has('feedFactory') || changed.has('feedHeaders'))
      this.feed = this.src ? this.feedFactory(this.src, this.feedHeaders ? { headers: this.feedHeaders } : {}) : undefined;
  }

  private lookup(id: string): HTMLElement | null {
    const root = this.getRootNode() as Document | ShadowRoot;
    return root.getElementById?.(id) ?? document.getElementById(id);
  }

  /** Whether the recorder masks anything (its `redact` option, or on by default in production). */
  private redacting(): boolean {
    const o = this.recorderOptions;
    if (o.redact === false) return false;
    if (Array.isArray(o.redact)) return o.redact.length > 0;
    return o.redact !== undefined || o.production === true;
  }

  private ids(): string[] {
    return this.for.split(/\s+/).filter(Boolean);
  }

  private current(): Source | undefined {
    return this.sources.find((s) => s.key === this.selectedKey) ?? this.sources[0];
  }

  private changed = () => {
    this.revision += 1;
  };

  /** Records every chat named by `for` and the `store`, each store once. */
  private sync(): void {
    if (!this.isConnected) return;
    let sources = this.sources;
    const add = (key: string, label: string, store: InspectableStore, chatId?: string) => {
      if (this.replayStores.has(store) || sources.some((s) => s.store === store)) return;
      const source = recordStore(key, label, store, this.recorderOptions, this.changed);
      if (chatId) source.chatId = chatId;
      sources = [...sources, source];
    };
    for (const id of this.ids()) {
      const chat = this.lookup(id) as ChatLike | null;
      if (!chat?.store) continue;
      add(`chat:${id}:${chat.store.threadId}`, this.t.chatSource(id, chat.store.threadId), chat.store, id);
    }
    if (this.store) add(`store:${this.store.threadId}`, this.store.threadId, this.store);
    if (sources !== this.sources) this.sources = sources;
  }

  private async onImport(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      this.importText(await importFile(file), file.name);
    } catch (err) {
      this.importError = this.t.importError(err instanceof Error ? err.message : String(err));
    } finally {
      input.value = '';
    }
  }

  private onExport(): void {
    const source = this.current();
    if (!source) return;
    downloadNdjson(source.recording.toNdjson(), `oz-recording-${source.key.replace(/[^\w.-]+/g, '_')}.ndjson`);
  }

  private async onFollow(e: OzInspectorFollowEvent): Promise<void> {
    const feed = this.feed;
    if (!feed) return;
    this.followCtl?.abort();
    const ctl = new AbortController();
    this.followCtl = ctl;
    const recording = createRecordingLog(this.recorderOptions);
    const key = `feed:${e.run.runId}`;
    this.sources = [...this.sources.filter((s) => s.key !== key), { key, label: `${e.run.agent} · ${e.run.person ?? e.run.threadId} · ${e.run.runId}`, recording }];
    this.selectedKey = key;
    this.following = e.run.runId;
    let frame = 0;
    try {
      for await (const r of feed.follow(e.run.runId, ctl.signal)) {
        recording.add(r);
        frame ||= requestAnimationFrame(() => {
          frame = 0;
          this.changed();
        });
      }
    } catch (err) {
      if (!ctl.signal.aborted) this.importError = this.t.feedError(err instanceof Error ? err.message : String(err));
    } finally {
      this.changed();
    }
  }

  private onTabKey(e: KeyboardEvent): void {
    const next = tabAfterKey(this.tab, e.key);
    if (!next) return;
    e.preventDefault();
    this.tab = next;
    void this.updateComplete.then(() => (this.tablistEl?.querySelector(`#tab-${this.tab}`) as HTMLElement | null)?.focus());
  }

  private renderReplay() {
    const target = this.replayIntoId ? this.lookup(this.replayIntoId) : null;
    const r = this.replay;
    const active = r && r.chat === target && r.recording === this.recording ? r.store : undefined;
    return renderReplayControls({
      t: this.t,
      hasTarget: !!target,
      hasRecording: !!this.recording,
      active,
      speed: this.speed,
      position: this.replayState,
      setSpeed: (speed) => (this.speed = speed),
      start: () => active ?? this.replayInto(target!, { paused: true, speed: this.speed }),
    });
  }

  protected override render() {
    const t = this.t;
    const source = this.current();
    const rec = source?.recording;
    return html`<section class="panel" part="panel" aria-label=${t.title}>
      <div class="bar" part="toolbar">
        <h2>${t.title}</h2>
        ${
          this.sources.length > 1
            ? html`<label
              >${t.source}
              <select @change=${(e: Event) => this.show((e.target as HTMLSelectElement).value)}>
                ${this.sources.map((s) => html`<option value=${s.key} ?selected=${s === source}>${s.label}</option>`)}
              </select></label
            >`
            : source
              ? html`<span>${source.label}</span>`
              : nothing
        }
        ${
          rec
            ? html`<span class="stats">${t.kept(rec.size, Math.round(rec.bytes / 1024))}</span>
              ${rec.dropped.entries > 0 ? html`<span class="dropped badge">${t.dropped(rec.dropped.entries, rec.dropped.events)}</span>` : nothing}
`
            : nothing
        }
        ${this.redacting() ? html`<span class="badge">${t.redacted}</span>` : nothing}
        <span class="spacer"></span>
        <button ?disabled=${!rec} @click=${this.onExport}>${t.exportLabel}</button>
        <span class="file">${t.importLabel}<input type="file" accept=".ndjson,.jsonl,application/x-ndjson,text/plain" aria-label=${t.importLabel} @change=${this.onImport} /></span>
        ${source?.recorder ? html`<button @click=${() => (source.recorder!.clear(), this.changed())}>${t.clear}</button>` : nothing}
        ${this.docked ? html`<button @click=${() => this.toggle(false)}>${t.close}</button>` : nothing}
      </div>
      ${this.importError ? html`<p class="error" role="alert">${this.importError}</p>` : nothing}
      ${this.feed ? html`<oz-inspector-runs .feed=${this.feed} .strings=${this.strings} following=${this.following} @oz-inspector-follow=${this.onFollow}></oz-inspector-runs>` : nothing}
      ${this.replayIntoId ? this.renderReplay() : nothing}
      ${rec ? nothing : html`<p class="stats">${t.noSource}</p>`}
      ${renderTablist(
        t,
        this.tab,
        (tab) => (this.tab = tab),
        (e) => this.onTabKey(e),
      )}
      <div role="tabpanel" part="tabpanel" id="panel" aria-labelledby="tab-${this.tab}">
        ${renderTab(this.tab, {
          recording: this.recording,
          revision: this.revision,
          strings: this.strings,
          theme: this.theme,
          selectedSeq: this.selectedSeq,
          select: (seq) => (this.selectedSeq = seq),
        })}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'oz-inspector': OzInspector;
  }
}
