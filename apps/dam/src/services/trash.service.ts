import type { Kysely } from 'kysely';
import type { TrashList, TrashUpdate } from '@magpie/api-types';
import type { AssetRow, Database } from '../db/schema.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import { inTransaction } from '../db/transaction.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { TrashRepository, type PurgedFiles } from '../repositories/trash.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import { foldersOfOriginal } from '../storage/keys.ts';
import { ApiError } from '../lib/errors.ts';
import type { WorkerLogger } from '../jobs/worker.ts';
import { presentTrash } from '../presenters/trash.presenter.ts';
import type { FieldIssue } from '../metadata/validate.ts';
import { invalidRequest } from './metadata-edit.service.ts';
import { previewFolders } from './ingest.service.ts';
import { recordActivity, type ActivityActor } from './activity.service.ts';

/** Rolls back a purge's transaction (and its log row) when the entry was not in the trash any more. */
const NOTHING_PURGED = Symbol('nothing purged');

/** The job kind of the trash sweep (jobs/sweeps.ts; migration 0018's `jobs_one_trash_purge_idx`). */
export const PURGE_TRASH_JOB = 'purge-trash';
/** How often each DAM process offers a trash sweep (ms): hourly. */
export const TRASH_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Most entries one trash answer lists (`total` counts them all). */
export const TRASH_PAGE_SIZE = 1000;
/** Most entries one sweep purges; the next sweep goes on. */
export const TRASH_PURGE_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;
const UNIQUE_VIOLATION = '23505';

/**
 * The trash (issue 13; spec 03 §1 "trash can"): what `delete-request` tasks moved there, for the people who hold
 * `Delete` on its archive. They restore entries (back where they were) or purge them (gone for good with their
 * revisions and files); a sweep purges what has been there longer than the retention (`MAGPIE_TRASH_RETENTION_DAYS`).
 */
export class TrashService {
  private readonly trash: TrashRepository;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      archives: ArchivesRepository;
      assets: AssetsRepository;
      policy: ArchivePolicy;
      files: FileStore;
      /** Days an entry is kept. */
      retentionDays: number;
      log?: WorkerLogger;
    },
  ) {
    this.trash = new TrashRepository(deps.db);
  }

  /** The archives whose trash the caller sees (those where they hold View and Delete), by id, with the caller's access. */
  private async archivesOf(caller: Caller) {
    const access = await this.deps.policy.accessOn(caller);
    const archives = await this.deps.archives.list();
    return new Map(
      archives.flatMap((archive) => {
        const a = access.get(archive.id);
        return a && a.permissions.has('View') && a.permissions.has('Delete') ? [[archive.id, { archive, access: a }] as const] : [];
      }),
    );
  }

  /** The entries among `rows` the caller may see: of their archives, and within an AutoSearch limit (spec 03 §3.9). */
  private async visible(rows: readonly AssetRow[], archives: Awaited<ReturnType<TrashService['archivesOf']>>): Promise<AssetRow[]> {
    const shown: AssetRow[] = [];
    for (const [archiveId, { access }] of archives) {
      const inArchive = rows.filter((row) => row.archive_id === archiveId);
      if (!access.visibility) shown.push(...inArchive);
      else {
        const matching = await this.deps.assets.matchingIds(
          inArchive.map((row) => row.id),
          access.visibility,
          { inTrash: true },
        );
        shown.push(...inArchive.filter((row) => matching.has(row.id)));
      }
    }
    return rows.filter((row) => shown.includes(row));
  }

  /** The caller's trash: entries of the archives where they hold Delete, most recently deleted first. */
  async list(caller: Caller): Promise<TrashList> {
    const archives = await this.archivesOf(caller);
    const ids = [...archives.keys()];
    const [rows, total] = await Promise.all([this.trash.list(ids, TRASH_PAGE_SIZE), this.trash.count(ids)]);
    const shown = await this.visible(rows, archives);
    // An AutoSearch limit hides some entries: the total counts what is listed less what it hid.
    return presentTrash(shown, new Map([...archives].map(([id, a]) => [id, a.archive])), total - (rows.length - shown.length), this.deps.retentionDays);
  }

  /**
   * Restores and purges entries by id, then answers the trash. Restores run first, all or none: one whose name is
   * taken where it was stops them all.
   * @throws ApiError 400 (an id that is not an entry the caller sees: `restore.<i>`, `purge.<i>`; one id in both
   *   lists), 409 `NameTaken` (a live asset took a restored entry's name; nothing was restored).
   */
  async update(caller: Caller, body: TrashUpdate): Promise<TrashList> {
    const archives = await this.archivesOf(caller);
    const restore = [...new Set(body.restore ?? [])];
    const purge = [...new Set(body.purge ?? [])];
    const found = new Map((await this.visible(await this.trash.find([...restore, ...purge]), archives)).map((row) => [row.id, row]));
    const issues: FieldIssue[] = [];
    for (const [list, ids] of [
      ['restore', body.restore ?? []],
      ['purge', body.purge ?? []],
    ] as const)
      for (const [index, id] of ids.entries()) if (!found.has(id)) issues.push({ path: `${list}.${index}`, message: `${id} is not in your trash.` });
    for (const [index, id] of (body.purge ?? []).entries()) if (restore.includes(id)) issues.push({ path: `purge.${index}`, message: `${id} cannot be both restored and purged.` });
    if (issues.length > 0) throw invalidRequest(issues);

    if (restore.length > 0) {
      await inTransaction(this.deps.db, async (trx) => {
        const trash = new TrashRepository(trx);
        const archivesRepo = new ArchivesRepository(trx);
        for (const id of restore) {
          const row = found.get(id)!;
          // The folder it was in may have been deleted meanwhile: it is made again.
          await archivesRepo.ensureFolder(row.archive_id, row.folder_path);
          try {
            await trash.restore(id);
            await recordActivity(trx, caller, 'asset.restored', { kind: 'asset', assetId: id });
          } catch (error) {
            if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
            throw new ApiError(409, 'NameTaken', `"${row.filename}" is taken in its folder now; rename or move that asset, then restore this one.`, 'Name taken');
          }
        }
      });
    }
    for (const id of purge) await this.purgeOne(id, caller);
    return this.list(caller);
  }

  /**
   * Purges the entries older than the retention (the `purge-trash` sweep), at most {@link TRASH_PURGE_BATCH} per run.
   * @param now - the time to count from (ms since the epoch; tests pass a later one).
   * @returns how many were purged.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    const ids = await this.trash.expired(new Date(now - this.deps.retentionDays * DAY_MS), TRASH_PURGE_BATCH);
    let purged = 0;
    for (const id of ids) if (await this.purgeOne(id, 'system')) purged++;
    return purged;
  }

  /** Removes one entry for good: its row (with revisions, album places and pins) in a transaction, then its files. */
  private async purgeOne(id: number, actor: ActivityActor): Promise<boolean> {
    // The log row is written first (it reads the asset's name and place), and only kept when the purge happened.
    const files: PurgedFiles | undefined = await inTransaction(this.deps.db, async (trx) => {
      await recordActivity(trx, actor, 'asset.purged', { kind: 'asset', assetId: id });
      const purged = await new TrashRepository(trx).purge(id);
      if (!purged) throw NOTHING_PURGED;
      return purged;
    }).catch((error: unknown) => {
      if (error === NOTHING_PURGED) return undefined;
      throw error;
    });
    if (!files) return false;
    const folders = new Set(previewFolders(files.previews));
    for (const key of files.storageKeys) {
      const of = foldersOfOriginal(key);
      if (!of) continue;
      folders.add(of.original);
      folders.add(of.previews);
    }
    for (const folder of folders) {
      // The row is gone; a file left behind is only disk space, so a failure is logged, not raised.
      await this.deps.files.remove(folder).catch((error: unknown) => this.deps.log?.error({ err: error, folder }, 'purging a trash entry: a file could not be removed'));
    }
    return true;
  }
}
