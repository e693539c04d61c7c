/**
 * The New metadata view dialog's test model (issue 12; spec 03 §2.12, §7): the outcomes `metadataViewCreate.test.ts`
 * runs on real actors, `tests/e2e/model/metadataViewCreate.model.spec.ts` runs in Chromium against the archive
 * dialog, and `npm run paths -- metadataViewCreate` prints for QA.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { metadataViewCreateMachine, type MetadataViewCreateContext, type MetadataViewCreateInput } from './metadataViewCreate.machine.ts';

/** The input of every path: copying the view of Photos at first. */
export const METADATA_VIEW_CREATE_MODEL_INPUT: MetadataViewCreateInput = { copyFrom: '00000000-0000-4000-8000-000000005000' };

/** The name a path types. */
export const METADATA_VIEW_CREATE_MODEL_NAME = 'Press fields';

/** Refusals per variant: `shortest` a 400 with the DAM's reason and a 500; `simple` the 500. */
export const METADATA_VIEW_CREATE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 400, responseJSON: { value: 'metadata_invalid', message: 'There is no metadata view to copy with that id.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as MetadataViewCreateContext;
    if (snapshot.matches('editing')) {
      return [
        ...(context.name === '' ? [event('CHANGE', { name: METADATA_VIEW_CREATE_MODEL_NAME })] : []),
        event('SOURCE', { copyFrom: context.copyFrom === null ? METADATA_VIEW_CREATE_MODEL_INPUT.copyFrom : null }),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.createView', { output: { id: 'b5a2c1d0-0000-4000-8000-00000000a001', name: context.name.trim() } }),
        ...METADATA_VIEW_CREATE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.createView', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(metadataViewCreateMachine);

/** The `xstate/graph` test model for a variant, with {@link METADATA_VIEW_CREATE_MODEL_INPUT}. */
export function createMetadataViewCreateTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: METADATA_VIEW_CREATE_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The New metadata view dialog's {@link MachineModel}. */
export const metadataViewCreateModel: MachineModel = {
  name: 'metadataViewCreate',
  title: 'Make a metadata view in the archive dialog: copy a view or start from the default fields; a refusal keeps the dialog open',
  spec: 'spec 03 §2.12 Metadata management, §7 metadata views',
  machine: metadataViewCreateMachine,
  testModel(variant: PathVariant) {
    return createMetadataViewCreateTestModel(variant);
  },
};
