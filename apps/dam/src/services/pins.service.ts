import type { Asset, CollectionInfo, Pin, PinList, PinsAddResult } from '@magpie/api-types';
import type { PinRow } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { AssetReference, CollectionReference } from '../lib/references.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { PinsRepository, PinTarget } from '../repositories/pins.repository.ts';
import type { AssetsService } from './assets.service.ts';
import type { AlbumReference, AlbumsService } from './albums.service.ts';
import type { AlbumsRepository } from '../repositories/albums.repository.ts';
import type { CollectionsService } from './collections.service.ts';
import type { TaxonomiesService } from '../taxonomies/taxonomies.service.ts';
import { searchFromQuery, TAXONOMY_ITEM_KEY } from '../search/params.ts';
import { taxonomySearchHref } from '../presenters/hrefs.ts';

/** What a caller pins or unpins, as references (routes read them from hrefs, `http/resource-path.ts`). */
export type PinReference =
  | { kind: 'asset'; ref: AssetReference }
  | { kind: 'collection'; ref: CollectionReference }
  | { kind: 'album'; ref: AlbumReference }
  | { kind: 'taxonomyItem'; ref: { archiveId: number; itemId: number } };

/**
 * The `intranet` preference keys that list pinned archives, folders, albums and taxonomy items (spec 01 §3 User
 * preferences groups).
 */
export const PINNED_PREFERENCE_KEYS = ['archivePinned', 'folderPinned', 'pinnedAlbums', 'taxonomyPinned'] as const;

/**
 * The pin lists as the `intranet` preferences show them: archive ids (`"5000"`), folder collection ids
 * (`"5000/a/b"`), album ids (`"12"`) and taxonomy items with the archive they are browsed in (`"5000/31"`).
 */
export type PinnedPreferences = Record<(typeof PINNED_PREFERENCE_KEYS)[number], string[]>;

/**
 * A user's pins (issue 13; spec 01 §3 Pins, §4 Pinning, §7 `GET`, `POST`, `PATCH` on the pins url): assets, archives
 * and folders, by id so a pin follows what it points at and goes with it. Pinning needs View on the thing (what the
 * caller cannot see answers 404, as if it did not exist); what a caller can no longer see is left out of the list.
 * Guests have no pins.
 */
export class PinsService {
  constructor(
    private readonly pins: PinsRepository,
    private readonly archives: ArchivesRepository,
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetsService,
    private readonly collections: CollectionsService,
    /** Most pins per user (`MAGPIE_PIN_LIMIT`). */
    private readonly limit: number,
    private readonly albums: AlbumsService,
    private readonly albumRows: AlbumsRepository,
    /** Taxonomy items one may browse an archive by, and their searches (taxonomy item pins). */
    private readonly taxonomies: Pick<TaxonomiesService, 'navigableItem' | 'searchExpressions'>,
  ) {}

  /** The caller's pins, newest first, each with its asset or collection; pins of what they cannot see are left out. */
  async list(caller: Caller): Promise<PinList> {
    this.assertUser(caller);
    const data: Pin[] = [];
    for (const row of await this.pins.list(caller.userId)) {
      const pin = await this.present(caller, row);
      if (pin) data.push(pin);
    }
    return { data, paging: null, limit: this.limit };
  }

  /**
   * Pins what the references name, in order, while the caller has fewer than the limit; those pinned already stay.
   * @returns the pins after it, and `added` (0 at the limit: the client's `pinLimit`).
   * @throws ApiError 404 for a reference the caller may not view or that does not exist (nothing is pinned then),
   *   401 for guests.
   */
  async add(caller: Caller, references: readonly PinReference[]): Promise<PinsAddResult> {
    this.assertUser(caller);
    const targets: PinTarget[] = [];
    for (const reference of references) targets.push(await this.viewableTarget(caller, reference));
    const added = await this.pins.add(caller.userId, targets, this.limit);
    return { ...(await this.list(caller)), added };
  }

  /** Unpins what the references name (whatever the caller may see now; what is not pinned is ignored). @throws ApiError 401 for guests. */
  async remove(caller: Caller, references: readonly PinReference[]): Promise<PinList> {
    this.assertUser(caller);
    const targets: PinTarget[] = [];
    for (const reference of references) {
      const target = await this.target(reference);
      if (target) targets.push(target);
    }
    await this.pins.remove(caller.userId, targets);
    return this.list(caller);
  }

  /** The pinned archives and folders as the `intranet` preferences list them (spec 01 §3), from the pins. */
  async preferenceLists(userId: number): Promise<PinnedPreferences> {
    const rows = await this.pins.list(userId);
    const folderPinned: string[] = [];
    for (const row of rows.filter((r) => r.kind === 'folder')) {
      const folder = await this.archives.findFolderById(row.folder_id!);
      if (folder) folderPinned.push(`${folder.archive_id}/${folder.path}`);
    }
    return {
      archivePinned: rows.filter((r) => r.kind === 'archive').map((r) => String(r.archive_id)),
      folderPinned,
      pinnedAlbums: rows.filter((r) => r.kind === 'album').map((r) => String(r.album_id)),
      taxonomyPinned: rows.filter((r) => r.kind === 'taxonomyItem').map((r) => `${r.taxonomy_archive_id}/${r.taxonomy_item_id}`),
    };
  }

  /**
   * Makes the pinned archives, folders or albums exactly the ones a preference list names (a client writing
   * `intranet.archivePinned`, `folderPinned` or `pinnedAlbums`, spec 01 §3): entries the caller may not view, or
   * that name nothing, are dropped; the pin limit holds.
   */
  async replaceFromPreferences(caller: Caller, key: (typeof PINNED_PREFERENCE_KEYS)[number], entries: readonly unknown[]): Promise<void> {
    if (key === 'taxonomyPinned') return this.replaceTaxonomyItemsFromPreferences(caller, entries);
    const kind = key === 'archivePinned' ? 'archive' : key === 'folderPinned' ? 'folder' : 'album';
    const ids: number[] = [];
    for (const entry of entries) {
      if (typeof entry !== 'string' && typeof entry !== 'number') continue;
      if (kind === 'album') {
        const album = /^[0-9]{1,9}$/.test(String(entry)) ? await this.albumRows.findById(Number(entry)) : undefined;
        if (!album) continue;
        try {
          const target = await this.viewableTarget(caller, { kind: 'album', ref: { ownerId: album.owner_id, albumId: album.id } });
          if (!ids.includes(target.id)) ids.push(target.id);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        continue;
      }
      const [archiveKey = '', ...path] = String(entry).split('/');
      if (!/^[0-9]{1,9}$/.test(archiveKey) || (kind === 'folder') !== path.length > 0) continue;
      try {
        const target = await this.viewableTarget(caller, { kind: 'collection', ref: { archiveId: Number(archiveKey), folderPath: path.join('/') } });
        if (!ids.includes(target.id)) ids.push(target.id);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    await this.pins.replaceKind(caller.userId, kind, ids, this.limit);
  }

  /** {@link replaceFromPreferences} for `taxonomyPinned` (`"<archive id>/<item id>"` entries). */
  private async replaceTaxonomyItemsFromPreferences(caller: Caller, entries: readonly unknown[]): Promise<void> {
    const targets: Array<{ id: number; archiveId: number }> = [];
    for (const entry of entries) {
      const match = typeof entry === 'string' ? /^([0-9]{1,9})\/([0-9]{1,9})$/.exec(entry) : null;
      if (!match) continue;
      try {
        const target = await this.viewableTarget(caller, { kind: 'taxonomyItem', ref: { archiveId: Number(match[1]), itemId: Number(match[2]) } });
        if (!targets.some((t) => t.id === target.id && t.archiveId === target.archiveId)) targets.push({ id: target.id, archiveId: target.archiveId! });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    await this.pins.replaceTaxonomyItems(caller.userId, targets, this.limit);
  }

  private assertUser(caller: Caller): void {
    if (caller.isGuest) throw new ApiError(401, 'Unauthorized', 'Log in to pin.', 'Access denied');
  }

  /** The target of a reference the caller may view. @throws ApiError 404 otherwise. */
  private async viewableTarget(caller: Caller, reference: PinReference): Promise<PinTarget> {
    if (reference.kind === 'taxonomyItem') {
      const { archive } = await this.collections.resolve(caller, reference.ref.archiveId, '');
      const item = await this.taxonomies.navigableItem(reference.ref.itemId);
      if (!item) throw notFound('The taxonomy item');
      return { kind: 'taxonomyItem', id: item.id, archiveId: archive.id };
    }
    if (reference.kind === 'album') {
      await this.albums.get(caller, reference.ref, 'collectioninfo');
      return { kind: 'album', id: reference.ref.albumId };
    }
    if (reference.kind === 'asset') {
      const { asset } = await this.assets.load(caller, reference.ref);
      return { kind: 'asset', id: asset.id };
    }
    const { archive, folderPath } = await this.collections.resolve(caller, reference.ref.archiveId, reference.ref.folderPath);
    if (!folderPath) return { kind: 'archive', id: archive.id };
    const folder = await this.archives.findFolder(archive.id, folderPath);
    if (!folder) throw notFound('The folder');
    return { kind: 'folder', id: folder.id };
  }

  /** The target of a reference, whoever may see it, or undefined when it names nothing. */
  private async target(reference: PinReference): Promise<PinTarget | undefined> {
    if (reference.kind === 'album') return { kind: 'album', id: reference.ref.albumId };
    if (reference.kind === 'taxonomyItem') return { kind: 'taxonomyItem', id: reference.ref.itemId, archiveId: reference.ref.archiveId };
    const { archiveId, folderPath } = reference.ref;
    if (reference.kind === 'asset') {
      const asset = await this.assetRows.findByPath(archiveId, folderPath, reference.ref.filename);
      return asset && { kind: 'asset', id: asset.id };
    }
    if (!folderPath) return { kind: 'archive', id: archiveId };
    const folder = await this.archives.findFolder(archiveId, folderPath);
    return folder && { kind: 'folder', id: folder.id };
  }

  /** A pin with its asset or collection as the caller sees it, or undefined when they cannot see it. */
  private async present(caller: Caller, row: PinRow): Promise<Pin | undefined> {
    const pinned = row.created.toISOString();
    try {
      if (row.kind === 'taxonomyItem') {
        // The archive's search for the item, counted as the caller sees it; an item no longer navigable is left out.
        const item = await this.taxonomies.navigableItem(row.taxonomy_item_id!);
        if (!item) return undefined;
        const id = String(item.id);
        const search = searchFromQuery({ [TAXONOMY_ITEM_KEY]: id }, { taxonomyItems: await this.taxonomies.searchExpressions([id]) });
        const collection = (await this.collections.getCollection(
          caller,
          { archiveId: row.taxonomy_archive_id!, folderPath: '', page: '', ...(search ? { search: { ...search, query: `${TAXONOMY_ITEM_KEY}=${id}` } } : {}) },
          'collectioninfo',
        )) as CollectionInfo;
        const archive = await this.archives.findById(row.taxonomy_archive_id!);
        if (!archive) return undefined;
        const href = taxonomySearchHref(archive, id);
        // The pin's name is the item's; its collection is the archive's search for it (named after the archive).
        return { href, type: 'taxonomyItem', name: item.name, pinned, collection: { ...collection, href } };
      }
      if (row.kind === 'album') {
        const album = await this.albumRows.findById(row.album_id!);
        // A deleted album waits in its owner's deleted list, not among the pins.
        if (!album || album.deleted !== null) return undefined;
        const collection = (await this.albums.get(caller, { ownerId: album.owner_id, albumId: album.id }, 'collectioninfo')) as CollectionInfo;
        return { href: collection.href, type: 'album', name: collection.name, pinned, collection };
      }
      if (row.kind === 'asset') {
        const place = await this.assetRows.findById(row.asset_id!);
        if (!place) return undefined;
        const asset = (await this.assets.get(caller, { archiveId: place.archive_id, folderPath: place.folder_path, filename: place.filename })) as Asset;
        return { href: asset.href, type: 'asset', name: asset.filename, pinned, asset };
      }
      const where = row.kind === 'archive' ? { archiveId: row.archive_id!, folderPath: '' } : await this.folderPlace(row.folder_id!);
      if (!where) return undefined;
      const collection = (await this.collections.getCollection(caller, { ...where, page: '' }, 'collectioninfo')) as CollectionInfo;
      return { href: collection.href, type: row.kind, name: collection.name, pinned, collection };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  private async folderPlace(folderId: number): Promise<CollectionReference | undefined> {
    const folder = await this.archives.findFolderById(folderId);
    return folder && { archiveId: folder.archive_id, folderPath: folder.path };
  }
}
