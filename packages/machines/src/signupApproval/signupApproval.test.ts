import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SignupApproved } from '@magpie/api-types';
import type { GroupRef } from '../inviteWizard/groups.ts';
import { GROUP_SEARCH_DELAY_MS, GROUP_SEARCH_FAILED } from '../inviteWizard/inviteWizard.machine.ts';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  SIGNUP_ADD_USER_FAILED,
  SIGNUP_GROUP_VALIDATION_FAILED,
  SIGNUP_NOT_FOUND_MESSAGE,
  SIGNUP_OUT_OF_LICENSES_MESSAGE,
  SIGNUP_USER_EXISTS_MESSAGE,
  signupApprovalMachine,
  signupApprovalOptions,
  signupApproveErrorMessage,
  type SignupApprovalEvent,
  type SignupApproveInput,
} from './signupApproval.machine.ts';
import {
  SIGNUP_APPROVAL_MODEL_ERRORS,
  SIGNUP_APPROVAL_MODEL_GROUPS,
  SIGNUP_APPROVAL_MODEL_INPUT,
  SIGNUP_APPROVAL_MODEL_RESULTS,
  SIGNUP_APPROVAL_MODEL_SEARCH,
  signupApprovalModel,
} from './signupApproval.model.ts';

const shortestPaths = signupApprovalModel.testModel('shortest').getShortestPaths();
const simplePaths = signupApprovalModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));
const { photographers, editors } = SIGNUP_APPROVAL_MODEL_GROUPS;
const everyone: GroupRef = { href: '/fotoweb/groups/1', name: 'Everyone' };
const registered: GroupRef = { href: '/fotoweb/groups/2', name: 'Registered Users' };

function createDriver(coverage?: CoverageTracker): PathDriver {
  const searches = createControlledPromiseActor<readonly GroupRef[], { q: string }>();
  const approvals = createControlledPromiseActor<SignupApproved, SignupApproveInput>();
  const clock = new SimulatedClock();
  const actor = createActor(signupApprovalMachine.provide({ actors: { searchGroups: searches.logic, approve: approvals.logic } }), {
    input: SIGNUP_APPROVAL_MODEL_INPUT,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.searchGroups') searches.current().resolve(payload.output as readonly GroupRef[]);
      else if (event.type === 'xstate.error.actor.searchGroups') searches.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.approve') approvals.current().resolve(payload.output as SignupApproved);
      else if (event.type === 'xstate.error.actor.approve') approvals.current().reject(payload.error);
      else if (event.type.startsWith('xstate.after.')) {
        // spec 01 §9: not a millisecond before the 500 ms.
        clock.increment(GROUP_SEARCH_DELAY_MS - 1);
        expect(actor.getSnapshot().matches({ editing: 'debouncing' })).toBe(true);
        clock.increment(1);
      } else actor.send(event as SignupApprovalEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(searches.pending()).toHaveLength(snapshot.matches({ editing: 'searching' }) ? 1 : 0);
      expect(approvals.pending()).toHaveLength(snapshot.matches('approving') ? 1 : 0);
      // Searches are for the typed text, never empty; a group is chosen once; the approval sends the chosen hrefs.
      for (const { input } of searches.invocations) expect(input).toEqual({ q: SIGNUP_APPROVAL_MODEL_SEARCH });
      const hrefs = snapshot.context.groups.map((group) => group.href);
      expect(new Set(hrefs).size).toBe(hrefs.length);
      if (snapshot.matches('approving')) expect(approvals.current().input).toEqual({ approve: SIGNUP_APPROVAL_MODEL_INPUT.approve, groups: hrefs });
      if (snapshot.matches('approving')) expect(snapshot.context.error).toBeUndefined();
    },
  };
}

describeModelPaths('signupApproval model: shortest paths', shortestPaths, 150, () => createDriver());

describeModelPaths('signupApproval model: simple paths', simplePaths, 40, () => createDriver());

describe('signupApproval coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(signupApprovalMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('signupApproval', report));
    assertFullCoverage('signupApproval', report);
  });

  it('searches 500 ms after the last keystroke, only for non-empty text, and never offers a chosen group', async () => {
    const asked: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      signupApprovalMachine.provide({
        actors: {
          searchGroups: fromPromise<readonly GroupRef[], { q: string }>(async ({ input }) => {
            asked.push(input.q);
            return SIGNUP_APPROVAL_MODEL_RESULTS;
          }),
        },
      }),
      { input: SIGNUP_APPROVAL_MODEL_INPUT, clock },
    ).start();
    actor.send({ type: 'SEARCH', text: 'E' });
    clock.increment(400);
    actor.send({ type: 'SEARCH', text: ' Edit ' });
    clock.increment(499);
    expect(asked).toEqual([]);
    clock.increment(1);
    await flushPromises();
    expect(asked).toEqual(['Edit']);
    expect(signupApprovalOptions(actor.getSnapshot().context)).toEqual([editors]);
    actor.send({ type: 'SEARCH', text: '   ' });
    clock.increment(1000);
    await flushPromises();
    expect(asked).toEqual(['Edit']);
    expect(actor.getSnapshot().context.results).toEqual([]);
  });

  it('adds a group once, never adds or removes Everyone and Registered Users, and approves with the chosen hrefs', async () => {
    const sent: SignupApproveInput[] = [];
    const actor = createActor(
      signupApprovalMachine.provide({
        actors: {
          approve: fromPromise<SignupApproved, SignupApproveInput>(async ({ input }) => {
            sent.push(input);
            return { href: '/fotoweb/api/users/9', username: 'x' };
          }),
        },
      }),
      { input: { approve: SIGNUP_APPROVAL_MODEL_INPUT.approve, groups: [registered, photographers, photographers] } },
    ).start();
    expect(actor.getSnapshot().context.groups).toEqual([registered, photographers]);
    actor.send({ type: 'ADD', group: editors });
    actor.send({ type: 'ADD', group: editors });
    actor.send({ type: 'ADD', group: everyone });
    actor.send({ type: 'REMOVE', href: registered.href });
    actor.send({ type: 'REMOVE', href: '/fotoweb/groups/404' });
    expect(actor.getSnapshot().context.groups).toEqual([registered, photographers, editors]);
    expect(signupApprovalOptions({ groups: [], results: [everyone, editors] })).toEqual([editors]);
    actor.send({ type: 'APPROVE' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('approved');
    // Everyone and Registered Users are every user's: they are not sent.
    expect(sent).toEqual([{ approve: SIGNUP_APPROVAL_MODEL_INPUT.approve, groups: [photographers.href, editors.href] }]);
  });

  it('keeps the modal open with the reason when the approval or the search fails', async () => {
    const actor = createActor(
      signupApprovalMachine.provide({
        actors: {
          searchGroups: fromPromise<readonly GroupRef[], { q: string }>(async () => {
            throw SIGNUP_APPROVAL_MODEL_ERRORS.search;
          }),
          approve: fromPromise<SignupApproved, SignupApproveInput>(async () => {
            throw SIGNUP_APPROVAL_MODEL_ERRORS.outOfLicenses;
          }),
        },
        delays: { groupSearchDelay: 0 },
      }),
      { input: SIGNUP_APPROVAL_MODEL_INPUT },
    ).start();
    actor.send({ type: 'SEARCH', text: 'x' });
    await flushPromises();
    await flushPromises();
    expect(actor.getSnapshot().context.searchError).toBe(GROUP_SEARCH_FAILED);
    actor.send({ type: 'APPROVE' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(actor.getSnapshot().context.error).toBe(SIGNUP_OUT_OF_LICENSES_MESSAGE);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('words every refusal of spec 03 §8 Sign-ups "Approve"', () => {
    expect(signupApproveErrorMessage(SIGNUP_APPROVAL_MODEL_ERRORS.groups)).toBe(
      `${SIGNUP_GROUP_VALIDATION_FAILED} You may not give people the group Editors: you are not a member of it.`,
    );
    expect(signupApproveErrorMessage({ status: 400, responseJSON: { message: 'x' } })).toBe(SIGNUP_GROUP_VALIDATION_FAILED);
    expect(signupApproveErrorMessage(SIGNUP_APPROVAL_MODEL_ERRORS.gone)).toBe(SIGNUP_NOT_FOUND_MESSAGE);
    expect(signupApproveErrorMessage(SIGNUP_APPROVAL_MODEL_ERRORS.outOfLicenses)).toBe(SIGNUP_OUT_OF_LICENSES_MESSAGE);
    expect(signupApproveErrorMessage({ status: 409, responseJSON: { value: 'Conflict', message: 'out_of_licenses: none left' } })).toBe(SIGNUP_OUT_OF_LICENSES_MESSAGE);
    expect(signupApproveErrorMessage({ status: 409, responseJSON: { value: 'UserExists', message: 'A user named x exists.' } })).toBe(SIGNUP_USER_EXISTS_MESSAGE);
    expect(signupApproveErrorMessage(SIGNUP_APPROVAL_MODEL_ERRORS.server)).toBe(SIGNUP_ADD_USER_FAILED);
    expect(signupApproveErrorMessage({ status: 403, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(signupApproveErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
