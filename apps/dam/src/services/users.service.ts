import type { Kysely, Updateable } from 'kysely';
import { NEW_USER_DEFAULTS, passwordProblem, type Dam } from '@magpie/api-types';
import type { Database, GroupRow, StoredAddress, UsersTable } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { hashPassword } from '../lib/crypto.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { userPolicy, type UserAction, type UserTarget } from '../policies/user.policy.ts';
import { BUILTIN_GROUPS, UsersRepository, type UserRecord, type UserSortKey } from '../repositories/users.repository.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { SiteOwnerRepository } from '../repositories/site-owner.repository.ts';
import { USER_LIST_HREF } from '../presenters/hrefs.ts';
import { licenseLevelLabel, presentBetaUser, presentPaging, presentUser, type BetaUserView, type UserListView, type UserView } from '../presenters/user.presenter.ts';
import { byName, presentBetaGroup, presentMemberOf, type BetaGroupView, type MemberOfView } from '../presenters/group.presenter.ts';
import { idsOf, isUniqueViolation, resolveChange, type HrefRef, type MemberChange } from './member-changes.ts';
import { recordActivity } from './activity.service.ts';

type Schemas = Dam.components['schemas'];
/** `POST /fotoweb/users/` body (dam.yaml `UserCreate`). */
export type UserCreateInput = Schemas['UserCreate'];
/**
 * A new user as the service takes it: `UserCreate`, or FotoWare's Beta user read into it, whose password is optional
 * (without one the user has none until one is set: `hasPassword` false).
 */
export type NewUserInput = Omit<UserCreateInput, 'account'> & { account: Omit<UserCreateInput['account'], 'password'> & { password?: string | undefined } };
/** `PATCH <user href>` body (dam.yaml `UserUpdate`): only the changed fields. */
export type UserUpdateInput = Schemas['UserUpdate'];
/**
 * A change to a user as the service takes it: `UserUpdate`, and `account.deletePassword` (FotoWare Beta
 * `DELETE …/password`, `Account.deletePassword`), which removes the password.
 */
export type UserChange = Omit<UserUpdateInput, 'account'> & { account?: (NonNullable<UserUpdateInput['account']> & { deletePassword?: boolean | undefined }) | undefined };
/** `PATCH /fotoweb/users/` body's `data` (dam.yaml `UserListUpdate`). */
export type UserBatchChange = Schemas['UserListUpdate']['data'];
/** A user the batch calls left alone, and why (dam.yaml `SkippedUser`; `href` is the reference's key). */
export type SkippedUser = Schemas['SkippedUser'];
/** Which representation of a user to answer: the admin view (vendor type) or FotoWare's Beta user (`application/json`). */
export type UserShape = 'admin' | 'beta';

/** Users per page of the user list (spec 03 §7; the grid pages by 25). */
export const USER_PAGE_SIZE = 25;

/** The sessions side of user administration (`AuthService`): ending a user's sessions, and forgetting cached callers. */
export interface UserSessions {
  revokeUser(userId: number, options?: { exceptGrantId?: string }): Promise<void>;
  forgetCallers(): void;
}

/** What the user service is configured with. */
export interface UsersServiceOptions {
  /** Seats per license level (`MAGPIE_LICENSE_SEATS`); a level not in the map is unlimited. */
  licenseSeats: ReadonlyMap<number, number>;
  /** Whether guest access is on: then the guest user is listed (spec 03 §4, §9). Magpie has none yet: false. */
  guestAccess?: boolean;
  pageSize?: number;
}

/** A caller of the service, with the grant of the request when it came with a token (a password set for oneself keeps it). */
export type UsersCaller = Caller & { grantId?: string };

const userExists = (username: string) => new ApiError(409, 'UserExists', `A user named "${username}" already exists.`, 'User exists');
const noUser = () => notFound('The user');

/** The actions a user change needs, by the parts it touches (spec 03 §3.1 actions; dam.yaml `updateUser`). */
function actionsNeeded(input: UserChange): UserAction[] {
  const needed = new Set<UserAction>();
  if (input.username !== undefined || input.description !== undefined || input.address !== undefined || input.commerce !== undefined || input.propertyBag !== undefined)
    needed.add('update');
  if (input.account?.isEnabled !== undefined || input.account?.expires !== undefined) needed.add('updateAccountStatus');
  if (input.license?.level !== undefined || input.license?.mode !== undefined) needed.add('updateLicense');
  if (input.account?.password !== undefined || input.account?.forcePasswordChange !== undefined || input.account?.deletePassword) needed.add('updatePassword');
  return [...needed];
}

/** Splits written address fields into the user's columns and the rest of the address document. */
function addressColumns(address: NonNullable<UserUpdateInput['address']>, stored: StoredAddress): Updateable<UsersTable> {
  const { firstName, lastName, email, organization, ...rest } = address;
  const values: Updateable<UsersTable> = {};
  if (firstName !== undefined) values.first_name = firstName;
  if (lastName !== undefined) values.last_name = lastName;
  if (email !== undefined) values.email = email;
  if (organization !== undefined) values.company = organization;
  if (Object.keys(rest).length > 0) values.address = JSON.stringify({ ...stored, ...rest });
  return values;
}

/**
 * User administration (issue 11; spec 03 §3.1, §4, §5 "User save" and "Batch operations", §7 "Users and groups"):
 * lists, creating, changing only the given fields, soft deleting, the batch calls and memberships. Who may do what
 * is {@link userPolicy}'s; seats per license level are counted under a lock so that two creations cannot both take
 * the last one. A change that ends a user's right to their sessions (a password set by someone else, disabling,
 * an expiry in the past, deletion, a device-token reset) revokes them at once.
 */
export class UsersService {
  private readonly users: UsersRepository;
  private readonly groups: GroupsRepository;
  private readonly pageSize: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: UserSessions,
    private readonly options: UsersServiceOptions,
  ) {
    this.users = new UsersRepository(db);
    this.groups = new GroupsRepository(db);
    this.pageSize = options.pageSize ?? USER_PAGE_SIZE;
  }

  /**
   * One page of users (spec 03 §7 `GET /fotoweb/users/`): live people matching `q`, sorted, paged by
   * {@link USER_PAGE_SIZE}; the guest user only with guest access on, application users never.
   * @throws ApiError 403 without `manageUsers`.
   */
  async list(
    caller: Caller,
    query: { q?: string | undefined; sortfield?: UserSortKey | undefined; sortdir?: 'asc' | 'desc' | undefined; p?: number | undefined },
  ): Promise<UserListView> {
    userPolicy.assertCanAdminister(caller);
    const page = query.p ?? 0;
    const { rows, count } = await this.users.list({
      q: query.q?.trim() || undefined,
      sort: query.sortfield ?? 'username',
      descending: query.sortdir === 'desc',
      offset: page * this.pageSize,
      limit: this.pageSize,
      includeGuest: this.options.guestAccess ?? false,
    });
    const ownerId = await this.users.siteOwnerId();
    const paging = presentPaging(USER_LIST_HREF, { query: { q: query.q, sortfield: query.sortfield, sortdir: query.sortdir }, page, pageSize: this.pageSize }, count);
    return { data: rows.map((row) => this.present(caller, row, ownerId)), count, paging };
  }

  /**
   * One user: one's own, or any live one with `manageUsers` (the guest and application users too).
   * @throws ApiError 404 for a user the caller may not read, a deleted or unknown one.
   */
  async get(caller: Caller, userId: number, shape: 'admin'): Promise<UserView>;
  async get(caller: Caller, userId: number, shape: UserShape): Promise<UserView | BetaUserView>;
  async get(caller: Caller, userId: number, shape: UserShape): Promise<UserView | BetaUserView> {
    userPolicy.assertCanRead(caller, userId);
    const user = await this.record(userId);
    return this.shaped(caller, user, await this.users.siteOwnerId(), shape);
  }

  /**
   * Creates a user (spec 03 §7 `POST` user list, §3.1 defaults `NEW_USER_DEFAULTS`): a person in Everyone and
   * Registered Users only, the password hashed with scrypt.
   * @throws ApiError 403 without `manageUsers`; 400 `WeakPassword` (`passwordProblem`); 409 `UserExists` (the
   *   username is taken, case-insensitively); 409 `out_of_licenses` (no seat left at the level).
   */
  async create(caller: Caller, input: NewUserInput): Promise<UserView> {
    userPolicy.assertCanAdminister(caller);
    const username = input.username.trim();
    const { password } = input.account;
    if (password !== undefined) this.assertPassword(password, username);
    const passwordHash = password === undefined ? null : await hashPassword(password);
    const { address } = input;
    const { firstName, lastName, email, organization, ...rest } = address;
    const license = input.license ?? NEW_USER_DEFAULTS.license;
    const isEnabled = input.account.isEnabled ?? NEW_USER_DEFAULTS.account.isEnabled;
    const created = await this.write(
      () =>
        inTransaction(this.db, async (trx) => {
          const users = new UsersRepository(trx);
          if (await users.findByUsername(username)) throw userExists(username);
          if (isEnabled) await this.assertSeat(users, license.level);
          const inserted = await users.insert({
            username,
            first_name: firstName,
            last_name: lastName,
            full_name: `${firstName} ${lastName}`.trim(),
            email,
            company: organization ?? '',
            address: JSON.stringify(rest),
            description: input.description ?? '',
            commerce: JSON.stringify({ ...NEW_USER_DEFAULTS.commerce, ...input.commerce }),
            property_bag: JSON.stringify(input.propertyBag ?? []),
            license_level: license.level,
            license_mode: license.mode,
            is_enabled: isEnabled,
            expires: input.account.expires ?? null,
            force_password_change: input.account.forcePasswordChange ?? NEW_USER_DEFAULTS.account.forcePasswordChange,
            password_hash: passwordHash,
          });
          await recordActivity(trx, caller, 'user.created', { kind: 'user', id: inserted.id });
          return inserted;
        }),
      username,
    );
    return this.get(caller, created.id, 'admin');
  }

  /**
   * Changes only the given fields of a user (spec 03 §5 "User save"), each part needing its action
   * ({@link actionsNeeded}); nothing is stored when any part is refused.
   * @throws ApiError 403 `Forbidden`/`SiteOwnerProtected` (the policy), 404 (no such user), 400 `WeakPassword`,
   *   409 `UserExists`, 409 `out_of_licenses`.
   */
  async update(caller: UsersCaller, userId: number, input: UserChange, shape: UserShape = 'admin'): Promise<UserView | BetaUserView> {
    userPolicy.assertCanAdminister(caller);
    const current = await this.record(userId);
    await this.change(caller, current, await this.users.siteOwnerId(), input);
    return this.get(caller, userId, shape);
  }

  /**
   * Deletes a user softly (plan risk 4): memberships and access-list entries go, sessions end, the username is free.
   * @throws ApiError 403 (no `manageUsers`; oneself: `Forbidden`; the site owner: `SiteOwnerProtected`), 404.
   */
  async remove(caller: Caller, userId: number): Promise<void> {
    userPolicy.assertCanAdminister(caller);
    const user = await this.record(userId);
    const ownerId = await this.users.siteOwnerId();
    userPolicy.assertCan(caller, this.targetOf(user, ownerId), 'delete');
    await this.deleteUser(caller, user, ownerId);
  }

  /**
   * Deletes each referenced user the caller may delete (spec 03 §4 "After a batch delete"); the others are reported in
   * `skipped` with the reason's value (`InvalidRequest`, `NotFound`, `Forbidden`, `SiteOwnerProtected`).
   * @returns the keys of the deleted users and the skipped ones, in request order.
   * @throws ApiError 403 without `manageUsers`.
   */
  async removeMany(caller: Caller, refs: readonly HrefRef[]): Promise<{ deleted: string[]; skipped: SkippedUser[] }> {
    userPolicy.assertCanAdminister(caller);
    const ownerId = await this.users.siteOwnerId();
    const deleted: string[] = [];
    const skipped: SkippedUser[] = [];
    for (const ref of refs) {
      const user = ref.id === undefined ? undefined : (await this.users.findRecords([ref.id]))[0];
      const refusal = !user ? undefined : userPolicy.refusal(caller, this.targetOf(user, ownerId), 'delete');
      if (ref.id === undefined) skipped.push({ href: ref.key, value: 'InvalidRequest', message: ref.problem ?? 'Not a user href.' });
      else if (!user) skipped.push({ href: ref.key, value: 'NotFound', message: 'The user was not found.' });
      else if (refusal) skipped.push({ href: ref.key, ...refusal });
      else {
        try {
          await this.deleteUser(caller, user, ownerId);
          deleted.push(ref.key);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          skipped.push({ href: ref.key, value: error.value, message: error.message });
        }
      }
    }
    return { deleted, skipped };
  }

  /**
   * The batch update (spec 03 §2.8, §5 "Batch operations", §7): applies `data` to each referenced user whose matching
   * actions the caller has and whom the change does not break; the others are reported in `skipped` (also
   * `out_of_licenses` when no seat is left for one of them).
   * @throws ApiError 403 without `manageUsers`.
   */
  async updateMany(caller: UsersCaller, refs: readonly HrefRef[], data: UserBatchChange): Promise<{ updated: string[]; skipped: SkippedUser[] }> {
    userPolicy.assertCanAdminister(caller);
    const ownerId = await this.users.siteOwnerId();
    const input: UserUpdateInput = {
      ...(data.address ? { address: { organization: data.address.organization } } : {}),
      ...(data.license ? { license: data.license } : {}),
      ...(data.account ? { account: data.account } : {}),
    };
    const updated: string[] = [];
    const skipped: SkippedUser[] = [];
    for (const ref of refs) {
      const user = ref.id === undefined ? undefined : (await this.users.findRecords([ref.id]))[0];
      if (ref.id === undefined) skipped.push({ href: ref.key, value: 'InvalidRequest', message: ref.problem ?? 'Not a user href.' });
      else if (!user) skipped.push({ href: ref.key, value: 'NotFound', message: 'The user was not found.' });
      else {
        try {
          await this.change(caller, user, ownerId, input);
          updated.push(ref.key);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          skipped.push({ href: ref.key, value: error.value, message: error.message });
        }
      }
    }
    return { updated, skipped };
  }

  /**
   * The groups a user is a direct member of, by name (spec 03 §7 `memberof`), with Everyone and Registered Users
   * (the guest user: Everyone and the guests). `beta`: FotoWare's Beta groups.
   * @throws ApiError 404 for a user the caller may not read.
   */
  async memberOf(caller: Caller, userId: number, shape: 'admin'): Promise<MemberOfView>;
  async memberOf(caller: Caller, userId: number, shape: UserShape): Promise<MemberOfView | BetaGroupView[]>;
  async memberOf(caller: Caller, userId: number, shape: UserShape): Promise<MemberOfView | BetaGroupView[]> {
    userPolicy.assertCanRead(caller, userId);
    const user = await this.record(userId);
    const builtins = await this.groups.builtins();
    const implicit = [builtins.get(BUILTIN_GROUPS.everyone), user.kind === 'guest' ? undefined : builtins.get(BUILTIN_GROUPS.registered)];
    const explicit = await this.groups.findByIds(await this.users.explicitGroupIdsOf(userId));
    const groups = [...implicit.filter((g): g is GroupRow => g !== undefined), ...explicit].sort(byName);
    if (shape === 'admin') return presentMemberOf(groups);
    const permissions = await this.groups.permissionsOf(groups.map((g) => g.id));
    return groups.map((group) => presentBetaGroup(group, permissions.get(group.id) ?? []));
  }

  /**
   * Adds the user to groups and removes them from others (spec 03 §7 `PATCH memberOfHref`), all or nothing. The
   * built-in groups' members are implicit, so naming one is refused. With `replace` (FotoWare Beta
   * `User_SetUserMemberships`), `change.add` is the whole list: every other explicit membership ends.
   * @throws ApiError 403 (the `updateMemberships` action), 404, 400 `InvalidRequest` with an issue per unusable href.
   */
  async updateMemberOf(caller: Caller, userId: number, change: MemberChange, options: { replace?: boolean } = {}): Promise<void> {
    userPolicy.assertCanAdminister(caller);
    const user = await this.record(userId);
    userPolicy.assertCan(caller, this.targetOf(user, await this.users.siteOwnerId()), 'updateMemberships');
    const found = new Map((await this.groups.findByIds(idsOf(change))).map((g) => [g.id, g]));
    const ids = resolveChange(change, found, 'group', (group) =>
      group.builtin_key !== null ? `The members of ${group.name} are implicit: nobody is added to or removed from it.` : undefined,
    );
    await inTransaction(this.db, async (trx) => {
      const users = new UsersRepository(trx);
      const remove = options.replace ? (await users.explicitGroupIdsOf(userId)).filter((id) => !ids.add.includes(id)) : ids.remove;
      await users.addToGroups(userId, ids.add);
      await users.removeFromGroups(userId, remove);
      await recordActivity(trx, caller, 'user.changed', { kind: 'user', id: userId }, { groups: { add: ids.add, remove } });
    });
    this.sessions.forgetCallers();
  }

  /**
   * Removes a user from one group (FotoWare Beta `User_DeleteUserMembership`); not a member: nothing changes.
   * @throws ApiError 403 (`manageUsers`, the `updateMemberships` action), 404 (no such user or group), 400
   *   `InvalidRequest` (a built-in group, whose members are implicit).
   */
  async leaveGroup(caller: Caller, userId: number, groupId: number): Promise<void> {
    userPolicy.assertCanAdminister(caller);
    await this.record(userId);
    if (!(await this.groups.findById(groupId))) throw notFound('The group');
    await this.updateMemberOf(caller, userId, { add: [], remove: [{ key: String(groupId), id: groupId }] });
  }

  /**
   * Every group a user is in (FotoWare Beta `User_GetRecursiveUserMemberships`): direct memberships, the built-ins
   * that apply and every group those are members of, from the one recursive query of the caller resolution
   * (`UsersRepository.principalOf`), as Beta groups by id.
   * @throws ApiError 404 for a user the caller may not read.
   */
  async memberOfRecursive(caller: Caller, userId: number): Promise<BetaGroupView[]> {
    userPolicy.assertCanRead(caller, userId);
    await this.record(userId);
    const groups = (await this.groups.findByIds((await this.users.principalOf(userId)).groupIds)).sort((a, b) => a.id - b.id);
    const permissions = await this.groups.permissionsOf(groups.map((g) => g.id));
    return groups.map((group) => presentBetaGroup(group, permissions.get(group.id) ?? []));
  }

  /**
   * Every live person as FotoWare's Beta user, by id (FotoWare Beta `User_GetAllUsers`); the guest user only with guest
   * access on, application users never.
   * @throws ApiError 403 without `manageUsers`.
   */
  async listAll(caller: Caller): Promise<BetaUserView[]> {
    userPolicy.assertCanAdminister(caller);
    const { rows } = await this.users.list({ sort: 'id', descending: false, offset: 0, includeGuest: this.options.guestAccess ?? false });
    const ownerId = await this.users.siteOwnerId();
    return rows.map((user) => presentBetaUser(user, { isSiteOwner: user.id === ownerId }));
  }

  /**
   * How many users {@link listAll} answers, optionally of one license level or mode (FotoWare Beta
   * `User_CountAllUsers`). Magpie has no SSO users: asking for them counts 0.
   * @throws ApiError 403 without `manageUsers`.
   */
  async count(caller: Caller, filter: { level?: number | undefined; mode?: number | undefined; ssoOnly?: boolean }): Promise<number> {
    userPolicy.assertCanAdminister(caller);
    if (filter.ssoOnly) return 0;
    return this.users.countUsers({ level: filter.level, mode: filter.mode, includeGuest: this.options.guestAccess ?? false });
  }

  /**
   * Removes a user's custom properties: all of them, or those with `key` (FotoWare Beta `User_DeleteAllUserProperties`,
   * `User_DeleteUserProperties`), as a change of `propertyBag`.
   * @throws ApiError 403 (the `update` action), 404.
   */
  async removeProperties(caller: UsersCaller, userId: number, key?: string): Promise<void> {
    userPolicy.assertCanAdminister(caller);
    const current = await this.record(userId);
    const propertyBag = key === undefined ? [] : (current.property_bag ?? []).filter((property) => property.key !== key);
    await this.change(caller, current, await this.users.siteOwnerId(), { propertyBag });
  }

  /**
   * Ends every session of a user (spec 03 §7 `DELETE` device tokens href): their refresh and access tokens are revoked.
   * @throws ApiError 403 (the `resetDeviceTokens` action), 404.
   */
  async resetDeviceTokens(caller: Caller, userId: number): Promise<void> {
    userPolicy.assertCanAdminister(caller);
    const user = await this.record(userId);
    userPolicy.assertCan(caller, this.targetOf(user, await this.users.siteOwnerId()), 'resetDeviceTokens');
    await this.sessions.revokeUser(userId);
  }

  /** A live user with the last login. @throws ApiError 404 NotFound. */
  private async record(userId: number): Promise<UserRecord> {
    const [user] = await this.users.findRecords([userId]);
    if (!user) throw noUser();
    return user;
  }

  private targetOf(user: UserRecord, ownerId: number | undefined): UserTarget {
    return { id: user.id, kind: user.kind, isEnabled: user.is_enabled, expires: user.expires, isSiteOwner: user.id === ownerId };
  }

  private present(caller: Caller, user: UserRecord, ownerId: number | undefined): UserView {
    const target = this.targetOf(user, ownerId);
    return presentUser(user, { isSiteOwner: target.isSiteOwner, actions: userPolicy.actions(caller, target) });
  }

  private shaped(caller: Caller, user: UserRecord, ownerId: number | undefined, shape: UserShape): UserView | BetaUserView {
    return shape === 'beta' ? presentBetaUser(user, { isSiteOwner: user.id === ownerId }) : this.present(caller, user, ownerId);
  }

  /** @throws ApiError 400 WeakPassword with the rule broken (`passwordProblem`, shared with the forms). */
  private assertPassword(password: string, username: string): void {
    const problem = passwordProblem(password, username);
    if (problem) throw new ApiError(400, 'WeakPassword', problem, 'Weak password', [{ path: 'account.password', message: problem }]);
  }

  /**
   * Ensures a seat is free at `level` for one more enabled person (spec 03 §3.4 license seats): takes the seat lock
   * for the rest of the transaction, then counts.
   * @throws ApiError 409 `out_of_licenses` (the message contains the literal, spec 03 §8).
   */
  private async assertSeat(users: UsersRepository, level: number, exceptUserId?: number): Promise<void> {
    const seats = this.options.licenseSeats.get(level);
    if (seats === undefined) return;
    await users.lockSeats();
    if ((await users.seatsTaken(level, exceptUserId)) >= seats) {
      throw new ApiError(409, 'out_of_licenses', `out_of_licenses: all ${seats} seats of the ${licenseLevelLabel(level)} license (level ${level}) are taken.`, 'Out of licenses');
    }
  }

  /** Runs a write, turning a unique violation of the username (a concurrent creation) into 409 UserExists. */
  private async write<T>(work: () => Promise<T>, username: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw userExists(username);
      throw error;
    }
  }

  /** Applies a change to one user: the policy for every part, the checks, one transaction, then the sessions it ends. */
  private async change(caller: UsersCaller, current: UserRecord, ownerId: number | undefined, input: UserChange): Promise<void> {
    const target = this.targetOf(current, ownerId);
    for (const action of actionsNeeded(input)) userPolicy.assertCan(caller, target, action);
    const values: Updateable<UsersTable> = {};
    const username = input.username?.trim();
    if (username !== undefined && username !== current.username) values.username = username;
    if (input.description !== undefined) values.description = input.description;
    if (input.address) Object.assign(values, addressColumns(input.address, current.address ?? {}));
    if (values.first_name !== undefined || values.last_name !== undefined)
      values.full_name = `${values.first_name ?? current.first_name} ${values.last_name ?? current.last_name}`.trim();
    if (input.commerce) values.commerce = JSON.stringify({ ...current.commerce, ...input.commerce });
    if (input.propertyBag) values.property_bag = JSON.stringify(input.propertyBag);
    if (input.license?.level !== undefined) values.license_level = input.license.level;
    if (input.license?.mode !== undefined) values.license_mode = input.license.mode;
    const account = input.account ?? {};
    if (account.isEnabled !== undefined) values.is_enabled = account.isEnabled;
    if (account.expires !== undefined) values.expires = account.expires;
    if (account.forcePasswordChange !== undefined) values.force_password_change = account.forcePasswordChange;
    if (account.password !== undefined) {
      this.assertPassword(account.password, username ?? current.username);
      values.password_hash = await hashPassword(account.password);
    } else if (account.deletePassword) values.password_hash = null;
    const enabledAfter = values.is_enabled ?? current.is_enabled;
    const levelAfter = values.license_level ?? current.license_level;
    const needsSeat = current.kind === 'person' && enabledAfter && (!current.is_enabled || levelAfter !== current.license_level);
    const newName = values.username;
    await this.write(
      () =>
        inTransaction(this.db, async (trx) => {
          const users = new UsersRepository(trx);
          await this.assertStillAllowed(trx, caller, current, ownerId, actionsNeeded(input));
          if (newName !== undefined) {
            const holder = await users.findByUsername(newName);
            if (holder && holder.id !== current.id) throw userExists(newName);
          }
          if (needsSeat) await this.assertSeat(users, levelAfter, current.id);
          await users.update(current.id, values);
          await recordActivity(
            trx,
            caller,
            'user.changed',
            { kind: 'user', id: current.id },
            { fields: Object.keys(values).map((column) => (column === 'password_hash' ? 'password' : column)) },
          );
        }),
      newName ?? current.username,
    );
    const expiresAfter = values.expires === undefined ? current.expires : values.expires === null ? null : new Date(values.expires as string | Date);
    const lockedOut = !enabledAfter || (expiresAfter !== null && expiresAfter.getTime() <= Date.now());
    if (lockedOut) await this.sessions.revokeUser(current.id);
    else if (account.password !== undefined || account.deletePassword) {
      // A password set by an administrator ends that user's sessions; one set for oneself keeps the session it was set in.
      await this.sessions.revokeUser(current.id, current.id === caller.userId && caller.grantId ? { exceptGrantId: caller.grantId } : {});
    }
    if (Object.keys(values).length > 0) this.sessions.forgetCallers();
  }

  /**
   * Soft-deletes `user` after checking, under the site-owner lock, that a hand-over did not just make them the owner.
   * @throws ApiError 403 `SiteOwnerProtected` when it did.
   */
  private async deleteUser(caller: Caller, user: UserRecord, ownerId: number | undefined): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.assertStillAllowed(trx, caller, user, ownerId, ['delete']);
      await recordActivity(trx, caller, 'user.deleted', { kind: 'user', id: user.id, name: user.username });
      await new UsersRepository(trx).softDelete(user.id);
    });
    await this.sessions.revokeUser(user.id);
    this.sessions.forgetCallers();
  }

  /**
   * Inside a change's transaction: reads the site owner under a shared lock and, when it is no longer `ownerIdBefore`
   * (a hand-over finished between the check and the write), checks `actions` again against the new owner. Writers
   * take the role's lock before any user row, as the hand-over does, so the two never deadlock.
   * @throws ApiError 403 (`SiteOwnerProtected`, `Forbidden`) from the policy.
   */
  private async assertStillAllowed(trx: Kysely<Database>, caller: Caller, user: UserRecord, ownerIdBefore: number | undefined, actions: readonly UserAction[]): Promise<void> {
    const ownerId = await new SiteOwnerRepository(trx).sharedOwnerId();
    if (ownerId === ownerIdBefore) return;
    for (const action of actions) userPolicy.assertCan(caller, this.targetOf(user, ownerId), action);
  }
}
