/**
 * The answer check, loaded on first use. The validator (src/forms/validate.ts
 * with @cfworker/json-schema and the schema-to-form layer under it) is the
 * largest part of the forms; the thread store needs it only once an
 * interrupt is answered, so it reaches it through this slot. validate.ts
 * registers itself here when it loads: importing `oz-agui` (or the forms, or
 * the interrupt elements) does that. The bundle's `define` loads the forms
 * in a chunk of their own instead, and sets the loader here; the store calls
 * `loadAnswerCheck()` when a run starts or a restored turn has interrupts,
 * so the check is there before a person can answer.
 */

/** What the thread store needs of the validator: validate.ts's `validateAnswer`. */
export type AnswerCheck = (
  schema: unknown,
  payload: unknown,
) => {
  valid: boolean;
  errors?: ReadonlyArray<{ path: string; message: string; field?: string }>;
};

let check: AnswerCheck | undefined;
let loader: (() => Promise<unknown>) | undefined;

/** Called by validate.ts as it loads. The first registration wins. */
export function registerAnswerCheck(c: AnswerCheck): void {
  check ??= c;
}

/** How to load the check when nothing imported it (the bundle's define: the forms chunk). */
export function setAnswerCheckLoader(load: () => Promise<unknown>): void {
  loader = load;
}

/** The answer check if it has loaded; undefined until then. */
export function answerCheck(): AnswerCheck | undefined {
  return check;
}

/** Resolves with the answer check, loading it first when a loader is set; rejects when there is no way to have it. */
export async function loadAnswerCheck(): Promise<AnswerCheck> {
  if (!check && loader) await loader();
  if (!check) throw new Error('the answer check is not loaded: import it with oz-agui (src/forms) or oz-agui/define');
  return check;
}
