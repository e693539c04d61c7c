/**
 * The activity log page's test model (spec 03 §2.1 activity exports; issue 15): the outcomes `activityLog.test.ts`
 * runs on real actors, `tests/e2e/model/activityLog.model.spec.ts` runs in Chromium against the Activity exports page,
 * and `npm run paths -- activityLog` prints for QA. The invocations become their done/error events
 * (testing/modelMachine.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ActivityEntry } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { activityLogMachine, NO_ACTIVITY_FILTERS, type ActivityFilters, type ActivityLogInput, type ActivityPage } from './activityLog.machine.ts';

/** The input of every path: no filters. */
export const ACTIVITY_MODEL_INPUT: ActivityLogInput = { filters: NO_ACTIVITY_FILTERS };

/** The filters a path applies: asset actions on "dog" in November 2026. */
export const ACTIVITY_MODEL_FILTERS: ActivityFilters = { from: '2026-11-01', to: '2026-11-30', action: 'asset.', target: 'dog' };

const entry = (id: number, action: ActivityEntry['action'], name: string): ActivityEntry => ({
  id,
  at: `2026-11-2${id % 10}T10:00:00.000Z`,
  user: { id: 15001, name: 'admin', fullName: 'Ada Admin' },
  action,
  target: { kind: 'asset', id: String(id), href: `/fotoweb/archives/5000-Photos/${encodeURIComponent(name)}.info`, name },
  details: { fields: ['5'] },
});

/** The first page: two entries and an older page. */
export const ACTIVITY_MODEL_FIRST: ActivityPage = {
  entries: [entry(9, 'asset.metadataEdited', 'Bush-dog.jpg'), entry(8, 'asset.uploaded', 'Bush-dog.jpg')],
  next: '/fotoweb/api/activity?before=8',
  exportHref: '/fotoweb/api/activity/export?format=csv',
};
/** The older page: one entry, no more. */
export const ACTIVITY_MODEL_OLDER: ActivityPage = { entries: [entry(7, 'asset.renamed', 'Old dog.jpg')], next: null, exportHref: ACTIVITY_MODEL_FIRST.exportHref };
/** A log with nothing under the filters. */
export const ACTIVITY_MODEL_EMPTY: ActivityPage = { entries: [], next: null, exportHref: '/fotoweb/api/activity/export?format=csv' };

/** Failures per variant: `shortest` a 400 bad filter and a 500; `simple` the 500. */
export const ACTIVITY_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 400, responseJSON: { value: 'InvalidRequest', message: 'from is after to.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const filter = event('FILTER', { filters: ACTIVITY_MODEL_FILTERS });

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('loading')) {
      return [
        event('xstate.done.actor.loadFirst', { output: ACTIVITY_MODEL_FIRST }),
        ...(variant === 'shortest' ? [event('xstate.done.actor.loadFirst', { output: ACTIVITY_MODEL_EMPTY })] : []),
        ...ACTIVITY_MODEL_FAILURES[variant].map((error) => event('xstate.error.actor.loadFirst', { error })),
      ];
    }
    // Simple paths (no state twice) stay few: new filters only from a failure, Refresh only once every page is shown.
    const shortest = variant === 'shortest';
    if (snapshot.matches('loaded')) {
      return [...(snapshot.context.next ? [event('SHOW_MORE')] : []), ...(shortest || !snapshot.context.next ? [event('REFRESH')] : []), ...(shortest ? [filter] : [])];
    }
    if (snapshot.matches('loadingMore')) {
      return [
        event('xstate.done.actor.loadMore', { output: ACTIVITY_MODEL_OLDER }),
        ...ACTIVITY_MODEL_FAILURES[variant].slice(-1).map((error) => event('xstate.error.actor.loadMore', { error })),
        ...(shortest ? [filter] : []),
      ];
    }
    if (snapshot.matches('failed')) return [event('RETRY'), filter];
    return [];
  };
}

function modelFilter(variant: PathVariant) {
  const events = modelEvents(variant);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(activityLogMachine);

/** The `xstate/graph` test model for a variant, with {@link ACTIVITY_MODEL_INPUT}. */
export function createActivityLogTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ACTIVITY_MODEL_INPUT, events: modelEvents(variant), filterEvents: modelFilter(variant) });
}

/** The activity log's {@link MachineModel}. */
export const activityLogModel: MachineModel = {
  name: 'activityLog',
  title: 'Activity exports: the log for the filters, older pages, a refusal or a failure explained, again at will',
  spec: 'spec 03 §2.1 Activity exports (issue 15: the activity log, its filters and its CSV download)',
  machine: activityLogMachine,
  testModel(variant: PathVariant) {
    return createActivityLogTestModel(variant);
  },
};
