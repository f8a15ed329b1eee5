/**
 * A turn: one job tree running a scripted agent on the clock, whatever its
 * readers do. It writes what happens as TurnOps to the run attached to it (or
 * keeps them for the next run), and keeps the tree's waits.
 */
import type { Clock } from '../contract.js';
import type { Board } from './board.js';
import type { EdgeSpendRefusal, Op, Script, ScriptGen } from './script.js';
import type { Decision, Wait } from './waits.js';
import { approvalSchema, choiceSchema, fieldsSchema } from './waits.js';

/** What a turn tells its run. */
export type TurnOp =
  | { t: 'textStart'; messageId: string }
  | { t: 'textContent'; messageId: string; delta: string }
  | { t: 'textEnd'; messageId: string }
  | { t: 'toolCall'; toolCallId: string; name: string; args: string; parentMessageId: string; wall?: string; redactedArgs?: string }
  | { t: 'toolResult'; toolCallId: string; messageId: string; content: string }
  | { t: 'board' }
  | { t: 'stepStart'; job: string }
  | { t: 'stepFinish'; job: string }
  | { t: 'card'; job: string; card: Record<string, unknown> }
  | { t: 'silent'; on: boolean }
  | { t: 'end'; outcome: 'success' | 'cancelled' }
  | { t: 'error'; code: string; message: string; refusal?: EdgeSpendRefusal };

/** The run attached to a turn. */
export interface TurnSink {
  push(ops: readonly TurnOp[]): void;
  /** Every job of the tree waits: time to end the run with interrupts, or to say who else decides. */
  blocked(): void;
}

/** One job of the tree. */
export interface Job {
  id: string;
  agent: string;
  parent?: Job;
  gen: ScriptGen;
  state: 'busy' | 'waiting' | 'delegating' | 'done';
  tainted: boolean;
  wall?: string;
  card?: Record<string, unknown>;
  children: Job[];
  lastMessageId?: string;
}

/** What a turn needs from its runtime. */
export interface TurnServices {
  clock: Clock;
  generateId(): string;
  aiLabel: string;
  interruptTtlMs: number;
  params(agent: string): Record<string, unknown>;
}

/** Splits text into (at most) n pieces. */
function pieces(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, text.length || 1));
  const size = Math.ceil(text.length / count) || 1;
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

/** A turn of a thread: its job tree, its waits and its run. */
export class Turn {
  readonly jobs = new Map<string, Job>();
  readonly waits: Wait[] = [];
  /** Assistant message ids this turn sent (the history check reads them). */
  readonly messageIds = new Set<string>();
  /** Steps a run could not show (past the 32 open at once): never shown. */
  readonly hiddenSteps = new Set<string>();
  readonly root: Job;
  status: 'running' | 'ended' = 'running';
  /** The tree's waits can be read only in part. */
  partial = false;
  /** The runs following the turn now (a page's run, another tab's, a resume's). */
  readonly #sinks = new Set<TurnSink>();
  #pending: TurnOp[] = [];
  #final: TurnOp[] = [];
  /** Every op the turn made, in order: what a run that follows the turn from its start replays. */
  readonly #history: TurnOp[] = [];
  #msgSeq = 0;
  #waitSeq = 0;
  /** The root's answer, every message of it whole (sent again whole after a skip). */
  readonly #answer: string[] = [];
  /** A skip is due: the job's stream jumps ahead at the next chunk of a streamed message. */
  #skipDue = false;
  /** The stream skipped part of a message: the run ends with the whole answer as a message of its own. */
  #skipped = false;

  constructor(
    readonly agent: string,
    script: Script,
    readonly userText: string,
    /** The person whose turn it is; undefined when started with a key. */
    readonly requester: string | undefined,
    readonly board: Board,
    private readonly svc: TurnServices,
  ) {
    const id = `job-${svc.generateId()}`;
    this.root = { id, agent, gen: script({ text: userText, job: id, params: svc.params(agent) }), state: 'busy', tainted: true, children: [] };
    this.jobs.set(id, this.root);
  }

  /** Starts the root job on the clock. */
  start(): void {
    this.#schedule(this.root, 0);
  }

  /** Attaches a run: it gets what it missed, then what follows. */
  attach(sink: TurnSink): void {
    this.#sinks.add(sink);
    const pending = this.#pending.length ? this.#pending : this.status === 'ended' ? this.#final : [];
    this.#pending = [];
    if (pending.length) sink.push(pending);
    if (this.#sinks.has(sink) && this.isBlocked()) sink.blocked();
  }

  /**
   * Attaches a run that follows the turn from its start (a page loaded afresh,
   * "load again"): it gets everything the turn made so far, then what follows;
   * a turn that waits ends it with the waits as they are now (their current ids).
   * Runs following the turn already go on beside it.
   */
  follow(sink: TurnSink): void {
    this.#sinks.add(sink);
    this.#pending = [];
    if (this.#history.length) sink.push(this.#history.slice());
    if (this.#sinks.has(sink) && this.isBlocked()) sink.blocked();
  }

  /** Detaches a run that ended. */
  detach(sink: TurnSink): void {
    this.#sinks.delete(sink);
  }

  /** Steps open in the tree, oldest first. */
  openSteps(): Job[] {
    return [...this.jobs.values()].filter((j) => j.parent && j.state !== 'done');
  }

  /** Every job that has not finished waits (on a decision or on its steps). */
  isBlocked(): boolean {
    if (this.status !== 'running') return false;
    const live = [...this.jobs.values()].filter((j) => j.state !== 'done');
    return live.length > 0 && live.every((j) => j.state === 'waiting' || j.state === 'delegating') && live.some((j) => j.state === 'waiting');
  }

  /**
   * The job's stream skips ahead (the run fell too far behind the job, or the
   * job continued as new): the message being streamed ends where it is, the
   * rest of its text is left out, and the turn ends with its whole answer as a
   * message of its own. Takes effect at the next chunk of a streamed message.
   */
  skipAhead(): boolean {
    if (this.status !== 'running') return false;
    this.#skipDue = true;
    return true;
  }

  /** Stops the turn: its job is cancelled. */
  cancel(): void {
    if (this.status !== 'running') return;
    this.#end([{ t: 'end', outcome: 'cancelled' }]);
  }

  #emit(ops: TurnOp[]): void {
    if (!ops.length) return;
    this.#history.push(...ops);
    if (this.#sinks.size) for (const sink of [...this.#sinks]) sink.push(ops);
    else this.#pending.push(...ops);
  }

  #check(): void {
    if (this.#sinks.size && this.isBlocked()) for (const sink of [...this.#sinks]) sink.blocked();
  }

  #end(ops: TurnOp[]): void {
    this.status = 'ended';
    this.#final = ops.filter((op) => op.t === 'end' || op.t === 'error');
    for (const w of this.waits) w.cancelTimer?.();
    this.#emit(ops);
  }

  #schedule(job: Job, ms: number, input?: unknown): void {
    job.state = 'busy';
    this.svc.clock.setTimer(() => this.#step(job, input), ms);
  }

  #messageId(job: Job): string {
    const id = `${this.root.id}:m${++this.#msgSeq}`;
    if (job === this.root) this.messageIds.add(id);
    return id;
  }

  #step(job: Job, input: unknown): void {
    if (this.status !== 'running') return;
    let r: IteratorResult<Op, void>;
    try {
      r = job.gen.next(input);
    } catch (e) {
      this.#end([{ t: 'error', code: 'failed', message: `The agent failed: ${e instanceof Error ? e.name : 'error'}.` }]);
      return;
    }
    if (r.done) this.#finish(job);
    else this.#exec(job, r.value);
    this.#check();
  }

  #finish(job: Job): void {
    job.state = 'done';
    if (job === this.root) {
      const ops: TurnOp[] = [];
      if (this.#skipped) {
        const id = this.#messageId(job);
        ops.push({ t: 'textStart', messageId: id }, { t: 'textContent', messageId: id, delta: this.svc.aiLabel + this.#answer.join('\n\n') }, { t: 'textEnd', messageId: id });
      }
      if (job.card) ops.push({ t: 'card', job: job.id, card: job.card });
      this.#end([...ops, { t: 'end', outcome: 'success' }]);
      return;
    }
    this.#emit([{ t: 'stepFinish', job: job.id }]);
    const parent = job.parent!;
    if (parent.children.every((c) => c.state === 'done')) this.#schedule(parent, 0);
  }

  #exec(job: Job, op: Op): void {
    const own = job === this.root;
    switch (op.op) {
      case 'say': {
        const id = this.#messageId(job);
        job.lastMessageId = id;
        const parts = pieces(op.text, op.chunks ?? 1);
        parts[0] = this.svc.aiLabel + parts[0];
        if (!own) return this.#schedule(job, 0);
        this.#answer.push(op.text);
        if (!op.paceMs) {
          this.#emit([{ t: 'textStart', messageId: id }, ...parts.map((delta): TurnOp => ({ t: 'textContent', messageId: id, delta })), { t: 'textEnd', messageId: id }]);
          return this.#schedule(job, 0);
        }
        this.#emit([{ t: 'textStart', messageId: id }]);
        return this.#stream(job, id, parts, 0, op.paceMs);
      }
      case 'tool':
        return this.#tool(job, op);
      case 'pin': {
        const note = this.board.write(op.note, { job: job.id, agent: job.agent, tainted: job.tainted, createdAt: new Date(this.svc.clock.now()).toISOString() }, op.supersedes);
        if (own) {
          const callId = `call_${this.svc.generateId()}`;
          const args = { kind: note.kind, text: note.text, tags: note.tags, ...(op.supersedes ? { supersedes: op.supersedes } : {}) };
          const parentMessageId = job.lastMessageId ?? this.#messageId(job);
          const call: TurnOp = { t: 'toolCall', toolCallId: callId, name: 'oz.board_write', args: JSON.stringify(args), parentMessageId };
          if (note.wall) Object.assign(call, { wall: note.wall, redactedArgs: JSON.stringify({ kind: note.kind, redacted: true, label: `Behind the ${note.wall} wall` }) });
          this.#emit([call, { t: 'toolResult', toolCallId: callId, messageId: this.#messageId(job), content: JSON.stringify({ id: note.id }) }, { t: 'board' }]);
          job.lastMessageId = undefined;
        }
        return this.#schedule(job, 0, note.id);
      }
      case 'delegate': {
        job.state = 'delegating';
        const kids = op.steps.map((s): Job => {
          const id = `job-${this.svc.generateId()}`;
          const gen = s.script({ text: this.userText, job: id, params: this.svc.params(job.agent) });
          const kid: Job = { id, agent: `${job.agent}/${s.name}`, parent: job, gen, state: 'busy', tainted: s.tainted ?? job.tainted, children: [] };
          if (s.wall) kid.wall = s.wall;
          this.jobs.set(id, kid);
          return kid;
        });
        job.children.push(...kids);
        this.#emit(kids.map((k): TurnOp => ({ t: 'stepStart', job: k.id })));
        if (!kids.length) return this.#schedule(job, 0);
        for (const k of kids) this.#schedule(k, 0);
        return;
      }
      case 'ask': {
        const base = { reason: 'input_required' as const, kind: 'question', what: op.question, message: this.svc.aiLabel + op.question, deciders: 'self' as const };
        const form = op.choices ? { responseSchema: choiceSchema(op.choices), choices: [...op.choices] } : { responseSchema: fieldsSchema(op.fields ?? {}, op.required), typed: true };
        return this.#wait(job, { ...base, ...form }, (d) => this.#schedule(job, 0, d.approved ? { answered: true, answer: d.answer ?? {} } : { answered: false }));
      }
      case 'card':
        job.card = op.card;
        return this.#schedule(job, 0);
      case 'wait': {
        const spec: Partial<Wait> = { reason: 'confirmation', kind: op.kind, what: op.what, message: op.what, deciders: op.deciders, responseSchema: op.emptySchema ? {} : approvalSchema() };
        if (op.unreadable) spec.unreadable = true;
        return this.#wait(job, spec, (d) => this.#schedule(job, 0, { approved: d.approved }));
      }
      case 'fail':
        return this.#end([{ t: 'error', code: op.code, message: op.message }]);
      case 'refuse':
        return this.#end([{ t: 'error', code: op.refusal.type, message: op.message, refusal: op.refusal }]);
      case 'partial':
        this.partial = true;
        return this.#schedule(job, 0);
      case 'sleep':
        return this.#schedule(job, op.ms);
    }
  }

  #stream(job: Job, id: string, parts: string[], i: number, pace: number): void {
    const next = () => {
      if (this.status !== 'running') return;
      if (i >= parts.length || (this.#skipDue && i > 0)) {
        // After a skip, the message ends where the stream jumped; the rest of its text is left out.
        if (i < parts.length) this.#skipped = true;
        this.#skipDue = false;
        this.#emit([{ t: 'textEnd', messageId: id }]);
        return this.#schedule(job, 0);
      }
      this.#emit([{ t: 'textContent', messageId: id, delta: parts[i]! }]);
      this.#stream(job, id, parts, i + 1, pace);
    };
    this.svc.clock.setTimer(next, i === 0 ? 0 : pace);
  }

  #tool(job: Job, op: Extract<Op, { op: 'tool' }>): void {
    const own = job === this.root;
    const toolCallId = `call_${this.svc.generateId()}`;
    if (own) {
      const parentMessageId = job.lastMessageId ?? this.#messageId(job);
      this.#emit([{ t: 'toolCall', toolCallId, name: op.name, args: JSON.stringify(op.args), parentMessageId }]);
    }
    const run = (outcome: { approved: boolean; comment?: string }) => {
      const result = outcome.approved ? (op.result ?? { ok: true }) : { denied: true, ...(outcome.comment ? { comment: outcome.comment } : {}) };
      const finish = () => {
        if (this.status !== 'running') return;
        if (own)
          this.#emit([
            { t: 'toolResult', toolCallId, messageId: this.#messageId(job), content: JSON.stringify(result) },
            { t: 'silent', on: false },
          ]);
        job.lastMessageId = undefined;
        this.#schedule(job, 0, { ...outcome, result });
      };
      if (!outcome.approved) return finish();
      job.state = 'busy';
      if (own) this.#emit([{ t: 'silent', on: true }]);
      this.svc.clock.setTimer(() => {
        finish();
        this.#check();
      }, op.runMs ?? 50);
    };
    const needs = op.approval ?? (op.sendsDataOut && job.tainted ? 'self' : undefined);
    if (!needs) return run({ approved: true });
    const spec: Partial<Wait> = {
      reason: 'tool_call',
      kind: 'approval',
      what: op.what ?? `Call ${op.name}`,
      message: op.what ?? `The agent asks to call ${op.name}${op.sendsDataOut ? ', which can send data out' : ''}.`,
      toolCallId,
      deciders: needs,
      details: { tool: op.name, arguments: op.args },
    };
    const confirmValue = op.confirmArg ? op.args[op.confirmArg] : undefined;
    if (op.confirmArg && confirmValue !== undefined) spec.confirmValue = String(confirmValue);
    spec.responseSchema = approvalSchema(spec.confirmValue, op.confirmArg);
    this.#wait(job, spec, (d) => run({ approved: d.approved, ...(d.comment ? { comment: d.comment } : {}) }));
  }

  #wait(job: Job, spec: Partial<Wait>, onDecision: (d: Decision) => void): void {
    const wait: Wait = {
      id: `${this.root.id}/w${++this.#waitSeq}`,
      version: 1,
      seq: this.#waitSeq,
      job: job.id,
      reason: 'confirmation',
      kind: 'approval',
      what: '',
      message: '',
      responseSchema: {},
      expiresAt: this.svc.clock.now() + this.svc.interruptTtlMs,
      createdAt: this.svc.clock.now(),
      deciders: 'self',
      status: 'open',
      acknowledged: new Set(),
      ...spec,
      settle: (d) => {
        if (wait.status !== 'open' || this.status !== 'running') return;
        wait.status = 'decided';
        wait.decision = d;
        wait.cancelTimer?.();
        onDecision(d);
        this.#check();
      },
    };
    if (this.requester) wait.requester = this.requester;
    if (job.wall) wait.wall = job.wall;
    wait.cancelTimer = this.svc.clock.setTimer(() => wait.settle({ approved: false, by: 'edge', via: 'deadline', expired: true }), this.svc.interruptTtlMs);
    job.state = 'waiting';
    this.waits.push(wait);
  }
}
