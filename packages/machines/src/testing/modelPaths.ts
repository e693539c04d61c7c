/**
 * Runs `xstate/graph` test paths against a real actor (test-only helper).
 *
 * A {@link PathDriver} translates each model event into what makes the real actor receive it (send it, settle a fake
 * actor, advance the simulated clock) and checks the real actor against each model state.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TestParam, TestPath } from 'xstate/graph';

/** Drives one real actor along one model path. */
export interface PathDriver {
  /** Makes the real actor receive `event` (called for every step except `xstate.init`). */
  exec(event: EventObject): Promise<void> | void;
  /** Asserts the real actor agrees with the model state `expected` and satisfies the flow's invariants. */
  verify(expected: AnyMachineSnapshot): Promise<void> | void;
}

/** The path's event types in order, without `xstate.init`. */
function eventsOf(path: TestPath<AnyMachineSnapshot, EventObject>): EventObject[] {
  return path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
}

/**
 * Executes `path` through `driver`: for every step, `exec(step.event)` then `verify(step.state)`.
 *
 * @throws whatever `exec` or `verify` throws, with the path appended by `xstate/graph`.
 */
export async function runPath(path: TestPath<AnyMachineSnapshot, EventObject>, driver: PathDriver): Promise<void> {
  const events: Record<string, (step: { event: EventObject }) => Promise<void>> = {};
  for (const { type } of eventsOf(path)) events[type] = async (step) => driver.exec(step.event);
  const params = {
    events,
    states: { '*': async (state: AnyMachineSnapshot) => driver.verify(state) },
  } as TestParam<AnyMachineSnapshot, EventObject>;
  await path.test(params);
}

/**
 * A short, stable title for a path: its events joined by `→`, payloads compacted and XState's internal prefixes cut
 * (`xstate.done.actor.uploadFile` → `done:uploadFile`).
 */
export function describePath(path: TestPath<AnyMachineSnapshot, EventObject>, describeEvent = formatEvent): string {
  const events = eventsOf(path);
  return events.length === 0 ? '(initial state)' : events.map(describeEvent).join(' → ');
}

/** Compact text for one event, used by {@link describePath}. */
export function formatEvent(event: EventObject): string {
  const { type, ...payload } = event;
  const short = type
    .replace(/^xstate\.done\.actor\./, 'done:')
    .replace(/^xstate\.error\.actor\./, 'error:')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1');
  const keys = Object.keys(payload);
  return keys.length === 0 ? short : `${short} ${JSON.stringify(payload)}`;
}
