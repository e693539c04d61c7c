import { ARCHIVE_PERMISSIONS } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { InvalidSearchExpressionError, parseSearchExpression, type SearchNode } from '../search/expression.ts';

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
  /** A visitor without a token, answered as the guest user while guest access is on (issue 12, spec 02 §6). */
  isGuest?: true;
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

/**
 * A caller's access to one archive: the archive permission ids they hold, and `visibility`, the search that limits
 * which of its assets they see (spec 03 §3.9 AutoSearch: the members naming them that grant View each add their
 * expression, OR-ed; absent when one of those members has none). Every read and search of the archive's assets goes
 * through it.
 */
export interface ArchiveAccess {
  readonly permissions: ReadonlySet<string>;
  readonly visibility?: SearchNode;
}

/** Parsed AutoSearch expressions, by text (they are few and change rarely). */
const parsedAutoSearches = new Map<string, SearchNode | null | 'invalid'>();
const PARSED_AUTO_SEARCHES_MAX = 1000;

/**
 * An AutoSearch expression as a search node; null when it matches everything (blank), `invalid` when it does not
 * parse (saves refuse such expressions, so only a parser change could leave one stored).
 */
function autoSearchNode(expression: string): SearchNode | null | 'invalid' {
  let node = parsedAutoSearches.get(expression);
  if (node === undefined) {
    try {
      node = parseSearchExpression(expression) ?? null;
    } catch (error) {
      if (!(error instanceof InvalidSearchExpressionError)) throw error;
      node = 'invalid';
    }
    if (parsedAutoSearches.size >= PARSED_AUTO_SEARCHES_MAX) parsedAutoSearches.clear();
    parsedAutoSearches.set(expression, node);
  }
  return node;
}

/** Access from an {@link AclGrant}'s parts. A filter that no longer parses closes the archive to the caller (fails closed). */
function accessOf(permissions: ReadonlySet<string>, autoSearches: readonly string[] | null): ArchiveAccess {
  if (autoSearches === null || autoSearches.length === 0) return { permissions };
  const nodes = autoSearches.map(autoSearchNode);
  if (nodes.includes('invalid')) return { permissions: new Set() };
  if (nodes.includes(null)) return { permissions };
  const children = nodes as SearchNode[];
  return { permissions, visibility: children.length === 1 ? children[0]! : { type: 'or', children } };
}

/** What a caller may do with an archive as a collection, and the permission each needs (spec 03 §3.11). */
const ARCHIVE_ACTIONS = {
  view: 'View',
  upload: 'UploadFile',
  moveTo: 'MoveTo',
  copyTo: 'CopyTo',
  editSmartFolders: 'EditSmartFolders',
  alert: 'Alert',
  openInDesktopTool: 'OpenFile',
} as const satisfies Record<string, ArchivePermission>;
/**
 * An action on an archive: `view` it (and its folders), `upload` to it, move or copy assets into it, make and change
 * its smart folders (issue 13), set search alerts on it (issue 15), open its files with the desktop tool (issue 15,
 * spec 01 §6 "the fwdt rights").
 */
export type ArchiveAction = keyof typeof ARCHIVE_ACTIONS;

/**
 * Answers "may this caller do X on this archive" from the archive's access list (style.md: policies). The answer
 * travels in responses as `permissions`, so clients never recompute it.
 */
export class ArchivePolicy {
  constructor(private readonly archives: ArchivesRepository) {}

  /**
   * The caller's access to each of the given archives (all archives when omitted): permissions and what they may see
   * ({@link ArchiveAccess}). The site owner holds every permission and sees everything. Archives the caller has no
   * entry on are absent.
   */
  async accessOn(caller: Caller, archiveIds?: number[]): Promise<Map<number, ArchiveAccess>> {
    if (caller.isSiteOwner) {
      const ids = archiveIds ?? (await this.archives.list()).map((a) => a.id);
      return new Map(ids.map((id) => [id, { permissions: new Set<string>(ARCHIVE_PERMISSION_IDS) }]));
    }
    const grants = await this.archives.grantsFor(caller.userId, caller.groupIds, archiveIds);
    return new Map([...grants].map(([id, grant]) => [id, accessOf(grant.permissions, grant.autoSearches)]));
  }

  /** The caller's access to one archive (no permissions when the caller has none). */
  async accessOnArchive(caller: Caller, archiveId: number): Promise<ArchiveAccess> {
    return (await this.accessOn(caller, [archiveId])).get(archiveId) ?? { permissions: new Set() };
  }

  /** The caller's permissions on each of the given archives (all archives when omitted). */
  async permissionsOn(caller: Caller, archiveIds?: number[]): Promise<Map<number, Set<string>>> {
    const access = await this.accessOn(caller, archiveIds);
    return new Map([...access].map(([id, a]) => [id, a.permissions as Set<string>]));
  }

  /** The caller's permissions on one archive (empty when the caller has none). */
  async permissionsOnArchive(caller: Caller, archiveId: number): Promise<Set<string>> {
    return (await this.accessOnArchive(caller, archiveId)).permissions as Set<string>;
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
