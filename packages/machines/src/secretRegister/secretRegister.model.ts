/**
 * The test model of every registration built by `createSecretRegisterMachine` (API clients, legacy API keys,
 * webhooks; issues 11 and 16): in editing the paths REGISTER each of the flow's drafts (some with problems, one to
 * send) or CANCEL; while registering the DAM answers the registered thing or each refusal of the variant; once created,
 * DONE. Each flow's `<flow>.model.ts` names its drafts, answer and refusals; its unit test runs the paths with
 * `secretRegister.testing.ts`, and its Chromium spec replays them against the real dialog.
 *
 * The `register` invocation becomes its done/error events (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';

/** What one registration's model is made of. */
export interface SecretRegisterModelSpec {
  /** The flow's name (`apiClientRegister`…), as `npm run paths` and the Chromium spec know it. */
  readonly name: string;
  /** One line a tester reads: what the paths do. */
  readonly title: string;
  /** The spec sections the flow implements. */
  readonly spec: string;
  /** The flow's machine (made by `createSecretRegisterMachine`). */
  readonly machine: AnyStateMachine;
  /** The REGISTER drafts, in the order the paths try them. */
  readonly drafts: readonly unknown[];
  /** The DAM's answer to the draft that is sent (the `xstate.done.actor.register` output). */
  readonly registered: unknown;
  /** The refusals a registration may end with, per variant (`xstate.error.actor.register` payloads). */
  readonly failures: Readonly<Record<PathVariant, readonly unknown[]>>;
}

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The events of a registration's model in a snapshot (see the module comment). */
function modelEvents(spec: SecretRegisterModelSpec, variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('editing')) return [...spec.drafts.map((draft) => event('REGISTER', { draft })), event('CANCEL')];
    if (snapshot.matches('registering')) {
      return [event('xstate.done.actor.register', { output: spec.registered }), ...spec.failures[variant].map((error) => event('xstate.error.actor.register', { error }))];
    }
    if (snapshot.matches('created')) return [event('DONE')];
    return [];
  };
}

/** The {@link MachineModel} of a registration: `testModel(variant)` explores {@link SecretRegisterModelSpec}'s events. */
export function createSecretRegisterModel(spec: SecretRegisterModelSpec): MachineModel {
  const modelMachine = toTestModelMachine(spec.machine);
  return {
    name: spec.name,
    title: spec.title,
    spec: spec.spec,
    machine: spec.machine,
    testModel(variant: PathVariant) {
      const events = modelEvents(spec, variant);
      return createTestModel(modelMachine, { events, filterEvents: onlyListedEvents(events) });
    },
  };
}
