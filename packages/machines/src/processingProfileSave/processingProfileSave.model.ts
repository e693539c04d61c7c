/**
 * The processing profile save's test model (issue 16 processing profiles; dam.yaml `createProcessingProfile`,
 * `updateProcessingProfile`, `ProcessingProfileInput`): the SAVE payloads and network outcomes that
 * `processingProfileSave.test.ts` runs on real actors and `npm run paths -- processingProfileSave` prints for QA.
 *
 * Two inputs: editing "Web 1200" ({@link processingProfileSaveModel}, what `npm run paths` lists) and adding
 * "Thumbnail 200" ({@link processingProfileSaveModelFor}`('add')`: the profile created with the whole body, again
 * after a refused POST).
 *
 * The dialog has no membership lists: every SAVE says `membershipsChanged: false`, so the form-save machine's
 * `savingMemberships` state is never reached here (the user and group models cover it). The `save` invocation becomes
 * its done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import {
  processingProfileSaveMachine,
  processingProfileValues,
  type ProcessingProfileFormValues,
  type ProcessingProfileSaveInput,
  type SavedProcessingProfile,
} from './processingProfileSave.machine.ts';

/** The profile list the add form posts to (the descriptor's processing profile list). */
export const MODEL_PROFILE_LIST = '/fotoweb/api/processing-profiles';

/** The edited profile's link (dam.yaml `ProcessingProfile.href`). */
export const MODEL_PROFILE: SavedProcessingProfile = { href: `${MODEL_PROFILE_LIST}/6d1c2b7e-3f4a-4b8e-9c21-5a7d0e9f1b34` };

/** The edit form's starting values: "Web 1200", 1200 px, jpg, quality 80. */
export const MODEL_PROFILE_ORIGINAL: ProcessingProfileFormValues = processingProfileValues({
  href: MODEL_PROFILE.href,
  name: 'Web 1200',
  size: 1200,
  format: 'jpg',
  quality: 80,
});

/** The edit form's SAVE payloads: what the dialog holds when Save is pressed. */
export const MODEL_PROFILE_SAVES = {
  /** A size of 0 px and a quality of 101: two problems, each at its field, no call. */
  invalid: { ...MODEL_PROFILE_ORIGINAL, size: '0', quality: '101' },
  /** Surrounding spaces on the name and a leading zero on the size: the same profile, so no call. */
  unchanged: { ...MODEL_PROFILE_ORIGINAL, name: ' Web 1200 ', size: '01200' },
  /** The original size as webp, quality 70, stamping the archive's watermark: the whole profile is sent (PUT). */
  changed: { ...MODEL_PROFILE_ORIGINAL, originalSize: true, format: 'webp', quality: '70', watermark: true },
} as const satisfies Record<string, ProcessingProfileFormValues>;

/** The edit form's machine input: editing {@link MODEL_PROFILE} from {@link MODEL_PROFILE_ORIGINAL}. */
export const PROCESSING_PROFILE_SAVE_MODEL_INPUT: ProcessingProfileSaveInput = { mode: 'edit', saved: MODEL_PROFILE, original: MODEL_PROFILE_ORIGINAL };

/** The profile the add form creates: its link, known only once the POST answers. */
export const MODEL_NEW_PROFILE: SavedProcessingProfile = { href: `${MODEL_PROFILE_LIST}/9a4e1f30-7b2c-4d5e-8f61-0c3b2a1d4e57` };

/** The add form's SAVE payloads, from the new profile's defaults (original size, jpg, quality 80). */
export const MODEL_NEW_PROFILE_SAVES = {
  /** No name: refused at the name, nothing created. */
  invalid: { ...processingProfileValues(undefined), name: '   ' },
  /** "Thumbnail 200": 200 px, png, quality 90, created with the whole body (POST). */
  valid: { ...processingProfileValues(undefined), name: 'Thumbnail 200', originalSize: false, size: '200', format: 'png', quality: '90' },
} as const satisfies Record<string, ProcessingProfileFormValues>;

/** The add form's machine input: creating at {@link MODEL_PROFILE_LIST}. */
export const PROCESSING_PROFILE_SAVE_ADD_MODEL_INPUT: ProcessingProfileSaveInput = { mode: 'add', listHref: MODEL_PROFILE_LIST };

/** Which form the model drives: the edit form or the add form. */
export type ProcessingProfileSaveModelMode = 'edit' | 'add';

/** A name another profile has (dam.yaml `createProcessingProfile` 409 `Conflict`). */
export const MODEL_PROFILE_CONFLICT = {
  status: 409,
  responseJSON: { value: 'Conflict', heading: 'Conflict', message: 'A processing profile with this name exists already.' },
};

/** A value the DAM refuses, with the issue at its field (`size`). */
export const MODEL_PROFILE_INVALID = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', message: 'Invalid', issues: [{ path: 'size', message: 'The size is too large for this archive.' }] },
};

/** Without the "Manage archives" permission. */
export const MODEL_PROFILE_FORBIDDEN = { status: 403, responseJSON: { value: 'Forbidden', message: 'Managing processing profiles needs manageArchives.' } };

/** Failed saves per variant: `shortest` the 409, the 400 and the 403; `simple` the 409. */
export const PROCESSING_PROFILE_SAVE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [MODEL_PROFILE_CONFLICT, MODEL_PROFILE_INVALID, MODEL_PROFILE_FORBIDDEN],
  simple: [MODEL_PROFILE_CONFLICT],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const save = (values: ProcessingProfileFormValues) => event('SAVE', { values, membershipsChanged: false });

function modelEvents(variant: PathVariant, mode: ProcessingProfileSaveModelMode) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('editing') || snapshot.matches('error')) {
      if (mode === 'add') return [save(MODEL_NEW_PROFILE_SAVES.invalid), save(MODEL_NEW_PROFILE_SAVES.valid)];
      const saves = [save(MODEL_PROFILE_SAVES.invalid), save(MODEL_PROFILE_SAVES.changed)];
      return variant === 'simple' ? saves : [...saves, save(MODEL_PROFILE_SAVES.unchanged)];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save', { output: mode === 'add' ? MODEL_NEW_PROFILE : MODEL_PROFILE }),
        ...PROCESSING_PROFILE_SAVE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(processingProfileSaveMachine);

/** The `xstate/graph` test model for a variant and form ({@link PROCESSING_PROFILE_SAVE_MODEL_INPUT} or the add input). */
export function createProcessingProfileSaveTestModel(variant: PathVariant, mode: ProcessingProfileSaveModelMode = 'edit') {
  const input = mode === 'add' ? PROCESSING_PROFILE_SAVE_ADD_MODEL_INPUT : PROCESSING_PROFILE_SAVE_MODEL_INPUT;
  const events = modelEvents(variant, mode);
  return createTestModel(modelMachine, { input, events, filterEvents: onlyListedEvents(events) });
}

/** The processing profile save's {@link MachineModel} (the edit form); see {@link PROCESSING_PROFILE_SAVE_MODEL_FAILURES}. */
export const processingProfileSaveModel: MachineModel = {
  name: 'processingProfileSave',
  title: 'Save the processing profile dialog: problems at their fields, no call when nothing changed, the whole profile PUT, the DAM refusals shown',
  spec: 'issue 16 processing profiles; dam.yaml updateProcessingProfile, ProcessingProfileInput (409 Conflict, 400 at its field, 403)',
  machine: processingProfileSaveMachine,
  testModel(variant: PathVariant) {
    return createProcessingProfileSaveTestModel(variant);
  },
};

/**
 * The model for one form: `edit` is {@link processingProfileSaveModel}; `add` is named `processingProfileSave (add)`
 * (a function, so `npm run paths`, which lists one model per flow folder, does not find it; the unit tests and the
 * browser run it).
 */
export function processingProfileSaveModelFor(mode: ProcessingProfileSaveModelMode): MachineModel {
  if (mode === 'edit') return processingProfileSaveModel;
  return {
    name: 'processingProfileSave (add)',
    title: 'Save the add-profile dialog: a missing name refused, the profile created with the whole body, the DAM refusals shown',
    spec: 'issue 16 processing profiles; dam.yaml createProcessingProfile, ProcessingProfileInput (409 Conflict, 400 at its field, 403)',
    machine: processingProfileSaveMachine,
    testModel(variant: PathVariant) {
      return createProcessingProfileSaveTestModel(variant, 'add');
    },
  };
}
