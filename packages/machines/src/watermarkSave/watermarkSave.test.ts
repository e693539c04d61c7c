import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  WATERMARK_FORBIDDEN_TEXT,
  WATERMARK_GONE_TEXT,
  WATERMARK_IMAGE_MAX_BYTES,
  WATERMARK_IMAGE_REQUIRED,
  WATERMARK_IMAGE_TOO_LARGE,
  WATERMARK_IMAGE_TYPE_INVALID,
  WATERMARK_NAME_REQUIRED,
  WATERMARK_NAME_TOO_LONG,
  WATERMARK_OPACITY_INVALID,
  WATERMARK_POSITION_INVALID,
  WATERMARK_REFUSED_TEXT,
  WATERMARK_SCALE_INVALID,
  dataUrlImage,
  isWholeWatermark,
  watermarkBody,
  watermarkChange,
  watermarkErrorField,
  watermarkErrorMessage,
  watermarkImageProblem,
  watermarkProblems,
  watermarkSaveMachine,
  watermarkValues,
  type SavedWatermark,
  type SaveWatermarkInput,
  type WatermarkFormValues,
  type WatermarkPosition,
  type WatermarkSaveInput,
} from './watermarkSave.machine.ts';
import {
  MODEL_NEW_WATERMARK,
  MODEL_NEW_WATERMARK_SAVES,
  MODEL_WATERMARK,
  MODEL_WATERMARK_CONFLICT,
  MODEL_WATERMARK_FORBIDDEN,
  MODEL_WATERMARK_IMAGE,
  MODEL_WATERMARK_INVALID,
  MODEL_WATERMARK_LIST,
  MODEL_WATERMARK_ORIGINAL,
  MODEL_WATERMARK_SAVES,
  WATERMARK_SAVE_ADD_MODEL_INPUT,
  WATERMARK_SAVE_MODEL_INPUT,
  watermarkSaveModel,
  watermarkSaveModelFor,
  type WatermarkSaveModelMode,
} from './watermarkSave.model.ts';

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

const LIST = '/fotoweb/api/watermarks';
const PNG = MODEL_WATERMARK_IMAGE;
const LOGO = { href: `${LIST}/0b4f7a52-8d0e-4c8e-9d43-2b1f6f0a9c11`, name: 'Logo', position: 'top-left' as const, opacity: 40, scale: 20 };
const logo: WatermarkFormValues = { name: ' Logo ', image: PNG, position: 'top-left', opacity: '40', scale: '20' };
const CONFLICT = { status: 409, responseJSON: { value: 'Conflict', message: 'A watermark named "Logo" exists already.', heading: 'Conflict' } };

/** A base64 `data:` URL of `bytes` zero bytes of media type `type`. */
const dataUrlOf = (type: string, bytes: number) => `data:${type};base64,${Buffer.alloc(bytes).toString('base64')}`;

function start(input: WatermarkSaveInput) {
  const saves = createControlledPromiseActor<SavedWatermark, SaveWatermarkInput>();
  const actor = createActor(watermarkSaveMachine.provide({ actors: { save: saves.logic } }), { input }).start();
  return { actor, saves };
}

describe('watermark values and problems', () => {
  it('starts a new watermark at the bottom right, 50 %, 25 % wide, and an existing one at its values without a new image', () => {
    expect(watermarkValues(undefined)).toEqual({ name: '', image: null, position: 'bottom-right', opacity: '50', scale: '25' });
    expect(watermarkValues(LOGO)).toEqual({ name: 'Logo', image: null, position: 'top-left', opacity: '40', scale: '20' });
  });

  it('reads a data URL’s media type and decoded size', () => {
    expect(dataUrlImage(PNG)).toEqual({ type: 'image/png', bytes: Buffer.from(PNG.split(',')[1]!, 'base64').length });
    for (const bytes of [0, 1, 2, 3, 100]) expect(dataUrlImage(dataUrlOf('image/webp', bytes))).toEqual({ type: 'image/webp', bytes });
    expect(dataUrlImage('data:IMAGE/JPEG;name=a.jpg;base64,AAAA')).toEqual({ type: 'image/jpeg', bytes: 3 });
    expect(dataUrlImage('data:image/png,raw')).toBeUndefined();
    expect(dataUrlImage('iVBORw0KGgo=')).toBeUndefined();
  });

  it('takes a PNG, JPEG or WebP of at most 512 KiB', () => {
    expect(watermarkImageProblem(PNG)).toBeUndefined();
    expect(watermarkImageProblem(dataUrlOf('image/jpeg', WATERMARK_IMAGE_MAX_BYTES))).toBeUndefined();
    expect(watermarkImageProblem(dataUrlOf('image/webp', WATERMARK_IMAGE_MAX_BYTES + 1))).toBe(WATERMARK_IMAGE_TOO_LARGE);
    expect(watermarkImageProblem(dataUrlOf('image/gif', 10))).toBe(WATERMARK_IMAGE_TYPE_INVALID);
    expect(watermarkImageProblem(dataUrlOf('', 10))).toBe(WATERMARK_IMAGE_TYPE_INVALID);
    expect(watermarkImageProblem('not a data URL')).toBe(WATERMARK_IMAGE_TYPE_INVALID);
  });

  it('names the field of every problem; an image is required only when creating', () => {
    const blank: WatermarkFormValues = { name: '  ', image: null, position: 'middle' as WatermarkPosition, opacity: '0', scale: '101' };
    expect(watermarkProblems(blank)).toEqual([
      { field: 'name', message: WATERMARK_NAME_REQUIRED },
      { field: 'image', message: WATERMARK_IMAGE_REQUIRED },
      { field: 'position', message: WATERMARK_POSITION_INVALID },
      { field: 'opacity', message: WATERMARK_OPACITY_INVALID },
      { field: 'scale', message: WATERMARK_SCALE_INVALID },
    ]);
    const original = watermarkValues(LOGO);
    expect(watermarkProblems({ ...original, image: null }, original)).toEqual([]);
    expect(watermarkProblems({ ...original, image: dataUrlOf('image/gif', 4) }, original)).toEqual([{ field: 'image', message: WATERMARK_IMAGE_TYPE_INVALID }]);
    expect(watermarkProblems({ ...logo, name: 'x'.repeat(101) })).toEqual([{ field: 'name', message: WATERMARK_NAME_TOO_LONG }]);
    for (const opacity of ['', '12.5', '-3', '101', 'abc']) expect(watermarkProblems({ ...logo, opacity })).toEqual([{ field: 'opacity', message: WATERMARK_OPACITY_INVALID }]);
    for (const scale of ['0', '', '7.5']) expect(watermarkProblems({ ...logo, scale })).toEqual([{ field: 'scale', message: WATERMARK_SCALE_INVALID }]);
    expect(watermarkProblems({ ...logo, opacity: '1', scale: '100' })).toEqual([]);
    expect(watermarkProblems({ ...logo, opacity: '100', scale: '1', position: 'tile' })).toEqual([]);
  });

  it('sends the name trimmed and the image only when chosen; an edit sends everything or nothing', () => {
    expect(watermarkBody(logo)).toEqual({ name: 'Logo', position: 'top-left', opacity: 40, scale: 20, image: PNG });
    expect(watermarkBody({ ...logo, image: null })).toEqual({ name: 'Logo', position: 'top-left', opacity: 40, scale: 20 });
    const original = watermarkValues(LOGO);
    expect(watermarkChange(original, { ...original, name: 'Logo ', opacity: '040' })).toEqual({});
    expect(watermarkChange(original, { ...original, scale: '30' })).toEqual({ name: 'Logo', position: 'top-left', opacity: 40, scale: 30 });
    expect(watermarkChange(original, { ...original, image: PNG })).toEqual({ name: 'Logo', position: 'top-left', opacity: 40, scale: 20, image: PNG });
    expect(isWholeWatermark(watermarkChange(original, original))).toBe(false);
    expect(isWholeWatermark(watermarkChange(original, { ...original, position: 'tile' }))).toBe(true);
  });
});

describe('watermark errors', () => {
  it('shows the DAM message for 409 and 400 and puts it at its field', () => {
    expect(watermarkErrorMessage(CONFLICT)).toBe(CONFLICT.responseJSON.message);
    expect(watermarkErrorField(CONFLICT)).toBe('name');
    const badImage = {
      status: 400,
      responseJSON: {
        value: 'InvalidRequest',
        message: 'A gif cannot be a watermark: give a PNG, JPEG or WebP.',
        issues: [{ path: 'image', message: 'A gif cannot be a watermark: give a PNG, JPEG or WebP.' }],
      },
    };
    expect(watermarkErrorMessage(badImage)).toBe('A gif cannot be a watermark: give a PNG, JPEG or WebP.');
    expect(watermarkErrorField(badImage)).toBe('image');
    expect(watermarkErrorField({ status: 400, responseJSON: { issues: [{ path: 'opacity', message: 'Too big' }] } })).toBe('opacity');
    expect(watermarkErrorField({ status: 400, responseJSON: { issues: [{ path: 'other', message: 'x' }] } })).toBeUndefined();
    expect(watermarkErrorMessage({ status: 400, responseJSON: { message: 'Not JSON.' } })).toBe('Not JSON.');
    expect(watermarkErrorField({ status: 400, responseJSON: { message: 'Not JSON.' } })).toBeUndefined();
    expect(watermarkErrorMessage({ status: 409, responseJSON: null })).toBe(WATERMARK_REFUSED_TEXT);
  });

  it('words 403, 404 and anything else', () => {
    expect(watermarkErrorMessage({ status: 403, responseJSON: null })).toBe(WATERMARK_FORBIDDEN_TEXT);
    expect(watermarkErrorMessage({ status: 403, responseJSON: { message: 'You need the manageArchives permission.' } })).toBe('You need the manageArchives permission.');
    expect(watermarkErrorMessage({ status: 404, responseJSON: null })).toBe(WATERMARK_GONE_TEXT);
    expect(watermarkErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(watermarkErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(watermarkErrorField({ status: 500 })).toBeUndefined();
    expect(watermarkErrorField(undefined)).toBeUndefined();
  });
});

describe('watermarkSave machine', () => {
  it('keeps a new watermark without an image editing, with no call', () => {
    const { actor, saves } = start({ mode: 'add', listHref: LIST });
    actor.send({ type: 'SAVE', values: { ...logo, image: null }, membershipsChanged: false });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'image', message: WATERMARK_IMAGE_REQUIRED }]);
    expect(saves.invocations).toHaveLength(0);
  });

  it('creates a watermark with its image; a refused name shows the DAM message, and the retry creates it', async () => {
    const { actor, saves } = start({ mode: 'add', listHref: LIST });
    actor.send({ type: 'SAVE', values: logo, membershipsChanged: false });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saves.current().input).toEqual({ mode: 'add', listHref: LIST, body: { name: 'Logo', position: 'top-left', opacity: 40, scale: 20, image: PNG } });
    saves.current().reject(CONFLICT);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(CONFLICT.responseJSON.message);

    actor.send({ type: 'SAVE', values: { ...logo, name: 'Logo b' }, membershipsChanged: false });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(saves.current().input).toMatchObject({ mode: 'add', body: { name: 'Logo b', image: PNG } });
    saves.current().resolve({ href: LOGO.href });
    await flushPromises();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: { href: LOGO.href } });
    expect(saves.invocations).toHaveLength(2);
  });

  it('edits with the whole body, keeping the image when none is chosen, and closes with no call when nothing changed', async () => {
    const original = watermarkValues(LOGO);
    const unchanged = start({ mode: 'edit', saved: { href: LOGO.href }, original });
    unchanged.actor.send({ type: 'SAVE', values: { ...original, name: 'Logo  ' }, membershipsChanged: false });
    expect(unchanged.actor.getSnapshot().value).toBe('saved');
    expect(unchanged.saves.invocations).toHaveLength(0);

    const { actor, saves } = start({ mode: 'edit', saved: { href: LOGO.href }, original });
    actor.send({ type: 'SAVE', values: { ...original, position: 'tile', opacity: '25' }, membershipsChanged: false });
    expect(saves.current().input).toEqual({ mode: 'edit', href: LOGO.href, patch: { name: 'Logo', position: 'tile', opacity: 25, scale: 20 } });
    saves.current().resolve({ href: LOGO.href });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('saved');
  });
});

const shortestPaths = watermarkSaveModel.testModel('shortest').getShortestPaths();
const simplePaths = watermarkSaveModel.testModel('simple').getSimplePaths();
const addShortestPaths = watermarkSaveModelFor('add').testModel('shortest').getShortestPaths();
const addSimplePaths = watermarkSaveModelFor('add').testModel('simple').getSimplePaths();

/** The form-save machine's membership step (never reached by the dialog: a watermark has no membership lists). */
const MEMBERSHIP_ONLY_TRANSITIONS = [
  'watermarkSave.validating|(always)|2',
  'watermarkSave.saving|xstate.done.actor.save|0',
  'watermarkSave.savingMemberships|xstate.done.actor.saveMemberships|0',
  'watermarkSave.savingMemberships|xstate.error.actor.saveMemberships|0',
];

type WatermarkSaveEvent = { type: 'SAVE'; values: WatermarkFormValues; membershipsChanged: boolean };

function createWatermarkSaveDriver(coverage?: CoverageTracker, mode: WatermarkSaveModelMode = 'edit'): PathDriver {
  const saves = createControlledPromiseActor<SavedWatermark, SaveWatermarkInput>();
  const actor = createActor(watermarkSaveMachine.provide({ actors: { save: saves.logic } }), {
    input: mode === 'add' ? WATERMARK_SAVE_ADD_MODEL_INPUT : WATERMARK_SAVE_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());

  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output as SavedWatermark);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else actor.send(event as WatermarkSaveEvent);
      await flushPromises();
      const after = actor.getSnapshot();

      // Oracles from the dialog's rules, independent of the machine's guards: problems block the save (an image is
      // required when creating); an edit that sends the same body makes no call; anything else is sent.
      if (event.type === 'SAVE') {
        const { values } = event as WatermarkSaveEvent;
        const problems = watermarkProblems(values, mode === 'edit' ? MODEL_WATERMARK_ORIGINAL : undefined);
        const unchanged = mode === 'edit' && JSON.stringify(watermarkBody(values)) === JSON.stringify(watermarkBody(MODEL_WATERMARK_ORIGINAL));
        expect(after.value).toBe(problems.length > 0 ? 'editing' : unchanged ? 'saved' : 'saving');
        expect(after.context.problems).toEqual(problems);
        expect(after.context.error).toBeUndefined();
      }
      if (event.type === 'xstate.error.actor.save') {
        expect(after.value).toBe('error');
        expect(after.context.error).toBe(watermarkErrorMessage(payload.error));
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Every call sends the whole watermark with the new image: the add form POSTs it, the edit form PUTs it.
      for (const { input } of saves.invocations) {
        expect(input).toEqual(
          mode === 'add'
            ? { mode: 'add', listHref: MODEL_WATERMARK_LIST, body: watermarkBody(MODEL_NEW_WATERMARK_SAVES.valid) }
            : { mode: 'edit', href: MODEL_WATERMARK.href, patch: watermarkBody(MODEL_WATERMARK_SAVES.changed) },
        );
      }
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      if (snapshot.matches('saved')) {
        expect(snapshot.output).toEqual({ saved: mode === 'add' ? MODEL_NEW_WATERMARK : MODEL_WATERMARK });
        if (mode === 'add') expect(saves.invocations.length).toBeGreaterThan(0);
      }
    },
  };
}

describeModelPaths('watermarkSave model: shortest paths (409, 400, 403)', shortestPaths, 15, () => createWatermarkSaveDriver());

describeModelPaths('watermarkSave model: simple paths (409)', simplePaths, 15, () => createWatermarkSaveDriver());

describeModelPaths('watermarkSave add model: shortest paths (409, 400, 403)', addShortestPaths, 15, () => createWatermarkSaveDriver(undefined, 'add'));

describeModelPaths('watermarkSave add model: simple paths (409)', addSimplePaths, 15, () => createWatermarkSaveDriver(undefined, 'add'));

describe('watermarkSave coverage', () => {
  it('reaches every state and takes every transition the dialog can, across the executed paths', async () => {
    const coverage = createCoverageTracker(watermarkSaveMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createWatermarkSaveDriver(coverage));
    for (const path of [...addShortestPaths, ...addSimplePaths]) await runPath(path, createWatermarkSaveDriver(coverage, 'add'));
    const report = coverage.report();
    console.log(formatCoverage('watermarkSave', report));
    // A watermark has no membership lists (the dialog always sends membershipsChanged: false), so the form-save
    // machine's membership step is the only part never reached; the user and group models cover it.
    expect(report.states.missing).toEqual(['watermarkSave.savingMemberships']);
    expect(report.transitions.missing).toEqual(MEMBERSHIP_ONLY_TRANSITIONS);
  });

  it('the model payloads are what their names say', () => {
    expect(watermarkProblems(MODEL_WATERMARK_SAVES.invalid, MODEL_WATERMARK_ORIGINAL).map((problem) => problem.field)).toEqual(['opacity', 'scale']);
    expect(watermarkChange(MODEL_WATERMARK_ORIGINAL, MODEL_WATERMARK_SAVES.unchanged)).toEqual({});
    expect(watermarkChange(MODEL_WATERMARK_ORIGINAL, MODEL_WATERMARK_SAVES.changed)).toEqual({
      name: 'Logo',
      position: 'tile',
      opacity: 30,
      scale: 20,
      image: MODEL_WATERMARK_IMAGE,
    });
    expect(watermarkProblems(MODEL_NEW_WATERMARK_SAVES.invalid)).toEqual([
      { field: 'name', message: WATERMARK_NAME_REQUIRED },
      { field: 'image', message: WATERMARK_IMAGE_REQUIRED },
    ]);
    expect(watermarkProblems(MODEL_NEW_WATERMARK_SAVES.gif)).toEqual([{ field: 'image', message: WATERMARK_IMAGE_TYPE_INVALID }]);
    expect(watermarkBody(MODEL_NEW_WATERMARK_SAVES.valid)).toEqual({ name: 'Draft stamp', position: 'center', opacity: 60, scale: 50, image: MODEL_WATERMARK_IMAGE });
    expect(watermarkErrorField(MODEL_WATERMARK_CONFLICT)).toBe('name');
    expect(watermarkErrorField(MODEL_WATERMARK_INVALID)).toBe('image');
    expect(watermarkErrorField(MODEL_WATERMARK_FORBIDDEN)).toBeUndefined();
    expect(watermarkErrorMessage(MODEL_WATERMARK_FORBIDDEN)).toBe(MODEL_WATERMARK_FORBIDDEN.responseJSON.message);
  });
});
