/**
 * What an interrupt asks and what the person's draft answers, without the
 * DOM: the mode an interrupt renders in, its form (from src/forms), and the
 * resume answer a draft makes (or why it makes none yet).
 */
import {
  approvalSchemaKind,
  filledUnder,
  initialValues,
  layoutForm,
  walkNodes,
  valuesFor,
  isEmptySchema,
  questionChoices,
  resolveMessages,
  schemaToForm,
  validateForm,
  type FieldDescriptor,
  type FormDescriptor,
  type FormOptions,
  type FormValidation,
} from '../../src/forms/index.js';
import type { InterruptAnswer } from '../../src/thread/resume.js';
import type { InterruptView } from '../../src/thread/state.js';

/**
 * - `approval`: `{approved, comment?, confirm?}`: Approve and Deny;
 * - `notice`: an empty schema (a budget wait): nothing to decide, `{}` notes it;
 * - `form`: a question's or any other schema's fields, with Decline.
 */
export type InterruptMode = 'approval' | 'notice' | 'form';

/** What the person chose beside the fields. */
export type Decision = 'approve' | 'deny' | 'decline';

/** A half-filled answer, as kept in the store's drafts (plain JSON). */
export interface InterruptDraft {
  decision?: Decision;
  /** Field values by field path (`comment`, `confirm`, `due`, `address/street`). */
  values: Record<string, unknown>;
}

export interface InterruptModel {
  mode: InterruptMode;
  form: FormDescriptor;
  /** The approval's `comment` and `confirm` fields, when it has them. */
  comment?: FieldDescriptor;
  confirm?: FieldDescriptor;
}

/**
 * - `unanswered`: nothing chosen or typed yet;
 * - `invalid`: typed, but it does not fit (see `validation`);
 * - `ok`: `answer` is what the resume sends.
 */
export type AnswerCheck =
  { status: 'unanswered'; validation?: FormValidation } | { status: 'invalid'; validation: FormValidation } | { status: 'ok'; answer: InterruptAnswer; validation?: FormValidation };

/** The form with `oz0/choices` as the `answer` field's options, when OZ sent them. */
function withChoices(view: InterruptView, form: FormDescriptor): FormDescriptor {
  if (form.fallback || !view.meta.choices?.length) return form;
  const choices = questionChoices(view.raw);
  const fields = form.fields.map((f) =>
    f.path === 'answer' && (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'choice') && f.mustEqual === undefined ? { ...f, kind: 'choice' as const, choices } : f,
  );
  return form.root?.kind === 'group' ? { ...form, fields, root: { ...form.root, fields } } : form;
}

/** How an interrupt renders, and its form. */
export function interruptModel(view: InterruptView, options: FormOptions = {}): InterruptModel {
  const schema = view.responseSchema ?? view.raw.responseSchema;
  const form = schemaToForm(schema ?? {}, options);
  if (schema === undefined || isEmptySchema(schema) || form.acceptsAnything) return { mode: 'notice', form };
  if (approvalSchemaKind(schema)) {
    const model: InterruptModel = { mode: 'approval', form };
    const comment = form.fields.find((f) => f.key === 'comment');
    const confirm = form.fields.find((f) => f.key === 'confirm');
    if (comment) model.comment = comment;
    if (confirm) model.confirm = confirm;
    return model;
  }
  return { mode: 'form', form: withChoices(view, form) };
}

/** A stored draft read back (anything malformed is dropped); fresh ones start from the schema's defaults. */
export function readDraft(value: unknown, model: InterruptModel): InterruptDraft {
  const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const values = v && v.values && typeof v.values === 'object' && !Array.isArray(v.values) ? { ...(v.values as Record<string, unknown>) } : undefined;
  const draft: InterruptDraft = { values: values ?? (model.mode === 'form' ? initialValues(model.form) : {}) };
  const d = v?.decision;
  if (d === 'approve' || d === 'deny' || d === 'decline') draft.decision = d;
  return draft;
}

/** Whether the person filled in anything at or under `name` (a field, a row, a group). */
function filled(draft: InterruptDraft, name: string): boolean {
  return filledUnder(draft.values, name);
}

function touched(draft: InterruptDraft): boolean {
  return filledUnder(draft.values, '');
}

/**
 * The draft an answer that was sent stands for: the store drops a draft when
 * its answer is sent, and a resume refused as a whole gives the interrupt back
 * open; the person's answer comes back with it.
 */
export function draftFromSent(model: InterruptModel, sent: { status: 'resolved' | 'cancelled'; payload?: unknown } | undefined): InterruptDraft | undefined {
  if (!sent) return undefined;
  if (sent.status === 'cancelled') return { decision: model.mode === 'approval' ? 'deny' : 'decline', values: {} };
  const p = sent.payload && typeof sent.payload === 'object' && !Array.isArray(sent.payload) ? (sent.payload as Record<string, unknown>) : {};
  if (model.mode === 'approval') {
    const values: Record<string, unknown> = {};
    if (typeof p.comment === 'string') values.comment = p.comment;
    if (typeof p.confirm === 'string') values.confirm = p.confirm;
    return { decision: p.approved === true ? 'approve' : 'deny', values };
  }
  return { values: valuesFor(model.form, sent.payload) };
}

/** Whether what the person typed in `confirm` matches the value the call asks for. */
export function confirmMatches(model: InterruptModel, draft: InterruptDraft): boolean {
  return !model.confirm || draft.values[model.confirm.path] === model.confirm.mustEqual;
}

/** Booleans shown as checkboxes send `false` when left unticked (in every row and option drawn now). */
function formValues(model: InterruptModel, draft: InterruptDraft): Record<string, unknown> {
  const values = { ...draft.values };
  walkNodes(layoutForm(model.form, draft.values), (n) => {
    if (n.field.kind === 'boolean' && n.field.mustEqual === undefined && values[n.name] === undefined) values[n.name] = false;
  });
  return values;
}

/** The answer a draft makes, or why it makes none yet. */
export function checkAnswer(model: InterruptModel, draft: InterruptDraft, options: FormOptions = {}): AnswerCheck {
  if (model.mode === 'notice') return { status: 'ok', answer: { status: 'resolved', payload: {} } };
  if (model.mode === 'form') {
    if (draft.decision === 'decline') return { status: 'ok', answer: { status: 'cancelled' } };
    const validation = validateForm(model.form, formValues(model, draft), options);
    if (validation.complete) return { status: 'ok', answer: { status: 'resolved', payload: validation.payload }, validation };
    // Incomplete is not wrong: only a message on a field the person filled in makes it invalid.
    const wrong = Object.keys(validation.fieldMessages).some((path) => filled(draft, path)) || (touched(draft) && model.form.fallback);
    return wrong ? { status: 'invalid', validation } : { status: 'unanswered', validation };
  }
  const comment = model.comment ? draft.values[model.comment.path] : undefined;
  const confirm = model.confirm ? draft.values[model.confirm.path] : undefined;
  if (draft.decision === 'approve') {
    const validation = validateForm(model.form, { approved: true, comment, confirm }, options);
    if (validation.complete && confirmMatches(model, draft)) return { status: 'ok', answer: { status: 'resolved', payload: validation.payload }, validation };
    return { status: 'invalid', validation };
  }
  if (draft.decision === 'deny') {
    // A no with its reason is a resolved payload; a schema that will not take one is answered `cancelled`.
    const validation = validateForm(model.form, { approved: false, comment }, options);
    return validation.complete ? { status: 'ok', answer: { status: 'resolved', payload: validation.payload }, validation } : { status: 'ok', answer: { status: 'cancelled' } };
  }
  return { status: 'unanswered' };
}

/** Field messages to show now: only for fields the person filled in (or all, when `all`). */
export function visibleMessages(model: InterruptModel, draft: InterruptDraft, check: AnswerCheck, all: boolean, options: FormOptions = {}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (model.mode === 'approval') {
    const c = model.confirm;
    if (c && (all || filled(draft, c.path)) && !confirmMatches(model, draft)) {
      out[c.path] = [resolveMessages(options.messages).mustEqual(String(c.mustEqual))];
    }
    const comment = model.comment && check.validation?.fieldMessages[model.comment.path];
    if (model.comment && comment) out[model.comment.path] = comment;
    return out;
  }
  for (const [path, list] of Object.entries(check.validation?.fieldMessages ?? {})) {
    if (all || filled(draft, path)) out[path] = list;
  }
  return out;
}
