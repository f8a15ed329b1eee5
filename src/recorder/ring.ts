/**
 * A ring buffer bounded by entry count and by bytes: appending is O(1)
 * (amortized: each entry is evicted at most once), the oldest go first, and
 * what was dropped is counted.
 */

export interface RingDropped {
  /** Entries dropped to stay within the bounds. */
  entries: number;
  /** Their bytes. */
  bytes: number;
}

export class Ring<T extends { readonly bytes: number }> {
  readonly #slots: (T | undefined)[];
  readonly #maxBytes: number;
  #head = 0;
  #count = 0;
  #bytes = 0;
  readonly dropped: RingDropped = { entries: 0, bytes: 0 };
  /** Called with each entry as it is dropped (for per-kind counts). */
  onDrop: ((entry: T) => void) | undefined;

  constructor(maxEntries: number, maxBytes: number) {
    if (!(maxEntries >= 1) || !Number.isInteger(maxEntries)) throw new RangeError('maxEntries must be an integer >= 1');
    if (!(maxBytes >= 1)) throw new RangeError('maxBytes must be >= 1');
    this.#slots = new Array<T | undefined>(maxEntries);
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#count;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get capacity(): number {
    return this.#slots.length;
  }

  push(entry: T): void {
    const cap = this.#slots.length;
    while (this.#count > 0 && (this.#count >= cap || this.#bytes + entry.bytes > this.#maxBytes)) this.#shift();
    this.#slots[(this.#head + this.#count) % cap] = entry;
    this.#count += 1;
    this.#bytes += entry.bytes;
  }

  #shift(): void {
    const old = this.#slots[this.#head]!;
    this.#slots[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#slots.length;
    this.#count -= 1;
    this.#bytes -= old.bytes;
    this.dropped.entries += 1;
    this.dropped.bytes += old.bytes;
    this.onDrop?.(old);
  }

  /** The i-th entry kept, oldest first. */
  at(i: number): T | undefined {
    if (i < 0 || i >= this.#count) return undefined;
    return this.#slots[(this.#head + i) % this.#slots.length];
  }

  /** Visits every entry, oldest first. */
  forEach(visit: (entry: T) => void): void {
    const cap = this.#slots.length;
    for (let i = 0, j = this.#head; i < this.#count; i++, j = j + 1 === cap ? 0 : j + 1) visit(this.#slots[j]!);
  }

  toArray(): T[] {
    const out = new Array<T>(this.#count);
    let k = 0;
    this.forEach((e) => (out[k++] = e));
    return out;
  }

  clear(): void {
    this.#slots.fill(undefined);
    this.#head = 0;
    this.#count = 0;
    this.#bytes = 0;
  }
}
