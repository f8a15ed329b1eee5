/**
 * The chat's own thread store: made from its `endpoint`, `agent`, `tenant`
 * and `thread-id` (a fresh id reflected when absent), kept in its `storage`,
 * made again when those name another thread or route (the agent changed), dropped when the app gives its
 * own `store` or when the chat leaves the page (one moved in the page keeps
 * it). A reactive controller beside follow-end.ts: chat.ts only asks it to
 * `ensure()` a store before each update.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { createThreadStore, memoryStorage, webStorage, type PersistencePort, type ThreadStore, type ThreadStoreOptions } from '../../src/thread/index.js';
import type { RunTransport } from '../../src/transport/index.js';
import { whenRemoved } from '../shared/when-removed.js';

/** Where the thread survives a page reload. */
export type ChatStorage = 'session' | 'memory' | 'none' | PersistencePort;

/** OZ's AI label, which a tenant may change (the route names it in interrupts only). */
const DEFAULT_AI_LABEL = 'AI: ';

/** What the controller reads of the chat, and the `store` and `threadId` it sets. */
export interface OwnStoreHost extends ReactiveElement {
  endpoint: string;
  agent: string;
  tenant: string;
  threadId?: string;
  storage: ChatStorage;
  transport?: RunTransport;
  aiLabel?: string;
  store?: ThreadStore;
}

/** The port a `storage` value names; session storage falls back to none where the page has none. */
export function storagePort(s: ChatStorage): PersistencePort | undefined {
  if (s === 'none') return undefined;
  if (s === 'memory') return memoryStorage();
  if (s === 'session' || !s) {
    try {
      return webStorage();
    } catch {
      return undefined;
    }
  }
  return s;
}

export class OwnStoreController implements ReactiveController {
  private own: ThreadStore | undefined;
  private key = '';

  /** `made`: a new own store is the chat's (`restoring`: it reads the thread from storage now). */
  constructor(
    private readonly host: OwnStoreHost,
    private readonly made: (store: ThreadStore, restoring: Promise<void> | undefined) => void,
  ) {
    host.addController(this);
  }

  /** Whether the chat renders from its own store (not the app's). */
  get owned(): boolean {
    return !!this.own && this.host.store === this.own;
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.ensure();
  }

  hostDisconnected(): void {
    // One removed lets its own store go.
    whenRemoved(this.host, () => {
      if (!this.own) return;
      this.own.dispose();
      if (this.host.store === this.own) this.host.store = undefined;
      this.own = undefined;
      this.key = '';
    });
  }

  /** The chat's extra request headers, kept here so that the store it makes, and the one it has, get them. */
  headers: Record<string, string> | undefined;

  /** New headers go with the next connection of the store already made (the chat's `headers` setter). */
  setHeaders(headers: Record<string, string> | undefined): void {
    this.headers = headers;
    this.own?.setHeaders(headers ?? {});
  }

  /** Makes the chat's store when it has none of the app's and its attributes name a thread (another than its store's). */
  ensure(): void {
    const h = this.host;
    // A removed chat makes no store (an update scheduled as it left would otherwise follow the run again).
    if (!h.isConnected) return;
    if (h.store && h.store !== this.own) {
      if (this.own) this.drop();
      return;
    }
    if (!h.agent || !h.tenant) return;
    const key = JSON.stringify([h.endpoint, h.agent, h.tenant, h.threadId ?? '']);
    // Another endpoint, agent or tenant is another route: a store for it, the same thread id kept.
    if (this.own && key === this.key && h.store === this.own) return;
    this.drop();
    const storage = storagePort(h.storage);
    const aiLabel = h.aiLabel ?? DEFAULT_AI_LABEL;
    const options: ThreadStoreOptions = {
      endpoint: h.endpoint,
      agent: h.agent,
      tenant: h.tenant,
      headers: this.headers ?? {},
      ...(h.threadId ? { threadId: h.threadId } : {}),
      ...(storage ? { storage } : {}),
      ...(h.transport ? { transport: h.transport } : {}),
      ...(aiLabel ? { aiLabel } : {}),
    };
    const store = createThreadStore(options);
    this.own = store;
    h.store = store;
    h.threadId = store.threadId;
    this.key = JSON.stringify([h.endpoint, h.agent, h.tenant, store.threadId]);
    this.made(store, storage ? store.restore() : undefined);
  }

  private drop(): void {
    this.own?.dispose();
    this.own = undefined;
    this.key = '';
  }
}
