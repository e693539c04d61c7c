/**
 * The approve-user modal's test model (issue 14; spec 01 §2 approve-user modal, §5, §9; spec 03 §2.10, §7, §8): the
 * paths `signupApproval.test.ts` runs on real actors, `tests/e2e/model/signupApproval.model.spec.ts` runs in Chromium
 * against the Pending sign-ups page's approve-user modal, and `npm run paths -- signupApproval` prints for QA.
 *
 * The sign-up comes with one group (Photographers, from its invitation). A path may search for "Edit" (sent after the
 * 500 ms) and get Editors and Photographers back (Photographers, chosen already, is not offered again), or a failed
 * search; add Editors; (shortest paths) remove a chosen group or clear the search; then approve (201, or 409
 * `out_of_licenses`; for shortest paths also 400 group validation, 404 and 500) or cancel.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { GroupRef } from '../inviteWizard/groups.ts';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { signupApprovalMachine, signupApprovalOptions, type SignupApprovalContext, type SignupApprovalInput } from './signupApproval.machine.ts';

/** The groups of the model. */
export const SIGNUP_APPROVAL_MODEL_GROUPS = {
  photographers: { href: '/fotoweb/groups/7', name: 'Photographers' },
  editors: { href: '/fotoweb/groups/9', name: 'Editors' },
} as const satisfies Record<string, GroupRef>;

/** The sign-up's id (a UUID, as the DAM makes them). */
export const SIGNUP_APPROVAL_MODEL_ID = '3f1c2b7a-5d4e-4c1b-9a8f-0e6d5c4b3a21';

/** The input of every path: the sign-up's approve link, with Photographers from its invitation. */
export const SIGNUP_APPROVAL_MODEL_INPUT: SignupApprovalInput = {
  approve: `/fotoweb/signups/${SIGNUP_APPROVAL_MODEL_ID}/approve`,
  groups: [SIGNUP_APPROVAL_MODEL_GROUPS.photographers],
};

/** What the path types in the group search. */
export const SIGNUP_APPROVAL_MODEL_SEARCH = 'Edit';

/** The search's answer: Editors, and Photographers (chosen already). */
export const SIGNUP_APPROVAL_MODEL_RESULTS: readonly GroupRef[] = [SIGNUP_APPROVAL_MODEL_GROUPS.editors, SIGNUP_APPROVAL_MODEL_GROUPS.photographers];

/** The new user the DAM answers an approval with. */
export const SIGNUP_APPROVAL_MODEL_APPROVED = { href: '/fotoweb/api/users/20042', username: 'ada.model@example.com' } as const;

const error = (status: number, value: string, message: string, issues?: ReadonlyArray<{ path: string; message: string }>) => ({
  status,
  responseJSON: { value, heading: value, message, ...(issues ? { issues } : {}) },
});

/** The DAM's refusals the paths meet. */
export const SIGNUP_APPROVAL_MODEL_ERRORS = {
  outOfLicenses: error(409, 'out_of_licenses', 'out_of_licenses: all 5 seats of the Standard license (level 35) are taken.'),
  groups: error(400, 'InvalidRequest', 'Group validation failed: x', [{ path: 'groups.1', message: 'You may not give people the group Editors: you are not a member of it.' }]),
  gone: error(404, 'NotFound', 'The sign-up was not found.'),
  server: error(500, 'InternalError', 'boom'),
  search: error(500, 'InternalError', 'boom'),
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as SignupApprovalContext;
    if (snapshot.matches({ editing: 'debouncing' })) return [event('xstate.after.groupSearchDelay.signupApproval.editing.debouncing')];
    if (snapshot.matches({ editing: 'searching' })) {
      return [
        event('xstate.done.actor.searchGroups', { output: SIGNUP_APPROVAL_MODEL_RESULTS }),
        event('xstate.error.actor.searchGroups', { error: SIGNUP_APPROVAL_MODEL_ERRORS.search }),
      ];
    }
    if (snapshot.matches({ editing: 'idle' })) {
      const events: EventObject[] = [];
      const searched = context.results.length > 0 || context.searchError !== undefined;
      if (context.searchText === '' && !searched) events.push(event('SEARCH', { text: SIGNUP_APPROVAL_MODEL_SEARCH }));
      for (const group of signupApprovalOptions(context)) events.push(event('ADD', { group }));
      // Simple paths neither clear the search nor remove groups, and approve again only once, so they stay few.
      if (variant === 'shortest') {
        if (context.results.length > 0) events.push(event('SEARCH', { text: '' }));
        if (context.error === undefined) for (const group of context.groups) events.push(event('REMOVE', { href: group.href }));
      }
      if (variant === 'shortest' || context.error === undefined) events.push(event('APPROVE'));
      events.push(event('CANCEL'));
      return events;
    }
    if (snapshot.matches('approving')) {
      // The other refusals only for an approval with the sign-up's own groups, so that shortest paths stay few.
      const untouched = context.searchText === '' && context.groups.length === SIGNUP_APPROVAL_MODEL_INPUT.groups.length && context.error === undefined;
      const others = variant === 'shortest' && untouched ? [SIGNUP_APPROVAL_MODEL_ERRORS.groups, SIGNUP_APPROVAL_MODEL_ERRORS.gone, SIGNUP_APPROVAL_MODEL_ERRORS.server] : [];
      const failures = [SIGNUP_APPROVAL_MODEL_ERRORS.outOfLicenses, ...others];
      return [
        event('xstate.done.actor.approve', { output: SIGNUP_APPROVAL_MODEL_APPROVED }),
        ...failures.map((failure) => event('xstate.error.actor.approve', { error: failure })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(signupApprovalMachine);

/** The `xstate/graph` test model for a variant, with {@link SIGNUP_APPROVAL_MODEL_INPUT}. */
export function createSignupApprovalTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: SIGNUP_APPROVAL_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The approve-user modal's {@link MachineModel}. */
export const signupApprovalModel: MachineModel = {
  name: 'signupApproval',
  title: 'Approve a sign-up: keep, add (searched after 500 ms, never twice) or remove groups, then approve (or out of licenses) or cancel',
  spec: 'issue 14; spec 01 §2 approve-user modal, §5 group rules, §9; spec 03 §2.10, §4 Sign-up approved, §7 APPROVE, §8 Sign-ups',
  machine: signupApprovalMachine,
  testModel(variant: PathVariant) {
    return createSignupApprovalTestModel(variant);
  },
};
