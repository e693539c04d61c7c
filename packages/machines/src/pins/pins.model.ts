/**
 * The pins' test model (issue 13; spec 01 §4 Pinning, §8 pinLimit): the outcomes `pins.test.ts` runs on real actors,
 * `tests/e2e/model/pins.model.spec.ts` runs in Chromium against the folder view's pin toggles, and
 * `npm run paths -- pins` prints for QA. The server is modelled by the machine's own pins: a load answers them, a pin
 * adds its target while there is room under {@link PINS_MODEL_LIMIT} (else adds nothing), an unpin removes it.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { pinsMachine, type PinEntry, type PinsContext, type PinsInput, type PinsSaveAnswer } from './pins.machine.ts';

/** The input of every path. */
export const PINS_MODEL_INPUT: PinsInput = { href: '/fotoweb/me/pins/' };

/** The two things the paths pin: an asset and a folder. */
export const PINS_MODEL_TARGETS: Readonly<Record<'asset' | 'folder', PinEntry>> = {
  asset: { href: '/fotoweb/archives/5000-Photos/pins/Bush-dog.jpg.info', type: 'asset' },
  folder: { href: '/fotoweb/archives/5000-Photos/pins/more/', type: 'folder' },
};

/** The site's pin limit in the model: one pin, so the second reaches it. */
export const PINS_MODEL_LIMIT = 1;

/** Refusals per variant: `shortest` a 404 with the DAM's message and a 500; `simple` the 500. */
export const PINS_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 404, responseJSON: { value: 'NotFound', message: 'The asset was not found.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** What the modelled server answers to the change in flight. */
export function modelSaveAnswer(context: PinsContext): PinsSaveAnswer {
  const { target, pin } = context.pending!;
  const entry = Object.values(PINS_MODEL_TARGETS).find((t) => t.href === target)!;
  if (!pin) return { data: context.pins.filter((p) => p.href !== target), limit: PINS_MODEL_LIMIT };
  if (context.pins.length >= PINS_MODEL_LIMIT) return { data: context.pins, limit: PINS_MODEL_LIMIT, added: 0 };
  return { data: [entry, ...context.pins], limit: PINS_MODEL_LIMIT, added: 1 };
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as PinsContext;
    const failures = (actor: string) => PINS_MODEL_FAILURES[variant].map((error) => event(`xstate.error.actor.${actor}`, { error }));
    if (snapshot.matches('loading')) return [event('xstate.done.actor.loadPins', { output: { data: context.pins, limit: PINS_MODEL_LIMIT } }), ...failures('loadPins')];
    if (snapshot.matches('failed')) return [event('RETRY')];
    if (snapshot.matches('ready')) {
      return [
        event('TOGGLE', { target: PINS_MODEL_TARGETS.asset.href }),
        event('TOGGLE', { target: PINS_MODEL_TARGETS.folder.href }),
        // The simple paths leave out DISMISS and RELOAD, which multiply them past use; the shortest paths take both.
        ...(variant === 'shortest' && context.notice ? [event('DISMISS')] : []),
        ...(variant === 'shortest' ? [event('RELOAD')] : []),
      ];
    }
    if (snapshot.matches('saving')) return [event('xstate.done.actor.savePins', { output: modelSaveAnswer(context) }), ...failures('savePins')];
    return [];
  };
}

const modelMachine = toTestModelMachine(pinsMachine);

/** The `xstate/graph` test model for a variant, with {@link PINS_MODEL_INPUT}. */
export function createPinsTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: PINS_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The pins' {@link MachineModel}. */
export const pinsModel: MachineModel = {
  name: 'pins',
  title: 'Pin and unpin an asset and a folder: the pin limit says pinLimit, a failed load or save explained, reload at will',
  spec: 'spec 01 §3 Pins, §4 Pinning, §7 pins url, §8 pinLimit',
  machine: pinsMachine,
  testModel(variant: PathVariant) {
    return createPinsTestModel(variant);
  },
};
