import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What the controller needs of a store: the thread store fits, and so does any small one. */
export interface Subscribable<S> {
  subscribe(listener: (state: S) => void): () => void;
  getState(): S;
}

/**
 * Binds an element to a store: subscribes while the element is connected,
 * unsubscribes on disconnect, and asks for at most one render per animation
 * frame however many events arrive in between. It keeps no copy of the state:
 * `state` reads the store at render time.
 */
export class StoreController<S> implements ReactiveController {
  private readonly host: ReactiveControllerHost;
  private current: Subscribable<S> | undefined;
  private unsubscribe: (() => void) | undefined;
  private frame = 0;
  private connected = false;
  private readonly listeners = new Set<(state: S) => void>();

  constructor(host: ReactiveControllerHost, store?: Subscribable<S>) {
    this.host = host;
    this.current = store;
    host.addController(this);
  }

  get store(): Subscribable<S> | undefined {
    return this.current;
  }

  /** Swaps the store (or clears it); the element re-renders from the new one. */
  set store(next: Subscribable<S> | undefined) {
    if (next === this.current) return;
    this.detach();
    this.current = next;
    if (this.connected) this.attach();
    this.host.requestUpdate();
  }

  /** The store's state now, or undefined without a store. */
  get state(): S | undefined {
    return this.current?.getState();
  }

  /** Runs `listener` on every change, synchronously (for events, not for rendering). */
  onChange(listener: (state: S) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hostConnected(): void {
    this.connected = true;
    this.attach();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.detach();
  }

  /**
   * A store that refuses a subscriber (a disposed thread store) is shown as
   * it is, still, and the console says why: no render fails on it, and
   * whatever the element then asks of it answers for itself (a send puts
   * the words back with the store's error).
   */
  private attach(): void {
    if (!this.current || this.unsubscribe) return;
    try {
      this.unsubscribe = this.current.subscribe((state) => {
        for (const l of this.listeners) l(state);
        this.schedule();
      });
    } catch (err) {
      const tag = this.host instanceof Element ? `<${this.host.localName}>` : 'an element';
      console.error(`oz-agui: ${tag} shows its store as it is and cannot follow it: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }
}
