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
  /** Prefixes a message about a part of a JSON answer with where it is. */
  at: (pointer: string, message: string) => string;
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
  at: (pointer: string, message: string) => `At ${pointer}: ${message}`,
});

/** The default messages with `override`'s replacements laid over them. */
export function resolveMessages(override?: Partial<FormMessages>): FormMessages {
  const out: FormMessages = { ...DEFAULT_FORM_MESSAGES };
  for (const [name, value] of Object.entries(override ?? {})) {
    if (value !== undefined && name in out) Object.assign(out, { [name]: value });
  }
  return out;
}
