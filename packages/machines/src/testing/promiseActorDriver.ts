/**
 * The path driver of a flow with one invoked promise actor and at most one delay (test-only helper; imports vitest, so the QA
 * CLI never loads it): a real actor on a simulated clock, the actor settled as the model's done/error events say, the
 * delay's event advanced to the millisecond, and each step's snapshot checked against the model's.
 */
import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom, type SnapshotFrom, type StateValue } from 'xstate';
import { expect } from 'vitest';
import type { ControlledPromiseActor } from './controlledActor.ts';
import type { CoverageTracker } from './coverage.ts';
import type { PathDriver } from './modelPaths.ts';

/** What differs between the flows {@link createPromiseActorDriver} drives. */
export interface PromiseActorDriverOptions<TMachine extends AnyStateMachine, TOutput, TInput> {
  readonly machine: TMachine;
  readonly input: InputFrom<TMachine>;
  /** The invoked actor's id (its `xstate.done.actor.<name>` / `xstate.error.actor.<name>` events) and its controlled stand-in, fresh per driver. */
  readonly actor: { readonly name: string; readonly controlled: ControlledPromiseActor<TOutput, TInput> };
  /** The state the actor runs in: exactly one invocation pending there, none elsewhere. */
  readonly invokingState: StateValue;
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
 * A driver of one model path on a real actor of `options.machine`: `xstate.done.actor.<name>` resolves the pending
 * invocation with the event's `output`, `xstate.error.actor.<name>` rejects it with its `error`, an `xstate.after.*`
 * event advances the clock by `delay.ms - 1` (the actor must still be in `delay.state`) then by 1, any other event is
 * sent. Pass `coverage` to record what the actor entered and took.
 */
export function createPromiseActorDriver<TMachine extends AnyStateMachine, TOutput, TInput>(
  options: PromiseActorDriverOptions<TMachine, TOutput, TInput>,
  coverage?: CoverageTracker,
): PathDriver {
  const { name, controlled } = options.actor;
  const clock = new SimulatedClock();
  const machine = (options.machine as AnyStateMachine).provide({ actors: { [name]: controlled.logic } });
  const actor = createActor(machine, { input: options.input, clock, ...(coverage ? { inspect: coverage.inspect } : {}) });
  const snapshotOf = (): AnyMachineSnapshot => actor.getSnapshot();
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: TOutput; error?: unknown };
      if (event.type === `xstate.done.actor.${name}`) controlled.current().resolve(payload.output!);
      else if (event.type === `xstate.error.actor.${name}`) controlled.current().reject(payload.error);
      else if (event.type.startsWith('xstate.after.')) {
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
      expect(controlled.pending()).toHaveLength(snapshot.matches(options.invokingState) ? 1 : 0);
      options.verify?.(snapshot as SnapshotFrom<TMachine>);
    },
  };
}
