/**
 * The watermark save's test model (issue 16 watermarks; dam.yaml `createWatermark`, `updateWatermark`,
 * `WatermarkInput`): the SAVE payloads and network outcomes that `watermarkSave.test.ts` runs on real actors and
 * `npm run paths -- watermarkSave` prints for QA.
 *
 * Two inputs: editing "Logo" ({@link watermarkSaveModel}, what `npm run paths` lists) and adding "Draft stamp"
 * ({@link watermarkSaveModelFor}`('add')`: the watermark created with its image, again after a refused POST).
 *
 * The dialog has no membership lists: every SAVE says `membershipsChanged: false`, so the form-save machine's
 * `savingMemberships` state is never reached here (the user and group models cover it). The `save` invocation becomes
 * its done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { watermarkSaveMachine, watermarkValues, type SavedWatermark, type WatermarkFormValues, type WatermarkSaveInput } from './watermarkSave.machine.ts';

/** The watermark list the add form posts to (dam.yaml `createWatermark`). */
export const MODEL_WATERMARK_LIST = '/fotoweb/api/watermarks';

/** A 1 × 1 px PNG as the dialog reads a chosen file (`FileReader.readAsDataURL`): the image the model's saves send. */
export const MODEL_WATERMARK_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A GIF: a file the dialog refuses before any call (the DAM takes PNG, JPEG and WebP). */
export const MODEL_WATERMARK_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The edited watermark's link (dam.yaml `Watermark.href`). */
export const MODEL_WATERMARK: SavedWatermark = { href: `${MODEL_WATERMARK_LIST}/3c8e5a1f-2b7d-4e9a-8c16-7f0d4b2e9a53` };

/** The edit form's starting values: "Logo", bottom right, 40 %, 20 % of the image's width, the current image kept. */
export const MODEL_WATERMARK_ORIGINAL: WatermarkFormValues = watermarkValues({ href: MODEL_WATERMARK.href, name: 'Logo', position: 'bottom-right', opacity: 40, scale: 20 });

/** The edit form's SAVE payloads: what the dialog holds when Save is pressed. */
export const MODEL_WATERMARK_SAVES = {
  /** An opacity of 0 and a width of 101 %: two problems, each at its field, no call. */
  invalid: { ...MODEL_WATERMARK_ORIGINAL, opacity: '0', scale: '101' },
  /** Surrounding spaces on the name and a leading zero on the opacity, no new image: the same watermark, so no call. */
  unchanged: { ...MODEL_WATERMARK_ORIGINAL, name: ' Logo ', opacity: '040' },
  /** Tiled at 30 % with a new image: the whole watermark is sent with the image (PUT). */
  changed: { ...MODEL_WATERMARK_ORIGINAL, position: 'tile', opacity: '30', image: MODEL_WATERMARK_IMAGE },
} as const satisfies Record<string, WatermarkFormValues>;

/** The edit form's machine input: editing {@link MODEL_WATERMARK} from {@link MODEL_WATERMARK_ORIGINAL}. */
export const WATERMARK_SAVE_MODEL_INPUT: WatermarkSaveInput = { mode: 'edit', saved: MODEL_WATERMARK, original: MODEL_WATERMARK_ORIGINAL };

/** The watermark the add form creates: its link, known only once the POST answers. */
export const MODEL_NEW_WATERMARK: SavedWatermark = { href: `${MODEL_WATERMARK_LIST}/8f2d6b40-1a3c-4e7f-9b52-6d0e1c4a7b98` };

/** The add form's SAVE payloads, from a new watermark's defaults (bottom right, 50 %, 25 % wide). */
export const MODEL_NEW_WATERMARK_SAVES = {
  /** No name and no image: refused at both fields, nothing created. */
  invalid: { ...watermarkValues(undefined), name: '   ' },
  /** "Draft stamp" with a GIF: refused at the image, nothing created. */
  gif: { ...watermarkValues(undefined), name: 'Draft stamp', image: MODEL_WATERMARK_GIF },
  /** "Draft stamp": the PNG, centred, 60 %, 50 % wide, created with the whole body (POST). */
  valid: { ...watermarkValues(undefined), name: 'Draft stamp', image: MODEL_WATERMARK_IMAGE, position: 'center', opacity: '60', scale: '50' },
} as const satisfies Record<string, WatermarkFormValues>;

/** The add form's machine input: creating at {@link MODEL_WATERMARK_LIST}. */
export const WATERMARK_SAVE_ADD_MODEL_INPUT: WatermarkSaveInput = { mode: 'add', listHref: MODEL_WATERMARK_LIST };

/** Which form the model drives: the edit form or the add form. */
export type WatermarkSaveModelMode = 'edit' | 'add';

/** A name another watermark has (dam.yaml `createWatermark` 409 `Conflict`). */
export const MODEL_WATERMARK_CONFLICT = {
  status: 409,
  responseJSON: { value: 'Conflict', heading: 'Conflict', message: 'A watermark named "Logo" exists already.' },
};

/** An image the DAM cannot use, with the issue at its field (`image`). */
export const MODEL_WATERMARK_INVALID = {
  status: 400,
  responseJSON: {
    value: 'InvalidRequest',
    message: 'The image must be at most 4000 px a side.',
    issues: [{ path: 'image', message: 'The image must be at most 4000 px a side.' }],
  },
};

/** Without the "Manage archives" permission. */
export const MODEL_WATERMARK_FORBIDDEN = { status: 403, responseJSON: { value: 'Forbidden', message: 'Managing watermarks needs manageArchives.' } };

/** Failed saves per variant: `shortest` the 409, the 400 and the 403; `simple` the 409. */
export const WATERMARK_SAVE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [MODEL_WATERMARK_CONFLICT, MODEL_WATERMARK_INVALID, MODEL_WATERMARK_FORBIDDEN],
  simple: [MODEL_WATERMARK_CONFLICT],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const save = (values: WatermarkFormValues) => event('SAVE', { values, membershipsChanged: false });

function modelEvents(variant: PathVariant, mode: WatermarkSaveModelMode) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('editing') || snapshot.matches('error')) {
      if (mode === 'add') {
        const saves = [save(MODEL_NEW_WATERMARK_SAVES.invalid), save(MODEL_NEW_WATERMARK_SAVES.valid)];
        return variant === 'simple' ? saves : [...saves, save(MODEL_NEW_WATERMARK_SAVES.gif)];
      }
      const saves = [save(MODEL_WATERMARK_SAVES.invalid), save(MODEL_WATERMARK_SAVES.changed)];
      return variant === 'simple' ? saves : [...saves, save(MODEL_WATERMARK_SAVES.unchanged)];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save', { output: mode === 'add' ? MODEL_NEW_WATERMARK : MODEL_WATERMARK }),
        ...WATERMARK_SAVE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(watermarkSaveMachine);

/** The `xstate/graph` test model for a variant and form ({@link WATERMARK_SAVE_MODEL_INPUT} or the add input). */
export function createWatermarkSaveTestModel(variant: PathVariant, mode: WatermarkSaveModelMode = 'edit') {
  const input = mode === 'add' ? WATERMARK_SAVE_ADD_MODEL_INPUT : WATERMARK_SAVE_MODEL_INPUT;
  const events = modelEvents(variant, mode);
  return createTestModel(modelMachine, { input, events, filterEvents: onlyListedEvents(events) });
}

/** The watermark save's {@link MachineModel} (the edit form); see {@link WATERMARK_SAVE_MODEL_FAILURES}. */
export const watermarkSaveModel: MachineModel = {
  name: 'watermarkSave',
  title: 'Save the watermark dialog: problems at their fields, no call when nothing changed, the whole watermark PUT with a new image, the DAM refusals shown',
  spec: 'issue 16 watermarks; dam.yaml updateWatermark, WatermarkInput (409 Conflict, 400 at its field, 403)',
  machine: watermarkSaveMachine,
  testModel(variant: PathVariant) {
    return createWatermarkSaveTestModel(variant);
  },
};

/**
 * The model for one form: `edit` is {@link watermarkSaveModel}; `add` is named `watermarkSave (add)` (a function, so
 * `npm run paths`, which lists one model per flow folder, does not find it; the unit tests and the browser run it).
 */
export function watermarkSaveModelFor(mode: WatermarkSaveModelMode): MachineModel {
  if (mode === 'edit') return watermarkSaveModel;
  return {
    name: 'watermarkSave (add)',
    title: 'Save the new-watermark dialog: a missing name and image or a GIF refused, the watermark created with its image, the DAM refusals shown',
    spec: 'issue 16 watermarks; dam.yaml createWatermark, WatermarkInput (409 Conflict, 400 at its field, 403)',
    machine: watermarkSaveMachine,
    testModel(variant: PathVariant) {
      return createWatermarkSaveTestModel(variant, 'add');
    },
  };
}
