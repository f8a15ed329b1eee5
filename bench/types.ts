/** One row of `npm run bench`'s table. */
export interface BenchRow {
  /** What was measured, e.g. "reducer: text events/s". */
  name: string;
  value: number;
  unit: string;
  /** The target in words, e.g. ">= 200000". */
  target?: string;
  /** Whether the figure meets its target (undefined when there is none). */
  pass?: boolean;
}

/** A benchmark module's default export. */
export type Bench = () => Promise<BenchRow[]>;
