/**
 * The shapes of the forms layer: what a JSON Schema becomes (a form
 * descriptor of fields), and what checking an answer returns.
 */
import type { FormMessages } from './messages.js';

/**
 * How a field is rendered. `json` is a JSON text area (for a part of a schema
 * no form can draw); `group` a fieldset of fields; `list` rows to add, remove
 * and reorder; `map` key/value rows; `variant` a choice of shapes; `ref` a
 * recursive `$ref`, expanded lazily by `layoutForm` from `FormDescriptor.refs`.
 */
export type FieldKind =
  'boolean' | 'text' | 'textarea' | 'choice' | 'multi-choice' | 'number' | 'integer' | 'date' | 'date-time' | 'email' | 'url' | 'json' | 'group' | 'list' | 'map' | 'variant' | 'ref';

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
   * The JSON pointer to it in the payload without the leading slash
   * (`approved`, `address/street`), counted from the form's root, or, under a
   * list's row, a map's value, a variant's option or a `ref`, from that row,
   * value, option or reference (where it sits in an answer is `FormNode.name`);
   * {@link JSON_FIELD_PATH} for the fallback JSON field.
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
  /** For a multi-choice field: how many options at least / at most, and whether each only once; for a list or a map: how many rows. */
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /**
   * The schema's `const`: a value the person must type (or tick) exactly, such
   * as a `confirm` field. Rendered as an empty input that must match, never prefilled.
   */
  mustEqual?: unknown;
  /** A group's fields, in property order (groups nest to any depth). */
  fields?: FieldDescriptor[];
  /** `null` is an answer too (`type: [..., "null"]`, `nullable`, `anyOf` with null): offered as "No value". */
  nullable?: boolean;
  /** A list's row (its `path` is `''`). */
  item?: FieldDescriptor;
  /** A map's value (`additionalProperties`), and the text field its keys are typed in. */
  value?: FieldDescriptor;
  keyField?: FieldDescriptor;
  /** A group's other entries (`additionalProperties` beside `properties`): a map, kept in values under `extraKey`. */
  extra?: FieldDescriptor;
  extraKey?: string;
  /** A variant's options, in the schema's order. */
  variants?: VariantOption[];
  /** The property whose `const` tells a tagged variant's options apart (filled in by the choice, never typed). */
  discriminator?: string;
  /** A `ref` field: the pointer (`#/$defs/node`) of its entry in `FormDescriptor.refs`. */
  ref?: string;
  /** A `json` field: an answer that fits (generated from the schema and checked), as JSON text. */
  example?: string;
  /** A `json` field: what the schema asks, in words (titles, descriptions, types). */
  outline?: OutlineEntry[];
  /** A `json` field for a schema that takes any value: text that is no JSON is sent as text. */
  anyValue?: boolean;
  /** The `anyOf`/`oneOf` options this field was chosen from at its place, outermost first (to tell the validator's errors apart). */
  alternatives?: number[];
}

/** One option of a `variant` field. */
export interface VariantOption {
  /** What the person sees: the option's title, its tag, or its type in words. */
  label: string;
  description?: string;
  /** Its fields; absent for the "no value" (null) option. */
  field?: FieldDescriptor;
  /** A tagged variant's value of the `discriminator` property. */
  tag?: ChoiceValue;
  /** Its index in the schema's `oneOf`/`anyOf` (or `type` list). */
  index: number;
}

/** One line of a schema told in words (for the JSON field). */
export interface OutlineEntry {
  label: string;
  /** The kind of value: "text", "a whole number", "yes or no", "a list", "one of: a, b" ... */
  type: string;
  description?: string;
  required: boolean;
  /** Its parts (an object's properties, a list's item). */
  parts?: OutlineEntry[];
}

/** One row of a list or a map, as drawn now. */
export interface RowNode {
  index: number;
  /** The row's label: `Tags 2`. */
  label: string;
  /** A map row's key field. */
  key?: FormNode;
  /** The row's value. */
  node: FormNode;
  /** Whether it may be removed now (fewer rows than `minItems` are refused). */
  canRemove: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/**
 * A field as drawn now, for the values given: list rows counted, variants
 * chosen, recursive references expanded. `name` is its control's name and
 * its place in the values (`items/0/name`); fields keep their descriptor.
 */
export interface FormNode {
  field: FieldDescriptor;
  name: string;
  /** A leaf's raw value (what the control shows). */
  value?: unknown;
  /** A nullable field the person set to no value. */
  isNull?: boolean;
  /** A group's fields (and its `extra` map, last). */
  children?: FormNode[];
  /** A list's or a map's rows. */
  rows?: RowNode[];
  /** Whether a row may be added now (`maxItems`). */
  canAdd?: boolean;
  /** A variant's chosen option (its position in `field.variants`), and that option's node. */
  picked?: number;
  option?: FormNode;
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
  /** The whole answer's field: a group (whose fields are `fields`), a variant, a map, a list, a leaf or the JSON field. */
  root?: FieldDescriptor;
  /** Recursive references, by pointer, expanded by `layoutForm` only as far as an answer goes. */
  refs?: Record<string, FieldDescriptor>;
}

/** Options for {@link schemaToForm} and the validators. */
export interface FormOptions {
  /** Replacement wording; anything left out keeps the English default. */
  messages?: Partial<FormMessages>;
  /** A boolean with no value reads as `false`, as an unticked checkbox does (not for a box that must be ticked). */
  checkboxes?: boolean;
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
  /** Messages by field name (`FormNode.name`; a field's `path` outside lists and variants), for `aria-describedby`. */
  fieldMessages: Record<string, string[]>;
  /** Messages that belong to no field. */
  formMessages: string[];
  /** Every error, with its location. */
  errors: AnswerError[];
}

/** The path (value key and control name) of the fallback JSON field. */
export const JSON_FIELD_PATH = '$json';

/** Where the values keep an answer that is no object and no variant (a list, a map, a text): `values.$answer`. */
export const ROOT_FIELD_PATH = '$answer';
