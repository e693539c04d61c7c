/**
 * The path driver of a settings editor that loads one record and saves it whole (test-only helper; imports vitest,
 * so the QA CLI never loads it): the consent settings (`consentSettings`) and the footer editor (`footerEditor`),
 * whose paths settle a `load` actor (pending in `loading`) and a `save` actor (pending in `saving`) and fail with one
 * model failure.
 */
import type { AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { createControlledPromiseActor } from './controlledActor.ts';
import type { CoverageTracker } from './coverage.ts';
import type { PathDriver } from './modelPaths.ts';
import { createPromiseActorDriver } from './promiseActorDriver.ts';

/** What differs between the editors {@link createLoadSaveDriver} drives. */
export interface LoadSaveDriverOptions<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  /** The machine's input, if it takes one. */
  readonly input?: InputFrom<TMachine>;
  /** What every save is given (checked when the path says the save succeeds). */
  readonly saveInput: unknown;
  /** The message every failure of the model shows (in `loadFailed` and `ready.failed`). */
  readonly failureMessage: string;
  /** The editor's checks in `ready.saved` (what is stored once saved). */
  readonly verifySaved: (snapshot: SnapshotFrom<TMachine>) => void;
}

/**
 * A {@link createPromiseActorDriver} driver of one model path on a real actor of `options.machine`, with its `load`
 * and `save` actors controlled: besides the snapshot agreeing with the model's and each actor pending only in its
 * state, a successful save must have been given `saveInput`, the error of a failed state is `failureMessage`, and
 * `verifySaved` holds in `ready.saved`. Pass `coverage` to record what the actor entered and took.
 */
export function createLoadSaveDriver<TMachine extends AnyStateMachine>(options: LoadSaveDriverOptions<TMachine>, coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<unknown, unknown>();
  const saves = createControlledPromiseActor<unknown, unknown>();
  return createPromiseActorDriver(
    {
      machine: options.machine,
      input: options.input as InputFrom<TMachine>,
      actors: [
        { name: 'load', controlled: loads, invokingState: 'loading' },
        { name: 'save', controlled: saves, invokingState: 'saving' },
      ],
      afterEvent(event) {
        if (event.type === 'xstate.done.actor.save') expect(saves.invocations.at(-1)?.input).toEqual(options.saveInput);
      },
      verify(snapshot) {
        const machineSnapshot = snapshot as AnyMachineSnapshot;
        if (machineSnapshot.matches('loadFailed') || machineSnapshot.matches({ ready: 'failed' })) expect(machineSnapshot.context.error).toBe(options.failureMessage);
        if (machineSnapshot.matches({ ready: 'saved' })) options.verifySaved(snapshot);
      },
    },
    coverage,
  );
}
