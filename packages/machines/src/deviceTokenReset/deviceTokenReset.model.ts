/**
 * The device-token reset's test model (spec 03 §2.7, §7, §9): the outcomes `deviceTokenReset.test.ts` runs on real
 * actors, `tests/e2e/model/deviceTokenReset.model.spec.ts` runs in Chromium against the user form, and
 * `npm run paths -- deviceTokenReset` prints for QA. The `resetTokens` invocation becomes its done/error events and
 * the spinner's delay its `xstate.after.spinnerDelay.deviceTokenReset.settling` event (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { deviceTokenResetMachine, type DeviceTokenResetInput } from './deviceTokenReset.machine.ts';

/** The input of every path: Ada's device tokens. */
export const DEVICE_TOKENS_MODEL_INPUT: DeviceTokenResetInput = { href: '/fotoweb/api/users/15021/device-tokens' };

/** Refusals per variant: `shortest` a 403 with the DAM's reason and a 500; `simple` the 500. */
export const DEVICE_TOKENS_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 403, responseJSON: { value: 'SiteOwnerProtected', message: "Only the site owner may change the site owner's account." } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('idle') || snapshot.matches('done') || snapshot.matches('failed')) return [event('RESET')];
    if (snapshot.matches('resetting')) {
      return [
        event('xstate.done.actor.resetTokens', { output: null }),
        ...DEVICE_TOKENS_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.resetTokens', { error })),
      ];
    }
    if (snapshot.matches('settling')) return [event('xstate.after.spinnerDelay.deviceTokenReset.settling')];
    return [];
  };
}

function modelFilter(variant: PathVariant) {
  const events = modelEvents(variant);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(deviceTokenResetMachine);

/** The `xstate/graph` test model for a variant, with {@link DEVICE_TOKENS_MODEL_INPUT}. */
export function createDeviceTokenResetTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: DEVICE_TOKENS_MODEL_INPUT, events: modelEvents(variant), filterEvents: modelFilter(variant) });
}

/** The device-token reset's {@link MachineModel}. */
export const deviceTokenResetModel: MachineModel = {
  name: 'deviceTokenReset',
  title: 'Reset a user’s device tokens: the spinner stays 700 ms after success, a refusal explained, again at will',
  spec: 'spec 03 §2.7 reset device tokens button, §7 DELETE device tokens href, §9 spinner 700 ms',
  machine: deviceTokenResetMachine,
  testModel(variant: PathVariant) {
    return createDeviceTokenResetTestModel(variant);
  },
};
