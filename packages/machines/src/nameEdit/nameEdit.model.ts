/**
 * The test model of every name dialog built by `createNameEditMachine` (album, folder, smart folder; issue 13): the
 * paths type a name the rules accept and one they refuse, submit, cancel, and let the save succeed or fail with each
 * refusal of the variant. Each dialog's `<flow>.model.ts` names its input, names, saved href and refusals; its unit
 * test runs the paths with {@link describeNameEditModel} (`nameEdit.testing.ts`), and its Chromium spec replays them
 * against the real dialog.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import type { NameEditContext, NameEditInput } from './nameEdit.factory.ts';

/** What one name dialog's model is made of. */
export interface NameEditModelSpec {
  /** The flow's name (`albumEdit`…), as `npm run paths` and the Chromium spec know it. */
  readonly name: string;
  /** One line a tester reads: what the paths do. */
  readonly title: string;
  /** The spec sections the flow implements. */
  readonly spec: string;
  /** The dialog's machine (made by `createNameEditMachine`). */
  readonly machine: AnyStateMachine;
  /** The input of every path. */
  readonly input: NameEditInput;
  /** The names a path types: values the rules accept and refuse (each a `CHANGE` where it differs from the name). */
  readonly names: Readonly<Record<string, string>>;
  /** The href a save answers, from the context at the save. */
  readonly savedHref: (context: NameEditContext) => string;
  /** The refusals a save may end with, per variant (`xstate.error.actor.save` payloads). */
  readonly failures: Readonly<Record<PathVariant, readonly unknown[]>>;
}

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The events of a name dialog's model in a snapshot (see the module comment). */
function modelEvents(spec: NameEditModelSpec, variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as NameEditContext;
    if (snapshot.matches('editing')) {
      return [
        ...Object.values(spec.names)
          .filter((name) => name !== context.name)
          .map((name) => event('CHANGE', { name })),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('saving')) {
      const saved = { href: spec.savedHref(context), name: context.name.trim() };
      return [event('xstate.done.actor.save', { output: saved }), ...spec.failures[variant].map((error) => event('xstate.error.actor.save', { error }))];
    }
    return [];
  };
}

/** The {@link MachineModel} of a name dialog: `testModel(variant)` explores {@link NameEditModelSpec}'s events. */
export function createNameEditModel(spec: NameEditModelSpec): MachineModel {
  const modelMachine = toTestModelMachine(spec.machine);
  return {
    name: spec.name,
    title: spec.title,
    spec: spec.spec,
    machine: spec.machine,
    testModel(variant: PathVariant) {
      const events = modelEvents(spec, variant);
      return createTestModel(modelMachine, { input: spec.input, events, filterEvents: onlyListedEvents(events) });
    },
  };
}
