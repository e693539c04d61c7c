/** The rules of user and group administration (spec 03 §3.1, §3.2, §6; plan §4 risk 7), caller by target by action. */
import { describe, expect, it } from 'vitest';
import type { Caller } from './archive.policy.ts';
import { userPolicy, type UserAction, type UserTarget } from './user.policy.ts';
import { groupPolicy } from './group.policy.ts';

const caller = (userId: number, options: { owner?: boolean; manageUsers?: boolean } = {}): Caller => ({
  userId,
  username: `u${userId}`,
  fullName: '',
  email: '',
  isSiteOwner: options.owner ?? false,
  groupIds: [],
  permissions: new Set(options.manageUsers ? ['manageUsers'] : []),
  clientId: 'test',
  mustChangePassword: false,
});
const target = (id: number, extra: Partial<UserTarget> = {}): UserTarget => ({ id, kind: 'person', isEnabled: true, expires: null, isSiteOwner: false, ...extra });

const OWNER = caller(1, { owner: true });
const ADMIN = caller(2, { manageUsers: true });
const PLAIN = caller(3);
const NOW = new Date('2030-01-01T00:00:00Z');
/** The actions allowed, in USER_ACTIONS order. */
const allowed = (who: Caller, whom: UserTarget) => (Object.entries(userPolicy.actions(who, whom, NOW)) as [UserAction, boolean][]).filter(([, ok]) => ok).map(([action]) => action);

describe('userPolicy.actions', () => {
  it.each([
    [
      'the owner, on a person',
      OWNER,
      target(5),
      ['update', 'updateAccountStatus', 'updateLicense', 'updateMemberships', 'updatePassword', 'resetDeviceTokens', 'delete', 'setNewSiteOwner'],
    ],
    [
      'a manageUsers holder, on a person',
      ADMIN,
      target(5),
      ['update', 'updateAccountStatus', 'updateLicense', 'updateMemberships', 'updatePassword', 'resetDeviceTokens', 'delete'],
    ],
    ['a manageUsers holder, on the owner', ADMIN, target(1, { isSiteOwner: true }), []],
    // One's own password changes only with the current one (POST /fotoweb/me/password), never through the admin view.
    ['the owner, on themselves', OWNER, target(1, { isSiteOwner: true }), ['update', 'updateLicense', 'updateMemberships', 'resetDeviceTokens']],
    ['a manageUsers holder, on themselves', ADMIN, target(2), ['update', 'updateLicense', 'updateMemberships', 'resetDeviceTokens']],
    ['a user without manageUsers, on themselves', PLAIN, target(3), []],
    ['a user without manageUsers, on another', PLAIN, target(5), []],
    ['the owner, on the guest user', OWNER, target(15000, { kind: 'guest', isEnabled: false }), ['update', 'updateLicense']],
    ['the owner, on an application user', OWNER, target(6, { kind: 'application' }), []],
    [
      'the owner, on a disabled person',
      OWNER,
      target(5, { isEnabled: false }),
      ['update', 'updateAccountStatus', 'updateLicense', 'updateMemberships', 'updatePassword', 'resetDeviceTokens', 'delete'],
    ],
    [
      'the owner, on an expired person',
      OWNER,
      target(5, { expires: new Date('2029-01-01T00:00:00Z') }),
      ['update', 'updateAccountStatus', 'updateLicense', 'updateMemberships', 'updatePassword', 'resetDeviceTokens', 'delete'],
    ],
  ] as const)('%s', (_, who, whom, expected) => {
    expect(allowed(who, whom)).toEqual(expected);
  });

  it('refuses with SiteOwnerProtected what protects the owner, and Forbidden otherwise', () => {
    expect(userPolicy.refusal(OWNER, target(1, { isSiteOwner: true }), 'delete')?.value).toBe('SiteOwnerProtected');
    expect(userPolicy.refusal(ADMIN, target(1, { isSiteOwner: true }), 'updatePassword')?.value).toBe('SiteOwnerProtected');
    expect(userPolicy.refusal(ADMIN, target(2), 'delete')).toEqual({ value: 'Forbidden', message: 'You cannot delete yourself.' });
    expect(() => userPolicy.assertCan(PLAIN, target(5), 'update')).toThrow(/manageUsers/);
  });

  it('lets a caller read their own user, and others only with manageUsers (404 otherwise)', () => {
    expect(() => userPolicy.assertCanRead(PLAIN, 3)).not.toThrow();
    expect(() => userPolicy.assertCanRead(ADMIN, 5)).not.toThrow();
    expect(() => userPolicy.assertCanRead(PLAIN, 5)).toThrow(/The user was not found/);
  });
});

describe('groupPolicy.actions', () => {
  it('gives manageUsers holders every action on a plain group, and only update on a built-in one', () => {
    expect(groupPolicy.actions(ADMIN, { name: 'Editors', builtinKey: null })).toEqual({
      delete: true,
      update: true,
      updateMemberships: true,
      updateMembers: true,
      updateSAMLGroupName: true,
    });
    expect(groupPolicy.actions(OWNER, { name: 'Everyone', builtinKey: 'everyone' })).toEqual({
      delete: false,
      update: true,
      updateMemberships: false,
      updateMembers: false,
      updateSAMLGroupName: false,
    });
    expect(Object.values(groupPolicy.actions(PLAIN, { name: 'Editors', builtinKey: null })).some(Boolean)).toBe(false);
    expect(() => groupPolicy.assertCanRename({ name: 'Registered Users', builtinKey: 'registered' })).toThrow(/cannot be renamed/);
  });
});
