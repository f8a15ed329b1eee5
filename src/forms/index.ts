/**
 * The forms layer: interrupt schemas → field descriptors, the form as drawn
 * for a draft's values (rows, variants, "no value"), coercion and plain
 * validation messages. Pure and framework-free: runs in a browser and in Node.
 */
export * from './types.js';
export * from './messages.js';
export { schemaToForm } from './schema-to-form.js';
export { humanise, isEmptySchema } from './field-base.js';
export { valuesToPayload, coerceValues, type Coerced } from './coerce.js';
export { initialValues, valuesFor } from './values.js';
export { layoutForm, walkNodes, addRow, removeRow, moveRow, filledUnder, rootName, child, ROWS, PICK, NULL, ROW_KEY, MAX_REF_DEPTH } from './layout.js';
export { validateAnswer, validateForm, schemaDraft } from './validate.js';
export { answerCheck, loadAnswerCheck, type AnswerCheck } from './answer-check.js';
export * from './interrupts.js';
