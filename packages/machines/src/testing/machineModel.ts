/**
 * The one shape every machine's test model takes, so the model-based tests, the QA path printer
 * (`npm run paths`) and the browser harness (`tests/e2e/model/`) all generate the same paths from one definition.
 *
 * Each flow folder has `<flow>.model.ts` exporting a {@link MachineModel}; `src/paths/discover.ts` finds them all.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

/** Which path family: `shortest` (every state by its shortest route) or `simple` (every loop-free route). */
export type PathVariant = 'shortest' | 'simple';

/** A machine plus what is needed to generate its test paths. */
export interface MachineModel {
  /** The CLI name, the flow folder's name: `uploadPopover`, `inviteWizard`… */
  name: string;
  /** One line for people: what the flow is. */
  title: string;
  /** The spec sections it implements, e.g. `spec 01 §2 Invitation wizard, §5, §8, §9`. */
  spec: string;
  /** The real machine (actors still to be provided), for coverage and for drivers. */
  machine: AnyStateMachine;
  /**
   * Builds the `xstate/graph` model for a variant: `createTestModel(toTestModelMachine(machine), { events,
   * filterEvents })` with event payloads that are plain JSON (a tester must be able to type them, a script to
   * replay them). The `simple` variant may use a smaller scope so the number of simple paths stays bounded.
   */
  testModel(variant: PathVariant): TestModel<AnyMachineSnapshot, EventObject, unknown>;
}
