/**
 * Executes a printed plan (`npm run paths -- <machine> --format json`) against a real actor: the proof that a plan is
 * a script, not only a description. Issue "QA: `npm run paths`"; see `docs/qa-paths.md`.
 *
 * User events (`send` steps) are sent to the actor. Every other step needs the caller, through {@link ReplayHooks}:
 * settle the invoked actor (`done`, `error`, `snapshot`) or let time pass (`after`). After each step the actor's state
 * must equal `expect.state` and the context fields in `expect.context` must equal theirs (as JSON).
 */
import type { EventObject, StateValue } from 'xstate';
import { formatStateValue, jsonEqual, toJsonValue, type JsonValue, type PathPlan, type PlanDelay, type PlanPath, type PlanStep } from './format.ts';

/** The part of an actor replay needs: `createActor(machine.provide(…), {input: plan.input, clock})`, started. */
export interface ReplayActor {
  send(event: EventObject): void;
  getSnapshot(): { readonly value: StateValue; readonly context?: unknown };
}

/**
 * How the caller makes the actor receive what it cannot be sent. Each hook may be async; a missing hook fails the
 * replay at the first step that needs it.
 */
export interface ReplayHooks {
  /** Resolve the pending call of invoked actor `actor` with `output` (`done` steps). */
  done?(actor: string, output: JsonValue | undefined, step: PlanStep): void | Promise<void>;
  /** Reject the pending call of invoked actor `actor` with `error` (`error` steps). */
  error?(actor: string, error: JsonValue | undefined, step: PlanStep): void | Promise<void>;
  /** Make invoked actor `actor` report `snapshot` (`snapshot` steps). */
  snapshot?(actor: string, snapshot: JsonValue | undefined, step: PlanStep): void | Promise<void>;
  /**
   * Let `delay.ms` milliseconds pass, e.g. `clock.increment(delay.ms)` on a `SimulatedClock` (`after` steps). A step
   * whose delay length is unknown (`ms: null`) fails the replay before this hook is called.
   */
  after?(delay: PlanDelay & { readonly ms: number }, step: PlanStep): void | Promise<void>;
  /** Called after every step, before the check: let promise callbacks run (e.g. `await flushPromises()`). */
  settle?(step: PlanStep): void | Promise<void>;
}

/** One path's actor and hooks; made fresh per path by the `start` function given to {@link replay}. */
export interface ReplaySession {
  readonly actor: ReplayActor;
  readonly hooks: ReplayHooks;
}

/** What {@link replay} ran. */
export interface ReplayReport {
  readonly paths: number;
  readonly steps: number;
}

/** A replay failed: a state or context mismatch, or a missing hook. `step` is 0 for the initial state. */
export class ReplayError extends Error {
  readonly pathId: string;
  readonly step: number;

  constructor(pathId: string, step: number, message: string) {
    super(`${pathId} step ${step}: ${message}`);
    this.name = 'ReplayError';
    this.pathId = pathId;
    this.step = step;
  }
}

function check(path: PlanPath, step: number, actor: ReplayActor, expected: { state: string; context?: Readonly<Record<string, JsonValue>> | JsonValue }): void {
  const snapshot = actor.getSnapshot();
  const state = formatStateValue(snapshot.value);
  if (state !== expected.state) {
    throw new ReplayError(path.id, step, `expected state ${expected.state}, the actor is in ${state}`);
  }
  const fields = expected.context;
  if (fields === undefined || fields === null || typeof fields !== 'object' || Array.isArray(fields)) return;
  const context = (snapshot.context ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    const actual = toJsonValue(context[key]);
    if (!jsonEqual(actual, value ?? null)) {
      throw new ReplayError(path.id, step, `expected context.${key} = ${JSON.stringify(value)}, the actor has ${JSON.stringify(actual)}`);
    }
  }
}

function hook<K extends keyof ReplayHooks>(hooks: ReplayHooks, name: K, path: PlanPath, step: PlanStep) {
  const fn = hooks[name];
  if (!fn) throw new ReplayError(path.id, step.step, `no '${name}' hook to ${step.human}`);
  return fn.bind(hooks) as NonNullable<ReplayHooks[K]>;
}

/**
 * Replays one path on `session`: checks the initial state (and its whole context), then for each step causes the
 * event and checks `expect`.
 *
 * @throws {ReplayError} on the first mismatch or missing hook; whatever a hook throws.
 */
export async function replayPath(plan: PathPlan, path: PlanPath, session: ReplaySession): Promise<void> {
  const { actor, hooks } = session;
  check(path, 0, actor, plan.initial);
  for (const step of path.steps) {
    const event = step.event;
    const actorId = step.actor ?? '';
    switch (step.kind) {
      case 'send':
        actor.send(event as EventObject);
        break;
      case 'done':
        await hook(hooks, 'done', path, step)(actorId, event['output'], step);
        break;
      case 'error':
        await hook(hooks, 'error', path, step)(actorId, event['error'], step);
        break;
      case 'snapshot':
        await hook(hooks, 'snapshot', path, step)(actorId, event['snapshot'], step);
        break;
      case 'after': {
        const delay = step.delay;
        if (!delay || delay.ms === null) {
          throw new ReplayError(path.id, step.step, `the length of ${event.type} is unknown; the plan cannot time it`);
        }
        await hook(hooks, 'after', path, step)({ name: delay.name, ms: delay.ms }, step);
        break;
      }
      default:
        throw new ReplayError(path.id, step.step, `unknown step kind ${String((step as PlanStep).kind)}`);
    }
    await hooks.settle?.(step);
    check(path, step.step, actor, step.expect);
  }
}

/**
 * Replays every path of `plan` (or those whose id is in `only`), each on a fresh session from `start`.
 *
 * @throws {ReplayError} on the first mismatch (the path id and step number are in the message).
 */
export async function replay(plan: PathPlan, start: (path: PlanPath, plan: PathPlan) => ReplaySession | Promise<ReplaySession>, only?: readonly string[]): Promise<ReplayReport> {
  let paths = 0;
  let steps = 0;
  for (const path of plan.paths) {
    if (only && !only.includes(path.id)) continue;
    await replayPath(plan, path, await start(path, plan));
    paths++;
    steps += path.steps.length;
  }
  return { paths, steps };
}
