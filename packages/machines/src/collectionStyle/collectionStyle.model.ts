/**
 * The folder tile style dialog's test model (issue 13; spec 02 §2, §9): the outcomes `collectionStyle.test.ts` runs
 * on real actors, `tests/e2e/model/collectionStyle.model.spec.ts` runs in Chromium against the folder's Style dialog,
 * and `npm run paths -- collectionStyle` prints for QA. The folder starts with the default colour and icon; a path
 * picks blue or the default, the camera or the default.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { collectionStyleMachine, type CollectionStyleContext, type CollectionStyleInput } from './collectionStyle.machine.ts';

/** The input of every path: a folder with the default tile. */
export const COLLECTION_STYLE_MODEL_INPUT: CollectionStyleInput = { href: '/fotoweb/archives/5000-Photos/model/', color: null, icon: null };

/** The choices a path makes. */
export const COLLECTION_STYLE_MODEL_CHOICES = { colors: ['#2563eb', null], icons: ['Camera', null] } as const;

/** Refusals per variant. */
export const COLLECTION_STYLE_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 403, responseJSON: { value: 'Forbidden', message: 'You need the Rename permission on this archive.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as CollectionStyleContext;
    if (snapshot.matches('editing')) {
      return [
        ...COLLECTION_STYLE_MODEL_CHOICES.colors.filter((color) => color !== context.color).map((color) => event('CHOOSE_COLOR', { color })),
        ...COLLECTION_STYLE_MODEL_CHOICES.icons.filter((icon) => icon !== context.icon).map((icon) => event('CHOOSE_ICON', { icon })),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save', { output: { color: context.color, icon: context.icon } }),
        ...COLLECTION_STYLE_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.save', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(collectionStyleMachine);

/** The `xstate/graph` test model for a variant, with {@link COLLECTION_STYLE_MODEL_INPUT}. */
export function createCollectionStyleTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: COLLECTION_STYLE_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The folder tile style dialog's {@link MachineModel}. */
export const collectionStyleModel: MachineModel = {
  name: 'collectionStyle',
  title: "Style a folder's tile: a palette colour and an icon, saved; nothing changed closes at once; a refusal keeps the dialog open",
  spec: 'spec 02 §2 Collection tile, §9 colour palette and default icon',
  machine: collectionStyleMachine,
  testModel(variant: PathVariant) {
    return createCollectionStyleTestModel(variant);
  },
};
