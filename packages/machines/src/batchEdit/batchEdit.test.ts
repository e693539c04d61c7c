import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  BATCH_FORBIDDEN_MESSAGE,
  BATCH_INVALID_MESSAGE,
  batchChangeProblem,
  batchEditMachine,
  batchErrorMessage,
  batchTargets,
  batchUpdateData,
  COMPANY_TOO_LONG_MESSAGE,
  EXPIRY_INVALID_MESSAGE,
  isBatchAvailable,
  LICENSE_UNCHANGED_MESSAGE,
  NOBODY_TO_CHANGE_MESSAGE,
  type BatchApplyInput,
  type BatchChange,
  type BatchEditEvent,
  type BatchResult,
  type BatchUser,
} from './batchEdit.machine.ts';
import { BATCH_EDIT_MODEL_INPUT, batchEditModel, MODEL_BATCH_CHANGES, MODEL_BATCH_USERS } from './batchEdit.model.ts';

const shortestPaths = batchEditModel.testModel('shortest').getShortestPaths();
const simplePaths = batchEditModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createBatchEditDriver(coverage?: CoverageTracker): PathDriver {
  const applies = createControlledPromiseActor<BatchResult, BatchApplyInput>();
  const actor = createActor(batchEditMachine.provide({ actors: { apply: applies.logic } }), {
    input: BATCH_EDIT_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: BatchResult; error?: unknown };
      if (event.type === 'xstate.done.actor.apply') applies.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.apply') applies.current().reject(payload.error);
      else actor.send(event as BatchEditEvent);
      await flushPromises();
      const after = actor.getSnapshot();
      // Oracles from spec 03 §5, independent of the machine's guards.
      if (event.type === 'APPLY') {
        const { change } = event as unknown as { change: BatchChange };
        const nothing = change.operation === 'license' && change.level === undefined && change.mode === undefined;
        expect(after.value).toBe(nothing ? 'editing' : 'applying');
        if (nothing) expect(after.context.problem).toBe(LICENSE_UNCHANGED_MESSAGE);
      }
      if (event.type === 'xstate.done.actor.apply') expect(after.value).toBe(payload.output!.skipped.length > 0 ? 'reported' : 'closed');
      if (event.type === 'xstate.error.actor.apply') expect([after.value, after.context.error]).toEqual(['failed', batchErrorMessage(payload.error)]);
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Only the users whose updateLicense is allowed are sent, and only the level (the mode left at the sentinel).
      for (const { input } of applies.invocations) expect(input).toEqual({ change: MODEL_BATCH_CHANGES.level, users: [MODEL_BATCH_USERS[0]!.href, MODEL_BATCH_USERS[1]!.href] });
      expect(applies.pending()).toHaveLength(snapshot.matches('applying') ? 1 : 0);
      if (snapshot.status === 'done') expect(snapshot.output).toEqual({ result: snapshot.context.result });
    },
  };
}

describeModelPaths('batchEdit model: shortest paths (every §8 failure)', shortestPaths, 60, () => createBatchEditDriver());

describeModelPaths('batchEdit model: simple paths (one failure)', simplePaths, 60, () => createBatchEditDriver());

describe('batchEdit coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(batchEditMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createBatchEditDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('batchEdit', report));
    assertFullCoverage('batchEdit', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

const user = (name: string, actions: Partial<BatchUser['actions']>): BatchUser => ({
  href: `/fotoweb/api/users/${name}`,
  fullName: name,
  actions: { update: false, updateLicense: false, updateAccountStatus: false, delete: false, ...actions },
});

describe('batch operations (spec 03 §5)', () => {
  const a = user('a', { update: true, delete: true });
  const b = user('b', { updateAccountStatus: true, delete: true });
  const c = user('c', { updateLicense: true });

  it('apply only to the selected users whose matching action is allowed', () => {
    expect(batchTargets('company', [a, b, c])).toEqual([a]);
    expect(batchTargets('license', [a, b, c])).toEqual([c]);
    expect(batchTargets('access', [a, b, c])).toEqual([b]);
    expect(batchTargets('expiry', [a, b, c])).toEqual([b]);
    expect(batchTargets('delete', [a, b, c])).toEqual([a, b]);
  });

  it('enables delete only when more than one selected user can be deleted, the others with at least one', () => {
    expect(isBatchAvailable('delete', [a, b, c])).toBe(true);
    expect(isBatchAvailable('delete', [a, c])).toBe(false);
    expect(isBatchAvailable('license', [c])).toBe(true);
    expect(isBatchAvailable('license', [a, b])).toBe(false);
    expect(isBatchAvailable('company', [])).toBe(false);
  });

  it('the license sentinel leaves a choice unchanged; both at the sentinel change nothing', () => {
    expect(batchChangeProblem({ operation: 'license', level: undefined, mode: undefined })).toBe(LICENSE_UNCHANGED_MESSAGE);
    expect(batchUpdateData({ operation: 'license', level: undefined, mode: 1 })).toEqual({ license: { mode: 1 } });
    expect(batchUpdateData({ operation: 'license', level: 35, mode: undefined })).toEqual({ license: { level: 35 } });
  });

  it('trims the company, bounds it, clears the expiry with null, and refuses dates the DAM cannot store', () => {
    expect(batchUpdateData({ operation: 'company', organization: '  Acme  ' })).toEqual({ address: { organization: 'Acme' } });
    expect(batchChangeProblem({ operation: 'company', organization: 'x'.repeat(201) })).toBe(COMPANY_TOO_LONG_MESSAGE);
    expect(batchChangeProblem({ operation: 'company', organization: ` ${'x'.repeat(200)} ` })).toBeUndefined();
    expect(batchUpdateData({ operation: 'expiry', expires: null })).toEqual({ account: { expires: null } });
    expect(batchChangeProblem({ operation: 'expiry', expires: '2031-05-01T00:00:00.000Z' })).toBeUndefined();
    expect(batchChangeProblem({ operation: 'expiry', expires: '1969-12-31T00:00:00.000Z' })).toBe(EXPIRY_INVALID_MESSAGE);
    expect(batchChangeProblem({ operation: 'expiry', expires: 'not a date' })).toBe(EXPIRY_INVALID_MESSAGE);
    expect(batchUpdateData({ operation: 'access', isEnabled: false })).toEqual({ account: { isEnabled: false } });
    expect(() => batchUpdateData({ operation: 'delete' })).toThrow(RangeError);
  });

  it('names a failed call by status; users refused one by one are not a failure', () => {
    expect(batchErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'no' } })).toBe(BATCH_FORBIDDEN_MESSAGE);
    expect(batchErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad', issues: [{ message: 'Too long.' }] } })).toBe('Too long.');
    expect(batchErrorMessage({ status: 400, responseJSON: null })).toBe(BATCH_INVALID_MESSAGE);
    expect(batchErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(batchErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('sends nothing when nobody may be changed, and a delete goes to the deletable users only', async () => {
    const nobody = createActor(batchEditMachine, { input: { operation: 'license', users: [a, b] } }).start();
    nobody.send({ type: 'APPLY', change: { operation: 'license', level: 35, mode: undefined } });
    expect([nobody.getSnapshot().value, nobody.getSnapshot().context.problem]).toEqual(['editing', NOBODY_TO_CHANGE_MESSAGE]);

    const applies = createControlledPromiseActor<BatchResult, BatchApplyInput>();
    const deleting = createActor(batchEditMachine.provide({ actors: { apply: applies.logic } }), { input: { operation: 'delete', users: [a, b, c] } }).start();
    expect(deleting.getSnapshot().context.left).toEqual([c]);
    deleting.send({ type: 'APPLY', change: { operation: 'delete' } });
    expect(applies.current().input).toEqual({ change: { operation: 'delete' }, users: [a.href, b.href] });
    applies.current().resolve({ done: [a.href], skipped: [{ href: b.href, value: 'SiteOwnerProtected', message: 'The site owner cannot be deleted.' }] });
    await flushPromises();
    expect(deleting.getSnapshot().value).toBe('reported');
    deleting.send({ type: 'CLOSE' });
    expect(deleting.getSnapshot().output?.result?.done).toEqual([a.href]);
  });
});
