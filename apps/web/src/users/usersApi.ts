/**
 * The users-and-groups room's calls (spec 03 §7 "Users and groups"), through the app's one client ({@link api}),
 * and the mapping of answers to the shapes the machines take (`MemberRef`, `SavedGroup`). No `fetch` here.
 */
import type { ConfigOptions, FullApiDescriptor, Group, Member, MemberOf, User } from '@magpie/api-types';
import type { MemberRef, SavedGroup } from '@magpie/machines';
import { api, isAbort } from '../api/client.ts';

/** The user-management links of the descriptor (spec 03 §7), or undefined without `manageUsers`. */
export interface UserManagementLinks {
  readonly userList: string;
  readonly groupList: string;
  readonly siteOwner: string | undefined;
  /** Everyone and Registered Users: their members are implicit, so they are never added or removed (by href). */
  readonly defaultGroupHrefs: readonly string[];
}

/** The links the room needs from the descriptor, or undefined when the caller may not manage users. */
export function userManagementLinks(descriptor: FullApiDescriptor | undefined): UserManagementLinks | undefined {
  const links = descriptor?.userManagement;
  const userList = links?.userList ?? descriptor?.users ?? undefined;
  const groupList = links?.groupList ?? descriptor?.groups ?? undefined;
  if (!userList || !groupList) return undefined;
  return {
    userList,
    groupList,
    siteOwner: links?.siteOwner ?? undefined,
    defaultGroupHrefs: [links?.everyoneGroup, links?.registeredUsersGroup].filter((href): href is string => typeof href === 'string' && href !== ''),
  };
}

/** The permissions overview (spec 03 §3.4); on failure an empty one (spec 03 §7 "falls back to an empty object"). */
export async function loadConfigOptions(signal?: AbortSignal): Promise<Partial<ConfigOptions>> {
  try {
    return await api.getConfigOptions({ signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    return {};
  }
}

/** A group reference of a `memberof` answer as a list entry (spec 03 §3.2 "carries href and name"). */
export function groupRefs(memberOf: MemberOf): MemberRef[] {
  return memberOf.groups.map(({ href, name }) => ({ href, name, type: 'group' as const }));
}

/** A group of a list as a picker result. */
export function groupRef(group: Pick<Group, 'href' | 'name'>): MemberRef {
  return { href: group.href, name: group.name, type: 'group' };
}

/** A member of a member list (users by full name, spec 03 §2.5). */
export function memberRef(member: Member): MemberRef {
  return { href: member.href, name: member.type === 'user' && member.username ? `${member.name} (${member.username})` : member.name, type: member.type };
}

/** A user of a list as a picker result. */
export function userRef(user: Pick<User, 'href' | 'fullName' | 'username'>): MemberRef {
  return { href: user.href, name: `${user.fullName} (${user.username})`, type: 'user' };
}

/** A member list as the group form loads it: the members, and how many the list has in all. */
export interface LoadedMembers {
  readonly members: MemberRef[];
  /** The list's `count` (every member, also those beyond the pages followed). */
  readonly count: number;
  /** True when pages were left unread ({@link MEMBER_PAGES_MAX}): `members` is the start of the list only. */
  readonly cut: boolean;
}

/** The most pages of a member list the group form follows (25 members a page: 500 members). */
export const MEMBER_PAGES_MAX = 20;

/**
 * Every page of a `member-list` (the Members tab shows them all), following `paging.next`; at most `maxPages` pages,
 * and then `cut` says so (the form shows a notice rather than a silently shorter list).
 */
export async function loadAllMembers(href: string, signal?: AbortSignal, maxPages = MEMBER_PAGES_MAX): Promise<LoadedMembers> {
  const members: MemberRef[] = [];
  let next: string | undefined = href;
  let count = 0;
  for (let page = 0; next !== undefined && page < maxPages; page++) {
    const list = await api.listGroupMembers(next, undefined, { signal });
    members.push(...list.data.map(memberRef));
    count = list.count;
    next = list.paging.next ? list.paging.next : undefined;
  }
  return { members, count: Math.max(count, members.length), cut: next !== undefined };
}

/** A page of a picker's search: the candidates found, and the link of the next page (`paging.next`) when there is one. */
export interface MemberSearchPage {
  readonly found: MemberRef[];
  readonly next: string | undefined;
}

/**
 * A picker's search (spec 03 §2.6): the first page for `q`, or the page at `next` (a `paging.next` link, which
 * carries the query) when given.
 */
export type MemberSearch = (q: string, next: string | undefined, signal: AbortSignal) => Promise<MemberSearchPage>;

/** The groups of the list at `groupList` whose name matches, page by page (the member-of pickers, the Groups picker). */
export function groupSearch(groupList: string): MemberSearch {
  return async (q, next, signal) => {
    const list = next ? await api.listGroups(next, undefined, { signal }) : await api.listGroups(groupList, { q }, { signal });
    return { found: list.data.map(groupRef), next: list.paging.next || undefined };
  };
}

/** The users of the list at `userList` who match, page by page (the Members tab's Users picker). */
export function userSearch(userList: string): MemberSearch {
  return async (q, next, signal) => {
    const list = next ? await api.listUsers(next, undefined, { signal }) : await api.listUsers(userList, { q }, { signal });
    return { found: list.data.map(userRef), next: list.paging.next || undefined };
  };
}

/** The links of a group the group form's save needs (the `groupSave` machine's `SavedGroup`). */
export function savedGroupLinks(group: Pick<Group, 'href' | 'memberOfHref' | 'userMembersHref' | 'groupMembersHref'>): SavedGroup {
  return { href: group.href, memberOfHref: group.memberOfHref, userMembersHref: group.userMembersHref, groupMembersHref: group.groupMembersHref };
}
