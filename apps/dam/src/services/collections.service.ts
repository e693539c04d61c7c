import type { Collection } from '@magpie/api-types';
import type { DamConfig } from '../config.ts';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository, AssetScope } from '../repositories/assets.repository.ts';
import type { ArchiveAccess, ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import type { SearchNode } from '../search/expression.ts';
import type { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { CollectionReference } from '../lib/references.ts';
import { presentAsset, type AssetExtrasFor } from '../presenters/asset.presenter.ts';
import { PINS_HREF } from '../presenters/hrefs.ts';
import { pagingFor, presentCollection, presentTaxonomyNavigation, type PageLinks, type TaxonomyNavigation } from '../presenters/collection.presenter.ts';
import { InvalidOrderError, InvalidPageError, PageCursors, pagingKeyFrom, parseOrdering, type Ordering, type PageCursor } from '../search/ordering.ts';
import type { SearchRequest } from '../search/params.ts';
import type { ConsentStatuses } from './assets.service.ts';
import { withConsentAccess } from '../search/consent.ts';

/** Where a caller pins collections: the pins url, or null for guests, who have no pins (issue 13). */
function pinOf(caller: Caller): string | null {
  return caller.isGuest ? null : PINS_HREF;
}

/** The default order: last modified, newest first. */
const DEFAULT_ORDERING = parseOrdering('');

/** A collection the caller may view, resolved from its URL. */
export interface ResolvedCollection {
  archive: ArchiveRow;
  folderPath: string;
  permissions: ReadonlySet<string>;
  /** What the caller may see of the archive (AutoSearch, spec 03 §3.9); absent: everything. */
  visibility?: SearchNode | undefined;
}

/** A search of a collection URL: the parsed request and the URL query string that carried it (for links). */
export interface CollectionSearch extends SearchRequest {
  /** The encoded query string without `?` and without `access_token`. */
  query: string;
}

/**
 * Archives and folders as FotoWeb collections: lists, a collection with its first page, and asset-list pages
 * (fotoweb-api-notes §3). Every answer carries the caller's permissions; archives the caller may not view are
 * invisible.
 */
export class CollectionsService {
  /** Signs and checks keyset page links; the key derives from the deployment's configured secrets. */
  private readonly pages: PageCursors;

  constructor(
    private readonly config: DamConfig,
    private readonly archives: ArchivesRepository,
    private readonly assets: AssetsRepository,
    private readonly policy: ArchivePolicy,
    private readonly views: MetadataViewsRepository,
    /** The taxonomy navigation archives show (`TaxonomiesService.navigation`); none when not given. */
    private readonly taxonomyNavigation: () => Promise<TaxonomyNavigation> = async () => [],
    /** The consent summaries a caller sees on a page of assets (issue 15); none when not given. */
    private readonly consentStatuses: ConsentStatuses = async () => undefined,
    /** Whether consent forms are on (`ConsentService.isEnabled`; issue 15), read once per answer; off when not given. */
    private readonly consentFormsEnabled: () => Promise<boolean> = async () => false,
    /** What assets show beyond their rows: processing-profile renditions and the caller's previewToken (issue 16). */
    private readonly assetExtras: AssetExtrasFor = async () => () => ({}),
  ) {
    this.pages = new PageCursors(pagingKeyFrom([config.bffClient.secret, config.cliClientSecret]));
  }

  /** The archives the caller may view, in order, with the caller's access to each. */
  async viewableArchives(caller: Caller): Promise<Array<{ archive: ArchiveRow } & ArchiveAccess>> {
    const all = await this.archives.list();
    const access = await this.policy.accessOn(
      caller,
      all.map((a) => a.id),
    );
    return all.filter((a) => this.policy.can(access.get(a.id)?.permissions, 'view')).map((a) => ({ archive: a, ...access.get(a.id)! }));
  }

  /** Whether the caller may upload to some archive (the descriptor's upload entry points, spec 01 §3). */
  async canUploadSomewhere(caller: Caller): Promise<boolean> {
    return (await this.viewableArchives(caller)).some((a) => this.policy.can(a.permissions, 'upload'));
  }

  /**
   * Whether some archive the caller sees grants `Alert`: the descriptor's `alerts` link, and with it the header's
   * alert control, is offered only then (spec 02 §6 "alerts (only if some archive grants the Alert permission)").
   */
  async canAlertSomewhere(caller: Caller): Promise<boolean> {
    return (await this.viewableArchives(caller)).some((a) => this.policy.can(a.permissions, 'alert'));
  }

  /**
   * Whether some archive the caller sees grants `OpenFile`: the desktop tool's rights (issue 15, spec 01 §6), which
   * the descriptor's `fwdt` is offered with.
   */
  async canUseDesktopToolSomewhere(caller: Caller): Promise<boolean> {
    return (await this.viewableArchives(caller)).some((a) => this.policy.can(a.permissions, 'openInDesktopTool'));
  }

  /**
   * The archive list (`collectionlist`), optionally a global search: with `q`, one search collection per archive
   * that has hits, each with its hit count as `assetCount` (fotoweb-api-notes §5 multi-collection search).
   * Each archive's poster is its chosen cover (issue 13) where the caller sees it, else its first asset; a search's
   * is its first hit.
   * @param filter keeps only archives the caller may upload to (`upload`, the descriptor's `upload_to`), move assets
   *   into (`moveTo`, `move_to`) or copy assets into (`copyTo`, `copy_to`; issue 13).
   */
  async listArchives(caller: Caller, options: { search?: CollectionSearch | undefined; filter?: 'upload' | 'moveTo' | 'copyTo' } = {}) {
    const search = options.search;
    const node = search?.node;
    let visible = await this.viewableArchives(caller);
    const filter = options.filter;
    if (filter) visible = visible.filter((v) => this.policy.can(v.permissions, filter));
    const managesArchives = sitePolicy.can(caller, 'manageArchives');
    const consentFormsEnabled = await this.consentFormsEnabled();
    const data = [];
    for (const { archive, permissions, visibility } of visible) {
      const scope: AssetScope = { archiveId: archive.id, ...(node ? { search: withConsentAccess(node, permissions) } : {}), ...(visibility ? { visibility } : {}) };
      const assetCount = await this.assets.count(scope);
      if (node && assetCount === 0) continue;
      const chosenCover = node ? undefined : await this.coverOf(archive.id, archive.poster_asset_id, visibility);
      const posterAsset = chosenCover ?? (await this.assets.listPage(scope, DEFAULT_ORDERING, { index: 0, mode: 'offset' }, 1))[0];
      const children = await this.archives.childFolders(archive.id, '');
      data.push(
        presentCollection({
          archive,
          folderPath: '',
          permissions,
          assetCount,
          posterAsset,
          coverChosen: chosenCover !== undefined,
          managesArchive: managesArchives,
          search,
          hasChildren: children.length > 0,
          childCount: children.length,
          pin: pinOf(caller),
          consentFormsEnabled,
        }),
      );
    }
    return { data, paging: null, searchURL: '/fotoweb/archives/{?q}', add: null, reorder: null };
  }

  /**
   * Resolves a collection URL for a caller.
   * @throws ApiError 404 when the archive or folder does not exist or the caller may not view it.
   */
  async resolve(caller: Caller, archiveId: number, folderPath: string): Promise<ResolvedCollection> {
    const archive = await this.archives.findById(archiveId);
    const { permissions, visibility } = archive ? await this.policy.accessOnArchive(caller, archive.id) : { permissions: new Set<string>(), visibility: undefined };
    this.policy.assertCan(permissions, 'view', 'The collection');
    if (!archive) throw notFound('The collection');
    if (folderPath && !(await this.archives.findFolder(archive.id, folderPath))) throw notFound('The folder');
    return { archive, folderPath, permissions, visibility };
  }

  /**
   * One collection. `representation` follows the Accept header: `collection` embeds the requested page of assets
   * and the child folders, `collectioninfo` only describes it, `assetlist` is the page of assets alone, and
   * `collectionlist` the child folders. `order` is the `;o=` value, `page` the `;p=` value ('' for the first).
   * @throws ApiError 400 InvalidRequest for a bad `;o=` or a `;p=` this server did not issue for that order (a
   *   forged or altered keyset cursor), 404 for a page past the end.
   */
  async getCollection(
    caller: Caller,
    target: CollectionReference & { page: string; order?: string; search?: CollectionSearch | undefined },
    representation: 'collection' | 'collectioninfo' | 'assetlist' | 'collectionlist',
  ) {
    const resolved = await this.resolve(caller, target.archiveId, target.folderPath);
    const { archive, folderPath, permissions, visibility } = resolved;
    const seen = visibility ? { visibility } : {};
    const search = target.search;
    const node = search?.node;
    const order = target.order ?? '';
    let ordering: Ordering;
    let cursor: PageCursor;
    try {
      ordering = parseOrdering(order);
      cursor = target.page ? this.pages.decode(target.page, ordering.key) : { index: 0, mode: 'offset' };
    } catch (error) {
      if (error instanceof InvalidOrderError || error instanceof InvalidPageError) throw badRequest(error.message);
      throw error;
    }
    const scope: AssetScope = { archiveId: archive.id, folderPath, ...(node ? { search: withConsentAccess(node, permissions) } : {}), ...seen };
    const consentFormsEnabled = await this.consentFormsEnabled();
    const childFolders = await this.archives.childFolders(archive.id, folderPath);
    // Child collections (with their counts and covers) only when the representation shows them.
    const children = async () => {
      const covers = await this.coversOf(
        archive.id,
        childFolders.map((f) => f.poster_asset_id),
        visibility,
      );
      return {
        data: await Promise.all(
          childFolders.map(async (f) => {
            const grandchildren = await this.archives.childFolders(archive.id, f.path);
            const assetCount = await this.assets.count({ archiveId: archive.id, folderPath: f.path, ...seen });
            const cover = f.poster_asset_id === null ? undefined : covers.get(f.poster_asset_id);
            return presentCollection({
              archive,
              folderPath: f.path,
              permissions,
              assetCount,
              hasChildren: grandchildren.length > 0,
              childCount: grandchildren.length,
              pin: pinOf(caller),
              tile: { color: f.color, icon: f.icon },
              posterAsset: cover,
              coverChosen: cover !== undefined,
              consentFormsEnabled,
            });
          }),
        ),
        paging: null,
      };
    };
    if (representation === 'collectionlist') return children();

    const assetCount = await this.assets.count(scope);
    const pageSize = this.config.pageSize;
    const pageCount = Math.max(1, Math.ceil(assetCount / pageSize));
    if (cursor.index >= pageCount) throw notFound('The page');
    const rows = representation === 'collectioninfo' ? [] : await this.assets.listPage(scope, ordering, cursor, pageSize, assetCount);
    const view = rows.length > 0 ? (await this.views.forArchive(archive.id)).definition : undefined;
    const first = rows[0];
    const last = rows.at(-1);
    const links: PageLinks = {
      order,
      index: cursor.index,
      totalPages: pageCount,
      count: assetCount,
      last: this.pages.encode(pageCount > 1 ? { index: pageCount - 1, mode: 'last' } : { index: 0, mode: 'offset' }, ordering.key),
      ...(cursor.index > 0 && first
        ? { prev: cursor.index === 1 ? '0' : this.pages.encode({ index: cursor.index - 1, mode: 'before', sortValue: first.sort_key, id: first.id }, ordering.key) }
        : {}),
      ...(cursor.index + 1 < pageCount && last ? { next: this.pages.encode({ index: cursor.index + 1, mode: 'after', sortValue: last.sort_key, id: last.id }, ordering.key) } : {}),
    };
    const consent =
      rows.length > 0
        ? await this.consentStatuses(
            permissions,
            rows.map((row) => row.id),
          )
        : undefined;
    const extrasOf = await this.assetExtras(caller);
    const assetList = {
      data: rows.map(({ sort_key: _sortKey, ...row }) => {
        const presented = presentAsset(archive, row, permissions, view, extrasOf(row));
        return consent ? { ...presented, consentStatus: consent.get(row.id) ?? null } : presented;
      }),
      paging: pageCount > 1 ? pagingFor({ archive, folderPath }, links, search?.query) : null,
    };
    if (representation === 'assetlist') return assetList;

    const folder = folderPath ? await this.archives.findFolder(archive.id, folderPath) : undefined;
    // The chosen cover of the folder, or of the archive at its root (issue 13).
    const chosenCover = await this.coverOf(archive.id, folderPath ? (folder?.poster_asset_id ?? null) : archive.poster_asset_id, visibility);
    const posterAsset = chosenCover ?? rows[0] ?? (await this.assets.listPage(scope, ordering, { index: 0, mode: 'offset' }, 1))[0];
    const collection: Collection = presentCollection({
      archive,
      folderPath,
      permissions,
      assetCount,
      posterAsset,
      coverChosen: chosenCover !== undefined,
      managesArchive: !folderPath && sitePolicy.can(caller, 'manageArchives'),
      search,
      order,
      hasChildren: childFolders.length > 0,
      childCount: childFolders.length,
      pin: pinOf(caller),
      ...(folder ? { tile: { color: folder.color, icon: folder.icon } } : {}),
      consentFormsEnabled,
    });
    // An archive itself offers its taxonomy navigation (issue 13); a search or a folder does not.
    if (!folderPath && !search) collection.taxonomies = presentTaxonomyNavigation(archive, await this.taxonomyNavigation(), pinOf(caller));
    if (representation === 'collection') {
      collection.assets = assetList;
      collection.children = await children();
    }
    return collection;
  }

  /**
   * The chosen covers `posterAssetIds` (of folders, or of an archive) that are live, still in the archive `archiveId`
   * (a cover moved to another archive is not shown) and that the caller sees (AutoSearch), by asset id.
   */
  private async coversOf(archiveId: number, posterAssetIds: ReadonlyArray<number | null>, visibility: SearchNode | undefined): Promise<Map<number, AssetRow>> {
    const ids = posterAssetIds.filter((id): id is number => id !== null);
    if (ids.length === 0) return new Map();
    const rows = (await this.assets.findByIds(ids)).filter((row) => row.archive_id === archiveId);
    const seen = visibility ? await this.assets.matchingIds(ids, visibility) : undefined;
    return new Map(rows.filter((row) => !seen || seen.has(row.id)).map((row) => [row.id, row]));
  }

  /** One chosen cover (see {@link coversOf}), or undefined. */
  private async coverOf(archiveId: number, posterAssetId: number | null, visibility: SearchNode | undefined): Promise<AssetRow | undefined> {
    return posterAssetId === null ? undefined : (await this.coversOf(archiveId, [posterAssetId], visibility)).get(posterAssetId);
  }
}
