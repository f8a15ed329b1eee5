import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { ThreadState } from '../../src/thread/state.js';
import { StoreController, type Subscribable } from './store-controller.js';
import { lastResolved, resolveStrings, type OzStrings } from './strings.js';
import { ThemedElement } from './themed-element.js';

/** A thread store, as far as the elements read it. */
export type ThreadStoreLike = Subscribable<ThreadState>;

/**
 * What every oz-agui element shares: the `strings` property (every visible
 * string replaceable), the `theme` attribute, and an optional `store` it
 * renders from when used on its own (re-rendered at most once per frame).
 */
export class OzElement<S extends ThreadStoreLike = ThreadStoreLike> extends ThemedElement {
  /** Replaces any of the English strings (see OzStrings). */
  @property({ attribute: false }) strings?: Partial<OzStrings>;

  private storeValue?: S;

  /** A thread store to render from, for an element used on its own. */
  @property({ attribute: false })
  get store(): S | undefined {
    return this.storeValue;
  }
  set store(store: S | undefined) {
    const old = this.storeValue;
    this.storeValue = store;
    if (store !== old && this.isConnected) this.storeChanged(store);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.storeValue) this.storeChanged(this.storeValue);
  }

  /** It renders from another `store` now, or entered the page with one: runs at once, before anything renders from it. */
  protected storeChanged(_store: S | undefined): void {}

  protected readonly storeController = new StoreController<ThreadState>(this);
  private readonly resolved = lastResolved(resolveStrings);

  /** The strings in force. */
  protected get t(): OzStrings {
    return this.resolved(this.strings);
  }

  /** The store's state now, when there is a store. */
  protected get storeState(): ThreadState | undefined {
    return this.storeController.state;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.storeController.store = this.store;
  }
}
