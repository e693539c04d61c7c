import type { Caller } from './archive.policy.ts';
import { sitePolicy } from './site.policy.ts';

type SiteCaller = Pick<Caller, 'isSiteOwner' | 'permissions'>;

/**
 * The rules of invitations and sign-ups (issue 14; spec 01 §6, spec 03 §3.3, §6). Each refusal is 403 naming the
 * permission: there is nothing to hide.
 *
 * - Inviting people, listing and revoking invitations: `inviteUsers`.
 * - Pending sign-ups (list, count, correct, approve, reject): `approvePendingSignups`.
 * - Reading the sign-up settings: `manageSettings` or `approvePendingSignups` (approvers see the extra fields);
 *   changing them: `manageSettings` (they decide who may ask for an account).
 * - Searching the groups one may give new people: `inviteUsers`, `approvePendingSignups` or `manageUsers`.
 * - Which groups one may give (in an invitation, or when approving): holders of `manageUsers` (and the site owner), who
 *   may add anyone to any group anyway, every group; anyone else only the groups they are a member of (directly or
 *   through nested groups), so that inviting never hands out more than the inviter holds. A sign-up's own groups (its
 *   invitation's, vetted by the inviter) may always be kept.
 */
export const invitationPolicy = {
  /** @throws ApiError 403 without `inviteUsers`. */
  assertMayInvite(caller: SiteCaller): void {
    sitePolicy.assertCan(caller, 'inviteUsers');
  },

  /** @throws ApiError 403 without `approvePendingSignups`. */
  assertMayDecideSignups(caller: SiteCaller): void {
    sitePolicy.assertCan(caller, 'approvePendingSignups');
  },

  /** @throws ApiError 403 without `manageSettings` or `approvePendingSignups`. */
  assertMayReadSignupSettings(caller: SiteCaller): void {
    sitePolicy.assertCanAny(caller, ['manageSettings', 'approvePendingSignups']);
  },

  /** @throws ApiError 403 without `manageSettings`. */
  assertMayChangeSignupSettings(caller: SiteCaller): void {
    sitePolicy.assertCan(caller, 'manageSettings');
  },

  /** Whether the caller may search the groups to give new people. */
  maySearchGroups(caller: SiteCaller): boolean {
    return sitePolicy.can(caller, 'inviteUsers') || sitePolicy.can(caller, 'approvePendingSignups') || sitePolicy.can(caller, 'manageUsers');
  },

  /** @throws ApiError 403 without `inviteUsers`, `approvePendingSignups` or `manageUsers`. */
  assertMaySearchGroups(caller: SiteCaller): void {
    sitePolicy.assertCanAny(caller, ['inviteUsers', 'approvePendingSignups', 'manageUsers']);
  },

  /** Whether the caller may give new people any group (`manageUsers`, the site owner). */
  grantsEveryGroup(caller: SiteCaller): boolean {
    return sitePolicy.can(caller, 'manageUsers');
  },

  /** Whether the caller may give new people the group `groupId`. */
  mayGrant(caller: Pick<Caller, 'isSiteOwner' | 'permissions' | 'groupIds'>, groupId: number): boolean {
    return invitationPolicy.grantsEveryGroup(caller) || caller.groupIds.includes(groupId);
  },
};
