/**
 * The words a form shows when an answer does not fit. Replace any of them by
 * passing `messages` in the options; the rest stay English.
 */

/** Every message the forms layer shows; the parameterised ones are functions. */
export interface FormMessages {
  required: string;
  notANumber: string;
  notAnInteger: string;
  notABoolean: string;
  notText: string;
  notAList: string;
  notAGroup: string;
  minimum: (n: number) => string;
  maximum: (n: number) => string;
  exclusiveMinimum: (n: number) => string;
  exclusiveMaximum: (n: number) => string;
  multipleOf: (n: number) => string;
  minLength: (n: number) => string;
  maxLength: (n: number) => string;
  pattern: string;
  oneOf: (labels: string[]) => string;
  mustEqual: (value: string) => string;
  mustBeChecked: string;
  minItems: (n: number) => string;
  maxItems: (n: number) => string;
  uniqueItems: string;
  format: (format: string) => string;
  invalidJson: string;
  /** The label of the JSON text area a schema outside the subset falls back to. */
  jsonLabel: string;
  notExpected: string;
  doesNotFit: string;
  /** Prefixes a message about a part of a JSON answer with where it is (its labels, `Items › 2 › Name`). */
  at: (where: string, message: string) => string;
  /** Bad JSON, with where the reading stopped. */
  invalidJsonAt: (line: number, column: number) => string;
  /** The "no value" (null) choice of a nullable field. */
  noValue: string;
  /** A list's row left empty. */
  emptyItem: string;
  /** A map row with a value but no name; a name used twice; a name that is one of the fixed fields. */
  emptyKey: string;
  duplicateKey: string;
  keyTaken: string;
  /** A list's row count: too few, too many. */
  minRows: (n: number) => string;
  maxRows: (n: number) => string;
  /** Entries of an object: too few, too many. */
  minEntries: (n: number) => string;
  maxEntries: (n: number) => string;
  /** A variant with nothing chosen; an answer that fits none of its options, or more than one. */
  chooseOption: string;
  fitsNoOption: string;
  fitsSeveral: string;
  /** A row's label: the list's (or its item's) label and the row's number. */
  item: (label: string, n: number) => string;
  /** A map row's two fields, and a group's other entries. */
  keyLabel: string;
  valueLabel: string;
  otherEntries: string;
  /** An option of a choice that has no title: its type in words, or its number. */
  typeLabel: Readonly<Record<'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null', string>>;
  option: (n: number) => string;
  /** The JSON field's outline: a part's kind of value in words. */
  outlineType: (type: string, detail?: string) => string;
  /** The outline's words for a value of any kind, and for one of several shapes. */
  anyValue: string;
  severalShapes: string;
}

const FORMATS: Readonly<Record<string, string>> = {
  date: 'Enter a date',
  'date-time': 'Enter a date and time',
  time: 'Enter a time',
  email: 'Enter an email address',
  uri: 'Enter a web address (URL)',
  url: 'Enter a web address (URL)',
};

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The default English messages. Frozen: spread it to make a variant. */
export const DEFAULT_FORM_MESSAGES: Readonly<FormMessages> = Object.freeze({
  required: 'Required',
  notANumber: 'Enter a number',
  notAnInteger: 'Enter a whole number',
  notABoolean: 'Choose yes or no',
  notText: 'Enter text',
  notAList: 'Choose from the list',
  notAGroup: 'Fill in this group',
  minimum: (n: number) => `Enter a number no smaller than ${n}`,
  maximum: (n: number) => `Enter a number no larger than ${n}`,
  exclusiveMinimum: (n: number) => `Enter a number larger than ${n}`,
  exclusiveMaximum: (n: number) => `Enter a number smaller than ${n}`,
  multipleOf: (n: number) => `Enter a multiple of ${n}`,
  minLength: (n: number) => `Enter at least ${plural(n, 'character', 'characters')}`,
  maxLength: (n: number) => `Enter no more than ${plural(n, 'character', 'characters')}`,
  pattern: 'Enter it in the expected format',
  oneOf: (labels: string[]) => `Choose one of: ${labels.join(', ')}`,
  mustEqual: (value: string) => `This must match exactly: ${value}`,
  mustBeChecked: 'Tick this box to go on',
  minItems: (n: number) => `Choose at least ${n}`,
  maxItems: (n: number) => `Choose no more than ${n}`,
  uniqueItems: 'Choose each option only once',
  format: (format: string) => FORMATS[format] ?? `Enter a valid ${format}`,
  invalidJson: 'Enter valid JSON',
  jsonLabel: 'Answer (JSON)',
  notExpected: 'This is not expected here',
  doesNotFit: 'This does not fit what is asked',
  at: (where: string, message: string) => `At ${where}: ${message}`,
  invalidJsonAt: (line: number, column: number) => `Enter valid JSON (it stops making sense at line ${line}, column ${column})`,
  noValue: 'No value',
  emptyItem: 'Fill this in or remove it',
  emptyKey: 'Enter a name for this entry',
  duplicateKey: 'This name is used twice',
  keyTaken: 'This name is one of the fields above',
  minRows: (n: number) => `Add at least ${plural(n, 'item', 'items')}`,
  maxRows: (n: number) => `Keep no more than ${plural(n, 'item', 'items')}`,
  minEntries: (n: number) => `Add at least ${plural(n, 'entry', 'entries')}`,
  maxEntries: (n: number) => `Keep no more than ${plural(n, 'entry', 'entries')}`,
  chooseOption: 'Choose one of the options',
  fitsNoOption: 'This fits none of the options',
  fitsSeveral: 'This fits more than one of the options: fill in more to tell them apart',
  item: (label: string, n: number) => `${label} ${n}`,
  keyLabel: 'Name',
  valueLabel: 'Value',
  otherEntries: 'Other entries',
  typeLabel: Object.freeze({ string: 'Text', number: 'Number', integer: 'Whole number', boolean: 'Yes or no', array: 'List', object: 'Details', null: 'No value' }),
  option: (n: number) => `Option ${n}`,
  outlineType: (type: string, detail?: string) => (detail ? `${type} (${detail})` : type),
  anyValue: 'Any value',
  severalShapes: 'One of several shapes',
});

/** The default messages with `override`'s replacements laid over them. */
export function resolveMessages(override?: Partial<FormMessages>): FormMessages {
  const out: FormMessages = { ...DEFAULT_FORM_MESSAGES };
  for (const [name, value] of Object.entries(override ?? {})) {
    if (value !== undefined && name in out) Object.assign(out, { [name]: value });
  }
  return out;
}
