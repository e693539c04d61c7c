import type { Kysely, Updateable } from 'kysely';
import type { Dam } from '@magpie/api-types';
import type { Database, GroupRow, GroupsTable } from '../db/schema.ts';
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

type Schemas = Dam.components['schemas'];
/** `POST /fotoweb/groups/` body (dam.yaml `GroupCreate`). */
export type GroupCreateInput = Schemas['GroupCreate'];
/** `PATCH <group href>` body (dam.yaml `GroupUpdate`): only the changed fields. */
export type GroupUpdateInput = Schemas['GroupUpdate'];

/** Groups per page of the group list and of member lists (spec 03 §2.5 pages like the users grid). */
export const GROUP_PAGE_SIZE = 25;

/** Which call a group nesting came through: spec 03 §8 names the 409 by it. */
type NestingCall = 'members' | 'memberOf';

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
      await groups.delete(groupId);
    });
    this.sessions.forgetCallers();
  }

  /**
   * A page of a group's direct user members (spec 03 §2.5, §7 `userMembersHref`); the built-in groups list none, their
   * members being implicit. `beta`: FotoWare's Beta users of the page.
   * @throws ApiError 404 without `manageUsers` or for no such group.
   */
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
  async memberOf(caller: Caller, groupId: number, shape: UserShape): Promise<MemberOfView | BetaGroupView[]> {
    groupPolicy.assertCanRead(caller);
    await this.record(groupId);
    const parents = (await this.groups.findByIds(await this.groups.parentIdsOf(groupId))).sort(byName);
    if (shape === 'admin') return presentMemberOf(parents);
    const permissions = await this.groups.permissionsOf(parents.map((g) => g.id));
    return parents.map((g) => presentBetaGroup(g, permissions.get(g.id) ?? []));
  }

  /**
   * Adds users to a group and removes others (spec 03 §7 `PATCH userMembersHref`), all or nothing. Each user's
   * memberships must be the caller's to change (the site owner's are the site owner's own).
   * @throws ApiError 403 (the group's `updateMembers` action: built-in groups; a user's `updateMemberships`), 404,
   *   400 `InvalidRequest` with an issue per unusable href (not a user href, no such live user, an API client's user).
   */
  async updateUserMembers(caller: Caller, groupId: number, change: MemberChange): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'updateMembers');
    const found = new Map((await this.users.findRecords(idsOf(change))).map((u) => [u.id, u]));
    const ids = resolveChange(change, found, 'user', (user) =>
      user.kind === 'application' ? `${user.username} is the user of an API client; change the client instead.` : undefined,
    );
    const ownerId = await this.users.siteOwnerId();
    for (const id of [...ids.add, ...ids.remove]) {
      const user = found.get(id)!;
      userPolicy.assertCan(caller, { id, kind: user.kind, isEnabled: user.is_enabled, expires: user.expires, isSiteOwner: id === ownerId }, 'updateMemberships');
    }
    await inTransaction(this.db, async (trx) => {
      const groups = new GroupsRepository(trx);
      await groups.addUsers(groupId, ids.add);
      await groups.removeUsers(groupId, ids.remove);
    });
    this.sessions.forgetCallers();
  }

  /**
   * Adds groups to a group as members and removes others (spec 03 §7 `PATCH groupMembersHref`), all or nothing.
   * @throws ApiError 403 (the `updateMembers` action), 404, 400 `InvalidRequest` (unusable hrefs, built-in groups),
   *   409 `CircularGroupMembers` (a group would become its own member, directly or through others).
   */
  async updateGroupMembers(caller: Caller, groupId: number, change: MemberChange): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'updateMembers');
    const ids = await this.resolveGroups(change);
    await this.nestAll(
      ids.add.map((member) => ({ parent: groupId, member })),
      ids.remove.map((member) => ({ parent: groupId, member })),
      'members',
    );
  }

  /**
   * Adds a group to groups and removes it from others (spec 03 §7 `PATCH memberOfHref`), all or nothing.
   * @throws ApiError 403 (the `updateMemberships` action: built-in groups), 404, 400 `InvalidRequest`, 409
   *   `CircularMemberOf`.
   */
  async updateMemberOf(caller: Caller, groupId: number, change: MemberChange): Promise<void> {
    groupPolicy.assertCanAdminister(caller);
    const group = await this.record(groupId);
    groupPolicy.assertCan(caller, this.targetOf(group), 'updateMemberships');
    const ids = await this.resolveGroups(change);
    await this.nestAll(
      ids.add.map((parent) => ({ parent, member: groupId })),
      ids.remove.map((parent) => ({ parent, member: groupId })),
      'memberOf',
    );
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
   * Adds and removes nestings in one transaction under the group-graph lock, each addition checked for a cycle against
   * the graph as it is then (earlier additions of the same call included).
   * @throws ApiError 409 `CircularGroupMembers` or `CircularMemberOf` (by `call`); nothing is stored.
   */
  private async nestAll(add: { parent: number; member: number }[], remove: { parent: number; member: number }[], call: NestingCall): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const groups = new GroupsRepository(trx);
      await groups.lockGraph();
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
