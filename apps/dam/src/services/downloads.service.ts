import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DownloadCreated } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { DownloadsRepository } from '../repositories/downloads.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import { zipSize, type ZipEntry } from '../storage/zip.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { downloadHref } from '../presenters/hrefs.ts';
import type { BackgroundTasksService, TaskAssetRequest } from './background-tasks.service.ts';
import { MAX_PROCESSED_PER_DOWNLOAD, type ArchiveDownloads, type DownloadProcessingService } from './download-processing.service.ts';

/** An asset a ZIP holds, with its archive and what that archive's downloads give. */
interface Shown {
  readonly row: AssetRow;
  readonly archive: ArchiveRow;
  readonly downloads: ArchiveDownloads;
}

/** How long a prepared download works (ms): 24 hours. */
export const DOWNLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** A download ready to stream: its file name and entries. */
export interface PreparedZip {
  readonly name: string;
  readonly entries: readonly ZipEntry[];
}

/**
 * The paths of assets inside their ZIP: below the deepest folder they all share; with the archive's name first when
 * they come from several archives. Names that would clash (case aside) get ` (2)`, ` (3)`… before the extension.
 */
export function zipEntryNames(assets: ReadonlyArray<{ archiveName: string; folderPath: string; filename: string }>): string[] {
  const several = new Set(assets.map((a) => a.archiveName)).size > 1;
  const folders = assets.map((a) => [...(several ? [a.archiveName] : []), ...a.folderPath.split('/').filter(Boolean)]);
  let shared = 0;
  while (folders.length > 0 && folders.every((f) => f.length > shared && f[shared] === folders[0]![shared])) shared++;
  const taken = new Set<string>();
  return assets.map((asset, index) => {
    const base = [...folders[index]!.slice(shared), asset.filename].join('/');
    let name = base;
    const ext = path.posix.extname(base);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, base.length - ext.length)} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * ZIP downloads of a selection (issue 13): {@link create} checks the assets (visible, `Download` on their archives)
 * and keeps the list for its creator for 24 hours; {@link prepare} makes the entries from the files as they are when
 * the download starts, leaving out what was deleted or is no longer downloadable since.
 */
export class DownloadsService {
  constructor(
    private readonly deps: {
      tasks: Pick<BackgroundTasksService, 'resolve'>;
      assets: AssetsRepository;
      archives: ArchivesRepository;
      downloads: DownloadsRepository;
      policy: ArchivePolicy;
      files: FileStore;
      /** The archives' download processing (issue 16): what each asset's entry holds. */
      processing: Pick<DownloadProcessingService, 'forArchive'>;
    },
  ) {}

  /**
   * Prepares a download of the assets; images of archives that process downloads are processed now (issue 16).
   * @throws ApiError 400 (an href that is not a visible asset: `assets.<i>.href`; more than
   *   {@link MAX_PROCESSED_PER_DOWNLOAD} images still to process), 403 (no `Download` on an asset's archive).
   */
  async create(caller: Caller, requested: TaskAssetRequest[]): Promise<DownloadCreated> {
    const resolved = await this.deps.tasks.resolve(caller, requested);
    for (const asset of resolved) assetPolicy.assertCan(asset.permissions, 'downloadAll');
    const ids = [...new Set(resolved.map((a) => a.assetId))];
    const now = new Date();
    await this.deps.downloads.deleteExpired(now);
    const id = randomBytes(16).toString('base64url');
    const name = ids.length === 1 ? `${path.parse((await this.deps.assets.findById(ids[0]!))!.filename).name}.zip` : `magpie-${ids.length}-assets.zip`;
    await this.deps.downloads.create({ id, userId: caller.userId, name, assetIds: ids, expires: new Date(now.getTime() + DOWNLOAD_TTL_MS) });
    const zip = await this.entriesOf(caller, ids, { boundMaking: true });
    return { href: downloadHref(id, name), name, assetCount: zip.length, size: await zipSize(zip) };
  }

  /**
   * The download `id` of the caller, ready to stream.
   * @throws ApiError 404 for an unknown, expired or another user's download.
   */
  async prepare(caller: Caller, id: string): Promise<PreparedZip> {
    const download = await this.deps.downloads.findLive(id, new Date());
    if (!download || download.user_id !== caller.userId) throw notFound('The download');
    return { name: download.name, entries: await this.entriesOf(caller, download.asset_ids) };
  }

  /**
   * The entries of the assets the caller may still download, in order, with their stored sizes: each asset's
   * original, or its archive's processed image (an image that cannot be processed is left out, as a deleted one is).
   * @param options.boundMaking - refuse (400) when more than {@link MAX_PROCESSED_PER_DOWNLOAD} images need processing.
   */
  private async entriesOf(caller: Caller, ids: readonly number[], options: { boundMaking?: boolean } = {}): Promise<ZipEntry[]> {
    const rows = new Map((await this.deps.assets.findByIds(ids)).map((row) => [row.id, row]));
    const archiveIds = [...new Set([...rows.values()].map((row) => row.archive_id))];
    const access = await this.deps.policy.accessOn(caller, archiveIds);
    const archives = new Map<number, ArchiveRow>();
    for (const archiveId of archiveIds) {
      const archive = await this.deps.archives.findById(archiveId);
      if (archive) archives.set(archiveId, archive);
    }
    const shown: Shown[] = [];
    const visible = new Map<number, Set<number>>();
    // Each archive's download processing is read once, not per asset.
    const downloadsOf = new Map<number, ArchiveDownloads>();
    for (const archiveId of archiveIds) {
      const a = access.get(archiveId);
      const archive = archives.get(archiveId);
      if (!a || !archive || !assetPolicy.can(a.permissions, 'download')) continue;
      const inArchive = [...rows.values()].filter((row) => row.archive_id === archiveId).map((row) => row.id);
      visible.set(archiveId, a.visibility ? await this.deps.assets.matchingIds(inArchive, a.visibility) : new Set(inArchive));
      downloadsOf.set(archiveId, await this.deps.processing.forArchive(archive));
    }
    for (const id of ids) {
      const row = rows.get(id);
      const archive = row && archives.get(row.archive_id);
      const downloads = row && downloadsOf.get(row.archive_id);
      if (row && archive && downloads && visible.get(row.archive_id)?.has(id)) shown.push({ row, archive, downloads });
    }
    if (options.boundMaking) await this.assertFewToProcess(shown);
    const kept: Array<{ row: AssetRow; archive: ArchiveRow; key: string; filename: string; size: number }> = [];
    for (const { row, archive, downloads } of shown) {
      const file = await downloads.fileOf(row).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      });
      const stat = file && (await this.deps.files.stat(file.key));
      if (file && stat) kept.push({ row, archive, key: file.key, filename: file.filename, size: stat.size });
    }
    const names = zipEntryNames(kept.map(({ row, archive, filename }) => ({ archiveName: archive.name, folderPath: row.folder_path, filename })));
    return kept.map(({ row, key, size }, index) => ({ name: names[index]!, key, size, mtime: row.modified }));
  }

  /** @throws ApiError 400 when more than {@link MAX_PROCESSED_PER_DOWNLOAD} of the assets' images must be processed first. */
  private async assertFewToProcess(shown: readonly Shown[]): Promise<void> {
    let toMake = 0;
    for (const { row, downloads } of shown) if (await downloads.needsMaking(row)) toMake++;
    if (toMake > MAX_PROCESSED_PER_DOWNLOAD) {
      throw badRequest(
        `${toMake} of these images come from archives that process downloads, and at most ${MAX_PROCESSED_PER_DOWNLOAD} can be processed for one download. Download fewer at a time.`,
        [{ path: 'assets', message: `At most ${MAX_PROCESSED_PER_DOWNLOAD} images to process in one download.` }],
      );
    }
  }
}
