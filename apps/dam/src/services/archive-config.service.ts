import { sql, type Kysely } from 'kysely';
import type { ArchiveConfig, ArchiveConfigInput, ArchiveConfigList } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { archiveConfigProblems, DEFAULT_POOL_ID, orderedMembers, type ArchiveConfigFacts } from '../policies/archive-config.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { ProcessingProfilesRepository } from '../repositories/renditions.repository.ts';
import { WatermarksRepository } from '../repositories/watermarks.repository.ts';
import { ArchivesRepository, type ArchiveConfigValues } from '../repositories/archives.repository.ts';
import { AssetsRepository } from '../repositories/assets.repository.ts';
import { UploadsRepository } from '../repositories/uploads.repository.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';
import { MetadataViewsRepository, archiveIdOfOwnView } from '../repositories/metadata-views.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { fieldsOfView } from '../metadata/validate.ts';
import { presentArchiveConfig, settingsOf } from '../presenters/archive-config.presenter.ts';
import { recordActivity } from './activity.service.ts';
import type { ListedAclEntry } from '../repositories/archives.repository.ts';

/** Advisory lock key of archive saves: (0x4152, 1) serialises creations against the archive limit and name checks. */
const ARCHIVE_SAVE_LOCK = 0x4152;

/** What the service needs from the configuration. */
export interface ArchiveConfigOptions {
  /** Most archives the server holds (`MAGPIE_MAX_ARCHIVES`): `too_many_archives` beyond. */
  readonly maxArchives: number;
}

/**
 * Archive administration (issue 12; spec 03 §2.12, §3.8–§3.11, §5 Archive save, §7 Archives, §8): list, read, add,
 * change and delete archives with their access lists. Every call needs `manageArchives`. A save checks the whole body
 * and answers every problem together; nothing is stored unless all of it is right.
 */
export class ArchiveConfigService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ArchiveConfigOptions,
  ) {}

  /** Every archive with its configuration, by `SortId` then name. @throws ApiError 403 without manageArchives. */
  async list(caller: Caller): Promise<ArchiveConfigList> {
    sitePolicy.assertCan(caller, 'manageArchives');
    const archives = new ArchivesRepository(this.db);
    const rows = await archives.list();
    const acl = await archives.aclOf(rows.map((r) => r.id));
    const counts = await archives.assetCounts(rows.map((r) => r.id));
    return { data: rows.map((row) => presentArchiveConfig(row, acl.get(row.id) ?? [], counts.get(row.id) ?? 0)), paging: null };
  }

  /** One archive. @throws ApiError 403 without manageArchives, 404 for an unknown id. */
  async get(caller: Caller, id: number): Promise<ArchiveConfig> {
    sitePolicy.assertCan(caller, 'manageArchives');
    return this.present(this.db, id);
  }

  /**
   * Adds an archive (spec 03 §7 POST). @throws ApiError 403 without manageArchives; 400 with every problem of
   * spec 03 §5 / §8 (`issues`, each with its `value`).
   */
  async create(caller: Caller, input: ArchiveConfigInput): Promise<ArchiveConfig> {
    sitePolicy.assertCan(caller, 'manageArchives');
    return inTransaction(this.db, async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${ARCHIVE_SAVE_LOCK}, 1)`.execute(trx);
      const values = await this.checked(trx, input, undefined);
      const row = await new ArchivesRepository(trx).createConfigured(values);
      await this.storeAccessList(trx, row.id, input);
      await recordActivity(
        trx,
        caller,
        'archive.created',
        { kind: 'archive', id: row.id },
        { accessList: accessSummary((await new ArchivesRepository(trx).aclOf([row.id])).get(row.id)) },
      );
      return this.present(trx, row.id);
    });
  }

  /**
   * Replaces an archive's configuration and access list (spec 03 §7 PUT). A member taken off the list loses access
   * on their next request. @throws ApiError 403 without manageArchives, 404 for an unknown id, 400 with every problem.
   */
  async update(caller: Caller, id: number, input: ArchiveConfigInput): Promise<ArchiveConfig> {
    sitePolicy.assertCan(caller, 'manageArchives');
    return inTransaction(this.db, async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${ARCHIVE_SAVE_LOCK}, 1)`.execute(trx);
      const archives = new ArchivesRepository(trx);
      if (!(await archives.lockForUpdate(id))) throw notFound('The archive');
      const values = await this.checked(trx, input, id);
      const aclBefore = accessSummary((await archives.aclOf([id])).get(id));
      await archives.updateConfigured(id, values);
      await this.storeAccessList(trx, id, input);
      const aclAfter = accessSummary((await archives.aclOf([id])).get(id));
      const aclChanged = JSON.stringify(aclBefore) !== JSON.stringify(aclAfter);
      await recordActivity(
        trx,
        caller,
        aclChanged ? 'archive.permissionsChanged' : 'archive.changed',
        { kind: 'archive', id },
        aclChanged ? { accessList: { before: aclBefore, after: aclAfter } } : {},
      );
      return this.present(trx, id);
    });
  }

  /**
   * Deletes an archive. While it holds assets, or uploads into it are unfinished, it is refused (409
   * `archive_not_empty`) unless `moveAssetsTo` names another archive, which then receives them with their folders, in
   * the same transaction. Both archives are locked in id order.
   * @throws ApiError 403 without manageArchives, 404 for an unknown id, 400 for a bad `moveAssetsTo`, 409
   *   `archive_not_empty` or `move_conflict` (a file name taken in the same folder of the receiving archive).
   */
  async delete(caller: Caller, id: number, options: { moveAssetsTo?: number | undefined } = {}): Promise<void> {
    sitePolicy.assertCan(caller, 'manageArchives');
    await inTransaction(this.db, async (trx) => {
      const archives = new ArchivesRepository(trx);
      const assets = new AssetsRepository(trx);
      const uploads = new UploadsRepository(trx);
      const target = options.moveAssetsTo;
      const locked = await archives.lockManyForUpdate(target === undefined ? [id] : [id, target]);
      const archive = locked.find((row) => row.id === id);
      if (!archive) throw notFound('The archive');
      if (target === id) throw badRequest('moveAssetsTo must name another archive.', [{ path: 'query.moveAssetsTo', message: 'The archive cannot receive its own assets.' }]);
      if (target !== undefined && !locked.some((row) => row.id === target)) {
        throw badRequest(`There is no archive ${target} to move the assets to.`, [{ path: 'query.moveAssetsTo', message: 'No such archive.' }]);
      }
      const unfinished = await uploads.countUnfinishedIn(id);
      // Read from the assets themselves: deleting the archive deletes whatever it still holds.
      if (await assets.anyInArchive(id)) {
        if (target === undefined) {
          const held = await assets.countInArchive(id);
          const trashed = await assets.countInTrash(id);
          const inTrash = trashed > 0 ? ` (and ${trashed} in the trash)` : '';
          throw new ApiError(
            409,
            'archive_not_empty',
            `“${archive.name}” holds ${held} asset${held === 1 ? '' : 's'}${inTrash}. Choose an archive to move them to (moveAssetsTo), or move them first.`,
            'The archive is not empty',
          );
        }
        const conflicts = await assets.moveConflicts(id, target);
        if (conflicts.length > 0) {
          throw new ApiError(409, 'move_conflict', `The receiving archive has files of the same name in the same folder: ${conflicts.join(', ')}.`, 'Name conflict');
        }
        await archives.copyFolders(id, target);
        await assets.moveArchive(id, target);
      } else if (unfinished > 0 && target === undefined) {
        throw new ApiError(
          409,
          'archive_not_empty',
          `Files are being uploaded into “${archive.name}” (${unfinished}). Wait until they are done, or choose an archive to move them to (moveAssetsTo).`,
          'The archive is not empty',
        );
      }
      // Uploads still on their way follow the assets (their folders are made when they are ingested).
      if (target !== undefined && unfinished > 0) await uploads.moveUnfinished(id, target);
      await recordActivity(trx, caller, 'archive.deleted', { kind: 'archive', id, name: archive.name }, target === undefined ? {} : { assetsMovedTo: target });
      await archives.delete(id);
    });
  }

  /** The archive as answered, read through `db`. @throws ApiError 404 when it does not exist. */
  private async present(db: Kysely<Database>, id: number): Promise<ArchiveConfig> {
    const archives = new ArchivesRepository(db);
    const row = await archives.findById(id);
    if (!row) throw notFound('The archive');
    const acl = (await archives.aclOf([id])).get(id) ?? [];
    return presentArchiveConfig(row, acl, (await archives.assetCounts([id])).get(id) ?? 0);
  }

  /**
   * The columns to store for a body, once every rule holds (spec 03 §5).
   * @throws ApiError 400 whose value is the first problem's, with every problem in `issues`.
   */
  private async checked(trx: Kysely<Database>, input: ArchiveConfigInput, archiveId: number | undefined): Promise<ArchiveConfigValues> {
    const facts = await this.factsFor(trx, input, archiveId);
    const problems = archiveConfigProblems(input, facts);
    if (problems.length > 0) {
      const [first] = problems;
      throw new ApiError(
        400,
        first!.value,
        problems.map((p) => p.message).join(' '),
        'The archive was not saved',
        problems.map((p) => ({ path: p.path, message: p.message, value: p.value })),
      );
    }
    return {
      name: input.Name.trim(),
      description: input.Description?.trim() ?? '',
      metadata_view_id: input.MetadataSetId!.trim(),
      storage_pool: input.Pool!.trim(),
      storage_path: null,
      sort_order: input.SortId ?? 0,
      settings: settingsOf(input),
    };
  }

  /** What exists on this server that the body names (the facts of {@link archiveConfigProblems}). */
  private async factsFor(trx: Kysely<Database>, input: ArchiveConfigInput, archiveId: number | undefined): Promise<ArchiveConfigFacts> {
    const archives = new ArchivesRepository(trx);
    const views = new MetadataViewsRepository(trx);
    const name = input.Name.trim();
    const holder = name === '' ? undefined : await archives.findByName(name);
    const viewId = input.MetadataSetId?.trim() ?? '';
    let view = viewId === '' ? undefined : await views.findById(viewId);
    // An archive's own view that was never read yet exists as soon as it is asked for.
    const owner = view || viewId === '' ? undefined : archiveIdOfOwnView(viewId);
    if (owner !== undefined) {
      const ownerArchive = await archives.findById(owner);
      if (ownerArchive && ownerArchive.metadata_view_id === null) view = await views.forArchive(owner);
    }
    const userIds = input.MemberList.filter((m) => m.MemberType === 'user').map((m) => m.Id);
    const groupIds = input.MemberList.filter((m) => m.MemberType === 'group').map((m) => m.Id);
    const users = (await new UsersRepository(trx).findRecords(userIds)).filter((u) => u.kind !== 'application');
    const groups = await new GroupsRepository(trx).findByIds(groupIds);
    const none = new Set<string>();
    return {
      archiveId,
      nameTaken: holder !== undefined && holder.id !== archiveId,
      metadataViewExists: view !== undefined,
      viewFieldIds: new Set(view ? [...fieldsOfView(view.definition).keys()].map(Number) : []),
      poolIds: new Set([DEFAULT_POOL_ID]),
      processingProfiles: new Set((await new ProcessingProfilesRepository(trx).list()).map((profile) => profile.id)),
      processingProfileSets: none,
      watermarks: new Set((await new WatermarksRepository(trx).list()).map((watermark) => watermark.id)),
      quickRenditionSets: none,
      cropProfileSets: none,
      tooManyArchives: archiveId === undefined && (await archives.count()) >= this.options.maxArchives,
      knownMembers: new Set([...users.map((u) => `user:${u.id}`), ...groups.map((g) => `group:${g.id}`)]),
    };
  }

  /** Stores the body's access list in its order, the special member last, AutoSearch trimmed. */
  private async storeAccessList(trx: Kysely<Database>, archiveId: number, input: ArchiveConfigInput): Promise<void> {
    await new ArchivesRepository(trx).replaceAcl(
      archiveId,
      orderedMembers(input.MemberList).map((member) => ({
        principalType: member.MemberType,
        principalId: member.Id,
        permissions: [...new Set(member.Permissions)],
        autoSearch: member.AutoSearch?.trim() ?? '',
      })),
    );
  }
}

/** An access list as the activity log keeps it: each member with its permissions, in list order. */
function accessSummary(entries: readonly ListedAclEntry[] = []) {
  return entries.map((entry) => ({ type: entry.principalType, id: entry.principalId, name: entry.name, permissions: entry.permissions, autoSearch: entry.autoSearch }));
}
