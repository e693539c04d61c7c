/**
 * Turns a machine's generated test paths into a QA plan: numbered steps with the event to cause, a sentence a tester
 * can follow, and the state to expect after each step. The plan is plain JSON (a script replays it, see `replay.ts`)
 * and prints as Markdown for people. Issue "QA: `npm run paths`"; see `docs/qa-paths.md`.
 *
 * XState's internal event types are translated:
 * - `xstate.done.actor.<id>` → "the <id> call succeeds with <output>";
 * - `xstate.error.actor.<id>` → "the <id> call fails with <error>";
 * - `xstate.snapshot.<id>` → "the <id> call reports <snapshot>";
 * - `xstate.after.<delay>.<state id>` → "wait <ms> ms (<delay>)", or "wait the <delay> delay" when the delay cannot be
 *   resolved to a number;
 * - anything else is a user event: "send <TYPE>" or "send <TYPE> with <payload>".
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import { getAdjacencyMap, type TestPath } from 'xstate/graph';
import { listStateNodes } from '../testing/coverage.ts';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { formatEvent } from '../testing/modelPaths.ts';

/** A JSON value: what a plan is made of, so `JSON.parse(JSON.stringify(plan))` equals `plan`. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** An event as the plan prints it: its `type` and its payload fields, all plain JSON. */
export interface PlanEvent {
  readonly type: string;
  readonly [field: string]: JsonValue;
}

/**
 * What a step asks for:
 * - `send`: send `event` to the machine (in the web app: the user action that sends it);
 * - `done` / `error`: the invoked actor `actor` (a server call) succeeds with `event.output` / fails with `event.error`;
 * - `snapshot`: the invoked actor `actor` reports progress `event.snapshot`;
 * - `after`: time passes: the delay `delay.name`, `delay.ms` milliseconds.
 */
export type PlanStepKind = 'send' | 'done' | 'error' | 'snapshot' | 'after';

/** A delay as a plan states it: its name (or literal ms) in the machine, and its length in ms when known. */
export interface PlanDelay {
  /** The key in the state's `after`: a named delay (`pollInterval`) or a number of ms as a string (`'1000'`). */
  readonly name: string;
  /**
   * Milliseconds: the machine's `delays[name]` when it is a number; for a delay function, its value on the model's
   * context when the state was entered; `null` when it could not be computed (the tester waits for the named delay).
   */
  readonly ms: number | null;
}

/** What to check after a step. */
export interface PlanExpectation {
  /** The state value as a dotted string (`'uploading.sending'`); parallel regions joined by `', '`. */
  readonly state: string;
  /** The context fields this step changed, with their new values (`null` for a field that became `undefined`). */
  readonly context?: Readonly<Record<string, JsonValue>>;
}

/** One numbered step of a path. */
export interface PlanStep {
  /** 1-based position in the path. */
  readonly step: number;
  readonly kind: PlanStepKind;
  /** The event the machine receives, with its payload. */
  readonly event: PlanEvent;
  /** The invoked actor's id, for `done`, `error` and `snapshot` steps. */
  readonly actor?: string;
  /** The delay, for `after` steps. */
  readonly delay?: PlanDelay;
  /** The step for people: `send OPEN`, `the uploadFile call succeeds with {…}`, `wait 1000 ms (pollInterval)`. */
  readonly human: string;
  readonly expect: PlanExpectation;
}

/** One path: from the initial state, its steps in order. */
export interface PlanPath {
  /** `P1`, `P2`, … in the order `xstate/graph` generated the paths (stable for an unchanged model). */
  readonly id: string;
  /**
   * `<end state>: <events>`, each event as a short label (`OPEN`, `done:pollTask {"status":"pending"}`,
   * `after:pollInterval`), consecutive repeats compacted (`(a → b) ×14`).
   */
  readonly title: string;
  readonly steps: readonly PlanStep[];
}

/**
 * A machine's paths for one variant, as plain JSON:
 * `{ machine, title, spec, variant, input, initial: {state, context}, paths: [{ id, title, steps: [{ step, kind,
 * event, actor?, delay?, human, expect: {state, context?} }] }] }`.
 */
export interface PathPlan {
  /** The model's name (the flow folder): `backgroundJob`. */
  readonly machine: string;
  readonly title: string;
  /** The spec sections the machine implements. */
  readonly spec: string;
  readonly variant: PathVariant;
  /** The input the machine starts with (`null` when the model gives none). */
  readonly input: JsonValue;
  /** Where every path starts: the initial state and its whole context. */
  readonly initial: { readonly state: string; readonly context: JsonValue };
  readonly paths: readonly PlanPath[];
}

type AnyTestPath = TestPath<AnyMachineSnapshot, EventObject>;

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
const SNAPSHOT_PREFIX = 'xstate.snapshot.';
const AFTER_PREFIX = 'xstate.after.';

/** Bounds on path generation, so a model whose state space is unbounded fails fast instead of exhausting memory. */
export interface PathLimits {
  /** Most snapshots the traversal may visit (`xstate/graph`'s `limit`); default {@link DEFAULT_PATH_LIMITS}. */
  readonly traversal: number;
  /** Most simple paths (every prefix counts) enumerated before `getSimplePaths` is called. */
  readonly simplePaths: number;
}

/** Far above any model the tests accept (their path-count bounds are in the tens or hundreds). */
export const DEFAULT_PATH_LIMITS: PathLimits = { traversal: 50_000, simplePaths: 5_000 };

/** A model's paths exceed {@link PathLimits}: its scope (events, filterEvents, input) needs narrowing. */
export class PathLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathLimitError';
  }
}

type AnyTestModel = ReturnType<MachineModel['testModel']>;

/**
 * Counts the simple paths from the initial snapshot (each prefix of a route counts, as in `getSimplePaths` before it
 * drops prefixes), stopping at `max + 1`. Mirrors `xstate/graph`'s depth-first walk on the same adjacency map.
 */
function countSimplePaths(testModel: AnyTestModel, limits: PathLimits): number {
  const max = limits.simplePaths;
  const adjacency = getAdjacencyMap(testModel.testLogic, { ...testModel.options, limit: limits.traversal }) as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const options = testModel.options as unknown as {
    serializeState: (state: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot) => string;
  };
  const rootState = Object.values(adjacency)[0]?.state;
  if (!rootState) return 0;
  const onPath = new Set<string>();
  let count = 0;
  const visit = (serial: string, state: AnyMachineSnapshot) => {
    count++;
    if (count > max) return;
    onPath.add(serial);
    for (const { event, state: next } of Object.values(adjacency[serial]?.transitions ?? {})) {
      const nextSerial = options.serializeState(next, event, state);
      if (!onPath.has(nextSerial)) visit(nextSerial, next);
      if (count > max) break;
    }
    onPath.delete(serial);
  };
  visit(options.serializeState(rootState, undefined), rootState);
  return count;
}

/**
 * The paths of `model` for `variant`: `testModel('shortest').getShortestPaths()` or
 * `testModel('simple').getSimplePaths()`, within `limits`.
 *
 * @throws {PathLimitError} when the traversal visits more than `limits.traversal` snapshots (an unbounded context,
 *   e.g. a counter without a cap in the model's events) or there are more than `limits.simplePaths` simple paths.
 */
export function generatePaths(model: MachineModel, variant: PathVariant, limits: PathLimits = DEFAULT_PATH_LIMITS): AnyTestPath[] {
  const testModel = model.testModel(variant);
  const traversal = { limit: limits.traversal };
  try {
    if (variant === 'shortest') return testModel.getShortestPaths(traversal);
    const simple = countSimplePaths(testModel, limits);
    if (simple > limits.simplePaths) {
      throw new PathLimitError(`paths: ${model.name} has more than ${limits.simplePaths} simple paths; narrow its 'simple' scope`);
    }
    return testModel.getSimplePaths(traversal);
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new PathLimitError(`paths: ${model.name} (${variant}) visits more than ${limits.traversal} snapshots; ` + 'its model lets the context grow without bound');
    }
    throw error;
  }
}

/**
 * A state value as a dotted string: `'closed'`, `{uploading: 'sending'}` → `'uploading.sending'`; parallel regions
 * are listed in definition order and joined by `', '` (`{a: 'x', b: 'y'}` → `'a.x, b.y'`).
 */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const inner = formatStateValue(child);
    for (const region of inner === '' ? [''] : inner.split(', ')) parts.push(region === '' ? key : `${key}.${region}`);
  }
  return parts.join(', ');
}

/**
 * `value` as plain JSON, for payloads and context summaries: `undefined` becomes `null` (dropped inside objects),
 * an `Error` becomes `{name, message}`, a `Date` its ISO string, a `Map` an object, a `Set` an array, a bigint a
 * string, a function or symbol `null`, a repeated reference `'[Circular]'`. Other objects keep their own enumerable
 * fields.
 */
export function toJsonValue(value: unknown): JsonValue {
  const seen = new Set<object>();
  const convert = (input: unknown): JsonValue => {
    if (input === null || input === undefined) return null;
    switch (typeof input) {
      case 'string':
      case 'boolean':
        return input;
      case 'number':
        return Number.isFinite(input) ? input : String(input);
      case 'bigint':
        return input.toString();
      case 'function':
      case 'symbol':
        return null;
      default:
        break;
    }
    const object = input as object;
    if (seen.has(object)) return '[Circular]';
    seen.add(object);
    try {
      if (object instanceof Date) return object.toISOString();
      if (object instanceof Error) return { name: object.name, message: object.message };
      if (Array.isArray(object)) return object.map(convert);
      if (object instanceof Set) return [...object].map(convert);
      const entries = object instanceof Map ? [...object.entries()] : Object.entries(object);
      const result: Record<string, JsonValue> = {};
      for (const [key, field] of entries) {
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        result[String(key)] = convert(field);
      }
      return result;
    } finally {
      seen.delete(object);
    }
  };
  return convert(value);
}

/** `true` when two JSON values are equal (object key order ignored). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index] ?? null));
  }
  const left = a as Record<string, JsonValue>;
  const right = b as Record<string, JsonValue>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && jsonEqual(left[key] ?? null, right[key] ?? null));
}

/** Compact JSON for one line of text. */
function compact(value: JsonValue): string {
  return JSON.stringify(value);
}

/** The event's payload (every field but `type`), or `undefined` when it has none. */
function payloadOf(event: PlanEvent): Record<string, JsonValue> | undefined {
  const { type: _type, ...payload } = event;
  return Object.keys(payload).length > 0 ? payload : undefined;
}

/** Classifies an event type: which kind of step, and which actor for invoke results. */
export function classifyEvent(type: string): { kind: PlanStepKind; actor?: string } {
  if (type.startsWith(DONE_PREFIX)) return { kind: 'done', actor: type.slice(DONE_PREFIX.length) };
  if (type.startsWith(ERROR_PREFIX)) return { kind: 'error', actor: type.slice(ERROR_PREFIX.length) };
  if (type.startsWith(SNAPSHOT_PREFIX)) return { kind: 'snapshot', actor: type.slice(SNAPSHOT_PREFIX.length) };
  if (type.startsWith(AFTER_PREFIX)) return { kind: 'after' };
  return { kind: 'send' };
}

/**
 * The sentence for a step, split so Markdown can set the payload as code: `lead` (`the pollTask call succeeds
 * with`) and the compact JSON `payload`, if any. `human` is `lead` and `payload` joined by a space.
 */
export function phraseOf(step: Pick<PlanStep, 'kind' | 'event' | 'actor' | 'delay'>): {
  lead: string;
  payload?: string;
} {
  const event = step.event;
  const field = (name: string): string | undefined => (event[name] === undefined ? undefined : compact(event[name] ?? null));
  switch (step.kind) {
    case 'done': {
      const output = field('output');
      return output === undefined ? { lead: `the ${step.actor} call succeeds` } : { lead: `the ${step.actor} call succeeds with`, payload: output };
    }
    case 'error': {
      const error = field('error');
      return error === undefined ? { lead: `the ${step.actor} call fails` } : { lead: `the ${step.actor} call fails with`, payload: error };
    }
    case 'snapshot': {
      const snapshot = field('snapshot');
      return snapshot === undefined ? { lead: `the ${step.actor} call reports progress` } : { lead: `the ${step.actor} call reports`, payload: snapshot };
    }
    case 'after': {
      const delay = step.delay;
      if (!delay) return { lead: `wait for ${event.type}` };
      if (delay.ms === null) return { lead: `wait the ${delay.name} delay` };
      return { lead: String(delay.name) === String(delay.ms) ? `wait ${delay.ms} ms` : `wait ${delay.ms} ms (${delay.name})` };
    }
    case 'send': {
      const payload = payloadOf(event);
      return payload === undefined ? { lead: `send ${event.type}` } : { lead: `send ${event.type} with`, payload: compact(payload) };
    }
  }
}

/** The state value that selects exactly `node` (path `['a', 'b']` → `{a: 'b'}`). */
function valueOfNode(node: AnyStateNode): StateValue {
  const path = node.path as readonly string[];
  let value: StateValue = path[path.length - 1] ?? '';
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i] ?? '']: value };
  return value;
}

/**
 * Resolves the delay behind `xstate.after.<delay>.<state id>` at `index` in `steps`: the state node that declares it,
 * the delay's key, and its length in ms. A delay function is called like XState calls it, with the context and event
 * of the step that entered the state (walking back while the state stays active).
 */
function resolveDelay(machine: AnyStateMachine, steps: AnyTestPath['steps'], index: number): PlanDelay {
  const type = steps[index]?.event.type ?? '';
  const node = listStateNodes(machine).find((candidate) => (candidate.after as ReadonlyArray<{ eventType: string }>).some((transition) => transition.eventType === type));
  const rest = type.slice(AFTER_PREFIX.length);
  const name = node ? rest.slice(0, rest.length - node.id.length - 1) : (rest.split('.')[0] ?? rest);
  if (/^\d+$/.test(name)) return { name, ms: Number(name) };
  const implementation = (machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
  if (typeof implementation === 'number') return { name, ms: implementation };
  if (typeof implementation !== 'function' || !node) return { name, ms: null };

  const value = valueOfNode(node);
  let entry = index - 1;
  while (entry > 0 && steps[entry - 1]?.state.matches(value)) entry--;
  const entered = steps[entry];
  if (!entered) return { name, ms: null };
  try {
    const ms: unknown = (implementation as (args: unknown, params: unknown) => unknown)(
      { context: entered.state.context, event: entered.event, self: undefined, system: undefined },
      undefined,
    );
    return { name, ms: typeof ms === 'number' && Number.isFinite(ms) ? ms : null };
  } catch {
    // A delay that needs the live actor (self, system) cannot be computed from the model: print its name.
    return { name, ms: null };
  }
}

/** The context fields that differ between two snapshots, with their new values as JSON. */
function contextChanges(before: unknown, after: unknown): Record<string, JsonValue> | undefined {
  const previous = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, JsonValue> = {};
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const value = toJsonValue(next[key]);
    if (!jsonEqual(toJsonValue(previous[key]), value)) changes[key] = value;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/**
 * `labels` with consecutive repeats compacted: `a → b → a → b → a → b → c` → `(a → b) ×3 → c`. Groups of up to four
 * labels are looked for, the one that covers the most labels wins.
 */
function compactRuns(labels: readonly string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < labels.length) {
    let best = { size: 1, times: 1 };
    for (let size = 1; size <= 4 && i + size * 2 <= labels.length; size++) {
      let times = 1;
      while (i + size * (times + 1) <= labels.length && labels.slice(i, i + size).every((label, k) => label === labels[i + size * times + k])) {
        times++;
      }
      if (times > 1 && size * times > best.size * best.times) best = { size, times };
    }
    const group = labels.slice(i, i + best.size);
    if (best.times === 1) out.push(group[0] ?? '');
    else out.push(best.size === 1 ? `${group[0]} ×${best.times}` : `(${group.join(' → ')}) ×${best.times}`);
    i += best.size * best.times;
  }
  return out.join(' → ');
}

/** A short label for an event in a title: `OPEN`, `ADD_FILES {…}`, `done:pollTask {"status":"pending"}`, `after:pollInterval`. */
function labelOf(event: EventObject): string {
  const { kind, actor } = classifyEvent(event.type);
  const record = event as unknown as Record<string, unknown>;
  const withValue = (label: string, value: unknown) => (value === undefined ? label : `${label} ${compact(toJsonValue(value))}`);
  switch (kind) {
    case 'done':
      return withValue(`done:${actor}`, record['output']);
    case 'error':
      return withValue(`error:${actor}`, record['error']);
    case 'snapshot':
      return withValue(`snapshot:${actor}`, record['snapshot']);
    case 'after':
      return formatEvent({ type: event.type });
    case 'send': {
      const payload = payloadOf(toJsonValue(event) as unknown as PlanEvent);
      return payload === undefined ? event.type : `${event.type} ${compact(payload)}`;
    }
  }
}

/** The path's title: `<end state>: <events>`, consecutive repeats compacted (`(a → b) ×14`). */
function titleOf(path: AnyTestPath): string {
  const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  const end = formatStateValue(path.state.value);
  return events.length === 0 ? `${end}: (initial state)` : `${end}: ${compactRuns(events.map(labelOf))}`;
}

/**
 * Builds the plan of `paths` (generated from `model` for `variant`). `input` defaults to the test model's own
 * `options.input`.
 *
 * @throws {Error} when `paths` is empty (a model always has at least the initial state's path).
 */
export function planFromPaths(
  model: MachineModel,
  variant: PathVariant,
  paths: readonly AnyTestPath[],
  input: unknown = (model.testModel(variant) as { options?: { input?: unknown } }).options?.input,
): PathPlan {
  const first = paths[0]?.steps[0];
  if (!first) throw new Error(`paths: ${model.name} has no ${variant} paths`);
  return {
    machine: model.name,
    title: model.title,
    spec: model.spec,
    variant,
    input: toJsonValue(input),
    initial: { state: formatStateValue(first.state.value), context: toJsonValue(first.state.context) },
    paths: paths.map((path, index): PlanPath => {
      const steps: PlanStep[] = [];
      path.steps.forEach((step, at) => {
        if (at === 0 && step.event.type === 'xstate.init') return;
        const { kind, actor } = classifyEvent(step.event.type);
        const event = toJsonValue(step.event) as unknown as PlanEvent;
        const delay = kind === 'after' ? resolveDelay(model.machine, path.steps, at) : undefined;
        const changes = contextChanges(path.steps[at - 1]?.state.context, step.state.context);
        const phrase = phraseOf({ kind, event, actor, delay });
        steps.push({
          step: steps.length + 1,
          kind,
          event,
          ...(actor === undefined ? {} : { actor }),
          ...(delay === undefined ? {} : { delay }),
          human: phrase.payload === undefined ? phrase.lead : `${phrase.lead} ${phrase.payload}`,
          expect: {
            state: formatStateValue(step.state.value),
            ...(changes === undefined ? {} : { context: changes }),
          },
        });
      });
      return { id: `P${index + 1}`, title: titleOf(path), steps };
    }),
  };
}

/**
 * The plan of `model`'s `variant` paths (see {@link generatePaths} and {@link planFromPaths}).
 *
 * @throws {Error} when the model yields no paths, or whatever the model's `testModel` throws.
 */
export function buildPlan(model: MachineModel, variant: PathVariant): PathPlan {
  return planFromPaths(model, variant, generatePaths(model, variant));
}

/** The plan as JSON text (two-space indent, trailing newline): what `npm run paths -- <machine> --format json` prints. */
export function formatPlanJson(plan: PathPlan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

const CELL_MAX = 160;
const CONTEXT_CELL_MAX = 100;

/** `text` as inline code that survives a Markdown table cell (pipes escaped, long text cut with `…`). */
function code(text: string, max = CELL_MAX): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  const fence = cut.includes('`') ? '``' : '`';
  return `${fence}${cut.replaceAll('|', '\\|')}${fence}`;
}

/** `text` safe in a Markdown table cell. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The Expect cell: the state, then the changed context fields (`attempts = 1`). */
function expectCell(expectation: PlanExpectation): string {
  const state = code(expectation.state);
  const changes = Object.entries(expectation.context ?? {}).map(([key, value]) => `${cell(key)} = ${code(compact(value), CONTEXT_CELL_MAX)}`);
  return changes.length === 0 ? state : `${state} · ${changes.join(', ')}`;
}

/**
 * The plan as Markdown: a header (machine, spec, variant, start state and input), then per path a heading
 * `## P<n>: ends in <state> (<n> steps)`, its route (the title) and a numbered table `| Step | Do | Expect state |`. The Expect cell also lists the context fields the
 * step changes. What `npm run paths -- <machine>` prints.
 */
export function formatPlanMarkdown(plan: PathPlan): string {
  const lines: string[] = [
    `# ${plan.machine}: ${plan.variant} paths`,
    '',
    `${plan.title}.`,
    '',
    `- Implements: ${plan.spec}`,
    `- Start: state ${code(plan.initial.state)}, input ${code(compact(plan.input), 400)}`,
    `- Paths: ${plan.paths.length} (${plan.variant === 'shortest' ? 'the shortest route to every state' : 'every route without a repeated state'})`,
    '',
  ];
  for (const path of plan.paths) {
    const end = path.steps.at(-1)?.expect.state ?? plan.initial.state;
    const count = path.steps.length === 1 ? '1 step' : `${path.steps.length} steps`;
    lines.push(`## ${path.id}: ends in ${end} (${count})`, '', `Route: ${cell(path.title)}`, '');
    if (path.steps.length === 0) {
      lines.push(`Nothing to do: the machine starts in ${code(plan.initial.state)}.`, '');
      continue;
    }
    lines.push('| Step | Do | Expect state |', '|---:|---|---|');
    for (const step of path.steps) {
      const phrase = phraseOf(step);
      const action = phrase.payload === undefined ? cell(phrase.lead) : `${cell(phrase.lead)} ${code(phrase.payload)}`;
      lines.push(`| ${step.step} | ${action} | ${expectCell(step.expect)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
