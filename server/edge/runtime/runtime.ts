/**
 * The development edge's runtime: an in-memory OZ behind `EdgeRuntime`. It
 * checks callers and inputs, keeps threads and turns, runs scripted agents on
 * the clock and renders each run for its caller.
 */
import type { AguiEvent, ConsoleLink, HttpErrorBody, RunAgentRequest } from '../../../src/protocol/index.js';
import { EventType, META, THREAD_ID_PATTERN } from '../../../src/protocol/index.js';
import type { AuditEntry, Authorization, Caller, Clock, ConsoleWait, Credential, EdgeRuntime, RunStart } from '../contract.js';
import { checkHistory, newestUserText } from './history.js';
import type { IdentityConfig } from './identities.js';
import { IdentityStore } from './identities.js';
import { applyResume } from './resume.js';
import { MemoryRunLog } from './run-log.js';
import { RunView } from './run-view.js';
import type { Script } from './script.js';
import type { Thread, TurnRecord } from './threads.js';
import { ThreadStore, maySeeThread } from './threads.js';
import { Turn } from './turn.js';
import type { Decision, Wait } from './waits.js';
import { interruptId, parseInterruptId, partitionWaits, toWaitingForOthers } from './waits.js';

/** Everything a runtime is built from (defaults filled in by createEdgeRuntime). */
export interface RuntimeParts {
  clock: Clock;
  generateId: () => string;
  identities: IdentityConfig;
  publicUrl?: string;
  interruptTtlMs: number;
  /** A yes to a wait older than this is checked again (the re-check after a long wait). */
  recheckAfterMs: number;
  agentParams: Record<string, Record<string, unknown>>;
  agents: Record<string, Script>;
  /**
   * The console's side, attached by whoever assembles the runtime
   * (createEdgeRuntime): the console is a view of the runtime, so the runtime
   * is handed it rather than knowing it.
   */
  console: (rt: DevEdgeRuntime) => RuntimeConsole;
}

/** What the console answers for the runtime: what waits in a job's tree, and a decision made there. */
export type RuntimeConsole = Pick<EdgeRuntime, 'consoleWaits' | 'decideInConsole'>;

type Refusal = { ok: false; status: number; body: HttpErrorBody };
const refuse = (status: number, code: string, message: string, extra: Partial<HttpErrorBody> = {}): Refusal => ({ ok: false, status, body: { code, message, ...extra } });

/** The development edge's runtime, with the hooks tests and demos use. */
export class DevEdgeRuntime implements EdgeRuntime {
  readonly clock: Clock;
  readonly identities: IdentityStore;
  readonly threads = new ThreadStore();
  readonly #audit: AuditEntry[] = [];
  readonly #refused = new Set<string>();
  readonly #recheckFails = new Map<string, string>();
  readonly #answerRefusals = new Map<string, { field: string; reason: string }>();
  readonly #console: RuntimeConsole;
  #runSeq = 0;

  constructor(readonly parts: RuntimeParts) {
    this.clock = parts.clock;
    this.identities = new IdentityStore(parts.identities, parts.clock, parts.generateId);
    this.#console = parts.console(this);
  }

  get audit(): readonly AuditEntry[] {
    return this.#audit;
  }

  /** Records an audit entry at the clock's time. */
  record(entry: Omit<AuditEntry, 'at'>): void {
    this.#audit.push({ at: new Date(this.clock.now()).toISOString(), ...entry });
  }

  authenticate(credential: Credential): Caller | undefined {
    return this.identities.authenticate(credential);
  }

  allowedOrigins(tenant: string): readonly string[] {
    return this.identities.tenant(tenant)?.allowedOrigins ?? ['http://localhost:5173'];
  }

  consoleLink(job: string): ConsoleLink | undefined {
    if (!this.parts.publicUrl) return undefined;
    return { label: 'Decide in OZ', url: `${this.parts.publicUrl.replace(/\/$/, '')}/console/jobs/${encodeURIComponent(job)}` };
  }

  exchangeToken(appKey: string, subjectToken: string): ReturnType<EdgeRuntime['exchangeToken']> {
    const r = this.identities.exchange(appKey, subjectToken);
    return r.ok ? r : refuse(r.status, r.code, r.message);
  }

  signIn(token: string): { session: string; person: string } | undefined {
    return this.identities.signIn(token);
  }

  consoleWaits(caller: Caller, job: string): ConsoleWait[] | undefined {
    return this.#console.consoleWaits(caller, job);
  }

  decideInConsole(caller: Caller, id: string, payload: unknown): ReturnType<EdgeRuntime['decideInConsole']> {
    return this.#console.decideInConsole(caller, id, payload);
  }

  /** The permissions a caller holds now (a person's revocations count at once). */
  permissionsOf(caller: Caller): ReadonlySet<string> {
    return caller.kind === 'person' && caller.person ? this.identities.permissions(caller.tenant, caller.person) : caller.permissions;
  }

  // --- hooks for tests and demos -------------------------------------------

  /** Takes a permission (default: content) from a person at once; a run of theirs then ends with RUN_ERROR revoked. */
  revoke(tenant: string, person: string, permission = 'content'): void {
    this.identities.revoke(tenant, person, permission);
  }

  /** Stops a turn's job: its run finishes with outcome cancelled. */
  cancelJob(job: string): boolean {
    const found = this.threads.findJob(job);
    found?.record.turn.cancel();
    return !!found;
  }

  /** Changes what an interrupt shows (its call changed): the old id then fails with interrupt_changed. Returns the new id. */
  changeInterrupt(id: string): string | undefined {
    const wait = this.findWait(id);
    if (!wait) return undefined;
    wait.version++;
    return interruptId(wait);
  }

  /** Makes the job refuse its update the next time this interrupt is decided (the partial case); a later resume may decide it. */
  refuseDecision(id: string): boolean {
    const wait = this.findWait(id);
    if (wait) this.#refused.add(wait.id);
    return !!wait;
  }

  /**
   * The job's stream skips ahead (the run fell behind, or the job continued as
   * new), for a turn named by its job or by one of its runs' ids: the message
   * being streamed ends there, and the run ends with the whole answer.
   */
  skipAhead(jobOrRunId: string): boolean {
    for (const { record } of this.threads.turns()) {
      if (record.turn.root.id === jobOrRunId || record.runs.some((r) => r.runId === jobOrRunId)) return record.turn.skipAhead();
    }
    return false;
  }

  /** Makes the re-check after a long wait refuse a yes to this interrupt, with the reason. */
  failRecheck(id: string, reason = 'the approval rules changed while it waited'): boolean {
    const wait = this.findWait(id);
    if (wait) this.#recheckFails.set(wait.id, reason);
    return !!wait;
  }

  /**
   * Makes OZ's own check of an answer to this interrupt refuse it at `field`
   * (invalid_resume with the field and reason): a check a client's copy of the
   * schema cannot show, such as a rule OZ adds on its side.
   */
  refuseAnswer(id: string, field: string, reason = 'OZ does not take this value'): boolean {
    const wait = this.findWait(id);
    if (wait) this.#answerRefusals.set(wait.id, { field, reason });
    return !!wait;
  }

  /** The wait behind an interrupt id (any version of it), in any turn. */
  findWait(id: string): Wait | undefined {
    const parsed = parseInterruptId(id);
    if (!parsed) return undefined;
    for (const { record } of this.threads.turns()) {
      const w = record.turn.waits.find((x) => x.id === parsed.w);
      if (w) return w;
    }
    return undefined;
  }

  /** Records a decision in the audit trail as the person's. */
  decided(wait: Wait, d: Decision, tenant: string, door: 'agui' | 'console'): void {
    this.record({ action: 'interrupt.decide', tenant, actor: d.by, via: d.via, door, job: wait.job, details: { interruptId: interruptId(wait), approved: d.approved } });
  }

  // --- the route ------------------------------------------------------------

  #log(threadId: string, runId: string, job: string, tenant: string): MemoryRunLog {
    const log = new MemoryRunLog(runId, job, ++this.#runSeq);
    this.threads.addRun(tenant, threadId, log);
    return log;
  }

  #streamError(caller: Caller, input: RunAgentRequest, job: string, code: string, message: string, metadata?: Record<string, unknown>): RunStart {
    const log = this.#log(input.threadId, input.runId, job, caller.tenant);
    const at = this.clock.now();
    log.append([
      { type: EventType.RUN_STARTED, timestamp: at, threadId: input.threadId, runId: input.runId },
      { type: EventType.RUN_ERROR, timestamp: at, message, code, ...(metadata ? { metadata } : {}) } as AguiEvent,
    ]);
    return { ok: true, log };
  }

  #view(log: MemoryRunLog, caller: Caller, thread: Thread, record: TurnRecord): RunView {
    record.runs.push(log);
    const tenant = this.identities.tenant(thread.tenant)!;
    return new RunView(log, caller, record.turn, thread.id, {
      clock: this.clock,
      aiLabel: tenant.aiLabel,
      identities: this.identities,
      audit: (e) => this.record(e),
      console: (job) => this.consoleLink(job),
    });
  }

  /**
   * What is checked before the body is read: the tenant, a registered app's
   * key, the agent, feeds.read, a key's scopes and the content permission. A
   * person whose content permission was revoked passes: their thread, named in
   * the body, ends with RUN_ERROR revoked. jobs.start.granted is "to start a
   * turn", which only the body tells: startRun checks it for a new turn, so a
   * caller without it may still follow a run they may read.
   */
  authorize(caller: Caller, agent: string, tenant: string): Authorization {
    if (!this.identities.tenant(tenant) || caller.tenant !== tenant) return refuse(403, 'permission_denied', 'The caller belongs to no such tenant.');
    if (caller.kind === 'app_key') return refuse(403, 'permission_denied', "A registered app's key is accepted only for token exchange: exchange it with a person's token.");
    if (!this.parts.agents[agent]) return refuse(404, 'not_found', `No agent named ${agent}.`);
    const perms = this.permissionsOf(caller);
    if (!perms.has('feeds.read')) return refuse(403, 'permission_denied', 'The caller needs feeds.read.');
    if (caller.agentScopes && !caller.agentScopes.includes(agent)) return refuse(403, 'permission_denied', `The key's scopes do not reach agent ${agent}.`);
    const revoked = caller.kind === 'person' && !!caller.person && this.identities.wasRevoked(tenant, caller.person, 'content');
    if (!perms.has('content') && !revoked) return refuse(403, 'permission_denied', 'The caller needs the content permission: a thread carries what was said.');
    // jobs.start.granted is needed to start a turn, which only the body says: following a run, or
    // answering its interrupts, needs none (checked in startRun, for a new turn only).
    return { ok: true };
  }

  startRun(caller: Caller, agent: string, tenant: string, input: RunAgentRequest): RunStart {
    const allowed = this.authorize(caller, agent, tenant);
    if (!allowed.ok) return allowed;
    const tenantConfig = this.identities.tenant(tenant)!;
    const script = this.parts.agents[agent]!;
    const perms = this.permissionsOf(caller);
    if (!THREAD_ID_PATTERN.test(input.threadId)) return refuse(400, 'invalid_argument', 'threadId: letters, digits and ._:@- only, at most 200.');
    if (input.tools?.length) return refuse(400, 'invalid_argument', "tools are refused: the agent's tools run in OZ, under the tenant's tool policy.");
    const thread = this.threads.get(tenant, input.threadId);
    if (thread && !maySeeThread(caller, thread, perms)) return refuse(403, 'permission_denied', 'You may not see this thread.');
    if (thread && thread.agent !== agent) return refuse(400, 'invalid_argument', `This thread belongs to agent ${thread.agent}.`);
    const again = this.threads.run(tenant, input.threadId, input.runId);
    if (again) return { ok: true, log: again };
    if (input.resume?.length) return this.#resume(caller, input, thread);
    const newest = newestUserText(input.messages);
    if (!newest.ok) return refuse(400, 'invalid_argument', newest.message);
    if (!perms.has('content')) {
      if (thread && caller.kind === 'person') return this.#streamError(caller, input, '', 'revoked', 'You may no longer read this thread.');
      return refuse(403, 'permission_denied', 'The caller needs the content permission: a thread carries what was said.');
    }
    const records = thread?.turns ?? [];
    const verdict = checkHistory(
      input.messages,
      records.map((r) => ({ job: r.turn.root.id, userText: r.turn.userText, messageIds: r.turn.messageIds })),
    );
    const latest = records[records.length - 1];
    if (verdict.kind === 'invalid') return refuse(400, 'invalid_argument', verdict.message);
    if (verdict.kind === 'mismatch') return this.#streamError(caller, input, latest?.turn.root.id ?? '', 'history_mismatch', verdict.message);
    if (verdict.kind === 'follow') return this.#follow(caller, input, thread!, latest!);
    if (!perms.has('jobs.start.granted')) return refuse(403, 'permission_denied', `The caller needs jobs.start.granted for agent ${agent}: it starts a turn.`);
    if (latest && latest.turn.status === 'running') return this.#busy(caller, input, latest);
    const t = thread ?? this.threads.create(tenant, input.threadId, agent, caller.kind === 'person' ? caller.person : undefined);
    const turn = new Turn(agent, script, verdict.text, caller.kind === 'person' ? caller.person : undefined, t.board, {
      clock: this.clock,
      generateId: this.parts.generateId,
      aiLabel: tenantConfig.aiLabel,
      interruptTtlMs: this.parts.interruptTtlMs,
      params: (a) => this.parts.agentParams[a] ?? {},
    });
    const record: TurnRecord = { turn, runs: [] };
    t.turns.push(record);
    const log = this.#log(t.id, input.runId, turn.root.id, tenant);
    const view = this.#view(log, caller, t, record);
    this.record({
      action: 'run.start',
      tenant,
      actor: caller.person ?? caller.keyId ?? '',
      via: caller.via,
      door: 'agui',
      job: turn.root.id,
      details: { agent, threadId: t.id, runId: input.runId, untrusted: 'agui' },
    });
    view.open();
    turn.start();
    return { ok: true, log };
  }

  /**
   * A new run that follows the latest turn from its start (a page loaded
   * afresh, "load again"): the turn's events so far under this run's id, then
   * what follows; a turn that waits ends it with what waits now, under the
   * interrupts' current ids (never a run that a refused resume ended).
   */
  #follow(caller: Caller, input: RunAgentRequest, thread: Thread, latest: TurnRecord): RunStart {
    const log = this.#log(thread.id, input.runId, latest.turn.root.id, thread.tenant);
    const view = this.#view(log, caller, thread, latest);
    view.open([], false);
    latest.turn.follow(view);
    return { ok: true, log };
  }

  /** A new message while the latest turn still runs or waits. */
  #busy(caller: Caller, input: RunAgentRequest, latest: TurnRecord): RunStart {
    const turn = latest.turn;
    const who = { kind: caller.kind, person: caller.person, permissions: this.permissionsOf(caller) };
    const { mine, others } = partitionWaits(turn.waits, who);
    const link = (job: string) => this.consoleLink(job);
    const waiting = others.map((w) => toWaitingForOthers(w, { content: true, clearances: new Set(), aiLabel: '', console: link }));
    if (mine.length && !turn.partial) {
      return this.#streamError(caller, input, turn.root.id, 'interrupts_pending', 'The turn waits for your answers: answer its interrupts first.', { 'oz0/open': mine.map((w) => interruptId(w)) });
    }
    const names = waiting.map((w) => w.deciders).join('; ');
    const message = turn.partial
      ? 'The turn may still wait: the server can read its waits only in part.'
      : waiting.length
        ? `The turn waits for others to decide: ${names}. The thread goes on once they do.`
        : 'The turn is still running: the thread goes on once it ends.';
    return this.#streamError(caller, input, turn.root.id, 'turn_waiting', message, { [META.waitingForOthers]: waiting });
  }

  #resume(caller: Caller, input: RunAgentRequest, thread: Thread | undefined): RunStart {
    const latest = thread?.turns[thread.turns.length - 1];
    if (caller.kind !== 'person') {
      const job = latest?.turn.root.id ?? '';
      const console = this.consoleLink(job) ?? { label: 'Decide in OZ', url: `/console/jobs/${encodeURIComponent(job)}` };
      return refuse(403, 'permission_denied', 'Only a person resumes: decide in the console, or resume with an app token acting as the person.', { console });
    }
    if (!thread || !latest) return refuse(404, 'not_found', 'No such thread to resume.');
    const perms = this.permissionsOf(caller);
    if (!perms.has('content')) return this.#streamError(caller, input, latest.turn.root.id, 'revoked', 'You may no longer read this thread.');
    const log = this.#log(thread.id, input.runId, latest.turn.root.id, thread.tenant);
    const view = this.#view(log, caller, thread, latest);
    const result = applyResume(input.resume ?? [], latest.turn, {
      clock: this.clock,
      caller,
      who: { kind: caller.kind, person: caller.person, permissions: perms },
      refusesUpdate: (w) => this.#refused.delete(w.id),
      recheckAfterMs: this.parts.recheckAfterMs,
      recheck: (w) => this.#recheckFails.get(w.id),
      refusesAnswer: (w) => this.#answerRefusals.get(w.id),
      decided: (w, d) => this.decided(w, d, thread.tenant, 'agui'),
    });
    if ('code' in result) {
      view.open([], false);
      view.fail(result.code, result.message, { metadata: result.metadata });
    } else if (result.error) {
      view.open(result.events, false);
      view.fail(result.error.code, result.error.message, { metadata: result.error.metadata });
    } else view.open(result.events);
    return { ok: true, log };
  }
}
