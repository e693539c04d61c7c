import type { Kysely } from 'kysely';
import { DEFAULT_COLLECTION_COLOR, type Collection } from '@magpie/api-types';
import { folderNameProblem } from '@magpie/api-types/names';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import type { AssetReference, CollectionReference } from '../lib/references.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { FoldersRepository } from '../repositories/folders.repository.ts';
import type { CollectionsService } from './collections.service.ts';
import type { AssetsService } from './assets.service.ts';

/** The folder's name as checked: trimmed, with the folder-name rules (spec 01 §5). @throws ApiError 400 `InvalidFolderName` */
function checkedName(name: string): string {
  const trimmed = name.trim();
  const problem = folderNameProblem(trimmed);
  if (problem !== undefined) throw new ApiError(400, 'InvalidFolderName', problem, 'Invalid folder name', [{ path: 'name', message: problem }]);
  return trimmed;
}

/** The parent path of a folder path ('' for a folder at the archive's root). */
function parentOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

/**
 * Folders of an archive (issue 13; spec 01 §3 Folder; FotoWeb's `canCreateFolders`): making one in an archive or
 * folder (UploadFile there), renaming one (Rename; its sub-folders, assets and the uploads on their way follow) and
 * deleting an empty one (Delete). Names are unique among a folder's children without regard to case. Each change
 * runs in one transaction with the archive locked, so two changes of one archive's folders do not cross. The tile of
 * a folder (Rename) and of an archive (manageArchives) is styled here too (spec 02 §2 Collection tile).
 */
export class FoldersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: ArchivePolicy,
    private readonly collections: CollectionsService,
    private readonly assets: Pick<AssetsService, 'load'>,
  ) {}

  /**
   * Makes the folder `name` in `parent` (an archive or a folder). Answers the new folder's collection.
   * @throws ApiError 404 (the caller may not view `parent`, or it does not exist), 403 without UploadFile, 400
   *   `InvalidFolderName`, 409 `FolderExists`.
   */
  async create(caller: Caller, parent: CollectionReference, name: string): Promise<Collection> {
    await this.collections.resolve(caller, parent.archiveId, parent.folderPath);
    await this.policy.require(caller, parent.archiveId, 'UploadFile');
    const folderName = checkedName(name);
    const path = parent.folderPath ? `${parent.folderPath}/${folderName}` : folderName;
    await inTransaction(this.db, async (trx) => {
      await new ArchivesRepository(trx).lockForUpdate(parent.archiveId);
      if (await new FoldersRepository(trx).findSibling(parent.archiveId, parent.folderPath, folderName)) throw exists(folderName);
      await new ArchivesRepository(trx).ensureFolder(parent.archiveId, path);
    });
    return this.present(caller, { archiveId: parent.archiveId, folderPath: path });
  }

  /**
   * Renames the folder (its place stays; a change of case only is a rename too). Answers the folder's collection at
   * its new href.
   * @throws ApiError 400 for an archive (renamed in its settings) or `InvalidFolderName`, 404, 403 without Rename,
   *   409 `FolderExists`.
   */
  async rename(caller: Caller, folder: CollectionReference, name: string): Promise<Collection> {
    if (!folder.folderPath) throw badRequest('An archive is renamed in its settings, not here.');
    await this.collections.resolve(caller, folder.archiveId, folder.folderPath);
    await this.policy.require(caller, folder.archiveId, 'Rename');
    const folderName = checkedName(name);
    const parent = parentOf(folder.folderPath);
    const path = parent ? `${parent}/${folderName}` : folderName;
    if (path !== folder.folderPath) {
      await inTransaction(this.db, async (trx) => {
        await new ArchivesRepository(trx).lockForUpdate(folder.archiveId);
        const folders = new FoldersRepository(trx);
        const sibling = await folders.findSibling(folder.archiveId, parent, folderName);
        if (sibling && sibling.path !== folder.folderPath) throw exists(folderName);
        await folders.renameSubtree(folder.archiveId, folder.folderPath, path, folderName);
      });
    }
    return this.present(caller, { archiveId: folder.archiveId, folderPath: path });
  }

  /**
   * Changes a folder (`PATCH`, issue 13): renames it ({@link rename}), styles its tile (`color`, `icon`; null: the
   * default) and sets or clears its cover (`poster`: an asset in the folder or below it that the caller sees; null:
   * none). Answers the folder's collection at its (new) href. For an archive (`folderPath` ''), see
   * {@link updateArchive}.
   * @throws ApiError 400 for a bad name, or a cover that is not a visible asset of the folder (`poster_asset`); 404;
   *   403 without Rename; 409 `FolderExists`.
   */
  async update(caller: Caller, folder: CollectionReference, change: CollectionChange): Promise<Collection> {
    if (!folder.folderPath) return this.updateArchive(caller, folder.archiveId, change);
    await this.collections.resolve(caller, folder.archiveId, folder.folderPath);
    await this.policy.require(caller, folder.archiveId, 'Rename');
    const posterAssetId = await this.coverOf(caller, folder, change.poster);
    const renamed = change.name !== undefined ? await this.rename(caller, folder, change.name) : undefined;
    const path = renamed ? parentJoin(parentOf(folder.folderPath), checkedName(change.name!)) : folder.folderPath;
    await new FoldersRepository(this.db).setTile(folder.archiveId, path, { color: change.color, icon: change.icon, posterAssetId });
    return this.present(caller, { archiveId: folder.archiveId, folderPath: path });
  }

  /**
   * Styles an archive's tile and sets or clears its cover (`PATCH <archive>`, issue 13; spec 02 §2 "administrators
   * and owners choose colour and icon"): `color` (null: the default #999999), `icon` (null: Folder), `poster` (an
   * asset anywhere in the archive that the caller sees; null: none, the tile shows the archive's first asset). Answers
   * the archive's collection.
   * @throws ApiError 404 (the caller may not view the archive), 400 for a name (an archive is renamed in its
   *   settings) or a cover that is not a visible asset of the archive (`poster_asset`), 403 without manageArchives.
   */
  async updateArchive(caller: Caller, archiveId: number, change: CollectionChange): Promise<Collection> {
    const archive: CollectionReference = { archiveId, folderPath: '' };
    await this.collections.resolve(caller, archiveId, '');
    if (change.name !== undefined) throw badRequest('An archive is renamed in its settings, not here.', [{ path: 'name', message: 'An archive is renamed in its settings.' }]);
    sitePolicy.assertCan(caller, 'manageArchives');
    const posterAssetId = await this.coverOf(caller, archive, change.poster);
    await new ArchivesRepository(this.db).setTile(archiveId, {
      color: change.color === undefined ? undefined : (change.color ?? DEFAULT_COLLECTION_COLOR),
      icon: change.icon,
      posterAssetId,
    });
    return this.present(caller, archive);
  }

  /**
   * The asset id of a cover for `collection` (undefined: unchanged; null: none).
   * @throws ApiError 400 when `poster` is not an asset of the collection (in it or below it) that the caller sees.
   */
  private async coverOf(caller: Caller, collection: CollectionReference, poster: CollectionChange['poster']): Promise<number | null | undefined> {
    if (poster === undefined || poster === null) return poster;
    const what = collection.folderPath ? 'folder' : 'archive';
    const refuse = () => badRequest(`The cover must be an asset of this ${what} that you can see.`, [{ path: 'poster_asset', message: `Not an asset of this ${what}.` }]);
    const inside = (path: string) => !collection.folderPath || path === collection.folderPath || path.startsWith(`${collection.folderPath}/`);
    if (poster === 'invalid' || poster.archiveId !== collection.archiveId || !inside(poster.folderPath)) throw refuse();
    const loaded = await this.assets.load(caller, poster).catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? undefined : Promise.reject(error)));
    if (!loaded) throw refuse();
    return loaded.asset.id;
  }

  /**
   * Deletes the folder and its sub-folders when none holds an asset or awaits an upload (there is no trash can for
   * folders: what is in them is deleted or moved first).
   * @throws ApiError 400 for an archive, 404, 403 without Delete, 409 `FolderNotEmpty`.
   */
  async delete(caller: Caller, folder: CollectionReference): Promise<void> {
    if (!folder.folderPath) throw badRequest('An archive is deleted in its settings, not here.');
    await this.collections.resolve(caller, folder.archiveId, folder.folderPath);
    await this.policy.require(caller, folder.archiveId, 'Delete');
    await inTransaction(this.db, async (trx) => {
      await new ArchivesRepository(trx).lockForUpdate(folder.archiveId);
      const folders = new FoldersRepository(trx);
      if ((await folders.holdsAssets(folder.archiveId, folder.folderPath)) || (await folders.awaitsUploads(folder.archiveId, folder.folderPath))) {
        throw new ApiError(409, 'FolderNotEmpty', 'The folder is not empty: delete or move what is in it first.', 'The folder is not empty');
      }
      await folders.deleteSubtree(folder.archiveId, folder.folderPath);
    });
  }

  private async present(caller: Caller, folder: CollectionReference): Promise<Collection> {
    return (await this.collections.getCollection(caller, { ...folder, page: '' }, 'collectioninfo')) as Collection;
  }
}

/**
 * What a `PATCH` of a folder or an archive changes (`FolderUpdate`): undefined leaves a value as it is; `poster` is
 * the cover's reference, null to clear it, or 'invalid' for an href that names no asset.
 */
export interface CollectionChange {
  name?: string;
  color?: string | null;
  icon?: string | null;
  poster?: AssetReference | null | 'invalid';
}

function exists(name: string): ApiError {
  return new ApiError(409, 'FolderExists', `There is already a folder named “${name}” here.`, 'The folder exists');
}

/** `name` in `parent` ('' for the archive's root). */
function parentJoin(parent: string, name: string): string {
  return parent ? `${parent}/${name}` : name;
}
