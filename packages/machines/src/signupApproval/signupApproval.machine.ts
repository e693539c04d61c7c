/**
 * The approve-user modal (issue 14; spec 01 §2 approve-user modal, §5 group rules, §9 group search delay; spec 03 §2.10
 * "approval may ask for groups when the admin may assign groups", §4 "Sign-up: approved", §7 APPROVE, §8 Sign-ups):
 * the administrator chooses the new user's groups, starting from those the sign-up's invitation grants, and approves.
 *
 * editing (idle | debouncing | searching): SEARCH {text} is sent {@link GROUP_SEARCH_DELAY_MS} after the last keystroke
 * and only for non-empty text (empty text clears the results); ADD {group} adds a group not chosen yet (a group cannot
 * be added twice; Everyone and Registered Users are every user's already); REMOVE {href} removes a chosen group but never
 * Everyone or Registered Users; APPROVE → approving (the `approve` actor with the chosen hrefs) → approved (final) or
 * back to editing with the message ({@link signupApproveErrorMessage}); CANCEL → cancelled (final).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SignupApproved } from '@magpie/api-types';
import { isDefaultGroup, type GroupRef } from '../inviteWizard/groups.ts';
import { GROUP_SEARCH_DELAY_MS, GROUP_SEARCH_FAILED } from '../inviteWizard/inviteWizard.machine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** 400 on approve (spec 03 §8 Sign-ups "group validation failed"), before the DAM's first issue. */
export const SIGNUP_GROUP_VALIDATION_FAILED = 'Group validation failed.';
/** 404 on approve, reject or update (spec 03 §8 "sign-up record not found"). */
export const SIGNUP_NOT_FOUND_MESSAGE = 'This sign-up was not found: someone may have approved or rejected it meanwhile.';
/** 409 `out_of_licenses` on approve (spec 03 §8 "the sign-up out-of-licenses message"). */
export const SIGNUP_OUT_OF_LICENSES_MESSAGE = 'There is no license left for a new user. Free a license, or get more, then approve this sign-up again.';
/** 409 `UserExists` on approve: a user with the address was made meanwhile. */
export const SIGNUP_USER_EXISTS_MESSAGE = 'A user with this address already exists.';
/** 500 on approve (spec 03 §8 "failed to add the user"). */
export const SIGNUP_ADD_USER_FAILED = 'The user could not be added. Try again later.';

/**
 * What a refused approval says (spec 03 §8 Sign-ups "Approve"): 400 group validation failed (with the DAM's first
 * issue), 404 not found, 409 with `out_of_licenses` the out-of-licenses message (else the user exists), 500 the user
 * could not be added, anything else the general error.
 */
export function signupApproveErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (status === 400) {
    const issue = responseJSON?.issues?.find((candidate) => candidate.message?.trim())?.message?.trim();
    return issue ? `${SIGNUP_GROUP_VALIDATION_FAILED} ${issue}` : SIGNUP_GROUP_VALIDATION_FAILED;
  }
  if (status === 404) return SIGNUP_NOT_FOUND_MESSAGE;
  if (status === 409)
    return responseJSON?.value === 'out_of_licenses' || (responseJSON?.message ?? '').includes('out_of_licenses') ? SIGNUP_OUT_OF_LICENSES_MESSAGE : SIGNUP_USER_EXISTS_MESSAGE;
  if (status === 500) return SIGNUP_ADD_USER_FAILED;
  return DEFAULT_ERROR_MESSAGE;
}

/** Input: the sign-up's `approve` link and its groups (those its invitation grants). */
export interface SignupApprovalInput {
  readonly approve: string;
  readonly groups: readonly GroupRef[];
}

/** What the `approve` actor is given: the sign-up's `approve` link and the hrefs of the groups the new user joins. */
export interface SignupApproveInput {
  readonly approve: string;
  readonly groups: readonly string[];
}

/**
 * Context: the chosen groups (unique by href, in the order added), the search's text, results and failure, and why the
 * last approval failed.
 */
export interface SignupApprovalContext {
  readonly approve: string;
  readonly groups: readonly GroupRef[];
  readonly searchText: string;
  readonly results: readonly GroupRef[];
  readonly searchError: string | undefined;
  readonly error: string | undefined;
}

/** The modal's events. */
export type SignupApprovalEvent = { type: 'SEARCH'; text: string } | { type: 'ADD'; group: GroupRef } | { type: 'REMOVE'; href: string } | { type: 'APPROVE' } | { type: 'CANCEL' };

/** The search results a picker offers: not chosen yet, and not Everyone or Registered Users (spec 01 §5). */
export function signupApprovalOptions(context: Pick<SignupApprovalContext, 'groups' | 'results'>): GroupRef[] {
  const chosen = new Set(context.groups.map((group) => group.href));
  return context.results.filter((group) => !chosen.has(group.href) && !isDefaultGroup(group));
}

function uniqueGroups(groups: readonly GroupRef[]): GroupRef[] {
  const seen = new Set<string>();
  return groups.filter((group) => !seen.has(group.href) && (seen.add(group.href), true)).map(({ href, name }) => ({ href, name }));
}

/**
 * The machine. Provide `searchGroups` (`{q}` → the groups the approver may grant, `listGrantableGroups`) and `approve`
 * ({@link SignupApproveInput} → the new user, rejecting with `{status, responseJSON}`) with `.provide({actors})`; the
 * built-in ones reject.
 */
export const signupApprovalMachine = setup({
  types: { context: {} as SignupApprovalContext, events: {} as SignupApprovalEvent, input: {} as SignupApprovalInput },
  actors: {
    searchGroups: fromPromise<readonly GroupRef[], { q: string }>(async () => {
      throw new Error('signupApproval: provide `searchGroups` with .provide()');
    }),
    approve: fromPromise<SignupApproved, SignupApproveInput>(async () => {
      throw new Error('signupApproval: provide `approve` with .provide()');
    }),
  },
  guards: {
    'hasSearchText?': ({ event }) => event.type === 'SEARCH' && event.text.trim() !== '',
    'isAddable?': ({ context, event }) => {
      assertEvent(event, 'ADD');
      return !isDefaultGroup(event.group) && !context.groups.some((group) => group.href === event.group.href);
    },
    'isRemovable?': ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      const group = context.groups.find((chosen) => chosen.href === event.href);
      return group !== undefined && !isDefaultGroup(group);
    },
  },
  delays: { groupSearchDelay: GROUP_SEARCH_DELAY_MS },
}).createMachine({
  id: 'signupApproval',
  initial: 'editing',
  context: ({ input }) => ({ approve: input.approve, groups: uniqueGroups(input.groups), searchText: '', results: [], searchError: undefined, error: undefined }),
  states: {
    editing: {
      initial: 'idle',
      on: {
        // spec 01 §5, §9: only non-empty text, 500 ms after the last keystroke.
        SEARCH: [
          { guard: 'hasSearchText?', target: '.debouncing', reenter: true, actions: assign({ searchText: ({ event }) => event.text, searchError: undefined }) },
          { target: '.idle', actions: assign({ searchText: ({ event }) => event.text, results: [], searchError: undefined }) },
        ],
        // spec 01 §5: a group cannot be added twice; Everyone and Registered Users cannot be removed.
        ADD: { guard: 'isAddable?', actions: assign({ groups: ({ context, event }) => [...context.groups, { href: event.group.href, name: event.group.name }] }) },
        REMOVE: { guard: 'isRemovable?', actions: assign({ groups: ({ context, event }) => context.groups.filter((group) => group.href !== event.href) }) },
        APPROVE: { target: 'approving', actions: assign({ error: undefined }) },
        CANCEL: 'cancelled',
      },
      states: {
        idle: {},
        debouncing: { after: { groupSearchDelay: 'searching' } },
        searching: {
          invoke: {
            id: 'searchGroups',
            src: 'searchGroups',
            input: ({ context }) => ({ q: context.searchText.trim() }),
            onDone: { target: 'idle', actions: assign({ results: ({ event }) => uniqueGroups(event.output), searchError: undefined }) },
            onError: { target: 'idle', actions: assign({ results: [], searchError: GROUP_SEARCH_FAILED }) },
          },
        },
      },
    },
    approving: {
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ approve: context.approve, groups: context.groups.filter((group) => !isDefaultGroup(group)).map((group) => group.href) }),
        onDone: 'approved',
        onError: { target: 'editing', actions: assign({ error: ({ event }) => signupApproveErrorMessage(event.error) }) },
      },
    },
    approved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
