/**
 * State and transition coverage of a machine, measured on real actors (test-only helper, any machine).
 *
 * Every state node (except the root) and every transition definition — `on` events, guarded alternatives,
 * `always`, invoke `onDone`/`onError`/`onSnapshot`, `after` delays, state `onDone` — is enumerated from the machine
 * definition; a tracker plugged into `createActor(…, {inspect})` records what the actor actually entered and took.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate';

/** One transition definition of a machine, identified by `key` (`source|event|index`). */
export interface TransitionInfo {
  /** Stable identity: `${source}|${eventType or "(always)"}|${index among the same source and event}`. */
  readonly key: string;
  /** Id of the state node that declares the transition. */
  readonly source: string;
  /** Event descriptor; `''` for `always` transitions. */
  readonly eventType: string;
  /** Position among the transitions of `source` for `eventType` (guarded alternatives are separate transitions). */
  readonly index: number;
  /** Ids of the target state nodes; empty for targetless (self) transitions. */
  readonly targets: readonly string[];
}

/** Reached / total for one kind of item, with the ids or keys never reached. */
export interface CoverageCount {
  readonly reached: number;
  readonly total: number;
  readonly missing: readonly string[];
}

/** Coverage of one machine: state nodes (root excluded) and transition definitions. */
export interface CoverageReport {
  readonly machineId: string;
  readonly states: CoverageCount;
  readonly transitions: CoverageCount;
}

/** Records what real actors of one machine entered and took. Create with {@link createCoverageTracker}. */
export interface CoverageTracker {
  /** Pass as `createActor(machine, { inspect: tracker.inspect })`; only the root actor's microsteps count. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Records the states active in `snapshot`; call it with the snapshot right after `actor.start()`. */
  observe(snapshot: AnyMachineSnapshot): void;
  /** Current coverage against everything the machine defines. */
  report(): CoverageReport;
}

/** Every state node below the root, depth-first in definition order. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

const ALWAYS = '(always)';

/**
 * The stable key of a transition definition, or `undefined` for synthetic transitions XState makes up at runtime
 * (the initial transition, which no definition declares).
 */
export function transitionKey(transition: AnyTransitionDefinition): string | undefined {
  const { source, eventType } = transition as { source: AnyStateNode; eventType: string | null };
  if (eventType === null || eventType === undefined) return undefined;
  const siblings: readonly AnyTransitionDefinition[] | undefined = eventType === '' ? source.always : source.transitions.get(eventType);
  const index = siblings?.indexOf(transition) ?? -1;
  if (index < 0) return undefined;
  return `${source.id}|${eventType === '' ? ALWAYS : eventType}|${index}`;
}

/** Every transition definition of every state node (root included), in definition order. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const result: TransitionInfo[] = [];
  for (const node of [machine.root, ...listStateNodes(machine)]) {
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always) groups.push(['', node.always]);
    for (const [eventType, transitions] of groups) {
      transitions.forEach((transition, index) => {
        result.push({
          key: `${node.id}|${eventType === '' ? ALWAYS : eventType}|${index}`,
          source: node.id,
          eventType,
          index,
          targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
        });
      });
    }
  }
  return result;
}

/** The state value that selects exactly `node` (e.g. path `['uploading', 'sending']` → `{uploading: 'sending'}`). */
function valueOf(node: AnyStateNode): StateValue {
  const path = node.path as readonly string[];
  let value: StateValue = path[path.length - 1] ?? '';
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i] ?? '']: value };
  return value;
}

/**
 * Creates a coverage tracker for `machine`. Actors of `machine.provide(…)` count too: state ids and transition keys
 * do not depend on implementations.
 */
export function createCoverageTracker(machine: AnyStateMachine): CoverageTracker {
  const nodes = listStateNodes(machine).map((node) => ({ id: node.id, value: valueOf(node) }));
  const transitions = listTransitions(machine);
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();

  const observe = (snapshot: AnyMachineSnapshot) => {
    for (const node of nodes) if (snapshot.matches(node.value)) reachedStates.add(node.id);
  };

  return {
    inspect(event) {
      if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
      observe(event.snapshot as AnyMachineSnapshot);
      for (const transition of event._transitions) {
        const key = transitionKey(transition);
        if (key !== undefined) takenTransitions.add(key);
      }
    },
    observe,
    report() {
      const count = (all: readonly string[], seen: ReadonlySet<string>): CoverageCount => {
        const missing = all.filter((id) => !seen.has(id));
        return { reached: all.length - missing.length, total: all.length, missing };
      };
      return {
        machineId: machine.id,
        states: count(
          nodes.map((node) => node.id),
          reachedStates,
        ),
        transitions: count(
          transitions.map((transition) => transition.key),
          takenTransitions,
        ),
      };
    },
  };
}

/** One line per machine, e.g. `uploadPopover: states 5/5, transitions 17/17`. */
export function formatCoverage(name: string, report: CoverageReport): string {
  return `${name}: states ${report.states.reached}/${report.states.total}, transitions ${report.transitions.reached}/${report.transitions.total}`;
}

/** `true` when every state node and every transition was reached. */
export function isFullCoverage(report: CoverageReport): boolean {
  return report.states.missing.length === 0 && report.transitions.missing.length === 0;
}

/**
 * Throws unless coverage is 100 % for both states and transitions.
 *
 * @throws {Error} listing the unreached state ids and transition keys.
 */
export function assertFullCoverage(name: string, report: CoverageReport): void {
  if (isFullCoverage(report)) return;
  const lines = [
    `${formatCoverage(name, report)} — coverage below 100 %`,
    ...report.states.missing.map((id) => `  state never reached: ${id}`),
    ...report.transitions.missing.map((key) => `  transition never taken: ${key}`),
  ];
  throw new Error(lines.join('\n'));
}
