/**
 * The test model of a load/save editor (`createLoadSaveMachine`): the events its unit tests run on the real machine,
 * `npm run paths` prints for QA, and its model spec runs in Chromium (`tests/e2e/model/loadSaveScreen.ts`). Steps:
 * the record loading or failing, retry, the editor's one EDIT, saving, the save answering or failing. The consent
 * settings and the footer editor are this model with their own payloads.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';

/** What one editor's model says: its name, title and spec sections, its machine, and the payloads of its steps. */
export interface LoadSaveModelOptions {
  readonly name: string;
  readonly title: string;
  readonly spec: string;
  readonly machine: AnyStateMachine;
  /** What the `load` actor answers. */
  readonly loaded: unknown;
  /** The payload of the EDIT the administrator makes (besides `type`). */
  readonly edit: Readonly<Record<string, unknown>>;
  /** What the `save` actor answers. */
  readonly saved: unknown;
  /** What a failed call rejects with. */
  readonly failure: unknown;
}

/** The {@link MachineModel} of one load/save editor: a state is its value plus its context. */
export function createLoadSaveModel(options: LoadSaveModelOptions): MachineModel {
  const modelMachine = toTestModelMachine(options.machine);
  const ev = (type: string, payload: Readonly<Record<string, unknown>> = {}): EventObject => ({ type, ...payload }) as EventObject;
  /** The cases of each state (ready's substates share theirs). */
  const modelEvents = (snapshot: AnyMachineSnapshot): readonly EventObject[] => {
    if (snapshot.matches('loading')) return [ev('xstate.done.actor.load', { output: options.loaded }), ev('xstate.error.actor.load', { error: options.failure })];
    if (snapshot.matches('loadFailed')) return [ev('RETRY')];
    if (snapshot.matches('ready')) return [ev('EDIT', options.edit), ev('SAVE')];
    if (snapshot.matches('saving')) return [ev('xstate.done.actor.save', { output: options.saved }), ev('xstate.error.actor.save', { error: options.failure })];
    return [];
  };
  return {
    name: options.name,
    title: options.title,
    spec: options.spec,
    machine: options.machine,
    testModel(_variant: PathVariant) {
      return createTestModel(modelMachine, {
        events: modelEvents,
        filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
          modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)) && snapshot.can(event),
        serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
      });
    },
  };
}
