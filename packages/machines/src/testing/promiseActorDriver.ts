/**
 * The path driver of a flow with invoked promise actors and at most one delay (test-only helper; imports vitest, so the
 * QA CLI never loads it): a real actor on a simulated clock, each invoked actor settled as the model's done/error
 * events say, the delay's event advanced to the millisecond, and each step's snapshot checked against the model's.
 */
import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom, type SnapshotFrom, type StateValue } from 'xstate';
import { expect } from 'vitest';
import type { ControlledPromiseActor } from './controlledActor.ts';
import type { CoverageTracker } from './coverage.ts';
import type { PathDriver } from './modelPaths.ts';

/** What differs between the flows {@link createPromiseActorDriver} drives. */
/**
 * One invoked promise actor of the flow: its id (its `xstate.done.actor.<name>` / `xstate.error.actor.<name>` events),
 * its controlled stand-in (fresh per driver), and the state it runs in (exactly one invocation pending there, none
 * elsewhere).
 */
export interface DrivenPromiseActor {
  readonly name: string;
  readonly controlled: ControlledPromiseActor<any, any>;
  readonly invokingState: StateValue;
}

export interface PromiseActorDriverOptions<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  readonly input: InputFrom<TMachine>;
  /** The flow's invoked promise actors. */
  readonly actors: readonly DrivenPromiseActor[];
  /** The delay's length (ms) and the state it holds until its last millisecond has passed; none for a flow without one. */
  readonly delay?: { readonly ms: number; readonly state: StateValue } | undefined;
  /** Further checks once an event has been handled. */
  readonly afterEvent?: (event: EventObject, snapshot: SnapshotFrom<TMachine>) => void;
  /** The flow's own invariants, checked at every step after the snapshot agrees with the model's. */
  readonly verify?: (snapshot: SnapshotFrom<TMachine>) => void;
}

/** Lets the promise callbacks of a step run. */
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A driver of one model path on a real actor of `options.machine`: `xstate.done.actor.<name>` resolves that actor's
 * pending invocation with the event's `output`, `xstate.error.actor.<name>` rejects it with its `error`, an
 * `xstate.after.*` event advances the clock by `delay.ms - 1` (the actor must still be in `delay.state`) then by 1, any
 * other event is sent. Pass `coverage` to record what the actor entered and took.
 * @throws Error for an `xstate.after.*` event without a `delay`, or a done/error event of an actor not in `actors`.
 */
export function createPromiseActorDriver<TMachine extends AnyStateMachine>(options: PromiseActorDriverOptions<TMachine>, coverage?: CoverageTracker): PathDriver {
  const byName = new Map(options.actors.map((driven) => [driven.name, driven]));
  const clock = new SimulatedClock();
  const machine = (options.machine as AnyStateMachine).provide({ actors: Object.fromEntries(options.actors.map((driven) => [driven.name, driven.controlled.logic])) });
  const actor = createActor(machine, { input: options.input, clock, ...(coverage ? { inspect: coverage.inspect } : {}) });
  const snapshotOf = (): AnyMachineSnapshot => actor.getSnapshot();
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (settled) {
        const driven = byName.get(settled[2]!);
        if (!driven) throw new Error(`${event.type}: no such actor in the driver`);
        if (settled[1] === 'done') driven.controlled.current().resolve(payload.output);
        else driven.controlled.current().reject(payload.error);
      } else if (event.type.startsWith('xstate.after.')) {
        if (!options.delay) throw new Error(`${event.type}: the driver was given no delay`);
        clock.increment(options.delay.ms - 1);
        expect(snapshotOf().matches(options.delay.state)).toBe(true);
        clock.increment(1);
      } else actor.send(event);
      await flushPromises();
      options.afterEvent?.(event, snapshotOf() as SnapshotFrom<TMachine>);
    },
    verify(expected) {
      const snapshot = snapshotOf();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const driven of options.actors) expect(driven.controlled.pending(), driven.name).toHaveLength(snapshot.matches(driven.invokingState) ? 1 : 0);
      options.verify?.(snapshot as SnapshotFrom<TMachine>);
    },
  };
}
