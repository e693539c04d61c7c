import { GROUP_PERMISSIONS, LICENSE_MODES, USER_LICENSE_LEVELS, type Dam } from '@magpie/api-types';
import type { GroupRow } from '../db/schema.ts';
import type { UserMemberRow } from '../repositories/groups.repository.ts';
import type { GroupActionFlags } from '../policies/group.policy.ts';
import { groupHref, groupLinks, userHref } from './hrefs.ts';

type Schemas = Dam.components['schemas'];
/** A group, admin view (spec 03 §3.2; `application/vnd.fotoware.group+json`). */
export type GroupView = Schemas['Group'];
/** FotoWare's Beta group (`application/json`). */
export type BetaGroupView = Schemas['BetaGroup'];
/** A page of groups (`group-list`). */
export type GroupListView = Schemas['GroupList'];
/** A member of a group in the member grids (`member-list` items). */
export type MemberView = Schemas['Member'];
/** A page of members (`member-list`). */
export type MemberListView = Schemas['MemberList'];
/** The groups a user or group is a direct member of (`memberof`). */
export type MemberOfView = Schemas['MemberOf'];

type Permission = Schemas['GroupPermission'];
type BuiltinKey = GroupView['builtinKey'];

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);
const levelLabel = (level: number) => USER_LICENSE_LEVELS.find((l) => l.ValueNumeric === level)?.Label ?? 'Standard';
const modeLabel = (mode: number) => LICENSE_MODES.find((m) => m.ValueNumeric === mode)?.Label ?? 'Named';
/** Stored permissions in `GROUP_PERMISSIONS` order (names a later version dropped are left out). */
const ordered = (permissions: readonly string[]): Permission[] => GROUP_PERMISSIONS.filter((p) => permissions.includes(p));

/** A group row in the admin view of spec 03 §3.2, with its own permissions and the caller's actions on it. */
export function presentGroup(group: GroupRow, facts: { permissions: readonly string[]; actions: GroupActionFlags }): GroupView {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    href: groupHref(group.id),
    ...groupLinks(group.id),
    samlGroupName: group.saml_group_name,
    license: {
      defaultLevel: group.license_level as GroupView['license']['defaultLevel'],
      defaultConcurrencyMode: group.license_mode as GroupView['license']['defaultConcurrencyMode'],
    },
    permissions: ordered(facts.permissions),
    propertyBag: group.property_bag ?? [],
    actions: facts.actions,
    // Every group but the built-ins (whose members are everybody, or the guests) is made of registered users.
    isMemberOfRegisteredUsers: group.builtin_key === null,
    isBuiltin: group.builtin_key !== null,
    builtinKey: group.builtin_key as BuiltinKey,
  };
}

/** A group row as FotoWare's Beta `Group`: the permissions as booleans (`albums` nested, `uploadToUploadArea`). */
export function presentBetaGroup(group: GroupRow, permissions: readonly string[]): BetaGroupView {
  const held = new Set(permissions);
  const flags: Record<string, unknown> = { albums: {} };
  for (const permission of GROUP_PERMISSIONS) {
    if (permission.startsWith('albums.')) (flags.albums as Record<string, boolean>)[permission.slice('albums.'.length)] = held.has(permission);
    else flags[permission === 'uploadArea' ? 'uploadToUploadArea' : permission] = held.has(permission);
  }
  return {
    id: group.id,
    created: iso(group.created),
    modified: iso(group.modified),
    name: group.name,
    description: group.description,
    license: { level: levelLabel(group.license_level) as BetaGroupView['license']['level'], mode: modeLabel(group.license_mode) as BetaGroupView['license']['mode'] },
    permissions: flags as BetaGroupView['permissions'],
    properties: group.property_bag ?? [],
    externalIds: [],
    isEveryone: group.builtin_key === 'everyone',
    isRegisteredUsers: group.builtin_key === 'registered',
    isBuiltIn: group.builtin_key !== null,
  };
}

/** A user member in the member grids (`type: user`; `name` the full name). */
export function presentUserMember(user: UserMemberRow): MemberView {
  return { type: 'user', id: user.id, href: userHref(user.id), name: user.full_name, username: user.username, email: user.email, description: null };
}

/** A group member in the member grids (`type: group`). */
export function presentGroupMember(group: GroupRow): MemberView {
  return { type: 'group', id: group.id, href: groupHref(group.id), name: group.name, username: null, email: null, description: group.description };
}

/** The groups something is a direct member of, by name (spec 03 §7 `memberof`: `{groups: [{href, name}]}`). */
export function presentMemberOf(groups: readonly GroupRow[]): MemberOfView {
  return { groups: [...groups].sort(byName).map((g) => ({ href: groupHref(g.id), name: g.name })) };
}

/** Groups by name, case-insensitively, then by id. */
export function byName(a: Pick<GroupRow, 'name' | 'id'>, b: Pick<GroupRow, 'name' | 'id'>): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}
