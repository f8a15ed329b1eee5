/**
 * One run as one caller sees it: turns a turn's TurnOps into AG-UI events in
 * the run's log, applying the caller's walls and permissions (no state events
 * without the content permission, redacted notes, no card for a step behind a
 * wall, at most 32 steps open), and ends the run with its interrupts.
 */
import type { AguiEvent, BaseEvent, BoardEntry, ConsoleLink } from '../../../src/protocol/index.js';
import { EventType, MAX_OPEN_STEPS, META, OZ_CARD, OZ_WAITING } from '../../../src/protocol/index.js';
import type { AuditEntry, Caller, Clock } from '../contract.js';
import { diffBoard, viewBoard } from './board.js';
import type { IdentityStore } from './identities.js';
import type { MemoryRunLog } from './run-log.js';
import type { Turn, TurnOp, TurnSink } from './turn.js';
import type { WaitView } from './waits.js';
import { partitionWaits, toInterrupt, toWaitingForOthers } from './waits.js';

/** What a run view needs from its runtime. */
export interface ViewServices {
  clock: Clock;
  aiLabel: string;
  identities: IdentityStore;
  audit(entry: Omit<AuditEntry, 'at'>): void;
  console(job: string): ConsoleLink | undefined;
}

/** The caller's clearances (walls they are inside). */
export function clearancesOf(identities: IdentityStore, caller: Caller): Set<string> {
  if (caller.kind !== 'person' || !caller.person) return new Set();
  return new Set(identities.person(caller.tenant, caller.person)?.clearances ?? []);
}

/** A run of a turn, rendered for its caller. */
export class RunView implements TurnSink {
  readonly #clearances: Set<string>;
  #shown: BoardEntry[] = [];
  readonly #openSteps = new Set<string>();
  readonly #openMessages = new Set<string>();
  #waitingKey: string | undefined;

  constructor(
    readonly log: MemoryRunLog,
    readonly caller: Caller,
    readonly turn: Turn,
    readonly threadId: string,
    private readonly svc: ViewServices,
  ) {
    this.#clearances = clearancesOf(svc.identities, caller);
  }

  #ev<T extends Record<string, unknown>>(type: EventType, fields: T): AguiEvent {
    return { type, timestamp: this.svc.clock.now(), ...fields } as unknown as AguiEvent;
  }

  #content(): boolean {
    return this.svc.identities.has(this.caller, 'content');
  }

  #actor(): string {
    return this.caller.person ?? this.caller.keyId ?? 'unknown';
  }

  #auditBoard(notes: readonly BoardEntry[]): void {
    const shown = notes.filter((n) => !('redacted' in n)).map((n) => n.id);
    this.svc.audit({ action: 'job.board.read', tenant: this.caller.tenant, actor: this.#actor(), via: this.caller.via, door: 'agui', job: this.turn.root.id, details: { notes: shown } });
  }

  /** Writes RUN_STARTED (and the board, and `extra`), reopens the tree's open steps, then attaches to the turn. */
  open(extra: readonly AguiEvent[] = [], attach = true): void {
    const events: AguiEvent[] = [this.#ev(EventType.RUN_STARTED, { threadId: this.threadId, runId: this.log.runId })];
    if (this.#content()) {
      this.#shown = viewBoard(this.turn.board, this.#clearances);
      events.push(this.#ev(EventType.STATE_SNAPSHOT, { snapshot: { board: { notes: this.#shown } } }));
      this.#auditBoard(this.#shown);
    }
    events.push(...extra);
    for (const step of this.turn.openSteps()) events.push(...this.#stepStart(step.id));
    this.log.append(events);
    if (attach) this.turn.attach(this);
  }

  /** Ends the run with RUN_ERROR and lets the turn go on without it. */
  fail(code: string, message: string, extra: Partial<Pick<BaseEvent, 'metadata' | 'rawEvent'>> = {}): void {
    this.log.append([this.#ev(EventType.RUN_ERROR, { message, code, ...extra })]);
    this.turn.detach(this);
  }

  #stepStart(job: string): AguiEvent[] {
    if (this.#openSteps.has(job) || this.turn.hiddenSteps.has(job)) return [];
    if (this.#openSteps.size >= MAX_OPEN_STEPS) {
      this.turn.hiddenSteps.add(job);
      return [];
    }
    this.#openSteps.add(job);
    return [this.#ev(EventType.STEP_STARTED, { stepName: job })];
  }

  #closeAll(): AguiEvent[] {
    const out: AguiEvent[] = [];
    for (const id of this.#openMessages) out.push(this.#ev(EventType.TEXT_MESSAGE_END, { messageId: id }));
    this.#openMessages.clear();
    for (const job of this.#openSteps) out.push(this.#ev(EventType.STEP_FINISHED, { stepName: job }));
    this.#openSteps.clear();
    return out;
  }

  push(ops: readonly TurnOp[]): void {
    if (this.log.ended) return;
    if (!this.#content()) {
      this.fail('revoked', 'You may no longer read this thread.');
      return;
    }
    const out: AguiEvent[] = [];
    let silent: boolean | undefined;
    for (const op of ops) {
      switch (op.t) {
        case 'textStart':
          this.#openMessages.add(op.messageId);
          out.push(this.#ev(EventType.TEXT_MESSAGE_START, { messageId: op.messageId, role: 'assistant' }));
          break;
        case 'textContent':
          out.push(this.#ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: op.messageId, delta: op.delta }));
          break;
        case 'textEnd':
          this.#openMessages.delete(op.messageId);
          out.push(this.#ev(EventType.TEXT_MESSAGE_END, { messageId: op.messageId }));
          break;
        case 'toolCall': {
          const args = op.wall && !this.#clearances.has(op.wall) && op.redactedArgs ? op.redactedArgs : op.args;
          out.push(
            this.#ev(EventType.TOOL_CALL_START, { toolCallId: op.toolCallId, toolCallName: op.name, parentMessageId: op.parentMessageId }),
            this.#ev(EventType.TOOL_CALL_ARGS, { toolCallId: op.toolCallId, delta: args }),
            this.#ev(EventType.TOOL_CALL_END, { toolCallId: op.toolCallId }),
          );
          break;
        }
        case 'toolResult':
          out.push(this.#ev(EventType.TOOL_CALL_RESULT, { toolCallId: op.toolCallId, messageId: op.messageId, content: op.content, role: 'tool' }));
          break;
        case 'board': {
          const now = viewBoard(this.turn.board, this.#clearances);
          const delta = diffBoard(this.#shown, now);
          this.#shown = now;
          if (delta.length) {
            out.push(this.#ev(EventType.STATE_DELTA, { delta }));
            this.#auditBoard(delta.map((d) => d.value));
          }
          break;
        }
        case 'stepStart':
          out.push(...this.#stepStart(op.job));
          break;
        case 'stepFinish': {
          const opened = this.#stepStart(op.job);
          if (!this.#openSteps.has(op.job)) break;
          out.push(...opened);
          const job = this.turn.jobs.get(op.job);
          const visible = !job?.wall || this.#clearances.has(job.wall);
          if (job?.card && visible) out.push(this.#ev(EventType.CUSTOM, { name: OZ_CARD, value: { job: job.id, card: job.card } }));
          out.push(this.#ev(EventType.STEP_FINISHED, { stepName: op.job }));
          this.#openSteps.delete(op.job);
          break;
        }
        case 'card':
          out.push(this.#ev(EventType.CUSTOM, { name: OZ_CARD, value: { job: op.job, card: op.card } }));
          break;
        case 'silent':
          silent = op.on;
          break;
        case 'end':
          out.push(...this.#closeAll(), this.#ev(EventType.RUN_FINISHED, { threadId: this.threadId, runId: this.log.runId, outcome: { type: op.outcome } }));
          break;
        case 'error': {
          const extra = op.refusal ? { rawEvent: { oz0: this.#refusal(op.refusal) } } : {};
          out.push(this.#ev(EventType.RUN_ERROR, { message: op.message, code: op.code, ...extra }));
          break;
        }
      }
    }
    this.log.append(out);
    if (silent !== undefined) this.log.setSilent(silent);
    if (this.log.ended) this.turn.detach(this);
  }

  /** A spend refusal as this caller may see it: another person's or team's figures only for one who may read them. */
  #refusal(r: NonNullable<Extract<TurnOp, { t: 'error' }>['refusal']>): Record<string, unknown> {
    const { figuresOf, limit, used, unit, ...rest } = r;
    const has = (p: string) => this.svc.identities.has(this.caller, p);
    const mayRead = figuresOf !== 'others' || has('budget.read') || has('budget.decide');
    return mayRead ? { ...rest, ...(limit !== undefined ? { limit } : {}), ...(used !== undefined ? { used } : {}), ...(unit !== undefined ? { unit } : {}) } : rest;
  }

  /** The view of waits for this caller. */
  waitView(): WaitView {
    return { content: this.#content(), clearances: this.#clearances, aiLabel: this.svc.aiLabel, console: (job) => this.svc.console(job) };
  }

  blocked(): void {
    if (this.log.ended) return;
    const who = {
      kind: this.caller.kind,
      person: this.caller.person,
      permissions: this.caller.kind === 'person' && this.caller.person ? this.svc.identities.permissions(this.caller.tenant, this.caller.person) : this.caller.permissions,
    };
    const { mine, others } = partitionWaits(this.turn.waits, who);
    const view = this.waitView();
    const waiting = others.map((w) => toWaitingForOthers(w, view));
    if (mine.length) {
      const metadata = waiting.length ? { metadata: { [META.waitingForOthers]: waiting } } : {};
      this.log.append([
        ...this.#closeAll(),
        this.#ev(EventType.RUN_FINISHED, { threadId: this.threadId, runId: this.log.runId, outcome: { type: 'interrupt', interrupts: mine.map((w) => toInterrupt(w, view)) }, ...metadata }),
      ]);
      this.turn.detach(this);
      return;
    }
    const key = others.map((w) => w.id).join(',');
    if (key !== this.#waitingKey) {
      this.#waitingKey = key;
      this.log.append([this.#ev(EventType.CUSTOM, { name: OZ_WAITING, value: { waiting } })]);
    }
    this.log.setSilent(true);
  }
}
