/**
 * The forms layer: interrupt schemas → field descriptors, coercion and plain
 * validation messages. Pure and framework-free: runs in a browser and in Node.
 */
export * from './types.js';
export * from './messages.js';
export { schemaToForm, humanise, isEmptySchema, allFields } from './schema-to-form.js';
export { valuesToPayload, coerceValues, initialValues, type Coerced } from './coerce.js';
export { validateAnswer, validateForm, schemaDraft } from './validate.js';
export * from './interrupts.js';
