/**
 * The history panel's test model (spec 01 §7 Revisions; permissions HistoryView, HistoryRollback, HistoryManage): the
 * permission scopes and payload cases `revisionHistory.test.ts` runs on real actors, `npm run paths --
 * revisionHistory` prints for QA, and the browser harness can drive.
 *
 * Permissions are machine input, so the model has one scope per kind of user: `manager` (every permission),
 * `viewer` (HistoryView only: ROLLBACK and DELETE do nothing) and `none` (no HistoryView: the panel never loads).
 * `revisionHistoryModel.testModel(variant)` is the `manager` scope. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { revisionHistoryMachine, type RevisionHistoryContext, type RevisionHistoryInput } from './revisionHistory.machine.ts';

/** The kinds of user the model explores. */
export type RevisionHistoryScope = 'manager' | 'viewer' | 'none';

/** The asset's revisions link in the model. */
export const MODEL_REVISIONS_HREF = '/fotoweb/archives/5000-photos/harbour.jpg/__revisions/';

/** The model's revisions, newest first (as the list answers). */
export const MODEL_REVISIONS = [1, 2, 3].reverse().map((number) => ({ href: `${MODEL_REVISIONS_HREF}${number}`, number }));

/** The comparison result in the model: field 5 changed between the two revisions. */
export const MODEL_COMPARISON = { fields: [{ field: '5', left: 'Harbour', right: 'Pier' }] } as const;

/** What a failed request rejects with in the model (spec 02 §7: the error's name is the HTTP status). */
export const MODEL_FAILURE = { name: '500', message: 'Internal Server Error' } as const;

/** The machine input of each scope. */
export const REVISION_HISTORY_SCOPES: Readonly<Record<RevisionHistoryScope, RevisionHistoryInput>> = {
  manager: { revisionsHref: MODEL_REVISIONS_HREF, permissions: { view: true, rollback: true, manage: true } },
  viewer: { revisionsHref: MODEL_REVISIONS_HREF, permissions: { view: true, rollback: false, manage: false } },
  none: { revisionsHref: MODEL_REVISIONS_HREF, permissions: { view: false, rollback: false, manage: false } },
};

const modelMachine = toTestModelMachine(revisionHistoryMachine);

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

const [NEWEST, PREVIOUS, OLDEST] = MODEL_REVISIONS.map(({ href }) => ({ href }));

/** The events the model proposes for a snapshot of a scope. */
export function revisionHistoryModelEvents(scope: RevisionHistoryScope, variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as RevisionHistoryContext;
    const full = variant === 'shortest';
    if (snapshot.matches('loading')) {
      return [ev('xstate.done.actor.loadRevisions', { output: MODEL_REVISIONS }), ev('xstate.error.actor.loadRevisions', { error: MODEL_FAILURE })];
    }
    if (snapshot.matches('failed')) return [ev('RETRY')];
    if (snapshot.matches('comparing')) {
      return [ev('xstate.done.actor.compareRevisions', { output: MODEL_COMPARISON }), ev('xstate.error.actor.compareRevisions', { error: MODEL_FAILURE })];
    }
    if (snapshot.matches('confirming')) return [ev('CONFIRM'), ev('CANCEL')];
    if (snapshot.matches('applying')) {
      return [ev('xstate.done.actor.applyRevisionChange', { output: null }), ev('xstate.error.actor.applyRevisionChange', { error: MODEL_FAILURE })];
    }
    if (snapshot.matches('ready')) {
      // Simple paths: one comparison and no second try after a failure, so the number of loop-free routes stays small.
      const events = full || (!context.comparison && !context.error) ? [ev('COMPARE', { left: PREVIOUS, right: NEWEST })] : [];
      if (context.comparison) events.push(ev('CLOSE_COMPARISON'));
      if (full || (scope === 'manager' && !context.error)) events.push(ev('ROLLBACK', { revision: PREVIOUS }), ev('DELETE', { revision: OLDEST }));
      if (full) events.push(ev('UNDO', { revision: NEWEST }));
      if (full) events.push(ev('RELOAD'));
      return events;
    }
    return [];
  };
}

/**
 * Events that bring the panel back to a snapshot it had before; they get their own vertex so shortest paths take
 * them (a finished rollback reloads the same list a RETRY does).
 */
const RETURNING_EVENTS: ReadonlySet<string> = new Set(['CANCEL', 'RELOAD', 'CLOSE_COMPARISON', 'xstate.done.actor.applyRevisionChange']);

/** A vertex is the snapshot (value + context), or "that snapshot after a returning event". */
export function serializeRevisionHistoryState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  return event && RETURNING_EVENTS.has(event.type) ? `${key} after ${event.type}` : key;
}

/** The test model of one scope (only the proposed events; XState's bare `{type}` done/error events are dropped). */
export function revisionHistoryScopeModel(scope: RevisionHistoryScope, variant: PathVariant) {
  const events = revisionHistoryModelEvents(scope, variant);
  return createTestModel(modelMachine, {
    input: REVISION_HISTORY_SCOPES[scope],
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
    serializeState: serializeRevisionHistoryState,
  });
}

/** The history panel's {@link MachineModel}: `testModel(variant)` explores the `manager` scope. */
export const revisionHistoryModel: MachineModel = {
  name: 'revisionHistory',
  title: 'Asset history panel: list revisions, compare two, restore, undo or delete one after a confirmation',
  spec: 'spec 01 §7 Revisions, §3 Revision; spec 03 §3.11 HistoryView, HistoryRollback, HistoryManage',
  machine: revisionHistoryMachine,
  testModel(variant: PathVariant) {
    return revisionHistoryScopeModel('manager', variant);
  },
};
