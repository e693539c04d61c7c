import type { Kysely } from 'kysely';
import type { Collection, CollectionList } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import { SmartFoldersRepository, type SmartFolderRow } from '../repositories/smart-folders.repository.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import type { CollectionReference } from '../lib/references.ts';
import { presentSmartFolder } from '../presenters/collection.presenter.ts';
import type { CollectionSearch, ResolvedCollection } from './collections.service.ts';

/** Reads a stored query string into its search (the route's URL reading; undefined: no search in it). */
export type SearchReader = (query: string) => Promise<CollectionSearch | undefined>;

/** A search to save or save again: where it runs (undefined: not a collection URL) and what it searches. */
export interface SmartFolderSearch {
  readonly target: CollectionReference | undefined;
  readonly search: CollectionSearch | undefined;
}

const UNIQUE_VIOLATION = '23505';
const taken = (name: string) => new ApiError(409, 'SmartFolderExists', `This archive already has a smart folder named "${name}".`, 'Name taken');

/**
 * Smart folders (issue 13; spec 01 §3 "Folder or smart folder", §7 smart folder urls): an archive's saved searches,
 * listed for anyone who may view the archive, each with the hits that viewer sees; made, renamed, changed, moved and
 * deleted by holders of `EditSmartFolders` on the archive.
 */
export class SmartFoldersService {
  private readonly folders: SmartFoldersRepository;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      archives: ArchivesRepository;
      assets: AssetsRepository;
      policy: ArchivePolicy;
      resolve: (caller: Caller, archiveId: number, folderPath: string) => Promise<ResolvedCollection>;
      /** Whether consent forms are on (`ConsentService.isEnabled`; issue 15): the folders' consent flags; off when not given. */
      consentFormsEnabled?: () => Promise<boolean>;
    },
  ) {
    this.folders = new SmartFoldersRepository(deps.db);
  }

  /**
   * The archive's smart folders in order, each with the hits the caller sees.
   * @throws ApiError 404 when the archive is absent or the caller may not view it.
   */
  async list(caller: Caller, archiveId: number, read: SearchReader): Promise<CollectionList> {
    const resolved = await this.deps.resolve(caller, archiveId, '');
    const rows = await this.folders.list(archiveId);
    const consentFormsEnabled = await this.consentFormsEnabled();
    const data: Collection[] = [];
    for (const row of rows) data.push(await this.present(resolved, row, read, consentFormsEnabled));
    return { data, paging: null };
  }

  /**
   * Saves a search as a smart folder at the end of the list.
   * @throws ApiError 400 (`searchHref`: not a search of this archive; a folder that does not exist), 403 without
   *   EditSmartFolders, 404 (archive not visible), 409 `SmartFolderExists`.
   */
  async create(caller: Caller, archiveId: number, input: { name: string } & SmartFolderSearch, read: SearchReader): Promise<Collection> {
    const resolved = await this.editable(caller, archiveId);
    const { folderPath, query } = await this.checkSearch(archiveId, input);
    if (await this.folders.findByName(archiveId, input.name)) throw taken(input.name);
    try {
      const row = await this.folders.create({ archiveId, name: input.name, folderPath, query, createdBy: caller.username });
      return await this.present(resolved, row, read);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw taken(input.name);
      throw error;
    }
  }

  /**
   * Renames, changes or moves a smart folder (`position` 0-based; FotoWeb's ORDERPATCH).
   * @throws ApiError 400, 403, 404 (also for an unknown smart folder), 409 as {@link create}.
   */
  async update(caller: Caller, archiveId: number, id: number, input: { name?: string; position?: number; search?: SmartFolderSearch }, read: SearchReader): Promise<Collection> {
    const resolved = await this.editable(caller, archiveId);
    const row = await this.folders.find(archiveId, id);
    if (!row) throw notFound('The smart folder');
    const search = input.search ? await this.checkSearch(archiveId, input.search) : undefined;
    if (input.name !== undefined) {
      const holder = await this.folders.findByName(archiveId, input.name);
      if (holder && holder.id !== id) throw taken(input.name);
    }
    try {
      await inTransaction(this.deps.db, async (trx) => {
        const folders = new SmartFoldersRepository(trx);
        await folders.update(id, { ...(input.name !== undefined ? { name: input.name } : {}), ...(search ?? {}) });
        if (input.position !== undefined) await folders.move(archiveId, id, input.position);
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw taken(input.name ?? row.name);
      throw error;
    }
    return this.present(resolved, (await this.folders.find(archiveId, id))!, read);
  }

  /** Deletes a smart folder. @throws ApiError 403, 404 as {@link update}. */
  async delete(caller: Caller, archiveId: number, id: number): Promise<void> {
    await this.editable(caller, archiveId);
    if (!(await this.folders.find(archiveId, id))) throw notFound('The smart folder');
    await inTransaction(this.deps.db, async (trx) => {
      const folders = new SmartFoldersRepository(trx);
      await folders.delete(id);
      await folders.renumber(archiveId);
    });
  }

  /** The archive, for a caller who may change its smart folders. @throws ApiError 404, 403 `EditSmartFolders`. */
  private async editable(caller: Caller, archiveId: number): Promise<ResolvedCollection> {
    const resolved = await this.deps.resolve(caller, archiveId, '');
    this.deps.policy.assertCan(resolved.permissions, 'editSmartFolders');
    return resolved;
  }

  /** Where a saved search runs and its query. @throws ApiError 400 (`searchHref`). */
  private async checkSearch(archiveId: number, input: SmartFolderSearch): Promise<{ folderPath: string; query: string }> {
    const refuse = (message: string) => badRequest(message, [{ path: 'searchHref', message }]);
    if (!input.target || input.target.archiveId !== archiveId) throw refuse('The search is not a search of this archive.');
    if (!input.search) throw refuse('The URL holds no search to save.');
    if (input.target.folderPath !== '' && !(await this.deps.archives.findFolder(archiveId, input.target.folderPath))) throw refuse('The folder of the search does not exist.');
    return { folderPath: input.target.folderPath, query: input.search.query };
  }

  /** Whether consent forms are on (off when the service was not told). */
  private async consentFormsEnabled(): Promise<boolean> {
    return (await this.deps.consentFormsEnabled?.()) ?? false;
  }

  /**
   * A smart folder with the hits the caller sees (none when its folder or search no longer works); `consentFormsEnabled`
   * is read when not given.
   */
  private async present(resolved: ResolvedCollection, row: SmartFolderRow, read: SearchReader, consentFormsEnabled?: boolean): Promise<Collection> {
    const { archive, permissions, visibility } = resolved;
    const search = await read(row.query).catch(() => undefined);
    const folderExists = row.folder_path === '' || (await this.deps.archives.findFolder(archive.id, row.folder_path)) !== undefined;
    const assetCount =
      search && folderExists ? await this.deps.assets.count({ archiveId: archive.id, folderPath: row.folder_path, search: search.node, ...(visibility ? { visibility } : {}) }) : 0;
    return presentSmartFolder({
      archive,
      folderPath: row.folder_path,
      permissions,
      assetCount,
      hasChildren: false,
      childCount: 0,
      search: search ?? { searchString: '', searchQuery: '', query: row.query },
      smartFolder: { id: row.id, name: row.name },
      canEdit: this.deps.policy.can(permissions, 'editSmartFolders'),
      consentFormsEnabled: consentFormsEnabled ?? (await this.consentFormsEnabled()),
    });
  }
}
