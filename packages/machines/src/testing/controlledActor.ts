/**
 * A promise actor whose outcome the test decides (test-only helper): each invocation waits until the test resolves
 * or rejects it, so a model path can say exactly when an actor finishes and how.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';

/** One run of the controlled actor: its input and the levers to finish it. */
export interface ControlledInvocation<TOutput, TInput> {
  readonly input: TInput;
  /** Aborted when the invoking state is left or the actor is stopped. */
  readonly signal: AbortSignal;
  /** `true` once resolved or rejected. */
  readonly settled: boolean;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

/** A controlled promise actor and the record of its invocations. */
export interface ControlledPromiseActor<TOutput, TInput> {
  /** Pass to `machine.provide({ actors: { name: logic } })`. */
  readonly logic: PromiseActorLogic<TOutput, TInput>;
  /** Every invocation so far, oldest first. */
  readonly invocations: readonly ControlledInvocation<TOutput, TInput>[];
  /** Invocations neither settled nor aborted. */
  pending(): ControlledInvocation<TOutput, TInput>[];
  /**
   * The single pending invocation.
   *
   * @throws {Error} when none or several are pending.
   */
  current(): ControlledInvocation<TOutput, TInput>;
}

/** Creates a {@link ControlledPromiseActor}. */
export function createControlledPromiseActor<TOutput, TInput>(): ControlledPromiseActor<TOutput, TInput> {
  const invocations: ControlledInvocation<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        let settled = false;
        invocations.push({
          input,
          signal,
          get settled() {
            return settled;
          },
          resolve(output) {
            settled = true;
            resolve(output);
          },
          reject(error) {
            settled = true;
            reject(error);
          },
        });
      }),
  );
  const pending = () => invocations.filter((invocation) => !invocation.settled && !invocation.signal.aborted);
  return {
    logic,
    invocations,
    pending,
    current() {
      const open = pending();
      const only = open[0];
      if (open.length !== 1 || !only) throw new Error(`expected exactly one pending invocation, found ${open.length}`);
      return only;
    },
  };
}

/** Lets every queued promise callback run (promise actors report their outcome asynchronously). */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
