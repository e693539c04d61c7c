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

/** Album permissions of a group (spec 03 §3.3 `albums`). */
export const ALBUM_PERMISSIONS = ['create', 'comment', 'showOnHomepage', 'shareWithUsers', 'shareWithGroups', 'shareWithGuests', 'restrictToFriends', 'delegateDownloads'] as const; // spec 03 §3.3

/** Plain (top-level) permissions of a group (spec 03 §3.3). */
export const PLAIN_GROUP_PERMISSIONS = [
  'uploadArea',
  'api',
  'isInDesignEditor',
  'viewFlows',
  'manageFlows',
  'changeSiteAppearance',
  'approvePendingSignups',
  'manageWebhooks',
  'shareBookmarks',
  'moderateComments',
  'manageAlbums',
  'manageTaxonomies',
  'manageExports',
  'inviteUsers',
  'approveOrders',
  'shareCropAndDownloadPresets',
  'manageUsers',
  'manageAnnotations',
  'manageArchives',
  'manageWorkflows',
  'manageServices',
  'audit',
  'manageSettings',
  'configureConsentForms',
  'manageActivityExports',
  'manageActivityLogging',
  'manageFotostationConfigurations',
] as const; // spec 03 §3.3

/** One album permission name. */
export type AlbumPermission = (typeof ALBUM_PERMISSIONS)[number];
/** One plain permission name. */
export type PlainGroupPermission = (typeof PLAIN_GROUP_PERMISSIONS)[number];
/** A switch of the form: a plain permission, or an album permission as `albums.<name>`. */
export type GroupPermissionKey = PlainGroupPermission | `albums.${AlbumPermission}`;

/** Every {@link GroupPermissionKey}, plain permissions first. */
export const GROUP_PERMISSION_KEYS: readonly GroupPermissionKey[] = [...PLAIN_GROUP_PERMISSIONS, ...ALBUM_PERMISSIONS.map((name) => `albums.${name}` as const)];

/** A group's permissions in the FotoWeb shape (spec 03 §3.3): `albums` flags plus the plain flags. */
export type GroupPermissions = Readonly<Record<PlainGroupPermission, boolean>> & {
  readonly albums: Readonly<Record<AlbumPermission, boolean>>;
};

/** Permissions as loaded, possibly partial; missing flags are off. */
export type GroupPermissionsInput = Partial<Readonly<Record<PlainGroupPermission, boolean>>> & {
  readonly albums?: Partial<Readonly<Record<AlbumPermission, boolean>>>;
};

/**
 * Input of {@link groupPermissionsMachine}: the group's `permissions` (absent for a new group: all off) and the
 * `available` switches from the permissions overview (absent: all of them).
 */
export interface GroupPermissionsInputs {
  readonly permissions?: GroupPermissionsInput;
  readonly available?: readonly GroupPermissionKey[];
}

/** Context of {@link groupPermissionsMachine}: the permission set and the switches the form shows. */
export interface GroupPermissionsContext {
  readonly permissions: GroupPermissions;
  readonly available: readonly GroupPermissionKey[];
}

/** `TOGGLE {permission}`: flip one switch (refused when the switch is not shown, or disabled while off). */
export type GroupPermissionsEvent = { type: 'TOGGLE'; permission: GroupPermissionKey };

const ALBUM_PREFIX = 'albums.';

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

/** A full permission set from a partial one: every missing flag is off. */
export function toGroupPermissions(input: GroupPermissionsInput = {}): GroupPermissions {
  const plain = Object.fromEntries(PLAIN_GROUP_PERMISSIONS.map((name) => [name, input[name] === true]));
  const albums = Object.fromEntries(ALBUM_PERMISSIONS.map((name) => [name, input.albums?.[name] === true]));
  return { ...plain, albums } as GroupPermissions;
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
