/**
 * The shapes of the forms layer: what a JSON Schema becomes (a form
 * descriptor of fields), and what checking an answer returns.
 */
import type { FormMessages } from './messages.js';

/** How a field is rendered. `json` is the fallback text area; `group` a fieldset. */
export type FieldKind =
  | 'boolean'
  | 'text'
  | 'textarea'
  | 'choice'
  | 'multi-choice'
  | 'number'
  | 'integer'
  | 'date'
  | 'date-time'
  | 'email'
  | 'url'
  | 'json'
  | 'group';

/** A JSON value a choice stands for (enums in the subset hold primitives only). */
export type ChoiceValue = string | number | boolean | null;

/** One option of a `choice` or `multi-choice` field. */
export interface Choice {
  /** The value that goes into the payload. */
  value: ChoiceValue;
  /** What the person sees: the value itself, as words. */
  label: string;
}

/** One field of a form: everything a renderer needs, and nothing DOM-specific. */
export interface FieldDescriptor {
  /**
   * The field's name in `values` and its control's `name`: the JSON pointer to
   * it in the payload without the leading slash (`approved`, `address/street`),
   * or {@link JSON_FIELD_PATH} for the fallback JSON field.
   */
  path: string;
  /** The property name (the last segment of `path`). */
  key: string;
  kind: FieldKind;
  /** The schema's `title`, or the key in words (`due_date` → `Due date`). */
  label: string;
  /** The schema's `description`, for `aria-describedby`. */
  description?: string;
  /** Whether the schema's `required` names it (for a group: the group itself). */
  required: boolean;
  /** The schema's `default`, to prefill (never set for a `mustEqual` field). */
  default?: unknown;
  /** The options of a `choice` / `multi-choice` field, in the schema's order. */
  choices?: Choice[];
  /** Inclusive lower bound for number inputs (exclusive bounds of integers are turned inclusive). */
  min?: number;
  /** Inclusive upper bound for number inputs. */
  max?: number;
  /** True when `min` itself is not allowed (an exclusive bound of a non-integer). */
  exclusiveMin?: boolean;
  /** True when `max` itself is not allowed. */
  exclusiveMax?: boolean;
  /** The input's `step`: `multipleOf`, 1 for integers, `'any'` for other numbers. */
  step?: number | 'any';
  minLength?: number;
  maxLength?: number;
  /** A regular expression the whole string must match (omitted when it does not compile). */
  pattern?: string;
  /** For a multi-choice field: how many options at least / at most, and whether each only once. */
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /**
   * The schema's `const`: a value the person must type (or tick) exactly, such
   * as a `confirm` field. Rendered as an empty input that must match, never prefilled.
   */
  mustEqual?: unknown;
  /** A group's fields (one level of nesting; a group's fields are never groups). */
  fields?: FieldDescriptor[];
}

/** A whole form made from one JSON Schema. */
export interface FormDescriptor {
  /** The schema it was made from, kept for validation. */
  schema: unknown;
  /** The root's `title` and `description`, when the schema has them. */
  title?: string;
  description?: string;
  /** Top-level fields, in the schema's property order. */
  fields: FieldDescriptor[];
  /**
   * The schema is empty (`{}` or `true`): any answer fits and nothing is asked,
   * as for a budget wait that an admin's decision ends. The UI offers no approve button.
   */
  acceptsAnything: boolean;
  /**
   * The schema is outside the subset (or malformed): the form is one `json`
   * field, validated against the whole schema.
   */
  fallback: boolean;
}

/** Options for {@link schemaToForm} and the validators. */
export interface FormOptions {
  /** Replacement wording; anything left out keeps the English default. */
  messages?: Partial<FormMessages>;
}

/** One reason an answer is not accepted. */
export interface AnswerError {
  /** Where in the payload, as a JSON pointer (`''` for the whole answer, `/tags/1`). */
  path: string;
  /** The `path` of the field it belongs to, when one does. */
  field?: string;
  /** Plain words for the person. */
  message: string;
}

/** The result of checking an answer against its schema. */
export type AnswerValidation =
  | {
      valid: true;
      /** True when the schema could not be used to check (malformed): the server is the judge. */
      unchecked?: boolean;
    }
  | { valid: false; errors: AnswerError[] };

/** The result of checking a form's values. */
export interface FormValidation {
  /** Every required field is answered and the answer fits the schema. */
  complete: boolean;
  /** The coerced answer (what a resume entry's payload would be). */
  payload: unknown;
  /** Messages by field `path`, for rendering with `aria-describedby`. */
  fieldMessages: Record<string, string[]>;
  /** Messages that belong to no field. */
  formMessages: string[];
  /** Every error, with its location. */
  errors: AnswerError[];
}

/** The path (value key and control name) of the fallback JSON field. */
export const JSON_FIELD_PATH = '$json';
