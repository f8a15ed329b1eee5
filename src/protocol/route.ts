/** The route's fixed facts: its path, its limits and its pre-stream error body. */

/** The largest RunAgentInput body the route reads: 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A threadId: letters, digits and `._:@-`, at most 200. */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9._:@-]{1,200}$/;

/** Steps open at once that a run shows; a step past that is not shown. */
export const MAX_OPEN_STEPS = 32;

/** Headers a browser may send across origins to the route (its preflight allows them). */
export const ROUTE_REQUEST_HEADERS = ['Content-Type', 'Last-Event-ID', 'Authorization'] as const;

/** The path of an agent's route, with its tenant in the query. */
export function agentRoutePath(agent: string, tenant: string): string {
  return `/v1/agui/agents/${encodeURIComponent(agent)}?tenant=${encodeURIComponent(tenant)}`;
}

/** Parses `/v1/agui/agents/<agent>` (agent only; the tenant is in the query). */
export function matchAgentRoute(pathname: string): string | undefined {
  const m = /^\/v1\/agui\/agents\/([^/]+)$/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

/** A refusal before the stream starts: JSON `{code, message}` with an HTTP status. */
export interface HttpErrorBody {
  code: string;
  message: string;
  /** Where people decide, for a resume refused to a caller who is no person. */
  console?: ConsoleLink;
}

/** A link into OZ's console. */
export interface ConsoleLink {
  label: string;
  url: string;
}
