/**
 * OzAgent: an @ag-ui/client agent over oz-agui's transport, so CopilotKit or
 * any @ag-ui/client app follows OZ's route with reconnection: a dropped stream
 * is followed again with Last-Event-ID and continues the same run (no second
 * RUN_STARTED reaches @ag-ui/client's event verifier).
 */
import { AbstractAgent } from '@ag-ui/client';
import type { AgentConfig, RunAgentParameters, RunAgentResult, AgentSubscriber } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import type { RunAgentRequest } from '../protocol/index.js';
import { openRun, TransportError } from '../transport/index.js';
import type { OpenRunOptions, ReconnectOptions, RunRequest, RunTransport } from '../transport/index.js';

/** How an {@link OzAgent} reaches the route. */
export interface OzAgentConfig extends AgentConfig {
  /** The agent's route: `<base>/v1/agui/agents/<agent>?tenant=<tenant>` (or a proxy's equivalent). */
  url: string;
  /** Extra headers (Authorization when the page may hold a token; usually the proxy adds it). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  credentials?: RequestCredentials;
  /** Reconnect budget and backoff (openRun's defaults otherwise). */
  reconnect?: ReconnectOptions;
  /** The rest of openRun's options: observers (onConnection, onInvalidEvent, onComment, onRequest) and, in tests, sleep and random. */
  transportOptions?: Omit<OpenRunOptions, 'signal' | 'lastEventId' | 'fetch' | 'reconnect'>;
  /** The transport to use: openRun by default; a replay transport in stories and tests. */
  transport?: RunTransport;
}

/**
 * The Observable type @ag-ui/client's own rxjs declares. The app's rxjs may be
 * another copy (the package pins 7.8.1); rxjs copies interoperate at run time
 * through `Symbol.observable`, but their types do not unify.
 */
type AgentObservable = ReturnType<AbstractAgent['run']>;

function abortError(): Error {
  return new DOMException('The run was aborted', 'AbortError');
}

/**
 * The wire body for OZ's route: `tools` are left out (the route refuses
 * them: a run with any is refused before sending, see unsupported()), so is
 * an empty `context`, and `state` is sent empty, since the route ignores it
 * (the agent's state is the job tree's board) and a large board sent back
 * could pass the route's 4 MiB body limit.
 */
function toRequestBody(input: RunAgentInput): RunAgentRequest {
  const { tools: _tools, context, ...rest } = input;
  const body: RunAgentRequest = { ...rest, state: {} };
  if (context && context.length > 0) body.context = context;
  return body;
}

/**
 * What the route refuses with 400 that a generic AG-UI app may send: the
 * app's own `tools` (the agent's tools run in OZ) and a newest user message
 * with other than text parts (images, files). Said before sending, in words.
 */
function unsupported(input: RunAgentInput): string | undefined {
  if (input.tools && input.tools.length > 0) {
    return `OZ's route takes no client tools (${input.tools.map((t) => t.name).join(', ')}): the agent's tools run in OZ, under the tenant's tool policy. Nothing was sent.`;
  }
  const newest = [...input.messages].reverse().find((m) => m.role === 'user');
  const content: unknown = newest?.content;
  if (Array.isArray(content)) {
    const kinds = [...new Set(content.map((p: { type?: unknown }) => String(p?.type)).filter((t) => t !== 'text'))];
    if (kinds.length > 0) return `OZ's route takes text only; the message holds ${kinds.join(', ')} parts (images and files are refused). Nothing was sent.`;
  }
  return undefined;
}

/**
 * An `AbstractAgent` for OZ's AG-UI route. `runAgent()` follows the run over
 * {@link openRun}; `abortRun()` (or unsubscribing from `run()`) stops it at
 * once, and the job runs on in OZ.
 *
 * @example
 * const agent = new OzAgent({ url: '/api/agui/agents/helper?tenant=acme', threadId: 'chat-1' });
 * agent.addMessage({ id: 'u1', role: 'user', content: 'Please greet the team' });
 * await agent.runAgent();
 */
export class OzAgent extends AbstractAgent {
  /** The connection settings (shared by clones). */
  config: Readonly<OzAgentConfig>;
  private abortController: AbortController;

  constructor(config: OzAgentConfig) {
    super(config);
    this.config = config;
    this.abortController = new AbortController();
  }

  /** Runs a turn; a fresh abort scope each time, so an earlier abort does not stop this one. */
  override runAgent(parameters?: RunAgentParameters, subscriber?: AgentSubscriber): Promise<RunAgentResult> {
    if (this.abortController.signal.aborted) this.abortController = new AbortController();
    return super.runAgent(parameters, subscriber);
  }

  /** Stops following the current run (the job runs on in OZ). */
  override abortRun(): void {
    this.abortController.abort();
    super.abortRun();
  }

  /** The run's events as @ag-ui/client consumes them. Unsubscribing aborts the request. */
  override run(input: RunAgentInput): AgentObservable {
    const parent = this.abortController.signal;
    const { url, headers, fetch, credentials, reconnect, transportOptions } = this.config;
    const transport = this.config.transport ?? openRun;
    const events = new Observable<BaseEvent>((subscriber) => {
      const refused = unsupported(input);
      if (refused) {
        subscriber.error(new TransportError('unsupported', refused));
        return;
      }
      const controller = new AbortController();
      const onAbort = (): void => controller.abort();
      if (parent.aborted) controller.abort();
      else parent.addEventListener('abort', onAbort, { once: true });
      const request: RunRequest = { url, body: toRequestBody(input) };
      if (headers) request.headers = headers;
      if (credentials) request.credentials = credentials;
      const options: OpenRunOptions = { ...transportOptions, signal: controller.signal };
      if (fetch) options.fetch = fetch;
      if (reconnect) options.reconnect = reconnect;
      const follow = async (): Promise<void> => {
        try {
          for await (const { event } of transport(request, options)) {
            if (subscriber.closed) return;
            subscriber.next(event as BaseEvent);
          }
          if (controller.signal.aborted) subscriber.error(abortError());
          else subscriber.complete();
        } catch (err) {
          subscriber.error(err);
        }
      };
      follow().catch(() => undefined);
      return () => {
        parent.removeEventListener('abort', onAbort);
        controller.abort();
      };
    });
    return events as unknown as AgentObservable;
  }

  /** A copy with the same settings and its own abort scope. */
  override clone(): OzAgent {
    const copy = super.clone() as OzAgent;
    copy.config = this.config;
    copy.abortController = new AbortController();
    return copy;
  }
}
