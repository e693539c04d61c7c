import type { Caller } from './archive.policy.ts';
import { sitePolicy } from './site.policy.ts';
import { forbidden, notFound } from '../lib/errors.ts';

/** What a caller may do to a group (spec 03 §3.2 `actions`). */
export const GROUP_ACTIONS = ['delete', 'update', 'updateMemberships', 'updateMembers', 'updateSAMLGroupName'] as const;
/** One action on a group. */
export type GroupAction = (typeof GROUP_ACTIONS)[number];
/** The `actions` flags of the admin view of a group. */
export type GroupActionFlags = Record<GroupAction, boolean>;

/** What the rules need to know of the group acted on. */
export interface GroupTarget {
  name: string;
  /** `everyone`, `registered`, `guests` for the built-ins, null for others. */
  builtinKey: string | null;
}

const MANAGE_USERS = 'You need the manageUsers permission to administer users and groups.';

/**
 * The rules of group administration (spec 03 §3.2, §6; plan §4 risk 12): everything needs `manageUsers` (the site
 * owner holds it implicitly). The built-in groups (Everyone, Registered Users, the guests) cannot be deleted or
 * renamed, have no SAML group name, are members of no group, and their members are implicit, so their member lists
 * cannot be edited; their description, license defaults and permissions can.
 */
export const groupPolicy = {
  /** Why `caller` may not do `action` to `group`, or undefined when it may. */
  refusal(caller: Caller, group: GroupTarget, action: GroupAction): string | undefined {
    if (!sitePolicy.can(caller, 'manageUsers')) return MANAGE_USERS;
    if (group.builtinKey === null || action === 'update') return undefined;
    switch (action) {
      case 'delete':
        return `${group.name} is a built-in group and cannot be deleted.`;
      case 'updateMembers':
        return `The members of ${group.name} are implicit and cannot be changed.`;
      case 'updateMemberships':
        return `${group.name} is a built-in group and cannot be a member of other groups.`;
      case 'updateSAMLGroupName':
        return `${group.name} is a built-in group and has no SAML group name.`;
    }
  },

  /** The `actions` flags of the admin view of `group` for `caller` (spec 03 §3.2). */
  actions(caller: Caller, group: GroupTarget): GroupActionFlags {
    return Object.fromEntries(GROUP_ACTIONS.map((action) => [action, groupPolicy.refusal(caller, group, action) === undefined])) as GroupActionFlags;
  },

  /** Ensures `caller` may do `action` to `group`. @throws ApiError 403 Forbidden with the rule's message. */
  assertCan(caller: Caller, group: GroupTarget, action: GroupAction): void {
    const refusal = groupPolicy.refusal(caller, group, action);
    if (refusal) throw forbidden(refusal);
  },

  /** Ensures a new name is allowed: built-in groups keep theirs. @throws ApiError 403 Forbidden. */
  assertCanRename(group: GroupTarget): void {
    if (group.builtinKey !== null) throw forbidden(`${group.name} is a built-in group and cannot be renamed.`);
  },

  /** Ensures the caller may administer groups (lists, creating). @throws ApiError 403 Forbidden without `manageUsers`. */
  assertCanAdminister(caller: Caller): void {
    sitePolicy.assertCan(caller, 'manageUsers');
  },

  /** Ensures the caller may read a group, which only administrators do; others are not told it exists. @throws ApiError 404 NotFound. */
  assertCanRead(caller: Caller): void {
    if (!sitePolicy.can(caller, 'manageUsers')) throw notFound('The group');
  },
};
