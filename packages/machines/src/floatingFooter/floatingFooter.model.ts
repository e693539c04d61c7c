/**
 * The floating footer's test model (spec 02 §2, §4): the events `floatingFooter.test.ts` runs on the real machine,
 * `npm run paths -- floatingFooter` prints for QA, and `tests/e2e/model/floatingFooter.model.spec.ts` runs in
 * Chromium against the real footer. Steps: scrolling down, scrolling up, the info icon.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { floatingFooterMachine } from './floatingFooter.machine.ts';

const modelMachine = toTestModelMachine(floatingFooterMachine);

const EVENTS: readonly EventObject[] = [{ type: 'SCROLL_DOWN' }, { type: 'SCROLL_UP' }, { type: 'TOGGLE' }];

/** The floating footer's {@link MachineModel}: four states, no payloads, a handful of paths; a state reached by
 * different events counts as different, so that the loops of the scroll and the icon are walked too. */
export const floatingFooterModel: MachineModel = {
  name: 'floatingFooter',
  title: 'Floating footer: shown and hidden with the scroll, pinned open or closed by the info icon',
  spec: 'spec 02 §2 Footer and cookie consent, §4 floating footer shows and hides with scroll',
  machine: floatingFooterMachine,
  testModel(_variant: PathVariant) {
    return createTestModel(modelMachine, {
      events: () => EVENTS,
      // Only what the state handles: scrolling where the footer ignores it is no step.
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event),
      // A state is told apart by how it was reached, so that the paths also come back to it (scrolling up to a
      // footer shown again, the icon reopening one it closed) and every transition is taken.
      serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined) => `${serializeSnapshot(snapshot)} via ${event?.type ?? 'start'}`,
    });
  },
};
