/**
 * Group permission switches of the group add/edit form (spec 03 §2.6 security permission switches, §3.3 Group
 * permissions, §4 "turning on manageFlows also turns on viewFlows; turning off viewFlows turns off manageFlows",
 * §5 Group: delegate-downloads and restrict-to-friends switches, "Permission switches appear only for permissions in
 * the available list").
 *
 * One state, `editing`; each switch is a `TOGGLE {permission}`. The permission set lives in context in the FotoWeb
 * shape (`albums` sub-object plus plain booleans), ready for the group POST/PATCH body.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { GROUP_PERMISSIONS } from '@magpie/api-types';

/**
 * A switch of the form: one of api-types' {@link GROUP_PERMISSIONS} (dam.yaml `GroupPermission`), a plain
 * permission or an album permission flattened as `albums.<name>`, exactly as a group's `permissions` list and the
 * permissions overview's `AvailableGroupPermissions` carry it.
 */
export type GroupPermissionKey = (typeof GROUP_PERMISSIONS)[number];
/** One album permission name (spec 03 §3.3 `albums`), without the `albums.` prefix. */
export type AlbumPermission = Extract<GroupPermissionKey, `albums.${string}`> extends `albums.${infer Name}` ? Name : never;
/** One plain permission name (spec 03 §3.3). */
export type PlainGroupPermission = Exclude<GroupPermissionKey, `albums.${string}`>;

const ALBUM_PREFIX = 'albums.';

/** Every {@link GroupPermissionKey}, in the contract's order (album permissions first). */
export const GROUP_PERMISSION_KEYS: readonly GroupPermissionKey[] = GROUP_PERMISSIONS;

/** Album permissions of a group (spec 03 §3.3 `albums`), from {@link GROUP_PERMISSIONS}. */
export const ALBUM_PERMISSIONS: readonly AlbumPermission[] = GROUP_PERMISSIONS.filter((key) => key.startsWith(ALBUM_PREFIX)).map(
  (key) => key.slice(ALBUM_PREFIX.length) as AlbumPermission,
);

/** Plain (top-level) permissions of a group (spec 03 §3.3), from {@link GROUP_PERMISSIONS}. */
export const PLAIN_GROUP_PERMISSIONS: readonly PlainGroupPermission[] = GROUP_PERMISSIONS.filter((key): key is PlainGroupPermission => !key.startsWith(ALBUM_PREFIX));

/** A group's permissions in the FotoWeb shape (spec 03 §3.3): `albums` flags plus the plain flags. */
export type GroupPermissions = Readonly<Record<PlainGroupPermission, boolean>> & {
  readonly albums: Readonly<Record<AlbumPermission, boolean>>;
};

/** Permissions as loaded, possibly partial; missing flags are off. */
export type GroupPermissionsInput = Partial<Readonly<Record<PlainGroupPermission, boolean>>> & {
  readonly albums?: Partial<Readonly<Record<AlbumPermission, boolean>>>;
};

/**
 * Input of {@link groupPermissionsMachine}: the group's `permissions` (absent for a new group: all off), either as
 * the contract's flat list (dam.yaml `Group.permissions`; names it does not know are ignored) or in the FotoWeb
 * shape, and the `available` switches from the permissions overview (absent: all of them).
 */
export interface GroupPermissionsInputs {
  readonly permissions?: GroupPermissionsInput | readonly string[];
  readonly available?: readonly GroupPermissionKey[];
}

/** Context of {@link groupPermissionsMachine}: the permission set and the switches the form shows. */
export interface GroupPermissionsContext {
  readonly permissions: GroupPermissions;
  readonly available: readonly GroupPermissionKey[];
}

/** `TOGGLE {permission}`: flip one switch (refused when the switch is not shown, or disabled while off). */
export type GroupPermissionsEvent = { type: 'TOGGLE'; permission: GroupPermissionKey };

function albumName(key: GroupPermissionKey): AlbumPermission | undefined {
  return key.startsWith(ALBUM_PREFIX) ? (key.slice(ALBUM_PREFIX.length) as AlbumPermission) : undefined;
}

/** The value of switch `key` in `permissions`. */
export function getGroupPermission(permissions: GroupPermissions, key: GroupPermissionKey): boolean {
  const album = albumName(key);
  return album ? permissions.albums[album] : permissions[key as PlainGroupPermission];
}

function write(permissions: GroupPermissions, key: GroupPermissionKey, on: boolean): GroupPermissions {
  const album = albumName(key);
  return album ? { ...permissions, albums: { ...permissions.albums, [album]: on } } : { ...permissions, [key]: on };
}

/** Delegate downloads needs sharing with users, groups or guests (spec 03 §5 Group). */
function canDelegateDownloads({ albums }: GroupPermissions): boolean {
  return albums.shareWithUsers || albums.shareWithGroups || albums.shareWithGuests;
}

/** Restrict to friends needs sharing with users or groups (spec 03 §5 Group). */
function canRestrictToFriends({ albums }: GroupPermissions): boolean {
  return albums.shareWithUsers || albums.shareWithGroups;
}

/**
 * `true` when switch `key` is disabled for turning on (spec 03 §5 Group): delegate downloads without any sharing,
 * restrict to friends without sharing with users or groups. Every other switch is always enabled.
 */
export function isGroupPermissionDisabled(permissions: GroupPermissions, key: GroupPermissionKey): boolean {
  if (key === 'albums.delegateDownloads') return !canDelegateDownloads(permissions);
  if (key === 'albums.restrictToFriends') return !canRestrictToFriends(permissions);
  return false;
}

/**
 * Sets switch `key` to `on` and applies the dependencies:
 * - turning on manageFlows also turns on viewFlows; turning off viewFlows turns off manageFlows (spec 03 §4);
 * - when the sharing a switch depends on goes away, delegate downloads and restrict to friends turn off too (their
 *   switches become disabled, spec 03 §5, and a disabled switch left on would still be saved).
 */
export function setGroupPermission(permissions: GroupPermissions, key: GroupPermissionKey, on: boolean): GroupPermissions {
  let next = write(permissions, key, on);
  if (key === 'manageFlows' && on) next = write(next, 'viewFlows', true);
  if (key === 'viewFlows' && !on) next = write(next, 'manageFlows', false);
  if (!canDelegateDownloads(next) && next.albums.delegateDownloads) next = write(next, 'albums.delegateDownloads', false);
  if (!canRestrictToFriends(next) && next.albums.restrictToFriends) next = write(next, 'albums.restrictToFriends', false);
  return next;
}

/**
 * A full permission set from a partial one (every missing flag is off), or from the contract's flat list
 * (`['manageTaxonomies', 'albums.create']`; unknown names are ignored).
 */
export function toGroupPermissions(input: GroupPermissionsInput | readonly string[] = {}): GroupPermissions {
  if (isPermissionList(input)) {
    const listed = new Set(input);
    return toGroupPermissions({
      ...Object.fromEntries(PLAIN_GROUP_PERMISSIONS.map((name) => [name, listed.has(name)])),
      albums: Object.fromEntries(ALBUM_PERMISSIONS.map((name) => [name, listed.has(`${ALBUM_PREFIX}${name}`)])),
    });
  }
  const plain = Object.fromEntries(PLAIN_GROUP_PERMISSIONS.map((name) => [name, input[name] === true]));
  const albums = Object.fromEntries(ALBUM_PERMISSIONS.map((name) => [name, input.albums?.[name] === true]));
  return { ...plain, albums } as GroupPermissions;
}

function isPermissionList(input: GroupPermissionsInput | readonly string[]): input is readonly string[] {
  return Array.isArray(input);
}

/**
 * The permissions that are on, as the contract's flat list in {@link GROUP_PERMISSION_KEYS} order: the body of a
 * group's POST and PATCH (dam.yaml `GroupPermissionList`).
 */
export function groupPermissionList(permissions: GroupPermissions): GroupPermissionKey[] {
  return GROUP_PERMISSION_KEYS.filter((key) => getGroupPermission(permissions, key));
}

/** `true` when the form shows switch `key` (spec 03 §5: only permissions in the available list). */
export function isGroupPermissionShown(context: GroupPermissionsContext, key: GroupPermissionKey): boolean {
  return context.available.includes(key);
}

/**
 * The group permissions machine (spec 03 §2.6, §3.3, §4, §5 Group).
 *
 * State: `editing`. `TOGGLE {permission}` turns a shown switch off (always allowed, with the dependents above) or on
 * (unless disabled, with its prerequisites). No actors to provide.
 */
export const groupPermissionsMachine = setup({
  types: {
    context: {} as GroupPermissionsContext,
    events: {} as GroupPermissionsEvent,
    input: {} as GroupPermissionsInputs,
  },
  guards: {
    'isSwitchShown?': ({ context, event }) => isGroupPermissionShown(context, event.permission),
    'isPermissionOn?': ({ context, event }) => getGroupPermission(context.permissions, event.permission),
    'isSwitchEnabled?': ({ context, event }) => !isGroupPermissionDisabled(context.permissions, event.permission),
  },
  actions: {
    turnOff: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { permissions: setGroupPermission(context.permissions, event.permission, false) };
    }),
    turnOn: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { permissions: setGroupPermission(context.permissions, event.permission, true) };
    }),
  },
}).createMachine({
  id: 'groupPermissions',
  initial: 'editing',
  context: ({ input }) => ({
    permissions: toGroupPermissions(input.permissions),
    available: (input.available ?? GROUP_PERMISSION_KEYS).filter((key) => GROUP_PERMISSION_KEYS.includes(key)),
  }),
  states: {
    editing: {
      on: {
        TOGGLE: [
          { guard: and(['isSwitchShown?', 'isPermissionOn?']), actions: 'turnOff' },
          { guard: and(['isSwitchShown?', 'isSwitchEnabled?']), actions: 'turnOn' },
        ],
      },
    },
  },
});
