import { ARCHIVE_PERMISSIONS } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { forbidden, notFound } from '../lib/errors.ts';

/**
 * Archive permission ids (spec 03 §3.11). An access list grants a subset of these to each member; the site owner
 * holds all of them on every archive.
 */
export const ARCHIVE_PERMISSION_IDS = ARCHIVE_PERMISSIONS;

/** One archive permission id. */
export type ArchivePermission = (typeof ARCHIVE_PERMISSION_IDS)[number];

/** Who is calling: resolved from the bearer token on every request. */
export interface Caller {
  userId: number;
  username: string;
  fullName: string;
  email: string;
  /** The one site owner (spec 03 §6) holds every group permission and every archive permission, whatever the groups say. */
  isSiteOwner: boolean;
  /** Every group the user is in, including Everyone and Registered Users and the groups those are members of. */
  groupIds: number[];
  /**
   * The plain group permissions of spec 03 §3.3 the user holds through their groups. Read it through a policy
   * (`sitePolicy.can`), which adds the site owner's.
   */
  permissions: ReadonlySet<string>;
  /** The OAuth client the token was issued to. */
  clientId: string;
  /**
   * The user must change their password before anything else (`users.force_password_change`, spec 03 §2.11): every
   * DAM operation but a few answers 403 `PasswordChangeRequired` (http/auth.ts).
   */
  mustChangePassword: boolean;
}

/**
 * The one rule every policy refuses by (style.md: policies): a caller who may not View the archive gets 404
 * `<hidden> was not found.`, which does not reveal that the thing exists; a caller who may view it but lacks
 * `permission` gets 403 naming the permission (`refusal.forbidden` when the message says more, e.g. for a batch).
 * @param permissions the caller's permissions on the archive ({@link ArchivePolicy.permissionsOnArchive}); empty for
 *   an archive that does not exist.
 * @throws ApiError 404 NotFound, 403 Forbidden.
 */
export function assertPermission(permissions: ReadonlySet<string>, permission: ArchivePermission, refusal: { hidden: string; forbidden?: string }): void {
  if (!permissions.has('View')) throw notFound(refusal.hidden);
  if (!permissions.has(permission)) throw forbidden(refusal.forbidden ?? `You need the ${permission} permission on this archive.`);
}

/** What a caller may do with an archive as a collection, and the permission each needs (spec 03 §3.11). */
const ARCHIVE_ACTIONS = { view: 'View', upload: 'UploadFile' } as const satisfies Record<string, ArchivePermission>;
/** An action on an archive: `view` it (and its folders), `upload` to it. */
export type ArchiveAction = keyof typeof ARCHIVE_ACTIONS;

/**
 * Answers "may this caller do X on this archive" from the archive's access list (style.md: policies). The answer
 * travels in responses as `permissions`, so clients never recompute it.
 */
export class ArchivePolicy {
  constructor(private readonly archives: ArchivesRepository) {}

  /** The caller's permissions on each of the given archives (all archives when omitted). */
  async permissionsOn(caller: Caller, archiveIds?: number[]): Promise<Map<number, Set<string>>> {
    if (caller.isSiteOwner) {
      const ids = archiveIds ?? (await this.archives.list()).map((a) => a.id);
      return new Map(ids.map((id) => [id, new Set<string>(ARCHIVE_PERMISSION_IDS)]));
    }
    return this.archives.permissionsFor(caller.userId, caller.groupIds, archiveIds);
  }

  /** The caller's permissions on one archive (empty when the caller has none). */
  async permissionsOnArchive(caller: Caller, archiveId: number): Promise<Set<string>> {
    return (await this.permissionsOn(caller, [archiveId])).get(archiveId) ?? new Set();
  }

  /**
   * Ensures the caller holds `permission` on the archive and answers all the caller's permissions there.
   * @throws ApiError 404 when the caller may not even view the archive (its existence is not revealed), 403 when
   *   it may view it but lacks `permission`.
   */
  async require(caller: Caller, archiveId: number, permission: ArchivePermission): Promise<Set<string>> {
    const permissions = await this.permissionsOnArchive(caller, archiveId);
    assertPermission(permissions, permission, { hidden: 'The collection' });
    return permissions;
  }

  /** Whether permissions on an archive allow `action` (filters: the archives a caller sees, may upload to). */
  can(permissions: ReadonlySet<string> | undefined, action: ArchiveAction): boolean {
    return permissions?.has(ARCHIVE_ACTIONS[action]) ?? false;
  }

  /**
   * Ensures permissions on an archive allow `action` on it or on something in it ({@link assertPermission}).
   * @param hidden what a 404 names (`The collection`, `The folder`, `The metadata view`…).
   * @throws ApiError 404 NotFound without View, 403 Forbidden without the action's permission.
   */
  assertCan(permissions: ReadonlySet<string>, action: ArchiveAction, hidden = 'The collection'): void {
    assertPermission(permissions, ARCHIVE_ACTIONS[action], { hidden });
  }
}
