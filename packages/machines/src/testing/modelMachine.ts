/**
 * Turns a machine with invoked actors and delays into a pure model that `createTestModel` accepts (test-only helper).
 *
 * `xstate/graph` refuses machines with `invoke` or `after`, because traversal cannot run actors or wait. The model
 * keeps the machine's states, guards and actions and replaces each side effect with the event it would produce:
 *
 * - `invoke: {id, onDone, onError, onSnapshot}` → `on['xstate.done.actor.<id>']`, `on['xstate.error.actor.<id>']`,
 *   `on['xstate.snapshot.<id>']`;
 * - `after: {<delay>: t}` → `on['xstate.after.<delay>.<state id>']`.
 *
 * Those are exactly the event types the real actor receives, so a model path is also a script for the real actor:
 * a test resolves or rejects the fake actor, or advances the simulated clock, when the path says so. Transition keys
 * (see `coverage.ts`) are the same in the model and in the machine.
 */
import { createMachine, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';

type ConfigRecord = Record<string, unknown>;

function toArray<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

function rewriteState(config: ConfigRecord, node: AnyStateNode): ConfigRecord {
  const { invoke, after, on, states, ...rest } = config;
  const events: ConfigRecord = { ...((on as ConfigRecord | undefined) ?? {}) };
  const add = (eventType: string, transition: unknown) => {
    if (transition === undefined) return;
    if (eventType in events) throw new Error(`toTestModelMachine: ${node.id} already handles ${eventType}`);
    events[eventType] = transition;
  };

  for (const definition of toArray<ConfigRecord>(invoke as ConfigRecord | ConfigRecord[] | undefined)) {
    const id = definition['id'];
    if (typeof id !== 'string') {
      throw new Error(`toTestModelMachine: give every invoke in ${node.id} an explicit id (the paths name it)`);
    }
    add(`xstate.done.actor.${id}`, definition['onDone']);
    add(`xstate.error.actor.${id}`, definition['onError']);
    add(`xstate.snapshot.${id}`, definition['onSnapshot']);
  }

  const delayedTypes = new Set(node.after.map((transition: { eventType: string }) => transition.eventType));
  for (const [delay, transition] of Object.entries((after as ConfigRecord | undefined) ?? {})) {
    const eventType = `xstate.after.${delay}.${node.id}`;
    // Guards against XState renaming its delayed events: the model must use the real actor's event types.
    if (!delayedTypes.has(eventType)) throw new Error(`toTestModelMachine: no delayed event ${eventType}`);
    add(eventType, transition);
  }

  const result: ConfigRecord = { ...rest };
  if (Object.keys(events).length > 0) result['on'] = events;
  if (states !== undefined) {
    const children: ConfigRecord = {};
    for (const [key, childConfig] of Object.entries(states as ConfigRecord)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) throw new Error(`toTestModelMachine: ${node.id} has no child ${key}`);
      children[key] = rewriteState(childConfig as ConfigRecord, child);
    }
    result['states'] = children;
  }
  return result;
}

/**
 * A copy of `machine` without `invoke` and `after`, whose actor results and delays are plain events
 * (see the module comment). Guards, actions, context and state ids are unchanged.
 *
 * @throws {Error} when an invoke has no explicit `id`, or when a state already handles one of the generated event types.
 */
export function toTestModelMachine<TMachine extends AnyStateMachine>(machine: TMachine): AnyStateMachine {
  const config = rewriteState(machine.config as ConfigRecord, machine.root);
  return createMachine(config as never, machine.implementations as never);
}

/**
 * A `filterEvents` for `createTestModel` that lets through exactly the events `events` lists for a snapshot (compared
 * as JSON), so a model's event list is also its filter.
 */
export function onlyListedEvents(events: (snapshot: AnyMachineSnapshot) => readonly EventObject[]) {
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}
