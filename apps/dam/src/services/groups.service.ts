import type { Kysely, Updateable } from 'kysely';
import type { Dam } from '@magpie/api-types';
import type { Database, GroupRow, GroupsTable, UserKind } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { groupPolicy } from '../policies/group.policy.ts';
import { userPolicy } from '../policies/user.policy.ts';
import { GroupsRepository, type GroupSortKey, type MemberSortKey } from '../repositories/groups.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { GROUP_LIST_HREF, groupLinks } from '../presenters/hrefs.ts';
import { presentPaging, presentBetaUser, type BetaUserView } from '../presenters/user.presenter.ts';
import {
  byName,
  presentBetaGroup,
  presentGroup,
  presentGroupMember,
  presentMemberOf,
  presentUserMember,
  type BetaGroupView,
  type GroupListView,
  type GroupView,
  type MemberListView,
  type MemberOfView,
} from '../presenters/group.presenter.ts';
import { idsOf, isUniqueViolation, resolveChange, type MemberChange } from './member-changes.ts';
import type { UserSessions, UserShape } from './users.service.ts';
import { recordActivity } from './activity.service.ts';

type Schemas = Dam.components['schemas'];
/** `POST /fotoweb/groups/` body (dam.yaml `GroupCreate`). */
export type GroupCreateInput = Schemas['GroupCreate'];
/** `PATCH <group href>` body (dam.yaml `GroupUpdate`): only the changed fields. */
export type GroupUpdateInput = Schemas['GroupUpdate'];

/** Groups per page of the group list and of member lists (spec 03 §2.5 pages like the users grid). */
export const GROUP_PAGE_SIZE = 25;

/** Which call a group nesting came through: spec 03 §8 names the 409 by it. */
type NestingCall = 'members' | 'memberOf';
/** One nesting: `member` is (to be) a member of `parent`. */
interface Nesting {
  parent: number;
  member: number;
}

/**
 * A change to a group's members (FotoWare Beta `MemberIdListModel`, or one `{add, remove}` of spec 03 §7): its user
 * members, its group members, or both. With `replace`, each given `add` is that kind's whole list: the other direct
 * members of that kind leave.
 */
export interface MembersChange {
  users?: MemberChange | undefined;
  groups?: MemberChange | undefined;
  replace?: boolean;
}

/**
 * Why a user may not be added to or removed from a group's members, or undefined for a person: an API client's hidden
 * user (kind `application`) comes and goes with its client, and the guest user (15000, spec 03 §9), standing for
 * visitors without a session, is in Everyone and the guest group only, whose members are implicit.
 */
function notAMember(user: { username: string; kind: UserKind }): string | undefined {
  if (user.kind === 'application') return `${user.username} is the user of an API client; change the client instead.`;
  if (user.kind === 'guest') return 'The guest user stands for visitors without a session: it is a member of Everyone and the guest group only.';
  return undefined;
}

const groupExists = (name: string) => new ApiError(409, 'GroupExists', `A group named "${name}" already exists.`, 'Group exists');
const noGroup = () => notFound('The group');

/** A list query as the routes pass it (dam.yaml `GroupListQuery`, `MemberListQuery`). */
interface ListQuery<Sort extends string> {
  q?: string | undefined;
  sortfield?: Sort | undefined;
  sortdir?: 'asc' | 'desc' | undefined;
  p?: number | undefined;
}

/**
 * Group administration (issue 11; spec 03 §3.2, §3.3, §4, §5 "Group", §7): lists, creating, changing, deleting, group
 * permissions, and members: users, and groups nested in groups (a member group inherits what its groups hold).
 * Nesting is checked for cycles inside the transaction under the group-graph lock, so of two opposite additions
 * made at once exactly one wins; the refusal is 409 `CircularGroupMembers` on the members link and
 * `CircularMemberOf` on the member-of link (spec 03 §8). Every change to memberships or permissions makes the
 * sessions forget their cached callers, so the next request sees it.
 */
export class GroupsService {
  private readonly groups: GroupsRepository;
  private readonly users: UsersRepository;
  private readonly pageSize: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: UserSessions,
    private readonly options: { guestAccess?: boolean; pageSize?: number } = {},
  ) {
    this.groups = new GroupsRepository(db);
    this.users = new UsersRepository(db);
    this.pageSize = options.pageSize ?? GROUP_PAGE_SIZE;
  }

  /**
   * One page of groups (spec 03 §7 `GET /fotoweb/groups/`): matching `q` in the name or description, sorted, paged;
   * the guest group only with guest access on (spec 03 §4).
   * @throws ApiError 403 without `manageUsers`.
   */
  async list(caller: Caller, query: ListQuery<GroupSortKey>): Promise<GroupListView> {
    groupPolicy.assertCanAdminister(caller);
    const page = query.p ?? 0;
    const { rows, count } = await this.groups.list({
      q: query.q?.trim() || undefined,
      sort: query.sortfield ?? 'name',
      descending: query.sortdir === 'desc',
      offset: page * this.pageSize,
      limit: this.pageSize,
      includeGuests: this.options.guestAccess ?? false,
    });
    const permissions = await this.groups.permissionsOf(rows.map((g) => g.id));
    const paging = presentPaging(GROUP_LIST_HREF, { query: { q: query.q, sortfield: query.sortfield, sortdir: query.sortdir }, page, pageSize: this.pageSize }, count);
    return { data: rows.map((g) => presentGroup(g, { permissions: permissions.get(g.id) ?? [], actions: groupPolicy.actions(caller, this.targetOf(g)) })), count, paging };
  }

  /** One group in the admin view or as FotoWare's Beta group. @throws ApiError 404 without `manageUsers` or for no such group. */
  async get(caller: Caller, groupId: number, shape: 'admin'): Promise<GroupView>;
  async get(caller: Caller, groupId: number, shape: UserShape): Promise<GroupView | BetaGroupView>;
  async get(caller: Caller, groupId: number, shape: UserShape): Promise<GroupView | BetaGroupView> {
    groupPolicy.assertCanRead(caller);
    const group = await this.record(groupId);
    const permissions = (await this.groups.permissionsOf([groupId])).get(groupId) ?? [];
    return shape === 'beta' ? presentBetaGroup(group, permissions) : presentGroup(group, { permissions, actions: groupPolicy.actions(caller, this.targetOf(group)) });
  }

  /**
   * Creates a group (spec 03 §7 `POST` group list): license defaults 35/0, no permissions, no members.
   * @throws ApiError 403 without `manageUsers`, 409 `GroupExists` (the name is taken, case-insensitively).
   */
  async create(caller: Caller, input: GroupCreateInput): Promise<GroupView> {
    groupPolicy.assertCanAdminister(caller);
    const name = input.name.trim();
    const created = await this.write(
      () =>
        inTransaction(this.db, async (trx) => {
          const groups = new GroupsRepository(trx);
          if (await groups.findByName(name)) throw groupExists(name);
          const group = await groups.insert({
            name,
            description: input.description?.trim() ?? '',
            builtin_key: null,
            saml_group_name: input.samlGroupName?.trim() ?? '',
            license_level: input.license?.defaultLevel ?? 35,
            license_mode: input.license?.defaultConcurrencyMode ?? 0,
            property_bag: JSON.stringify(input.propertyBag ?? []),
          });
          await groups.setPermissions(group.id, input.permissions ?? []);
          await recordActivity(trx, caller, 'group.created', { kind: 'group', id: group.id }, { permissions: input.permissions ?? [] });
          return group;
        }),
      name,
    );
    return this.get(caller, created.id, 'admin');
  }

  /**
   * Changes only the given fields of a group; `permissions` and `propertyBag` replace the whole list.
   * @throws ApiError 403 (the `update` action, `updateSAMLGroupName` for `samlGroupName`, renaming a built-in group),
   *   404, 409 `GroupExists`.
   */
  async update(caller: Caller, groupId: number, input: GroupUpdateInput, shape: UserShape = 'admin'): Promise<GroupView | BetaGroupView> {
    groupPolicy.assertCanAdminister(caller);
    const current = await this.record(groupId);
    const target = this.targetOf(current);
    groupPolicy.assertCan(caller, target, 'update');
    const values: Updateable<GroupsTable> = {};
    const name = input.name?.trim();
    if (name !== undefined && name !== current.name) {
      groupPolicy.assertCanRename(target);
      values.name = name;
    }
    if (input.samlGroupName !== undefined && input.samlGroupName.trim() !== current.saml_group_name) {
      groupPolicy.assertCan(caller, target, 'updateSAMLGroupName');
      values.saml_group_name = input.samlGroupName.trim();
    }
    if (input.description !== undefined) values.description = input.description.trim();
    if (input.license?.defaultLevel !== undefined) values.license_level = input.license.defaultLevel;
    if (input.license?.defaultConcurrencyMode !== undefined) values.license_mode = input.license.defaultConcurrencyMode;
    if (input.propertyBag) values.property_bag = JSON.stringify(input.propertyBag);
    await this.write(
      () =>
        inTransaction(this.db, async (trx) => {
          const groups = new GroupsRepository(trx);
          if (values.name !== undefined) {
            const holder = await groups.findByName(values.name as string);
            if (holder && holder.id !== groupId) throw groupExists(values.name as string);
          }
          await groups.update(groupId, values);
          if (input.permissions) await groups.setPermissions(groupId, input.permissions);
          await recordActivity(
            trx,
            caller,
            'group.changed',
            { kind: 'group', id: groupId },
            { fields: Object.keys(values), ...(input.permissions ? { permissions: input.permissions } : {}) },
          );
        }),
      name ?? current.name,
    );
    if (input.permissions) this.sessions.forgetCallers();
    return this.get(caller, groupId, shape);
  }

  /**
   * Deletes a group with its memberships, nesting, permissions and access-list entries.
   * @throws ApiError 403 (the `delete` action: built-in groups), 404.
   */
  async remove(caller: Caller, groupId: number): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'delete');
    await inTransaction(this.db, async (trx) => {
      const groups = new GroupsRepository(trx);
      // The graph lock: a nesting being checked against this group must not see it vanish half-way.
      await groups.lockGraph();
      await recordActivity(trx, caller, 'group.deleted', { kind: 'group', id: groupId, name: group.name });
      await groups.delete(groupId);
    });
    this.sessions.forgetCallers();
  }

  /**
   * A page of a group's direct user members (spec 03 §2.5, §7 `userMembersHref`); the built-in groups list none, their
   * members being implicit. `beta`: FotoWare's Beta users of the page.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async userMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: 'admin'): Promise<MemberListView>;
  async userMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: UserShape): Promise<MemberListView | BetaUserView[]>;
  async userMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: UserShape): Promise<MemberListView | BetaUserView[]> {
    groupPolicy.assertCanRead(caller);
    const group = await this.record(groupId);
    const page = query.p ?? 0;
    const { rows, count } =
      group.builtin_key !== null
        ? { rows: [], count: 0 }
        : await this.groups.userMembers(groupId, {
            q: query.q?.trim() || undefined,
            sort: query.sortfield ?? 'name',
            descending: query.sortdir === 'desc',
            offset: page * this.pageSize,
            limit: this.pageSize,
          });
    if (shape === 'beta') {
      const ownerId = await this.users.siteOwnerId();
      const records = new Map((await this.users.findRecords(rows.map((r) => r.id))).map((u) => [u.id, u]));
      // A member deleted between the two reads is left out rather than failing the page.
      return rows.flatMap((r) => {
        const record = records.get(r.id);
        return record ? [presentBetaUser(record, { isSiteOwner: r.id === ownerId })] : [];
      });
    }
    return { data: rows.map(presentUserMember), count, paging: this.memberPaging(groupLinks(groupId).userMembersHref, query, page, count) };
  }

  /**
   * A page of a group's direct group members (spec 03 §7 `groupMembersHref`). `beta`: FotoWare's Beta groups.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async groupMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: 'admin'): Promise<MemberListView>;
  async groupMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: UserShape): Promise<MemberListView | BetaGroupView[]>;
  async groupMembers(caller: Caller, groupId: number, query: ListQuery<MemberSortKey>, shape: UserShape): Promise<MemberListView | BetaGroupView[]> {
    groupPolicy.assertCanRead(caller);
    await this.record(groupId);
    const page = query.p ?? 0;
    const { rows, count } = await this.groups.groupMembers(groupId, {
      q: query.q?.trim() || undefined,
      sort: query.sortfield ?? 'name',
      descending: query.sortdir === 'desc',
      offset: page * this.pageSize,
      limit: this.pageSize,
    });
    if (shape === 'beta') {
      const permissions = await this.groups.permissionsOf(rows.map((g) => g.id));
      return rows.map((g) => presentBetaGroup(g, permissions.get(g.id) ?? []));
    }
    return { data: rows.map(presentGroupMember), count, paging: this.memberPaging(groupLinks(groupId).groupMembersHref, query, page, count) };
  }

  /**
   * The groups a group is a direct member of, by name (spec 03 §7 `memberof`). `beta`: FotoWare's Beta groups.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async memberOf(caller: Caller, groupId: number, shape: 'admin'): Promise<MemberOfView>;
  async memberOf(caller: Caller, groupId: number, shape: UserShape): Promise<MemberOfView | BetaGroupView[]>;
  async memberOf(caller: Caller, groupId: number, shape: UserShape): Promise<MemberOfView | BetaGroupView[]> {
    groupPolicy.assertCanRead(caller);
    await this.record(groupId);
    const parents = (await this.groups.findByIds(await this.groups.parentIdsOf(groupId))).sort(byName);
    if (shape === 'admin') return presentMemberOf(parents);
    const permissions = await this.groups.permissionsOf(parents.map((g) => g.id));
    return parents.map((g) => presentBetaGroup(g, permissions.get(g.id) ?? []));
  }

  /**
   * Adds users to a group and removes others (spec 03 §7 `PATCH userMembersHref`), all or nothing: {@link changeMembers}.
   * @throws ApiError as {@link changeMembers}.
   */
  async updateUserMembers(caller: Caller, groupId: number, change: MemberChange): Promise<void> {
    await this.changeMembers(caller, groupId, { users: change });
  }

  /**
   * Adds groups to a group as members and removes others (spec 03 §7 `PATCH groupMembersHref`), all or nothing:
   * {@link changeMembers}.
   * @throws ApiError as {@link changeMembers}.
   */
  async updateGroupMembers(caller: Caller, groupId: number, change: MemberChange): Promise<void> {
    await this.changeMembers(caller, groupId, { groups: change });
  }

  /**
   * Changes a group's user and group members in one transaction under the group-graph lock (spec 03 §7 member
   * hrefs; FotoWare Beta `Group_SetGroupMembers`, `Group_AddGroup…Members`, `Group_DeleteAllGroup…Members`). Only
   * people are user members (`notAMember`): an API client's hidden user is changed with its client, and the guest
   * user's groups are the built-in ones. Each user added or removed must have memberships the caller may change (the
   * site owner's are the site owner's own); with `replace` the people who leave are read and checked inside the
   * transaction, and a hidden user of an API client acting as the group stays.
   * @throws ApiError 403 (the group's `updateMembers` action: built-in groups; a user's `updateMemberships`), 404,
   *   400 `InvalidRequest` with an issue per unusable href (not a user or group href, nothing live, an API client's
   *   user, the guest user, a built-in group), 409 `CircularGroupMembers` (a group would become its own member,
   *   directly or through others). Nothing is stored when refused.
   */
  async changeMembers(caller: Caller, groupId: number, change: MembersChange): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'updateMembers');
    const found = new Map((await this.users.findRecords(change.users ? idsOf(change.users) : [])).map((u) => [u.id, u]));
    const users = change.users ? resolveChange(change.users, found, 'user', notAMember) : undefined;
    const groups = change.groups ? await this.resolveGroups(change.groups) : undefined;
    await this.nestAll(async (trx, repo) => {
      if (users) {
        const remove = change.replace ? (await repo.userMemberIdsOf(groupId)).filter((id) => !users.add.includes(id)) : users.remove;
        await this.assertMayMove(caller, new UsersRepository(trx), [...users.add, ...remove]);
        await repo.addUsers(groupId, users.add);
        await repo.removeUsers(groupId, remove);
      }
      await recordActivity(trx, caller, 'group.membersChanged', { kind: 'group', id: groupId }, { users, groups, replace: change.replace ?? false });
      if (!groups) return { add: [], remove: [] };
      const remove = change.replace ? (await repo.memberGroupIdsOf(groupId)).filter((id) => !groups.add.includes(id)) : groups.remove;
      return { add: groups.add.map((member) => ({ parent: groupId, member })), remove: remove.map((member) => ({ parent: groupId, member })) };
    }, 'members');
  }

  /**
   * Removes one member from a group (FotoWare Beta `Group_DeleteGroupUserMember`, `Group_DeleteGroupGroupMember`); not
   * a member: nothing changes.
   * @throws ApiError 404 (no such group, or no such live user or group to remove), and as {@link changeMembers}.
   */
  async removeMember(caller: Caller, groupId: number, kind: 'user' | 'group', memberId: number): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    await this.record(groupId);
    const exists = kind === 'user' ? (await this.users.findRecords([memberId])).length > 0 : (await this.groups.findById(memberId)) !== undefined;
    if (!exists) throw notFound(kind === 'user' ? 'The user' : 'The group');
    const remove = { add: [], remove: [{ key: String(memberId), id: memberId }] };
    await this.changeMembers(caller, groupId, kind === 'user' ? { users: remove } : { groups: remove });
  }

  /**
   * Adds a group to groups and removes it from others (spec 03 §7 `PATCH memberOfHref`), all or nothing. With
   * `replace` (FotoWare Beta `Group_SetGroupMemberships`), `change.add` is the whole list: the group leaves every other.
   * @throws ApiError 403 (the `updateMemberships` action: built-in groups), 404, 400 `InvalidRequest`, 409
   *   `CircularMemberOf`.
   */
  async updateMemberOf(caller: Caller, groupId: number, change: MemberChange, options: { replace?: boolean } = {}): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'updateMemberships');
    const ids = await this.resolveGroups(change);
    await this.nestAll(async (_trx, repo) => {
      const remove = options.replace ? (await repo.parentIdsOf(groupId)).filter((id) => !ids.add.includes(id)) : ids.remove;
      return { add: ids.add.map((parent) => ({ parent, member: groupId })), remove: remove.map((parent) => ({ parent, member: groupId })) };
    }, 'memberOf');
  }

  /**
   * Removes a group from one group (FotoWare Beta `Group_DeleteGroupMembership`); not a member: nothing changes.
   * @throws ApiError 404 (no such group, or no such parent), and as {@link updateMemberOf}.
   */
  async leaveGroup(caller: Caller, groupId: number, parentId: number): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    await this.record(groupId);
    await this.record(parentId);
    await this.updateMemberOf(caller, groupId, { add: [], remove: [{ key: String(parentId), id: parentId }] });
  }

  /**
   * Every group a group is in, directly or through others (FotoWare Beta `Group_GetRecursiveGroupMemberships`), as
   * Beta groups by id, from one recursive query.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async memberOfRecursive(caller: Caller, groupId: number): Promise<BetaGroupView[]> {
    groupPolicy.assertCanRead(caller);
    await this.record(groupId);
    return this.betaGroups(await this.groups.ancestorIdsOf(groupId));
  }

  /**
   * Every group nested in a group, directly or through others (FotoWare Beta `Group_GetGroupRecursiveGroupembers`), as
   * Beta groups by id, from one recursive query.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async groupMembersRecursive(caller: Caller, groupId: number): Promise<BetaGroupView[]> {
    groupPolicy.assertCanRead(caller);
    await this.record(groupId);
    return this.betaGroups(await this.groups.descendantIdsOf(groupId));
  }

  /**
   * Every live user who is a member of a group or of a group nested in it (FotoWare Beta
   * `Group_GetGroupRecursiveUserMembers`), as Beta users by id, from one recursive query. The built-in groups list
   * none, their members being implicit (as {@link userMembers}).
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
  async userMembersRecursive(caller: Caller, groupId: number): Promise<BetaUserView[]> {
    groupPolicy.assertCanRead(caller);
    const group = await this.record(groupId);
    if (group.builtin_key !== null) return [];
    const ownerId = await this.users.siteOwnerId();
    const users = (await this.users.findRecords(await this.groups.recursiveUserIdsOf(groupId))).sort((a, b) => a.id - b.id);
    return users.map((user) => presentBetaUser(user, { isSiteOwner: user.id === ownerId }));
  }

  /**
   * Every group as FotoWare's Beta group, by id (FotoWare Beta `Group_GetAllGroups`); the guest group only with guest
   * access on.
   * @throws ApiError 403 without `manageUsers`.
   */
  async listAll(caller: Caller): Promise<BetaGroupView[]> {
    groupPolicy.assertCanAdminister(caller);
    const { rows } = await this.groups.list({ sort: 'id', descending: false, offset: 0, includeGuests: this.options.guestAccess ?? false });
    const permissions = await this.groups.permissionsOf(rows.map((g) => g.id));
    return rows.map((g) => presentBetaGroup(g, permissions.get(g.id) ?? []));
  }

  /**
   * How many groups {@link listAll} answers (FotoWare Beta `Group_CountAllGroups`). Magpie has no SSO groups: asking for
   * them counts 0.
   * @throws ApiError 403 without `manageUsers`.
   */
  async count(caller: Caller, filter: { ssoOnly?: boolean } = {}): Promise<number> {
    groupPolicy.assertCanAdminister(caller);
    if (filter.ssoOnly) return 0;
    const { count } = await this.groups.list({ sort: 'id', descending: false, offset: 0, limit: 0, includeGuests: this.options.guestAccess ?? false });
    return count;
  }

  /**
   * Removes a group's custom properties: all of them, or those with `key` (FotoWare Beta
   * `Group_DeleteAllGroupProperties`, `Group_DeleteGroupProperties`), as a change of `propertyBag`.
   * @throws ApiError 403 (the `update` action), 404.
   */
  async removeProperties(caller: Caller, groupId: number, key?: string): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const current = await this.record(groupId);
    const propertyBag = key === undefined ? [] : (current.property_bag ?? []).filter((property) => property.key !== key);
    await this.update(caller, groupId, { propertyBag });
  }

  /** @throws ApiError 404 NotFound. */
  private async record(groupId: number): Promise<GroupRow> {
    const group = await this.groups.findById(groupId);
    if (!group) throw noGroup();
    return group;
  }

  private targetOf(group: GroupRow) {
    return { name: group.name, builtinKey: group.builtin_key };
  }

  private memberPaging(href: string, query: ListQuery<MemberSortKey>, page: number, count: number) {
    return presentPaging(href, { query: { q: query.q, sortfield: query.sortfield, sortdir: query.sortdir }, page, pageSize: this.pageSize }, count);
  }

  /** The group ids of a change; built-in groups never nest (their members are implicit). @throws ApiError 400 with `issues`. */
  private async resolveGroups(change: MemberChange): Promise<{ add: number[]; remove: number[] }> {
    const found = new Map((await this.groups.findByIds(idsOf(change))).map((g) => [g.id, g]));
    return resolveChange(change, found, 'group', (group) => (group.builtin_key !== null ? `${group.name} is a built-in group and cannot be nested.` : undefined));
  }

  /**
   * In one transaction under the group-graph lock (taken before any other write, as a group's deletion takes it):
   * `work` does its writes and answers the nestings to add and remove, which are applied with each addition checked
   * for a cycle against the graph as it is then (earlier additions of the same call included).
   * @throws ApiError 404 (a group deleted meanwhile), 409 `CircularGroupMembers` or `CircularMemberOf` (by `call`),
   *   or what `work` throws; nothing is stored.
   */
  private async nestAll(work: (trx: Kysely<Database>, groups: GroupsRepository) => Promise<{ add: Nesting[]; remove: Nesting[] }>, call: NestingCall): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const groups = new GroupsRepository(trx);
      await groups.lockGraph();
      const { add, remove } = await work(trx, groups);
      // A group deleted since the call was read (the delete takes the same lock) is gone now: refuse, store nothing.
      const involved = new Set([...add, ...remove].flatMap(({ parent, member }) => [parent, member]));
      if ((await groups.findByIds([...involved])).length !== involved.size) throw noGroup();
      for (const { parent, member } of remove) await groups.unnest(parent, member);
      for (const { parent, member } of add) {
        if (await groups.wouldCycle(parent, member)) {
          const [p, m] = [await groups.findById(parent), await groups.findById(member)];
          if (!p || !m) throw noGroup();
          const message =
            parent === member
              ? `${p.name} cannot be a member of itself.`
              : `${m.name} cannot be a member of ${p.name}: ${p.name} already is a member of ${m.name}, directly or through other groups.`;
          throw new ApiError(409, call === 'members' ? 'CircularGroupMembers' : 'CircularMemberOf', message, 'Circular membership');
        }
        await groups.nest(parent, member);
      }
    });
    this.sessions.forgetCallers();
  }

  /**
   * Ensures the caller may change the memberships of each user (the site owner read inside the transaction).
   * @throws ApiError 404 (a user deleted meanwhile), 403 from the user policy.
   */
  private async assertMayMove(caller: Caller, users: UsersRepository, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    const ownerId = await users.siteOwnerId();
    const records = new Map((await users.findRecords(userIds)).map((u) => [u.id, u]));
    for (const id of userIds) {
      const user = records.get(id);
      if (!user) throw notFound('The user');
      userPolicy.assertCan(caller, { id, kind: user.kind, isEnabled: user.is_enabled, expires: user.expires, isSiteOwner: id === ownerId }, 'updateMemberships');
    }
  }

  /** Groups by id as Beta groups, ascending. */
  private async betaGroups(ids: readonly number[]): Promise<BetaGroupView[]> {
    const groups = (await this.groups.findByIds(ids)).sort((a, b) => a.id - b.id);
    const permissions = await this.groups.permissionsOf(groups.map((g) => g.id));
    return groups.map((g) => presentBetaGroup(g, permissions.get(g.id) ?? []));
  }

  /** Runs a write, turning a unique violation of the name (a concurrent creation or rename) into 409 GroupExists. */
  private async write<T>(work: () => Promise<T>, name: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw groupExists(name);
      throw error;
    }
  }
}
