/**
 * The seam between the development edge's runtime (server/edge/runtime: who
 * callers are, threads, jobs, scripted agents, interrupts, the board) and its
 * HTTP face (server/edge/http: the route, SSE, CORS, the token exchange, the
 * console page). The HTTP layer never decides anything the spec decides; the
 * runtime never touches a socket.
 */
import type { AguiEvent, HttpErrorBody, RunAgentRequest, ConsoleLink } from '../../src/protocol/index.js';

/** Who is calling, after the credential was checked. */
export interface Caller {
  kind: 'person' | 'api_key' | 'app_key' | 'operator';
  tenant: string;
  /** The person, for kind 'person' (an app token acting as them, or their session). */
  person?: string;
  /** The key's id, for api_key and app_key. */
  keyId?: string;
  /** How the caller signed in, as the audit trail records it: 'token', 'session', 'api_key', 'app:<id>', 'certificate'. */
  via: string;
  /** Agents a scoped key may reach; undefined = every agent. */
  agentScopes?: string[];
  /** e.g. 'feeds.read', 'content', 'jobs.start.granted'. */
  permissions: ReadonlySet<string>;
}

/** A credential as it arrived; the runtime says who it is. */
export interface Credential {
  bearer?: string;
  /** The console session cookie's value. */
  session?: string;
}

/** One entry of a run's event log. Ids are strictly increasing within the log and opaque to clients. */
export interface LogEntry {
  id: string;
  event: AguiEvent;
}

/** A run's event log: append-only; a stream reads it from the start or after an id. */
export interface RunLog {
  readonly runId: string;
  readonly jobId: string;
  /** Entries after `lastEventId` (all when undefined); 'unknown' when the id is not in this log. */
  after(lastEventId: string | undefined): readonly LogEntry[] | 'unknown';
  /** Called after every append (possibly many entries at once: a burst) and when the log ends. */
  subscribe(listener: () => void): () => void;
  /** True once a terminal event (RUN_FINISHED / RUN_ERROR) is in the log. */
  readonly ended: boolean;
  /** True while the turn is silent (a tool call running, a wait for others): keep-alives are due. */
  readonly silent: boolean;
}

export type RunStart = { ok: true; log: RunLog } | { ok: false; status: number; body: HttpErrorBody };

/** A virtual clock: tests advance it; the runtime's deadlines and scripted delays run on it. */
export interface Clock {
  now(): number;
  /** Runs `fn` when the clock reaches now()+ms; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
}

export interface AuditEntry {
  at: string;
  action: string; // 'run.start', 'job.board.read', 'interrupt.decide', ...
  tenant: string;
  actor: string; // person or key id
  via: string;
  door?: 'agui' | 'console';
  job?: string;
  details?: Record<string, unknown>;
}

/** What the console page shows of a job: what waits, and who may decide. */
export interface ConsoleWait {
  interruptId: string;
  job: string;
  what: string;
  reason: string;
  deciders: string;
  expiresAt?: string;
  decidable: boolean; // by this viewer
}

/** Whether a caller may use an agent of a tenant at all, decided before the body is read. */
export type Authorization = { ok: true } | { ok: false; status: number; body: HttpErrorBody };

export interface EdgeRuntime {
  readonly clock: Clock;
  /** Who a credential is; undefined when unknown (the route answers 401). */
  authenticate(credential: Credential): Caller | undefined;
  /**
   * The caller's checks that need no body (tenant, a registered app's key, the
   * agent, feeds.read, content, jobs.start.granted, a key's scopes). The route
   * calls it before it reads a byte of the body and answers a refusal with the
   * body unread. Optional: a runtime without it is checked in startRun only.
   */
  authorize?(caller: Caller, agent: string, tenant: string): Authorization;
  /** The tenant's allowed browser origins (CORS). */
  allowedOrigins(tenant: string): readonly string[];
  /**
   * Checks the caller's permissions for the agent, validates and checks the
   * input (threadId, tools, images, history, resume), and then starts a turn,
   * follows the same run again, or continues a turn from a resume. The HTTP
   * layer has already parsed JSON and enforced the 4 MiB limit.
   */
  startRun(caller: Caller, agent: string, tenant: string, input: RunAgentRequest): RunStart;
  /** RFC 8693 token exchange: a registered app's key + a person's token -> an app token acting as them. */
  exchangeToken(appKey: string, subjectToken: string): { ok: true; accessToken: string; expiresIn: number } | { ok: false; status: number; body: HttpErrorBody };
  /** A console session for a person's token (the console's sign-in). */
  signIn(token: string): { session: string; person: string } | undefined;
  /** What waits in a job's tree, for the console page. */
  consoleWaits(caller: Caller, job: string): ConsoleWait[] | undefined;
  /** A decision made in the console (an approval or a question's answer). */
  decideInConsole(caller: Caller, interruptId: string, payload: unknown): { ok: true } | { ok: false; status: number; body: HttpErrorBody };
  /** The console link of a job, when a public URL is set. */
  consoleLink(job: string): ConsoleLink | undefined;
  readonly audit: readonly AuditEntry[];
}
