/**
 * The unit tests every registration's model shares (issues 11 and 16; `secretRegister.model.ts`): its shortest and
 * simple paths run on real actors with a controlled `register`, each step's snapshot checked against the model's and
 * against the flow's own oracles ({@link SecretRegisterOracles}); and the coverage of every state and transition
 * across them.
 */
import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { expect } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import type { CoverageTracker } from '../testing/coverage.ts';
import { describeModelCoverage, describeModelPaths } from '../testing/describeModelPaths.ts';
import type { MachineModel } from '../testing/machineModel.ts';
import type { PathDriver } from '../testing/modelPaths.ts';
import type { SecretRegisterContext } from './secretRegister.factory.ts';

/** A snapshot of a registration machine, its context typed. */
type RegisterSnapshot<TCreated> = AnyMachineSnapshot & { readonly context: SecretRegisterContext<TCreated> };

/** What a flow's test checks beyond the model: oracles independent of the machine's guards. */
export interface SecretRegisterOracles<TDraft, TCreated> {
  /** Checks the snapshot right after REGISTER with `draft` (registering or editing, the problems). */
  readonly afterRegister: (draft: TDraft, after: RegisterSnapshot<TCreated>) => void;
  /** The message a refusal must show (the flow's error message of it). */
  readonly errorMessage: (error: unknown) => string;
  /** What every `register` invocation must receive (the model's valid draft, prepared). */
  readonly sent: TDraft;
  /** The secret of a registered thing, and the model's answer, whose secret the created state must hold. */
  readonly secretOf: (created: TCreated) => string;
  readonly registered: TCreated;
}

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A driver of one path on a real actor of `machine`, its `register` resolved or rejected as the path says. */
export function createSecretRegisterDriver<TDraft, TCreated>(machine: AnyStateMachine, oracles: SecretRegisterOracles<TDraft, TCreated>, coverage?: CoverageTracker): PathDriver {
  const registers = createControlledPromiseActor<TCreated, TDraft>();
  const actor = createActor(machine.provide({ actors: { register: registers.logic } }), {
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  const snapshot = () => actor.getSnapshot() as RegisterSnapshot<TCreated>;
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: TCreated; error?: unknown; draft?: TDraft };
      if (event.type === 'xstate.done.actor.register') registers.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.register') registers.current().reject(payload.error);
      else actor.send(event);
      await flushPromises();
      const after = snapshot();
      if (event.type === 'REGISTER') oracles.afterRegister(payload.draft!, after);
      if (event.type === 'xstate.error.actor.register') expect([after.value, after.context.error]).toEqual(['editing', oracles.errorMessage(payload.error)]);
    },
    verify(expected: AnyMachineSnapshot) {
      const now = snapshot();
      expect(now.value).toEqual(expected.value);
      expect(now.context).toEqual(expected.context);
      for (const { input } of registers.invocations) expect(input).toEqual(oracles.sent);
      expect(registers.pending()).toHaveLength(now.matches('registering') ? 1 : 0);
      if (now.matches('created')) expect(now.context.created && oracles.secretOf(now.context.created)).toBe(oracles.secretOf(oracles.registered));
    },
  };
}

/**
 * Registers the model's shortest paths ("every refusal") and simple paths ("one refusal"), at most 60 of each, as
 * tests, and a test that together they reach every state and take every transition of `machine`.
 */
export function describeSecretRegisterModel<TDraft, TCreated>(model: MachineModel, machine: AnyStateMachine, oracles: SecretRegisterOracles<TDraft, TCreated>): void {
  const shortestPaths = model.testModel('shortest').getShortestPaths();
  const simplePaths = model.testModel('simple').getSimplePaths();
  describeModelPaths(`${model.name} model: shortest paths (every refusal)`, shortestPaths, 60, () => createSecretRegisterDriver(machine, oracles));
  describeModelPaths(`${model.name} model: simple paths (one refusal)`, simplePaths, 60, () => createSecretRegisterDriver(machine, oracles));
  describeModelCoverage(model.name, machine, [...shortestPaths, ...simplePaths], (coverage) => createSecretRegisterDriver(machine, oracles, coverage));
}
