import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  revisionHistoryMachine,
  REVISION_HISTORY_MESSAGES,
  type AssetChangedEvent,
  type CompareRevisionsInput,
  type LoadRevisionsInput,
  type PendingRevisionChange,
  type RevisionHistoryInput,
  type RevisionRef,
} from './revisionHistory.machine.ts';
import {
  MODEL_COMPARISON,
  MODEL_FAILURE,
  MODEL_REVISIONS,
  MODEL_REVISIONS_HREF,
  REVISION_HISTORY_SCOPES,
  revisionHistoryModel,
  revisionHistoryScopeModel,
  type RevisionHistoryScope,
} from './revisionHistory.model.ts';

const SCOPES = Object.keys(REVISION_HISTORY_SCOPES) as RevisionHistoryScope[];
const paths = SCOPES.map((scope) => ({
  scope,
  shortest: revisionHistoryScopeModel(scope, 'shortest').getShortestPaths(),
  simple: revisionHistoryScopeModel(scope, 'simple').getSimplePaths(),
}));

function createHistoryDriver(scope: RevisionHistoryScope, coverage?: CoverageTracker): PathDriver {
  const input = REVISION_HISTORY_SCOPES[scope];
  const loads = createControlledPromiseActor<readonly RevisionRef[], LoadRevisionsInput>();
  const compares = createControlledPromiseActor<unknown, CompareRevisionsInput>();
  const applies = createControlledPromiseActor<unknown, PendingRevisionChange>();
  const actor = createActor(revisionHistoryMachine.provide({ actors: { loadRevisions: loads.logic, compareRevisions: compares.logic, applyRevisionChange: applies.logic } }), {
    input,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  const emitted: AssetChangedEvent[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let lastStep: { event: EventObject; before: AnyMachineSnapshot; emittedBefore: number } | undefined;
  const controlled = { loadRevisions: loads, compareRevisions: compares, applyRevisionChange: applies } as const;

  return {
    async exec(event) {
      const before = actor.getSnapshot();
      const emittedBefore = emitted.length;
      const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (outcome) {
        const invocation = controlled[outcome[2] as keyof typeof controlled].current();
        const payload = event as unknown as { output?: never; error?: unknown };
        if (outcome[1] === 'done') invocation.resolve(payload.output as never);
        else invocation.reject(payload.error);
      } else {
        actor.send(event as never);
      }
      await flushPromises();
      lastStep = { event, before, emittedBefore };
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // Without HistoryView nothing is ever requested (spec 03 §3.11).
      if (!input.permissions.view) {
        expect(snapshot.value).toBe('unavailable');
        expect(loads.invocations).toHaveLength(0);
      }
      // Requests run only in their states, with the asset's revisions link.
      expect(loads.pending().length).toBe(snapshot.matches('loading') ? 1 : 0);
      expect(compares.pending().length).toBe(snapshot.matches('comparing') ? 1 : 0);
      expect(applies.pending().length).toBe(snapshot.matches('applying') ? 1 : 0);
      if (snapshot.matches('loading')) expect(loads.current().input).toEqual({ revisionsHref: MODEL_REVISIONS_HREF });
      if (snapshot.matches('comparing')) {
        expect(compares.current().input).toEqual({ revisionsHref: MODEL_REVISIONS_HREF, left: context.comparison?.left, right: context.comparison?.right });
        expect(context.comparison?.left.href).not.toBe(context.comparison?.right.href);
      }
      // A rollback or delete is applied only after a confirmation, and only with the permission it needs.
      if (snapshot.matches('confirming') || snapshot.matches('applying')) {
        const pending = context.pending!;
        expect(pending.kind === 'delete' ? input.permissions.manage : input.permissions.rollback).toBe(true);
      }
      if (snapshot.matches('applying')) {
        expect(lastStep?.event.type).toBe('CONFIRM');
        expect(applies.current().input).toEqual(context.pending);
      }
      if (!snapshot.matches('confirming') && !snapshot.matches('applying')) expect(context.pending).toBeUndefined();
      // The asset reloads exactly when a change succeeded.
      const emittedNow = lastStep ? emitted.slice(lastStep.emittedBefore) : emitted;
      if (lastStep?.event.type === 'xstate.done.actor.applyRevisionChange') {
        expect(emittedNow).toEqual([{ type: 'assetChanged', change: lastStep.before.context.pending }]);
        expect(context.comparison).toBeUndefined();
      } else {
        expect(emittedNow).toEqual([]);
      }
      if (context.error) {
        expect(context.error.message).toBe(REVISION_HISTORY_MESSAGES[context.error.value]);
        expect(context.error.cause).toEqual(MODEL_FAILURE);
      }
      if (snapshot.matches('failed')) expect(context.error?.value).toBe('loadFailed');
      if (snapshot.matches('ready') && context.comparison) expect(context.comparison.result).toEqual(MODEL_COMPARISON);
      if (snapshot.matches('ready') && lastStep?.before.matches('loading')) expect(context.revisions).toEqual(MODEL_REVISIONS);
    },
  };
}

describe('revisionHistory model', () => {
  it('uses the manager scope for the QA model', () => {
    expect(revisionHistoryModel.testModel('shortest').getShortestPaths().length).toBe(paths[0]?.shortest.length);
  });
});

for (const { scope, shortest, simple } of paths) {
  describeModelPaths(`revisionHistory ${scope}: shortest paths`, shortest, 40, () => createHistoryDriver(scope));
  describeModelPaths(`revisionHistory ${scope}: simple paths`, simple, 120, () => createHistoryDriver(scope));
}

describe('revisionHistory coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(revisionHistoryMachine);
    for (const { scope, shortest, simple } of paths) {
      for (const path of [...shortest, ...simple]) await runPath(path, createHistoryDriver(scope, coverage));
    }
    const report = coverage.report();
    console.log(formatCoverage('revisionHistory', report));
    assertFullCoverage('revisionHistory', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

function start(input: RevisionHistoryInput) {
  const actor = createActor(
    revisionHistoryMachine.provide({
      actors: {
        loadRevisions: fromPromise<readonly RevisionRef[], LoadRevisionsInput>(async () => MODEL_REVISIONS),
        compareRevisions: fromPromise<unknown, CompareRevisionsInput>(async () => MODEL_COMPARISON),
        applyRevisionChange: fromPromise<unknown, PendingRevisionChange>(async () => null),
      },
    }),
    { input },
  ).start();
  return actor;
}

describe('revisionHistory rules', () => {
  it('does not compare a revision with itself', async () => {
    const actor = start(REVISION_HISTORY_SCOPES.viewer);
    await flushPromises();
    const [first] = MODEL_REVISIONS;
    actor.send({ type: 'COMPARE', left: first!, right: { href: first!.href } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.comparison).toBeUndefined();
  });

  it('ignores rollback and delete without HistoryRollback / HistoryManage', async () => {
    const actor = start(REVISION_HISTORY_SCOPES.viewer);
    await flushPromises();
    actor.send({ type: 'ROLLBACK', revision: MODEL_REVISIONS[1]! });
    actor.send({ type: 'UNDO', revision: MODEL_REVISIONS[0]! });
    actor.send({ type: 'DELETE', revision: MODEL_REVISIONS[2]! });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('rejects with the built-in actors until they are provided', async () => {
    const actor = createActor(revisionHistoryMachine, { input: REVISION_HISTORY_SCOPES.manager }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.value).toBe('loadFailed');
  });

  it('reports a failed delete as such', async () => {
    const actor = createActor(
      revisionHistoryMachine.provide({
        actors: {
          loadRevisions: fromPromise<readonly RevisionRef[], LoadRevisionsInput>(async () => MODEL_REVISIONS),
          applyRevisionChange: fromPromise<unknown, PendingRevisionChange>(async () => {
            throw MODEL_FAILURE;
          }),
        },
      }),
      { input: REVISION_HISTORY_SCOPES.manager },
    ).start();
    await flushPromises();
    actor.send({ type: 'DELETE', revision: MODEL_REVISIONS[2]! });
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error?.value).toBe('deleteFailed');
    expect(actor.getSnapshot().context.pending).toBeUndefined();
  });
});
