/**
 * Permissions of one archive member in the access list (spec 03 §2.12 access list, §3.9 member, §3.11 permission ids,
 * §4 Archive permission dependencies, "Newly added archive members get View and Preview by default", "Select all
 * ticks all permissions available for the archive. Unselect all clears them", §5 consent and version-control groups,
 * MngVideo).
 *
 * One state, `editing`. Ticking a permission ticks its prerequisites; unticking a prerequisite unticks its
 * dependents; a prerequisite is locked (its checkbox disabled) while a dependent is ticked.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { ARCHIVE_PERMISSIONS, ARCHIVE_PERMISSION_REQUIRES as CONTRACT_REQUIRES } from '@magpie/api-types';

/** The archive permission ids, in the order the access list shows them (spec 03 §3.11; one list, in the contract). */
export const ARCHIVE_PERMISSION_IDS = ARCHIVE_PERMISSIONS;

/** One archive permission id. */
export type ArchivePermissionId = (typeof ARCHIVE_PERMISSION_IDS)[number];

/** What each permission directly requires (spec 03 §4 Archive permission dependencies). */
export const ARCHIVE_PERMISSION_REQUIRES: Readonly<Partial<Record<ArchivePermissionId, readonly ArchivePermissionId[]>>> = CONTRACT_REQUIRES; // spec 03 §4

/** Permissions a newly added member starts with. */
export const DEFAULT_MEMBER_PERMISSIONS: readonly ArchivePermissionId[] = ['View', 'Preview']; // spec 03 §4, §9

/** The version-control group: shown only when all three are available. */
export const HISTORY_PERMISSIONS: readonly ArchivePermissionId[] = ['HistoryView', 'HistoryRollback', 'HistoryManage']; // spec 03 §5

/** The consent group: shown only with consent management on the archive, consent forms on, and all three available. */
export const CONSENT_PERMISSIONS: readonly ArchivePermissionId[] = ['ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus']; // spec 03 §5

const ORDER: ReadonlyMap<string, number> = new Map(ARCHIVE_PERMISSION_IDS.map((id, index) => [id, index]));

/** `true` for one of the ids of spec 03 §3.11. */
export function isArchivePermissionId(value: string): value is ArchivePermissionId {
  return ORDER.has(value);
}

function closure(start: ArchivePermissionId, next: (id: ArchivePermissionId) => readonly ArchivePermissionId[]) {
  const found = new Set<ArchivePermissionId>();
  const stack = [...next(start)];
  while (stack.length > 0) {
    const id = stack.pop() as ArchivePermissionId;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...next(id));
  }
  return found;
}

/** Everything `id` requires, directly or through another requirement. */
export function prerequisitesOf(id: ArchivePermissionId): Set<ArchivePermissionId> {
  return closure(id, (current) => ARCHIVE_PERMISSION_REQUIRES[current] ?? []);
}

/** Everything that requires `id`, directly or through another requirement. */
export function dependentsOf(id: ArchivePermissionId): Set<ArchivePermissionId> {
  return closure(id, (current) => ARCHIVE_PERMISSION_IDS.filter((candidate) => (ARCHIVE_PERMISSION_REQUIRES[candidate] ?? []).includes(current)));
}

/** Known ids in the §3.11 order, then unknown ones as given, without duplicates. */
export function sortArchivePermissions(permissions: Iterable<string>): string[] {
  const unique = [...new Set(permissions)];
  const known = unique.filter((id) => ORDER.has(id)).sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
  return [...known, ...unique.filter((id) => !ORDER.has(id))];
}

/** `permissions` with `id` and everything it requires ticked (spec 03 §4 "Ticking a permission ticks its prerequisites"). */
export function tickArchivePermission(permissions: readonly string[], id: ArchivePermissionId): string[] {
  return sortArchivePermissions([...permissions, id, ...prerequisitesOf(id)]);
}

/** `permissions` with `id` and everything requiring it unticked (spec 03 §4 "Unticking a prerequisite unticks the dependents"). */
export function untickArchivePermission(permissions: readonly string[], id: ArchivePermissionId): string[] {
  const gone = new Set<string>([id, ...dependentsOf(id)]);
  return permissions.filter((permission) => !gone.has(permission));
}

/**
 * The ticked prerequisites of ticked dependents: their checkboxes are disabled (spec 03 §4 "A prerequisite is
 * disabled while a dependent is ticked"). E.g. `[HistoryView, HistoryRollback]` → `{HistoryView}`.
 */
export function lockedArchivePermissions(permissions: readonly string[]): Set<ArchivePermissionId> {
  const locked = new Set<ArchivePermissionId>();
  for (const id of permissions) {
    if (isArchivePermissionId(id)) for (const prerequisite of prerequisitesOf(id)) locked.add(prerequisite);
  }
  return locked;
}

/** What decides which permissions the access list offers for an archive. */
export interface ArchivePermissionOffer {
  /** Permissions the archive offers (absent: all of §3.11). */
  readonly available?: readonly string[];
  /** The archive's EnableConsentManagement. */
  readonly consentManagementEnabled?: boolean;
  /** Consent forms enabled on the site (consent settings `enableConsentForms`). */
  readonly consentFormsEnabled?: boolean;
}

/**
 * The permissions the access list shows for an archive, in §3.11 order (spec 03 §5 Archive save): the available ones,
 * without the consent group unless consent management and consent forms are on and all three are available, without
 * the version-control group unless all three are available; MngVideo only if available (like every other id).
 */
export function offeredArchivePermissions(offer: ArchivePermissionOffer): ArchivePermissionId[] {
  const available = new Set(offer.available ?? ARCHIVE_PERMISSION_IDS);
  const all = (group: readonly ArchivePermissionId[]) => group.every((id) => available.has(id));
  const consent = offer.consentManagementEnabled === true && offer.consentFormsEnabled === true && all(CONSENT_PERMISSIONS);
  const history = all(HISTORY_PERMISSIONS);
  return ARCHIVE_PERMISSION_IDS.filter((id) => available.has(id) && (consent || !CONSENT_PERMISSIONS.includes(id)) && (history || !HISTORY_PERMISSIONS.includes(id)));
}

/**
 * Input of {@link archivePermissionsMachine}: the member's `permissions` (absent for a newly added member:
 * {@link DEFAULT_MEMBER_PERMISSIONS}) and the {@link ArchivePermissionOffer} of the archive.
 */
export interface ArchivePermissionsInput extends ArchivePermissionOffer {
  readonly permissions?: readonly string[];
}

/**
 * Context of {@link archivePermissionsMachine}: the member's ticked `permissions` (the member's `Permissions` list,
 * §3.11 order; unknown ids from the server are kept at the end) and the `offered` checkboxes.
 */
export interface ArchivePermissionsContext {
  readonly permissions: readonly string[];
  readonly offered: readonly ArchivePermissionId[];
}

/**
 * Events: `TOGGLE {permission}` (an offered checkbox; refused for the others); `SELECT_ALL` ticks every offered
 * permission; `UNSELECT_ALL` unticks every offered permission (hidden ones are left as they are).
 */
export type ArchivePermissionsEvent = { type: 'TOGGLE'; permission: ArchivePermissionId } | { type: 'SELECT_ALL' } | { type: 'UNSELECT_ALL' };

/**
 * The archive member permissions machine (spec 03 §2.12, §3.11, §4, §5).
 *
 * State: `editing`. TOGGLE ticks with prerequisites or unticks with dependents; the view disables the checkboxes in
 * {@link lockedArchivePermissions} (a TOGGLE sent for one anyway unticks its dependents too). No actors to provide.
 */
export const archivePermissionsMachine = setup({
  types: {
    context: {} as ArchivePermissionsContext,
    events: {} as ArchivePermissionsEvent,
    input: {} as ArchivePermissionsInput,
  },
  guards: {
    'isPermissionOffered?': ({ context, event }) => event.type === 'TOGGLE' && context.offered.includes(event.permission),
    'isPermissionTicked?': ({ context, event }) => event.type === 'TOGGLE' && context.permissions.includes(event.permission),
  },
  actions: {
    tickPermission: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { permissions: tickArchivePermission(context.permissions, event.permission) };
    }),
    untickPermission: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { permissions: untickArchivePermission(context.permissions, event.permission) };
    }),
    selectAll: assign(({ context }) => ({ permissions: sortArchivePermissions([...context.permissions, ...context.offered]) })),
    unselectAll: assign(({ context }) => ({
      permissions: context.permissions.filter((id) => !(context.offered as readonly string[]).includes(id)),
    })),
  },
}).createMachine({
  id: 'archivePermissions',
  initial: 'editing',
  context: ({ input }) => ({
    permissions: sortArchivePermissions(input.permissions ?? DEFAULT_MEMBER_PERMISSIONS),
    offered: offeredArchivePermissions(input),
  }),
  states: {
    editing: {
      on: {
        TOGGLE: [
          { guard: and(['isPermissionOffered?', 'isPermissionTicked?']), actions: 'untickPermission' },
          { guard: 'isPermissionOffered?', actions: 'tickPermission' },
        ],
        SELECT_ALL: { actions: 'selectAll' },
        UNSELECT_ALL: { actions: 'unselectAll' },
      },
    },
  },
});
