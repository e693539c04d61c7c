import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  fieldEditorMachine,
  FIELD_SAVE_FAILED_MESSAGE,
  initialFieldValue,
  toFieldSaveError,
  type FieldEditorEvent,
  type FieldEditorInput,
  type OpenTaxonomyTreeEvent,
  type SaveFieldInput,
} from './fieldEditor.machine.ts';
import { fieldEditorModel, fieldEditorScopeModel, FIELD_EDITOR_SCOPES, MODEL_SAVE_FAILURE, MODEL_TITLE_HELP, type FieldEditorScope } from './fieldEditor.model.ts';
import {
  addBagItems,
  EMAIL_NOT_VALID_MESSAGE,
  EMAIL_SEPARATOR,
  INVALID_FORMAT_MESSAGE,
  isValidEmail,
  isValuePresent,
  normalizeFieldValue,
  parseEmailPaste,
  REQUIRED_MESSAGE,
  splitEmailList,
  validateFieldValue,
  type FieldDefinition,
} from './fieldValidation.ts';

const SCOPES = Object.keys(FIELD_EDITOR_SCOPES) as FieldEditorScope[];
const paths = SCOPES.map((scope) => ({
  scope,
  shortest: fieldEditorScopeModel(scope, 'shortest').getShortestPaths(),
  simple: fieldEditorScopeModel(scope, 'simple').getSimplePaths(),
}));

const json = (value: unknown) => JSON.stringify(value);

function createFieldDriver(scope: FieldEditorScope, coverage?: CoverageTracker): PathDriver {
  const input: FieldEditorInput = FIELD_EDITOR_SCOPES[scope];
  const { field } = input;
  const saves = createControlledPromiseActor<unknown, SaveFieldInput>();
  const actor = createActor(fieldEditorMachine.provide({ actors: { saveField: saves.logic } }), {
    input,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  const emitted: OpenTaxonomyTreeEvent[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let lastStep: { event: EventObject; before: AnyMachineSnapshot } | undefined;

  return {
    async exec(event) {
      const before = actor.getSnapshot();
      const seen = emitted.length;
      if (event.type === 'xstate.done.actor.saveField') saves.current().resolve(null);
      else if (event.type === 'xstate.error.actor.saveField') saves.current().reject((event as { error?: unknown } & EventObject).error);
      else actor.send(event as FieldEditorEvent);
      await flushPromises();
      const after = actor.getSnapshot();
      lastStep = { event, before };
      // The tree opens exactly when a taxonomy-only field's input gets focus.
      const opened = !before.matches({ editing: 'treeOpen' }) && after.matches({ editing: 'treeOpen' });
      expect(emitted.slice(seen)).toEqual(opened ? [{ type: 'openTaxonomyTree', fieldId: field.id, taxonomyHref: field.taxonomyHref }] : []);
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      if (field.multiInstance) {
        expect(Array.isArray(context.draft) && Array.isArray(context.saved)).toBe(true);
        const items = context.draft as readonly string[];
        expect(new Set(items).size).toBe(items.length);
      } else {
        expect(context.input).toBe('');
      }
      if (!snapshot.matches('saving')) expect(saves.pending()).toHaveLength(0);
      if (context.error) {
        // spec 02 §8: the help text shows; empty required fields are marked.
        expect(context.error.requiredMissing).toBe(context.error.value === 'required');
        const help = field.validation?.helpText;
        if (context.error.value === 'email') expect(context.error.message).toBe(EMAIL_NOT_VALID_MESSAGE);
        else if (context.error.value === 'required') expect(context.error.message).toBe(help ?? REQUIRED_MESSAGE);
        else expect(context.error.message).toBe(help ?? INVALID_FORMAT_MESSAGE);
      }
      if (context.saveError) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(context.saveError).toEqual({ value: 'saveFailed', message: FIELD_SAVE_FAILED_MESSAGE, status: '409', cause: MODEL_SAVE_FAILURE });
      }
      if (scope === 'taxonomy') {
        // Taxonomy-only: values come from the tree only (never typed).
        expect(['Nature', 'Animals', '']).toContain(context.draft);
      }

      if (snapshot.matches('readOnly')) {
        // spec 02 §4, §5: read-only fields never edit, and their text is not trimmed.
        expect(field.isWritable).toBe(false);
        expect(context.saved).toBe(input.value);
        expect(context.draft).toBe(input.value);
      } else {
        expect(field.isWritable).toBe(true);
      }
      if (snapshot.matches('view')) {
        expect(json(context.draft)).toBe(json(context.saved));
        expect(context.input).toBe('');
        if (lastStep && ['SAVE', 'FORM_SAVE'].includes(lastStep.event.type)) {
          // spec 02 §4: a validation failure cancels the edit: the value reverts to the saved one.
          expect(context.error).toBeDefined();
          expect(json(context.saved)).toBe(json(lastStep.before.context.saved));
        }
      }
      if (snapshot.matches('saving')) {
        // Only valid, normalized values reach the PATCH.
        expect(context.error).toBeUndefined();
        expect(validateFieldValue(field, context.draft)).toBeUndefined();
        expect(json(normalizeFieldValue(field, context.draft))).toBe(json(context.draft));
        expect(saves.current().input).toEqual({ fieldId: field.id, value: context.draft, previous: context.saved });
      }
      if (input.formMode && lastStep && lastStep.before.matches('editing')) {
        // spec 02 §4: in form mode the field leaves edit mode only when the form saves or cancels.
        if (!['FORM_SAVE', 'FORM_CANCEL'].includes(lastStep.event.type)) expect(snapshot.matches('editing')).toBe(true);
      }
      if (snapshot.matches({ editing: 'treeOpen' })) {
        // The tree opens on focus for taxonomy-only fields, and from the taxonomy button for any field with a taxonomy.
        expect(field.taxonomyHref).toBeTruthy();
        if (lastStep?.event.type === 'FOCUS') expect(field.taxonomyOnly).toBe(true);
      }
    },
  };
}

describe('fieldEditor model', () => {
  it('uses the text scope for the QA model', () => {
    expect(fieldEditorModel.testModel('shortest').getShortestPaths().length).toBe(paths[0]?.shortest.length);
  });
  for (const { scope, shortest, simple } of paths) {
    describeModelPaths(`${scope}: shortest paths`, shortest, 150, () => createFieldDriver(scope));
    describeModelPaths(`${scope}: simple paths`, simple, 150, () => createFieldDriver(scope));
  }
});

describe('fieldEditor coverage', () => {
  // Runs every path of every scope again on its own tracker, so the result does not depend on test order.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(fieldEditorMachine);
    for (const { scope, shortest, simple } of paths) {
      for (const path of [...shortest, ...simple]) await runPath(path, createFieldDriver(scope, coverage));
    }
    const report = coverage.report();
    console.log(formatCoverage('fieldEditor', report));
    assertFullCoverage('fieldEditor', report);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly.
// ---------------------------------------------------------------------------------------------------------------

function start(input: FieldEditorInput, save: (input: SaveFieldInput) => Promise<unknown> = async () => null) {
  const calls: SaveFieldInput[] = [];
  const actor = createActor(
    fieldEditorMachine.provide({
      actors: {
        saveField: fromPromise<unknown, SaveFieldInput>(({ input: saveInput }) => {
          calls.push(saveInput);
          return save(saveInput);
        }),
      },
    }),
    { input },
  );
  const emitted: OpenTaxonomyTreeEvent[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const TITLE: FieldDefinition = FIELD_EDITOR_SCOPES.text.field;
const KEYWORDS: FieldDefinition = { id: '25', label: 'Keywords', multiInstance: true, isWritable: true };

describe('fieldEditor modes (spec 02 §4)', () => {
  it('never enters edit mode for a read-only field', () => {
    const { actor } = start({ ...FIELD_EDITOR_SCOPES.readOnly, formMode: true });
    for (const type of ['EDIT', 'FOCUS', 'SAVE', 'FORM_SAVE'] as const) actor.send({ type });
    actor.send({ type: 'INPUT', text: 'x' });
    expect(actor.getSnapshot().value).toBe('readOnly');
  });

  it('saves a valid value after trimming it, then returns to view mode', async () => {
    const { actor, calls } = start(FIELD_EDITOR_SCOPES.text);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: '  North Pier ' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('view');
    expect(calls).toEqual([{ fieldId: '5', value: 'North Pier', previous: 'Harbour' }]);
    expect(actor.getSnapshot().context.saved).toBe('North Pier');
  });

  it('cancels the edit on a validation failure and keeps the help text in context', () => {
    const { actor, calls } = start(FIELD_EDITOR_SCOPES.text);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'Pier 42' });
    actor.send({ type: 'SAVE' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('view');
    expect(context.draft).toBe('Harbour');
    expect(context.error).toEqual({ value: 'regexp', message: MODEL_TITLE_HELP, requiredMissing: false });
    expect(calls).toEqual([]);
  });

  it('reverts on CANCEL (Esc or the cancel button)', () => {
    const { actor } = start(FIELD_EDITOR_SCOPES.text);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'Quay' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('view');
    expect(actor.getSnapshot().context.draft).toBe('Harbour');
  });

  it('reverts on BLUR only for cancel-on-blur fields', () => {
    const blurring = start({ ...FIELD_EDITOR_SCOPES.text, options: { cancelEditOnBlur: true } }).actor;
    blurring.send({ type: 'EDIT' });
    blurring.send({ type: 'INPUT', text: 'Quay' });
    blurring.send({ type: 'BLUR' });
    expect(blurring.getSnapshot().value).toBe('view');
    expect(blurring.getSnapshot().context.draft).toBe('Harbour');

    const keeping = start(FIELD_EDITOR_SCOPES.text).actor;
    keeping.send({ type: 'EDIT' });
    keeping.send({ type: 'INPUT', text: 'Quay' });
    keeping.send({ type: 'BLUR' });
    expect(keeping.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(keeping.getSnapshot().context.draft).toBe('Quay');
  });

  it('in form mode stays in edit until the form saves or cancels', async () => {
    const { actor, calls } = start(FIELD_EDITOR_SCOPES.form);
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    actor.send({ type: 'INPUT', text: 'ann@example.org' });
    for (const type of ['SAVE', 'CANCEL', 'BLUR'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(actor.getSnapshot().context.draft).toBe('ann@example.org');
    actor.send({ type: 'FORM_SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('view');
    expect(calls).toEqual([{ fieldId: '80', value: 'ann@example.org', previous: '' }]);
  });

  it('ignores FORM_SAVE / FORM_CANCEL outside form mode', () => {
    const { actor } = start(FIELD_EDITOR_SCOPES.text);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'FORM_SAVE' });
    actor.send({ type: 'FORM_CANCEL' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
  });

  it('keeps a taxonomy-only input read-only and opens the tree on focus', () => {
    const { actor, emitted } = start(FIELD_EDITOR_SCOPES.taxonomy);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'typed' });
    actor.send({ type: 'SET_VALUE', value: 'typed' });
    actor.send({ type: 'PASTE', text: 'typed' });
    expect(actor.getSnapshot().context.draft).toBe('Nature');
    actor.send({ type: 'FOCUS' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'treeOpen' });
    expect(emitted).toEqual([{ type: 'openTaxonomyTree', fieldId: '25', taxonomyHref: FIELD_EDITOR_SCOPES.taxonomy.field.taxonomyHref }]);
    actor.send({ type: 'PICK', value: 'Animals' });
    expect(actor.getSnapshot().context.draft).toBe('Animals');
  });

  it('takes several picked values: a bag adds them all, a single field the first', () => {
    const bagField = { ...FIELD_EDITOR_SCOPES.taxonomy.field, multiInstance: true };
    const { actor: bagActor } = start({ field: bagField, value: ['Nature'] });
    bagActor.send({ type: 'EDIT' });
    bagActor.send({ type: 'FOCUS' });
    bagActor.send({ type: 'PICK', value: ['Animals', 'Nature', 'Birds'] });
    expect(bagActor.getSnapshot().context.draft).toEqual(['Nature', 'Animals', 'Birds']);
    const { actor } = start(FIELD_EDITOR_SCOPES.taxonomy);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'FOCUS' });
    actor.send({ type: 'PICK', value: ['Birds', 'Animals'] });
    expect(actor.getSnapshot().context.draft).toBe('Birds');
    actor.send({ type: 'FOCUS' });
    actor.send({ type: 'PICK', value: [] });
    expect(actor.getSnapshot().context.draft).toBe('');
  });

  it('does not open a tree for ordinary fields on focus', () => {
    const { actor, emitted } = start(FIELD_EDITOR_SCOPES.text);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'FOCUS' });
    actor.send({ type: 'OPEN_TREE' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(emitted).toEqual([]);
  });

  it('keeps the edit open with a save error when the PATCH fails, and saves on a second try', async () => {
    let fail = true;
    const { actor } = start(FIELD_EDITOR_SCOPES.text, async () => {
      if (fail) throw MODEL_SAVE_FAILURE;
      return null;
    });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'Quay' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ editing: 'typing' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Quay', saveError: { value: 'saveFailed', status: '409' } });
    fail = false;
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ saved: 'Quay', saveError: undefined });
  });

  it('records a save error when no saveField is provided', async () => {
    const actor = createActor(fieldEditorMachine, { input: FIELD_EDITOR_SCOPES.text }).start();
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().context.saveError?.value).toBe('saveFailed');
    expect(toFieldSaveError(new Error('x'))).not.toHaveProperty('status');
  });
});

describe('fieldEditor bag items (spec 02 §5)', () => {
  it('creates items from the input on Enter, on blur and on save', async () => {
    const { actor, calls } = start({ field: KEYWORDS, value: ['boat'] });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: ' sea ' });
    actor.send({ type: 'ENTER' });
    actor.send({ type: 'INPUT', text: 'sky' });
    actor.send({ type: 'BLUR' });
    actor.send({ type: 'INPUT', text: 'sun' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: ['boat', 'sea', 'sky'], input: 'sun' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(calls[0]?.value).toEqual(['boat', 'sea', 'sky', 'sun']);
  });

  it('ignores Enter on an empty input and removes items by index', () => {
    const { actor } = start({ field: KEYWORDS, value: ['a', 'b'] });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: '   ' });
    actor.send({ type: 'ENTER' });
    actor.send({ type: 'REMOVE_ITEM', index: 5 });
    expect(actor.getSnapshot().context.draft).toEqual(['a', 'b']);
    actor.send({ type: 'REMOVE_ITEM', index: 0 });
    expect(actor.getSnapshot().context.draft).toEqual(['b']);
  });

  it("splits e-mail input on ';' (char 59) and keeps only valid addresses from a paste", () => {
    expect(EMAIL_SEPARATOR.charCodeAt(0)).toBe(59);
    const { actor } = start(FIELD_EDITOR_SCOPES.emailBag);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'bob@example.org; carl@exa' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: ['ann@example.org', 'bob@example.org'], input: ' carl@exa' });
    actor.send({ type: 'PASTE', text: 'Dan <dan@example.org>, junk; ann@example.org\nerin@example.org' });
    expect(actor.getSnapshot().context.draft).toEqual(['ann@example.org', 'bob@example.org', 'dan@example.org', 'erin@example.org']);
  });

  it('refuses an invalid address on save with "email not valid"', () => {
    const { actor } = start(FIELD_EDITOR_SCOPES.emailBag);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'INPUT', text: 'nope' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('view');
    expect(actor.getSnapshot().context.error).toEqual({ value: 'email', message: 'email not valid', requiredMissing: false });
  });

  it('starts bags from any saved value', () => {
    expect(initialFieldValue(KEYWORDS, 'one')).toEqual(['one']);
    expect(initialFieldValue(KEYWORDS, null)).toEqual([]);
    expect(initialFieldValue(TITLE, undefined)).toBeNull();
  });
});

describe('field validation rules (spec 02 §5)', () => {
  it('counts true, a non-empty string or array, or a date as present', () => {
    for (const value of [true, 'a', ['a'], new Date('2024-05-01'), 0]) expect(isValuePresent(value)).toBe(true);
    for (const value of [false, '', '  ', [], new Date('nope'), null, undefined, Number.NaN]) {
      expect(isValuePresent(value)).toBe(false);
    }
  });

  it('marks empty required fields, with the help text when there is one', () => {
    expect(validateFieldValue(TITLE, '')).toEqual({ value: 'required', message: MODEL_TITLE_HELP, requiredMissing: true });
    expect(validateFieldValue({ ...TITLE, validation: {} }, [] as string[])).toEqual({
      value: 'required',
      message: REQUIRED_MESSAGE,
      requiredMissing: true,
    });
    expect(validateFieldValue({ ...TITLE, required: false }, '')).toBeUndefined();
    expect(validateFieldValue({ ...TITLE, dataType: 'checkbox' }, false)?.value).toBe('required');
    expect(validateFieldValue({ ...TITLE, dataType: 'checkbox', validation: {} }, true)).toBeUndefined();
  });

  it('applies the regexp to each value', () => {
    const bag: FieldDefinition = { ...KEYWORDS, validation: { regexp: '^[a-z]+$', helpText: 'lower case' } };
    expect(validateFieldValue(bag, ['sea', 'sky'])).toBeUndefined();
    expect(validateFieldValue(bag, ['sea', 'Sky'])).toEqual({ value: 'regexp', message: 'lower case', requiredMissing: false });
    expect(validateFieldValue({ ...bag, validation: { regexp: '^[a-z]+$' } }, ['X'])?.message).toBe(INVALID_FORMAT_MESSAGE);
    // A broken pattern in the configuration validates nothing rather than locking the field.
    expect(validateFieldValue({ ...bag, validation: { regexp: '([' } }, ['X'])).toBeUndefined();
  });

  it('validates e-mail addresses separated by semicolons', () => {
    const email: FieldDefinition = FIELD_EDITOR_SCOPES.form.field;
    expect(validateFieldValue(email, 'ann@example.org;bob@example.org')).toBeUndefined();
    expect(validateFieldValue(email, 'ann@example.org;bob')?.message).toBe(EMAIL_NOT_VALID_MESSAGE);
    expect(isValidEmail('ann@example.org')).toBe(true);
    for (const bad of ['ann', 'ann@', '@example.org', 'a b@example.org', 'ann@exa mple.org']) expect(isValidEmail(bad)).toBe(false);
    expect(splitEmailList(' a@x.org ; ;b@x.org ')).toEqual(['a@x.org', 'b@x.org']);
    expect(parseEmailPaste('"Ann" <ann@x.org>; bad, bob@x.org bob@x.org')).toEqual(['ann@x.org', 'bob@x.org']);
  });

  it('checks numbers against min and max', () => {
    const rating: FieldDefinition = { id: 'rating', label: 'Rating', dataType: 'number', isWritable: true, validation: { min: 0, max: 5 } };
    expect(validateFieldValue(rating, '3')).toBeUndefined();
    expect(validateFieldValue(rating, 4)).toBeUndefined();
    expect(validateFieldValue(rating, '7')).toEqual({ value: 'number', message: 'Enter a number from 0 up to 5.', requiredMissing: false });
    expect(validateFieldValue(rating, 'x')?.value).toBe('number');
  });

  it('trims text unless the field is read-only', () => {
    expect(normalizeFieldValue(TITLE, '  Pier  ')).toBe('Pier');
    expect(normalizeFieldValue({ ...TITLE, isWritable: false }, '  Pier  ')).toBe('  Pier  ');
    expect(normalizeFieldValue(KEYWORDS, [' a ', ' ', 'b'])).toEqual(['a', 'b']);
    expect(normalizeFieldValue(FIELD_EDITOR_SCOPES.form.field, ' a@x.org ; b@x.org ')).toBe('a@x.org;b@x.org');
    expect(normalizeFieldValue(TITLE, true)).toBe(true);
  });

  it('adds bag items without duplicates', () => {
    expect(addBagItems(KEYWORDS, ['a'], ' b ')).toEqual(['a', 'b']);
    expect(addBagItems(KEYWORDS, ['a'], 'a')).toEqual(['a']);
    expect(addBagItems(KEYWORDS, ['a'], '  ')).toEqual(['a']);
    expect(addBagItems(FIELD_EDITOR_SCOPES.emailBag.field, [], 'a@x.org;b@x.org')).toEqual(['a@x.org', 'b@x.org']);
  });
});
