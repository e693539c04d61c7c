import type { Caller } from './archive.policy.ts';
import { sitePolicy } from './site.policy.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { UserKind } from '../db/schema.ts';

/** What a caller may do to a user (spec 03 §3.1 `actions`), each answered per caller and user by {@link userPolicy}. */
export const USER_ACTIONS = ['update', 'updateAccountStatus', 'updateLicense', 'updateMemberships', 'updatePassword', 'resetDeviceTokens', 'delete', 'setNewSiteOwner'] as const;
/** One action on a user. */
export type UserAction = (typeof USER_ACTIONS)[number];
/** The `actions` flags of the admin view of a user. */
export type UserActionFlags = Record<UserAction, boolean>;

/** What the rules need to know of the user acted on. */
export interface UserTarget {
  id: number;
  kind: UserKind;
  isEnabled: boolean;
  /** Null for never. */
  expires: Date | null;
  isSiteOwner: boolean;
}

/** Why an action is refused: the error value (`Forbidden`, `SiteOwnerProtected`) and the sentence a person reads. */
export interface Refusal {
  value: 'Forbidden' | 'SiteOwnerProtected';
  message: string;
}

const forbid = (message: string): Refusal => ({ value: 'Forbidden', message });
const protect = (message: string): Refusal => ({ value: 'SiteOwnerProtected', message });
const MANAGE_USERS = forbid('You need the manageUsers permission to administer users and groups.');

/**
 * What the guest user (spec 03 §9, id 15000) may have changed: it never signs in, so it has no password, sessions or
 * status; and its groups are Everyone and the guest group, whose members are implicit, so it joins no other.
 */
const GUEST_ACTIONS: ReadonlySet<UserAction> = new Set(['update', 'updateLicense']);

/**
 * The rules of user administration (spec 03 §3.1 actions, §4 site-owner change, §6; plan §4 risk 7):
 * - everything needs the group permission `manageUsers` (the site owner holds it implicitly);
 * - only the site owner may change the site owner's account (names, password, license, groups, sessions); nobody
 *   may delete, disable or expire the site owner;
 * - nobody deletes, disables or expires themselves, or sets their own password without the current one;
 * - the guest user keeps no password, sessions or account status, and joins no group; the users of API clients are
 *   managed with them;
 * - `setNewSiteOwner`: only the site owner, for another enabled, unexpired person.
 */
export const userPolicy = {
  /** Why `caller` may not do `action` to `target`, or undefined when it may. */
  refusal(caller: Caller, target: UserTarget, action: UserAction, now = new Date()): Refusal | undefined {
    if (action === 'setNewSiteOwner') {
      if (!caller.isSiteOwner) return forbid('Only the site owner may hand the site-owner role over.');
      if (target.isSiteOwner) return forbid('This user already is the site owner.');
      if (target.kind !== 'person' || !target.isEnabled || (target.expires !== null && target.expires.getTime() <= now.getTime()))
        return forbid('The new site owner must be an enabled person whose account has not expired.');
      return undefined;
    }
    if (!sitePolicy.can(caller, 'manageUsers')) return MANAGE_USERS;
    if (target.kind === 'application') return forbid('This user belongs to an API client; change it through the client (applications).');
    if (target.kind === 'guest' && !GUEST_ACTIONS.has(action)) {
      if (action === 'delete') return forbid('The guest user cannot be deleted.');
      if (action === 'updateMemberships') return forbid('The guest user stands for visitors without a session: it is a member of Everyone and the guest group only.');
      return forbid('The guest user never signs in, so it has no password, sessions or account status to change.');
    }
    if (target.isSiteOwner) {
      if (action === 'delete') return protect('The site owner cannot be deleted. Hand the site-owner role to another user first.');
      if (action === 'updateAccountStatus') return protect('The site owner cannot be disabled or given an expiry date.');
      if (!caller.isSiteOwner) return protect("Only the site owner may change the site owner's account.");
    }
    if (target.id === caller.userId) {
      if (action === 'delete') return forbid('You cannot delete yourself.');
      if (action === 'updateAccountStatus') return forbid('You cannot disable yourself or set your own expiry date.');
      // Your own password changes only with the current one, rate-limited (POST /fotoweb/me/password).
      if (action === 'updatePassword') return forbid('Change your own password with your current one (Change password in the user menu).');
    }
    return undefined;
  },

  /** The `actions` flags of the admin view of `target` for `caller` (spec 03 §3.1). */
  actions(caller: Caller, target: UserTarget, now = new Date()): UserActionFlags {
    return Object.fromEntries(USER_ACTIONS.map((action) => [action, userPolicy.refusal(caller, target, action, now) === undefined])) as UserActionFlags;
  },

  /**
   * Ensures `caller` may do `action` to `target`.
   * @throws ApiError 403 `Forbidden` or `SiteOwnerProtected` with the rule's message.
   */
  assertCan(caller: Caller, target: UserTarget, action: UserAction, now = new Date()): void {
    const refusal = userPolicy.refusal(caller, target, action, now);
    if (refusal) throw new ApiError(403, refusal.value, refusal.message, 'Access denied');
  },

  /** Ensures the caller may administer users at all (lists, creating). @throws ApiError 403 Forbidden without `manageUsers`. */
  assertCanAdminister(caller: Caller): void {
    sitePolicy.assertCan(caller, 'manageUsers');
  },

  /** Whether the caller may administer users and groups (`manageUsers`, or the site owner). */
  canAdminister(caller: Caller): boolean {
    return sitePolicy.can(caller, 'manageUsers');
  },

  /**
   * Ensures the caller may read a user: their own, or any with `manageUsers`. Others' users are not revealed.
   * @throws ApiError 404 NotFound (`The user`).
   */
  assertCanRead(caller: Caller, userId: number): void {
    if (userId !== caller.userId && !sitePolicy.can(caller, 'manageUsers')) throw notFound('The user');
  },
};
