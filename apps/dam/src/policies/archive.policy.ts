import { ARCHIVE_PERMISSIONS } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { ApiError, forbidden } from '../lib/errors.ts';

/**
 * Archive permission ids (spec 03 §3.11). An access list grants a subset of these to each member; the built-in
 * administrator holds all of them on every archive.
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
  isAdmin: boolean;
  /** Every group the user is in, including Everyone and Registered Users. */
  groupIds: number[];
  /** The OAuth client the token was issued to. */
  clientId: string;
}

/**
 * Answers "may this caller do X on this archive" from the archive's access list (style.md: policies). The answer
 * travels in responses as `permissions`, so clients never recompute it.
 */
export class ArchivePolicy {
  constructor(private readonly archives: ArchivesRepository) {}

  /** The caller's permissions on each of the given archives (all archives when omitted). */
  async permissionsOn(caller: Caller, archiveIds?: number[]): Promise<Map<number, Set<string>>> {
    if (caller.isAdmin) {
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
    if (!permissions.has('View')) throw new ApiError(404, 'NotFound', 'The collection was not found.', 'Not found');
    if (!permissions.has(permission)) throw forbidden(`You need the ${permission} permission on this archive.`);
    return permissions;
  }
}
