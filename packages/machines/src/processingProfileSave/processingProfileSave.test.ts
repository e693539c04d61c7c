import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  PROFILE_FORBIDDEN_TEXT,
  PROFILE_GONE_TEXT,
  PROFILE_NAME_REQUIRED,
  PROFILE_NAME_TOO_LONG,
  PROFILE_QUALITY_INVALID,
  PROFILE_REFUSED_TEXT,
  PROFILE_SIZE_INVALID,
  isWholeProcessingProfile,
  processingProfileBody,
  processingProfileChange,
  processingProfileErrorField,
  processingProfileErrorMessage,
  processingProfileProblems,
  processingProfileSaveMachine,
  processingProfileValues,
  type ProcessingProfileFormValues,
  type ProcessingProfileSaveInput,
  type SavedProcessingProfile,
  type SaveProcessingProfileInput,
} from './processingProfileSave.machine.ts';
import {
  MODEL_NEW_PROFILE,
  MODEL_NEW_PROFILE_SAVES,
  MODEL_PROFILE,
  MODEL_PROFILE_CONFLICT,
  MODEL_PROFILE_FORBIDDEN,
  MODEL_PROFILE_INVALID,
  MODEL_PROFILE_LIST,
  MODEL_PROFILE_ORIGINAL,
  MODEL_PROFILE_SAVES,
  PROCESSING_PROFILE_SAVE_ADD_MODEL_INPUT,
  PROCESSING_PROFILE_SAVE_MODEL_INPUT,
  processingProfileSaveModel,
  processingProfileSaveModelFor,
  type ProcessingProfileSaveModelMode,
} from './processingProfileSave.model.ts';

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

const LIST = '/fotoweb/api/processing-profiles';
const WEB = { href: `${LIST}/0b4f7a52-8d0e-4c8e-9d43-2b1f6f0a9c11`, name: 'Web 400', size: 400, format: 'jpg' as const, quality: 80 };
const web400: ProcessingProfileFormValues = { name: ' Web 400 ', originalSize: false, size: '400', format: 'jpg', quality: '80', watermark: false };
const CONFLICT = { status: 409, responseJSON: { value: 'Conflict', message: 'A processing profile named "Web 400" exists already.', heading: 'Conflict' } };

function start(input: ProcessingProfileSaveInput) {
  const saves = createControlledPromiseActor<SavedProcessingProfile, SaveProcessingProfileInput>();
  const actor = createActor(processingProfileSaveMachine.provide({ actors: { save: saves.logic } }), { input }).start();
  return { actor, saves };
}

describe('processing profile values and problems', () => {
  it('starts a new profile at the original size, jpg, quality 80, and an existing one at its values', () => {
    expect(processingProfileValues(undefined)).toEqual({ name: '', originalSize: true, size: '', format: 'jpg', quality: '80', watermark: false });
    expect(processingProfileValues(WEB)).toEqual({ name: 'Web 400', originalSize: false, size: '400', format: 'jpg', quality: '80', watermark: false });
    expect(processingProfileValues({ ...WEB, watermark: true })).toMatchObject({ watermark: true });
    expect(processingProfileValues({ ...WEB, size: null, format: 'png' })).toMatchObject({ originalSize: true, size: '', format: 'png' });
  });

  it('names the field of every problem, and accepts the bounds', () => {
    expect(processingProfileProblems({ name: '  ', originalSize: false, size: '0', format: 'jpg', quality: '101', watermark: false })).toEqual([
      { field: 'name', message: PROFILE_NAME_REQUIRED },
      { field: 'size', message: PROFILE_SIZE_INVALID },
      { field: 'quality', message: PROFILE_QUALITY_INVALID },
    ]);
    expect(processingProfileProblems({ ...web400, name: 'x'.repeat(101) })).toEqual([{ field: 'name', message: PROFILE_NAME_TOO_LONG }]);
    for (const size of ['', '12.5', '-3', '10001', 'abc']) expect(processingProfileProblems({ ...web400, size })).toEqual([{ field: 'size', message: PROFILE_SIZE_INVALID }]);
    for (const quality of ['0', '', '7.5']) expect(processingProfileProblems({ ...web400, quality })).toEqual([{ field: 'quality', message: PROFILE_QUALITY_INVALID }]);
    expect(processingProfileProblems({ ...web400, size: '10000', quality: '1' })).toEqual([]);
    expect(processingProfileProblems({ ...web400, size: '1', quality: '100' })).toEqual([]);
    // "Original size" ignores whatever the size input holds.
    expect(processingProfileProblems({ ...web400, originalSize: true, size: 'junk' })).toEqual([]);
  });

  it('sends the name trimmed and null for the original size; an edit sends everything or nothing', () => {
    expect(processingProfileBody(web400)).toEqual({ name: 'Web 400', size: 400, format: 'jpg', quality: 80, watermark: false });
    expect(processingProfileBody({ ...web400, originalSize: true })).toEqual({ name: 'Web 400', size: null, format: 'jpg', quality: 80, watermark: false });
    const original = processingProfileValues(WEB);
    expect(processingProfileChange(original, { ...original, name: 'Web 400 ', size: '0400' })).toEqual({});
    expect(processingProfileChange(original, { ...original, quality: '70' })).toEqual({ name: 'Web 400', size: 400, format: 'jpg', quality: 70, watermark: false });
    expect(processingProfileChange(original, { ...original, watermark: true })).toMatchObject({ watermark: true });
    expect(isWholeProcessingProfile(processingProfileChange(original, original))).toBe(false);
    expect(isWholeProcessingProfile(processingProfileChange(original, { ...original, format: 'png' }))).toBe(true);
  });
});

describe('processing profile errors', () => {
  it('shows the DAM message for 409 and 400 and puts it at its field', () => {
    expect(processingProfileErrorMessage(CONFLICT)).toBe(CONFLICT.responseJSON.message);
    expect(processingProfileErrorField(CONFLICT)).toBe('name');
    const bad = {
      status: 400,
      responseJSON: { value: 'InvalidRequest', message: 'The request body is not valid.', issues: [{ path: 'quality', message: 'Too big: expected number to be <=100' }] },
    };
    expect(processingProfileErrorMessage(bad)).toBe('Too big: expected number to be <=100');
    expect(processingProfileErrorField(bad)).toBe('quality');
    expect(processingProfileErrorField({ status: 400, responseJSON: { issues: [{ path: 'size.0', message: 'x' }] } })).toBe('size');
    expect(processingProfileErrorMessage({ status: 400, responseJSON: { message: 'Not JSON.' } })).toBe('Not JSON.');
    expect(processingProfileErrorField({ status: 400, responseJSON: { message: 'Not JSON.' } })).toBeUndefined();
    expect(processingProfileErrorMessage({ status: 409, responseJSON: null })).toBe(PROFILE_REFUSED_TEXT);
  });

  it('words 403, 404 and anything else', () => {
    expect(processingProfileErrorMessage({ status: 403, responseJSON: null })).toBe(PROFILE_FORBIDDEN_TEXT);
    expect(processingProfileErrorMessage({ status: 403, responseJSON: { message: 'You need the manageArchives permission.' } })).toBe('You need the manageArchives permission.');
    expect(processingProfileErrorMessage({ status: 404, responseJSON: null })).toBe(PROFILE_GONE_TEXT);
    expect(processingProfileErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(processingProfileErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(processingProfileErrorField({ status: 500 })).toBeUndefined();
    expect(processingProfileErrorField(undefined)).toBeUndefined();
  });
});

describe('processingProfileSave machine', () => {
  it('keeps a form with problems editing, with no call', () => {
    const { actor, saves } = start({ mode: 'add', listHref: LIST });
    actor.send({ type: 'SAVE', values: { ...web400, name: '' }, membershipsChanged: false });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'name', message: PROFILE_NAME_REQUIRED }]);
    expect(saves.invocations).toHaveLength(0);
  });

  it('creates a profile; a refused name shows the DAM message, and the retry creates it', async () => {
    const { actor, saves } = start({ mode: 'add', listHref: LIST });
    actor.send({ type: 'SAVE', values: web400, membershipsChanged: false });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saves.current().input).toEqual({ mode: 'add', listHref: LIST, body: { name: 'Web 400', size: 400, format: 'jpg', quality: 80, watermark: false } });
    saves.current().reject(CONFLICT);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(CONFLICT.responseJSON.message);

    actor.send({ type: 'SAVE', values: { ...web400, name: 'Web 400 b' }, membershipsChanged: false });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(saves.current().input).toMatchObject({ mode: 'add', body: { name: 'Web 400 b' } });
    saves.current().resolve({ href: WEB.href });
    await flushPromises();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: { href: WEB.href } });
    expect(saves.invocations).toHaveLength(2);
  });

  it('edits with the whole body, and closes with no call when nothing changed', async () => {
    const original = processingProfileValues(WEB);
    const unchanged = start({ mode: 'edit', saved: { href: WEB.href }, original });
    unchanged.actor.send({ type: 'SAVE', values: { ...original, name: 'Web 400  ' }, membershipsChanged: false });
    expect(unchanged.actor.getSnapshot().value).toBe('saved');
    expect(unchanged.saves.invocations).toHaveLength(0);

    const { actor, saves } = start({ mode: 'edit', saved: { href: WEB.href }, original });
    actor.send({ type: 'SAVE', values: { ...original, originalSize: true, format: 'webp' }, membershipsChanged: false });
    expect(saves.current().input).toEqual({ mode: 'edit', href: WEB.href, patch: { name: 'Web 400', size: null, format: 'webp', quality: 80, watermark: false } });
    saves.current().resolve({ href: WEB.href });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('saved');
  });
});

const shortestPaths = processingProfileSaveModel.testModel('shortest').getShortestPaths();
const simplePaths = processingProfileSaveModel.testModel('simple').getSimplePaths();
const addShortestPaths = processingProfileSaveModelFor('add').testModel('shortest').getShortestPaths();
const addSimplePaths = processingProfileSaveModelFor('add').testModel('simple').getSimplePaths();

/** The form-save machine's membership step (never reached by the dialog: a profile has no membership lists). */
const MEMBERSHIP_ONLY_TRANSITIONS = [
  'processingProfileSave.validating|(always)|2',
  'processingProfileSave.saving|xstate.done.actor.save|0',
  'processingProfileSave.savingMemberships|xstate.done.actor.saveMemberships|0',
  'processingProfileSave.savingMemberships|xstate.error.actor.saveMemberships|0',
];

type ProcessingProfileSaveEvent = { type: 'SAVE'; values: ProcessingProfileFormValues; membershipsChanged: boolean };

function createProcessingProfileSaveDriver(coverage?: CoverageTracker, mode: ProcessingProfileSaveModelMode = 'edit'): PathDriver {
  const saves = createControlledPromiseActor<SavedProcessingProfile, SaveProcessingProfileInput>();
  const actor = createActor(processingProfileSaveMachine.provide({ actors: { save: saves.logic } }), {
    input: mode === 'add' ? PROCESSING_PROFILE_SAVE_ADD_MODEL_INPUT : PROCESSING_PROFILE_SAVE_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());

  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output as SavedProcessingProfile);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else actor.send(event as ProcessingProfileSaveEvent);
      await flushPromises();
      const after = actor.getSnapshot();

      // Oracles from the dialog's rules, independent of the machine's guards: problems block the save; an edit that
      // sends the same body makes no call; anything else is sent.
      if (event.type === 'SAVE') {
        const { values } = event as ProcessingProfileSaveEvent;
        const problems = processingProfileProblems(values);
        const unchanged = mode === 'edit' && JSON.stringify(processingProfileBody(values)) === JSON.stringify(processingProfileBody(MODEL_PROFILE_ORIGINAL));
        expect(after.value).toBe(problems.length > 0 ? 'editing' : unchanged ? 'saved' : 'saving');
        expect(after.context.problems).toEqual(problems);
        expect(after.context.error).toBeUndefined();
      }
      if (event.type === 'xstate.error.actor.save') {
        expect(after.value).toBe('error');
        expect(after.context.error).toBe(processingProfileErrorMessage(payload.error));
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Every call sends the whole profile: the add form POSTs the new one, the edit form PUTs the changed one.
      for (const { input } of saves.invocations) {
        expect(input).toEqual(
          mode === 'add'
            ? { mode: 'add', listHref: MODEL_PROFILE_LIST, body: processingProfileBody(MODEL_NEW_PROFILE_SAVES.valid) }
            : { mode: 'edit', href: MODEL_PROFILE.href, patch: processingProfileBody(MODEL_PROFILE_SAVES.changed) },
        );
      }
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      if (snapshot.matches('saved')) {
        const created = saves.invocations.length > 0;
        expect(snapshot.output).toEqual({ saved: mode === 'add' ? MODEL_NEW_PROFILE : MODEL_PROFILE });
        if (mode === 'add') expect(created).toBe(true);
      }
    },
  };
}

describeModelPaths('processingProfileSave model: shortest paths (409, 400, 403)', shortestPaths, 15, () => createProcessingProfileSaveDriver());

describeModelPaths('processingProfileSave model: simple paths (409)', simplePaths, 15, () => createProcessingProfileSaveDriver());

describeModelPaths('processingProfileSave add model: shortest paths (409, 400, 403)', addShortestPaths, 15, () => createProcessingProfileSaveDriver(undefined, 'add'));

describeModelPaths('processingProfileSave add model: simple paths (409)', addSimplePaths, 15, () => createProcessingProfileSaveDriver(undefined, 'add'));

describe('processingProfileSave coverage', () => {
  it('reaches every state and takes every transition the dialog can, across the executed paths', async () => {
    const coverage = createCoverageTracker(processingProfileSaveMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createProcessingProfileSaveDriver(coverage));
    for (const path of [...addShortestPaths, ...addSimplePaths]) await runPath(path, createProcessingProfileSaveDriver(coverage, 'add'));
    const report = coverage.report();
    console.log(formatCoverage('processingProfileSave', report));
    // A profile has no membership lists (the dialog always sends membershipsChanged: false), so the form-save
    // machine's membership step is the only part never reached; the user and group models cover it.
    expect(report.states.missing).toEqual(['processingProfileSave.savingMemberships']);
    expect(report.transitions.missing).toEqual(MEMBERSHIP_ONLY_TRANSITIONS);
  });

  it('the model payloads are what their names say', () => {
    expect(processingProfileProblems(MODEL_PROFILE_SAVES.invalid).map((problem) => problem.field)).toEqual(['size', 'quality']);
    expect(processingProfileChange(MODEL_PROFILE_ORIGINAL, MODEL_PROFILE_SAVES.unchanged)).toEqual({});
    expect(processingProfileChange(MODEL_PROFILE_ORIGINAL, MODEL_PROFILE_SAVES.changed)).toEqual({ name: 'Web 1200', size: null, format: 'webp', quality: 70, watermark: true });
    expect(processingProfileProblems(MODEL_NEW_PROFILE_SAVES.invalid)).toEqual([{ field: 'name', message: PROFILE_NAME_REQUIRED }]);
    expect(processingProfileBody(MODEL_NEW_PROFILE_SAVES.valid)).toEqual({ name: 'Thumbnail 200', size: 200, format: 'png', quality: 90, watermark: false });
    expect(processingProfileErrorField(MODEL_PROFILE_CONFLICT)).toBe('name');
    expect(processingProfileErrorField(MODEL_PROFILE_INVALID)).toBe('size');
    expect(processingProfileErrorField(MODEL_PROFILE_FORBIDDEN)).toBeUndefined();
    expect(processingProfileErrorMessage(MODEL_PROFILE_FORBIDDEN)).toBe(MODEL_PROFILE_FORBIDDEN.responseJSON.message);
  });
});
