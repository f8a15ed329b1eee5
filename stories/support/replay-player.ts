/**
 * `<story-replay>` (for the stories only): plays any recording into a chat,
 * at any speed or one event at a time. A recording is a fixture's scenario
 * or a loaded NDJSON file (the same `{id, event, t}` lines the inspector
 * exports), split into runs at each RUN_STARTED; the chat's own requests
 * (Send, the interrupt forms' submit) each play the next run, through a
 * replay transport that takes its events from a ReplayStepper. A file that
 * does not parse says which line and why, and the recording before stays.
 */
import { LitElement, css, html, nothing } from 'lit';
import { createThreadStore, type ThreadStore } from '../../src/thread/index.js';
import { abortableSleep, createReplayStepper, parseRecording, TransportError, type RecordedEvent, type ReplayStepper, type RunTransport } from '../../src/transport/index.js';
import { answerAll } from './play.js';
import { fixture, runIds, SCENARIOS, splitRuns, startedAt } from './recordings.js';

/** Where the player stands: how events come, and the one waiting for a Step. */
interface Gate {
  speed: number;
  stepping: boolean;
  release?: () => void;
}

export class StoryReplay extends LitElement {
  static override properties = { scenario: { type: String }, speed: { type: Number }, stepping: { type: Boolean } };

  static override styles = css`
    :host {
      display: grid;
      grid-template-rows: auto 1fr;
      gap: 0.75rem;
      height: 100%;
      font-family: system-ui, sans-serif;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem 1rem;
      align-items: center;
    }
    select,
    button,
    input {
      font: inherit;
      color: inherit;
      background: light-dark(#ffffff, #1c2027);
      border: 1px solid light-dark(#8a939f, #6b7480);
      border-radius: 6px;
      padding: 0.25rem 0.5rem;
    }
    button:disabled {
      opacity: 0.6;
    }
    .status {
      font-size: 0.8125rem;
      color: light-dark(#525a65, #a9b1bd);
      flex-basis: 100%;
      margin: 0;
    }
    .error {
      color: light-dark(#a8261b, #ff9c92);
      flex-basis: 100%;
      margin: 0;
    }
    oz-agent-chat {
      min-height: 28rem;
    }
  `;

  /** A scenario of SCENARIOS. */
  scenario = 'helper-approved';
  /** 1 plays at the recorded pace, 10 ten times as fast, Infinity at once. */
  speed = 1;
  /** One event per Step press. */
  stepping = false;

  private runs: RecordedEvent[][] = [];
  private label = '';
  private text = '';
  private answers: readonly unknown[] = [];
  private store?: ThreadStore;
  private unsubscribe?: () => void;
  private stepper?: ReplayStepper;
  private runIndex = 0;
  private now = 0;
  private error = '';
  private gate: Gate = { speed: 1, stepping: false };
  private loadedFrom = '';

  override willUpdate(changed: Map<string, unknown>): void {
    this.gate.speed = this.speed;
    this.gate.stepping = this.stepping;
    if (!this.stepping) this.releaseStep();
    if (changed.has('scenario') && this.scenario !== this.loadedFrom) this.loadScenario(this.scenario);
  }

  private loadScenario(name: string): void {
    const s = SCENARIOS[name];
    if (!s) {
      this.error = `No scenario ${name}.`;
      return;
    }
    this.loadedFrom = name;
    this.setRecording(
      s.runs.map((r) => fixture(r)),
      `${name} (${s.runs.join(', ')})`,
      s.text,
      s.answers,
    );
  }

  private setRecording(runs: RecordedEvent[][], label: string, text: string, answers: readonly unknown[]): void {
    this.runs = runs;
    this.label = label;
    this.text = text;
    this.answers = answers;
    this.error = '';
    this.reset();
  }

  /** A new thread store over the recording, nothing played yet. */
  private reset(): void {
    this.unsubscribe?.();
    this.store?.dispose();
    this.releaseStep();
    this.runIndex = 0;
    this.stepper = undefined;
    this.now = startedAt(this.runs[0] ?? []) ?? Date.UTC(2026, 0, 1, 9);
    const ids = ['u1', ...this.runs.map((r, i) => runIds(r).runId ?? `run-${i + 1}`)];
    let at = 0;
    this.store = createThreadStore({
      url: 'https://edge.example.com/v1/agui/agents/replay?tenant=acme',
      threadId: runIds(this.runs[0] ?? []).threadId ?? 'replay-thread',
      transport: this.transport(),
      aiLabel: 'AI: ',
      now: () => this.now,
      generateId: () => ids[at++] ?? `id-${at}`,
    });
    this.unsubscribe = this.store.subscribe(() => this.requestUpdate());
    this.requestUpdate();
  }

  /** The store the chat plays into. */
  get threadStore(): ThreadStore | undefined {
    return this.store;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.store?.dispose();
    this.releaseStep();
  }

  private releaseStep(): void {
    const release = this.gate.release;
    this.gate.release = undefined;
    release?.();
  }

  /** Waits before the next event: the recorded gap scaled by the speed, or a Step press. */
  private async wait(gapMs: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.gate.stepping) {
      await new Promise<void>((resolve) => {
        this.gate.release = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
        this.requestUpdate();
      });
      return;
    }
    const ms = Number.isFinite(this.gate.speed) ? gapMs / this.gate.speed : 0;
    if (ms > 0) await abortableSleep(Math.min(ms, 5000), signal).catch(() => undefined);
  }

  /** Each request plays the next run, event by event, from a stepper. */
  private transport(): RunTransport {
    return (_request, options = {}) => this.playRun(this.runs[this.runIndex++], options);
  }

  private async *playRun(run: RecordedEvent[] | undefined, options: Parameters<RunTransport>[1] = {}) {
    options.onConnection?.({ status: 'connecting' });
    if (!run) {
      const error = new TransportError('bad_response', `The recording has no run left (${this.runs.length} played).`);
      options.onConnection?.({ status: 'failed', error });
      throw error;
    }
    options.onConnection?.({ status: 'open' });
    const stepper = createReplayStepper(run);
    this.stepper = stepper;
    const start = startedAt(run) ?? this.now;
    let previous = run[0]?.t ?? 0;
    try {
      for (let next = stepper.peek(); next; next = stepper.peek()) {
        const record = run[stepper.position]!;
        await this.wait(Math.max(0, record.t - previous), options.signal);
        if (options.signal?.aborted) return;
        previous = record.t;
        this.now = start + record.t;
        const step = stepper.next();
        if (step.done) break;
        this.requestUpdate();
        yield step.value;
      }
    } finally {
      options.onConnection?.({ status: 'closed' });
      this.requestUpdate();
    }
  }

  private async onFile(e: Event): Promise<void> {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (!file) return;
    try {
      const records = parseRecording(await file.text());
      if (records.length === 0) throw new Error('The file holds no events.');
      this.loadedFrom = '';
      this.setRecording(splitRuns(records), file.name, 'Replay this recording', []);
    } catch (err) {
      this.error = `${file.name} was not loaded: ${(err as Error).message}`;
      this.requestUpdate();
    }
  }

  private start(): void {
    const store = this.store;
    if (!store) return;
    try {
      void store.send(this.text).catch(() => undefined);
    } catch (err) {
      this.error = (err as Error).message;
    }
    this.requestUpdate();
  }

  private answerAsRecorded(): void {
    const store = this.store;
    if (!store) return;
    const state = store.getState();
    const resumes = this.runIndex - 1;
    try {
      void store.resume(answerAll(state, this.answers[resumes])).catch(() => undefined);
    } catch (err) {
      this.error = (err as Error).message;
    }
    this.requestUpdate();
  }

  protected override render() {
    const state = this.store?.getState();
    const started = (state?.turns.length ?? 0) > 0;
    const canAnswer = !!state && state.openInterruptIds.length > 0 && state.status !== 'running' && this.runIndex < this.runs.length;
    const stepper = this.stepper;
    const next = stepper?.peek();
    const position = stepper ? `run ${this.runIndex} of ${this.runs.length}, event ${stepper.position} of ${stepper.position + stepper.remaining}` : `${this.runs.length} run(s), not started`;
    return html`<div class="bar">
        <label>Recording <select @change=${(e: Event) => (this.scenario = (e.target as HTMLSelectElement).value)}>
          ${Object.keys(SCENARIOS).map((n) => html`<option value=${n} ?selected=${n === this.loadedFrom}>${n}</option>`)}
          ${this.loadedFrom ? nothing : html`<option selected value="">${this.label}</option>`}
        </select></label>
        <label>Or a file <input type="file" accept=".ndjson,.jsonl,.json,.txt" @change=${this.onFile} /></label>
        <label>Speed <select @change=${(e: Event) => (this.speed = Number((e.target as HTMLSelectElement).value))}>
          ${[0.25, 1, 4, 20, Infinity].map((s) => html`<option value=${String(s)} ?selected=${s === this.speed}>${Number.isFinite(s) ? `${s}×` : 'at once'}</option>`)}
        </select></label>
        <label><input type="checkbox" .checked=${this.stepping} @change=${(e: Event) => (this.stepping = (e.target as HTMLInputElement).checked)} /> Step by step</label>
        <button @click=${this.start} ?disabled=${started}>Send “${this.text}”</button>
        <button @click=${() => this.releaseStep()} ?disabled=${!this.stepping || !this.gate.release}>Step</button>
        <button @click=${this.answerAsRecorded} ?disabled=${!canAnswer || this.answers.length === 0}>Answer as recorded</button>
        <button @click=${() => this.reset()}>Reset</button>
        <p class="status" role="status">${this.label}: ${position}${next ? html` · next: <code>${next.event.type}</code>` : nothing}</p>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      </div>
      <oz-agent-chat ai-label="AI: " .store=${this.store} .clock=${() => this.now}></oz-agent-chat>`;
  }
}

if (!customElements.get('story-replay')) customElements.define('story-replay', StoryReplay);

declare global {
  interface HTMLElementTagNameMap {
    'story-replay': StoryReplay;
  }
}
