/**
 * Who may call the development edge. THESE ARE DEVELOPMENT CREDENTIALS: fixed,
 * public, and meant only for local tests and demos; a JSON file of the same
 * shape (IdentityConfig) can replace them.
 *
 * Tenant `acme` (AI label `AI: `):
 * - `ana` (`ana-token`): member; content; may decide approvals.
 * - `ben` (`ben-token`): member; content; may decide approvals (ana's too, four
 *   eyes included), may read private threads, decides budget waits (admin).
 * - `cy` (`cy-token`): member; content; may NOT see ana's private threads and may
 *   NOT decide approvals.
 * - `dana` (`dana-token`): no jobs.start.granted. `eve` (`eve-token`): no content.
 * - `acme-key`: tenant API key; `acme-helper-key`: key scoped to agent `helper`.
 * - `chat-app-key`: the registered app `chat-app`'s key, accepted only for token
 *   exchange (an app token acting as a person, recorded `via: app:chat-app`).
 */
import type { Caller, Clock, Credential } from '../contract.js';

export interface PersonConfig {
  id: string;
  token: string;
  /** e.g. feeds.read, content, jobs.start.granted, approvals.decide, threads.read_private, budget.decide. */
  permissions: string[];
  /** Walls the person is inside: a note or step behind a wall named here is visible. */
  clearances?: string[];
}

export interface ApiKeyConfig {
  id: string;
  key: string;
  permissions: string[];
  /** Agents the key reaches; absent = all. */
  agentScopes?: string[];
}

export interface AppConfig {
  id: string;
  key: string;
}

export interface TenantConfig {
  id: string;
  aiLabel: string;
  allowedOrigins?: string[];
  people: PersonConfig[];
  apiKeys: ApiKeyConfig[];
  apps: AppConfig[];
}

/** The identities an edge knows. */
export interface IdentityConfig {
  tenants: TenantConfig[];
}

const MEMBER = ['feeds.read', 'content', 'jobs.start.granted'];

/** The default development identities (see the module comment). */
export function devIdentities(): IdentityConfig {
  return {
    tenants: [
      {
        id: 'acme',
        aiLabel: 'AI: ',
        allowedOrigins: ['http://localhost:5173'],
        people: [
          { id: 'ana', token: 'ana-token', permissions: [...MEMBER, 'approvals.decide'], clearances: ['team'] },
          {
            id: 'ben',
            token: 'ben-token',
            permissions: [...MEMBER, 'approvals.decide', 'threads.read_private', 'budget.decide'],
            clearances: ['team', 'finance'],
          },
          { id: 'cy', token: 'cy-token', permissions: [...MEMBER], clearances: ['team'] },
          { id: 'dana', token: 'dana-token', permissions: ['feeds.read', 'content'], clearances: [] },
          { id: 'eve', token: 'eve-token', permissions: ['feeds.read', 'jobs.start.granted'], clearances: [] },
        ],
        apiKeys: [
          { id: 'acme-key', key: 'acme-key', permissions: [...MEMBER] },
          { id: 'acme-helper-key', key: 'acme-helper-key', permissions: [...MEMBER], agentScopes: ['helper'] },
        ],
        apps: [{ id: 'chat-app', key: 'chat-app-key' }],
      },
    ],
  };
}

interface AppToken {
  person: string;
  tenant: string;
  app: string;
  expiresAt: number;
}

/** App tokens live this long (seconds). */
export const APP_TOKEN_TTL_S = 3600;

/** Credentials, sessions, app tokens and revocations of one runtime. */
export class IdentityStore {
  readonly #appTokens = new Map<string, AppToken>();
  readonly #sessions = new Map<string, { person: string; tenant: string }>();
  /** `${tenant}/${person}` -> permissions taken away at run time. */
  readonly #revoked = new Map<string, Set<string>>();

  constructor(
    readonly config: IdentityConfig,
    private readonly clock: Clock,
    private readonly generateId: () => string,
  ) {}

  tenant(id: string): TenantConfig | undefined {
    return this.config.tenants.find((t) => t.id === id);
  }

  person(tenant: string, id: string): PersonConfig | undefined {
    return this.tenant(tenant)?.people.find((p) => p.id === id);
  }

  #personByToken(token: string): { tenant: TenantConfig; person: PersonConfig } | undefined {
    for (const tenant of this.config.tenants) {
      const person = tenant.people.find((p) => p.token === token);
      if (person) return { tenant, person };
    }
    return undefined;
  }

  /** The person's permissions now, revocations applied. */
  permissions(tenant: string, person: string): Set<string> {
    const p = this.person(tenant, person);
    const revoked = this.#revoked.get(`${tenant}/${person}`);
    return new Set((p?.permissions ?? []).filter((x) => !revoked?.has(x)));
  }

  /** Whether the caller holds a permission now (a person's revocations count at once). */
  has(caller: Caller, permission: string): boolean {
    if (caller.kind === 'person' && caller.person) return this.permissions(caller.tenant, caller.person).has(permission);
    return caller.permissions.has(permission);
  }

  /** Whether a permission the person held was taken away (their thread then ends with RUN_ERROR revoked). */
  wasRevoked(tenant: string, person: string, permission: string): boolean {
    return this.#revoked.get(`${tenant}/${person}`)?.has(permission) ?? false;
  }

  /** Takes a permission (default: content) away from a person, effective immediately. */
  revoke(tenant: string, person: string, permission = 'content'): void {
    const key = `${tenant}/${person}`;
    const set = this.#revoked.get(key) ?? new Set<string>();
    set.add(permission);
    this.#revoked.set(key, set);
  }

  #personCaller(tenant: string, person: PersonConfig, via: string): Caller {
    return { kind: 'person', tenant, person: person.id, via, permissions: this.permissions(tenant, person.id) };
  }

  authenticate(credential: Credential): Caller | undefined {
    if (credential.session) {
      const s = this.#sessions.get(credential.session);
      const p = s && this.person(s.tenant, s.person);
      if (s && p) return this.#personCaller(s.tenant, p, 'session');
    }
    const bearer = credential.bearer;
    if (!bearer) return undefined;
    const byToken = this.#personByToken(bearer);
    if (byToken) return this.#personCaller(byToken.tenant.id, byToken.person, 'token');
    const app = this.#appTokens.get(bearer);
    if (app) {
      const p = this.person(app.tenant, app.person);
      if (app.expiresAt > this.clock.now() && p) return this.#personCaller(app.tenant, p, `app:${app.app}`);
      return undefined;
    }
    for (const tenant of this.config.tenants) {
      const key = tenant.apiKeys.find((k) => k.key === bearer);
      if (key) {
        const caller: Caller = { kind: 'api_key', tenant: tenant.id, keyId: key.id, via: 'api_key', permissions: new Set(key.permissions) };
        if (key.agentScopes) caller.agentScopes = [...key.agentScopes];
        return caller;
      }
      const appKey = tenant.apps.find((a) => a.key === bearer);
      if (appKey) return { kind: 'app_key', tenant: tenant.id, keyId: appKey.id, via: `app:${appKey.id}`, permissions: new Set() };
    }
    return undefined;
  }

  /** RFC 8693: the app's key and a person's token give an opaque, expiring app token acting as the person. */
  exchange(appKey: string, subjectToken: string): { ok: true; accessToken: string; expiresIn: number } | { ok: false; status: number; code: string; message: string } {
    const tenant = this.config.tenants.find((t) => t.apps.some((a) => a.key === appKey));
    const app = tenant?.apps.find((a) => a.key === appKey);
    if (!tenant || !app) return { ok: false, status: 401, code: 'unauthenticated', message: 'Unknown application key.' };
    const subject = this.#personByToken(subjectToken);
    if (!subject || subject.tenant.id !== tenant.id) return { ok: false, status: 400, code: 'invalid_argument', message: 'The subject token is no person of this tenant.' };
    const accessToken = `oza_${this.generateId()}`;
    this.#appTokens.set(accessToken, { person: subject.person.id, tenant: tenant.id, app: app.id, expiresAt: this.clock.now() + APP_TOKEN_TTL_S * 1000 });
    return { ok: true, accessToken, expiresIn: APP_TOKEN_TTL_S };
  }

  /** A console session for a person's token. */
  signIn(token: string): { session: string; person: string } | undefined {
    const found = this.#personByToken(token);
    if (!found) return undefined;
    const session = `ozs_${this.generateId()}`;
    this.#sessions.set(session, { person: found.person.id, tenant: found.tenant.id });
    return { session, person: found.person.id };
  }
}
