import { DEFAULT_COLLECTION_COLOR, type Collection, type CollectionPermission, type CollectionTaxonomy } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import { ALERTS_HREF, archiveKey, assetHref, collectionHref, previewHref, smartFolderHref, smartFoldersHref, taxonomySearchHref, withPathParams } from './hrefs.ts';
import { SORT_OPTIONS } from '../search/ordering.ts';
import { metadataEditorLink } from './metadata-view.presenter.ts';
import { storedSettings } from './archive-config.presenter.ts';

/** A page of a listing, for FotoWeb's `paging` object (fotoweb-api-notes §3.4). */
export interface PageLinks {
  /** `;o=` value of the current order ('' for the default). */
  order: string;
  /** `;p=` values: undefined where there is no such page. */
  prev?: string | undefined;
  next?: string | undefined;
  last: string;
  /** 0-based index of this page and the number of pages. */
  index: number;
  totalPages: number;
  count: number;
}

/**
 * FotoWeb's `paging {first, prev, next, last}` for a collection (an archive, `folderPath` '', or a folder in it;
 * fotoweb-api-notes §3.4): `first` has no `;p`, absent neighbours are null; the links carry keyset positions
 * (search/ordering.ts) but stay opaque. `query` is the search's encoded query string, kept on every link.
 */
export function pagingFor(collection: { archive: Pick<ArchiveRow, 'id' | 'name'>; folderPath: string }, links: PageLinks, query?: string) {
  const baseHref = collectionHref(collection.archive, collection.folderPath);
  const at = (p: string | undefined) => withPathParams(baseHref, { o: links.order, ...(p ? { p } : {}) }, query);
  return {
    first: at(undefined),
    prev: links.prev === undefined ? null : at(links.prev === '0' ? undefined : links.prev),
    next: links.next === undefined ? null : at(links.next),
    last: at(links.last === '0' ? undefined : links.last),
    index: links.index,
    totalPages: links.totalPages,
    count: links.count,
  };
}

/** What a collection presentation is made from. */
export interface CollectionSource {
  archive: ArchiveRow;
  /** '' for the archive itself. */
  folderPath: string;
  permissions: Iterable<string>;
  assetCount: number;
  /** The asset whose previews become the poster, if any. */
  posterAsset?: AssetRow | undefined;
  /** Whether `posterAsset` is the chosen cover (an asset of this archive; it is then named as `posterAsset`). */
  coverChosen?: boolean | undefined;
  /** Whether the caller may style the archive's tile and choose its cover (manageArchives; an archive only). */
  managesArchive?: boolean | undefined;
  /** The search, if this collection is a search result: what to echo and the URL query string that asked for it. */
  search?: { searchString: string; searchQuery: string; query: string } | undefined;
  /** The current `;o=` value ('' for the default order). */
  order?: string;
  hasChildren: boolean;
  /** Number of child folders. */
  childCount: number;
  /** Where the caller pins or unpins it (the pins url), or null (guests, search results). */
  pin?: string | null;
  /** A folder's chosen tile colour and icon (null: the default); an archive's come from its row. */
  tile?: { color: string | null; icon: string | null } | undefined;
  /** Whether consent forms are on (the consent settings' `enableConsentForms`, spec 03 §3.10); off when not given. */
  consentFormsEnabled?: boolean | undefined;
}

/**
 * FotoWeb's consent flags of a collection (issue 15; spec 03 §3.8 `EnableConsentManagement`, spec 02 §9 the consent
 * status filter): consent management is on where consent forms are on and the archive enables it; the consent status
 * filter is offered there to callers holding `ViewConsentSummary` on the archive.
 */
export function consentFlagsOf(
  archive: Pick<ArchiveRow, 'settings'>,
  consentFormsEnabled: boolean,
  permissions: readonly string[],
): { isConsentManagementEnabled: boolean; isConsentStatusFilterEnabled: boolean } {
  const managed = consentFormsEnabled && storedSettings(archive).enableConsentManagement;
  return { isConsentManagementEnabled: managed, isConsentStatusFilterEnabled: managed && permissions.includes('ViewConsentSummary') };
}

/**
 * Turns an archive or folder into FotoWeb's collection representation (`collectioninfo`; the `collection` media
 * type adds `assets` and `children`; fotoweb-api-notes §3.2).
 */
export function presentCollection(source: CollectionSource): Collection {
  const { archive, folderPath, search } = source;
  const base = collectionHref(archive, folderPath);
  const q = search?.query;
  const order = source.order ?? '';
  const href = withPathParams(base, { o: order }, q);
  const permissions = [...source.permissions];
  // Who may rename a folder, or manage the archives for an archive, styles its tile and sets its cover (`edit`,
  // spec 02 §6 SetPosterAsset); an archive is renamed in its settings, not through its `edit` (issue 13).
  const stylable = !search && (folderPath ? permissions.includes('Rename') : source.managesArchive === true);
  const name = folderPath ? folderPath.split('/').at(-1)! : archive.name;
  const poster = source.posterAsset;
  const posterPreview = poster?.has_preview ? (poster.previews.find((p) => p.size === 400 && !p.square) ?? poster.previews.at(-1)) : undefined;
  const ancestors = folderPath
    ? folderPath
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => {
          const path = parts.slice(0, i + 1).join('/');
          return { name: parts[i]!, href: collectionHref(archive, path), data: collectionHref(archive, path) };
        })
    : [];
  if (folderPath) ancestors.unshift({ name: archive.name, href: collectionHref(archive), data: collectionHref(archive) });
  return {
    id: folderPath ? `${archive.id}/${folderPath}` : String(archive.id),
    name,
    description: folderPath ? '' : archive.description,
    type: search ? 'search' : folderPath ? 'folder' : 'archive',
    // A folder's or an archive's own tile (issue 13; spec 02 §2, §9): its colour and icon where chosen.
    iconCharacter: (folderPath ? source.tile?.icon : archive.icon) ?? '',
    color: folderPath ? (source.tile?.color ?? DEFAULT_COLLECTION_COLOR) : archive.color,
    href,
    data: href,
    dataTemplate: `/fotoweb/archives/${archiveKey(archive)}{/path*}/{;o}`,
    originalURL: base,
    matchingHref: base,
    orderRootHref: base,
    searchURL: `${base}{?q}`,
    // Where the caller makes an alert on this collection (issue 15): offered with the archive's Alert permission.
    alertHref: permissions.includes('Alert') ? ALERTS_HREF : null,
    clearSearch: { href: base, data: base },
    searchString: search?.searchString ?? '',
    searchQuery: search?.searchQuery ?? '',
    alt_orders: SORT_OPTIONS.map((option) => {
      const side = (value: string, isDefault: boolean) => {
        const url = withPathParams(base, { o: value }, q);
        return { href: url, data: url, ...(isDefault ? { default: true } : {}), urlComponents: [{ key: 'o', value }] };
      };
      return { key: option.key, name: option.name, asc: side(option.asc, false), desc: side(option.desc, option.desc === '') };
    }),
    assetCount: source.assetCount,
    childCount: source.childCount,
    created: archive.created.toISOString(),
    modified: archive.modified.toISOString(),
    archived: null,
    deleted: null,
    ancestors,
    canBeArchived: false,
    // A folder offers renaming (`edit`, its own href) and deleting to holders of Rename and Delete (issue 13).
    canBeDeleted: source.folderPath !== '' && !source.search && permissions.includes('Delete'),
    // Destinations of file operations (issue 13): a folder or archive (not a search) whose archive grants CopyTo / MoveTo.
    canCopyTo: !source.search && permissions.includes('CopyTo'),
    canCreateFolders: !source.search && permissions.includes('UploadFile'),
    canHaveChildren: true,
    canIngestToChildren: permissions.includes('UploadFile'),
    canMoveTo: !source.search && permissions.includes('MoveTo'),
    canSelect: true,
    canUploadTo: permissions.includes('UploadFile'),
    hasChildren: source.hasChildren,
    isFolderNavigationEnabled: true,
    // An archive shows its smart folders (issue 13): their list is linked as `smartFolders`.
    isSmartFolderNavigationEnabled: source.folderPath === '' && !source.search,
    // Consent (issue 15): on where consent forms are on and the archive enables consent management.
    ...consentFlagsOf(archive, source.consentFormsEnabled === true, permissions),
    smartFolderHeader: source.folderPath === '' && !source.search ? 'Smart folders' : null,
    // The archive's smart folders, from the archive, its folders and its searches (a search is saved there).
    smartFolders: smartFoldersHref(archive.id),
    isLinkCollection: false,
    isSearchable: true,
    isSelectable: true,
    create: [],
    edit: stylable ? base : null,
    pin: source.search ? null : (source.pin ?? null),
    reorder: null,
    urlComponents: [],
    metadataEditor: metadataEditorLink(archive),
    permissions: (stylable ? [...permissions, 'SetPosterAsset'] : permissions) as CollectionPermission[],
    posterAsset: source.coverChosen && poster ? assetHref(archive, poster.folder_path, poster.filename) : null,
    posterImages:
      posterPreview && poster
        ? [
            {
              size: posterPreview.size,
              width: posterPreview.width,
              height: posterPreview.height,
              square: posterPreview.square,
              href: previewHref(poster.id, posterPreview.size, posterPreview.square, poster.modified.getTime()),
            },
          ]
        : [],
    propertyValidations: [],
    props: { annotations: { enabled: false }, comments: { enabled: false }, shares: { enabled: false }, owner: null, tags: [] },
    taxonomies: [],
    uploadHref: permissions.includes('UploadFile') ? base : '',
  };
}

/** The presented collection's type. */
export type PresentedCollection = Collection;

/**
 * A smart folder (issue 13) as a collection of type `smartFolder`: the saved search of its archive or folder (its
 * `href` runs it, with the hit count the caller sees), named as saved; `edit` and `reorder` are its own URL for callers
 * who may change it (`EditSmartFolders`).
 */
export function presentSmartFolder(
  source: Omit<CollectionSource, 'order' | 'pin' | 'search'> & {
    search: { searchString: string; searchQuery: string; query: string };
    smartFolder: { id: number; name: string };
    canEdit: boolean;
  },
): Collection {
  const collection = presentCollection({ ...source, pin: null });
  const own = smartFolderHref(source.archive.id, source.smartFolder.id);
  return {
    ...collection,
    id: `${source.archive.id}/smartfolders/${source.smartFolder.id}`,
    name: source.smartFolder.name,
    type: 'smartFolder',
    isSmartFolderNavigationEnabled: false,
    smartFolderHeader: null,
    smartFolders: null,
    edit: source.canEdit ? own : null,
    reorder: source.canEdit ? own : null,
    pin: null,
  };
}

/** An archive's taxonomy navigation as `TaxonomiesService.navigation` answers it. */
export type TaxonomyNavigation = ReadonlyArray<{
  field: number;
  name: string;
  href: string;
  items: ReadonlyArray<{ id: string; name: string; value: string; href: string }>;
}>;

/**
 * An archive's `taxonomies` (issue 13): each navigable item with the archive's search for it (`searchHref`, also what
 * pins it) and where the caller pins it (`pin`, null for guests).
 */
export function presentTaxonomyNavigation(archive: Pick<ArchiveRow, 'id' | 'name'>, navigation: TaxonomyNavigation, pin: string | null): CollectionTaxonomy[] {
  return navigation.map((taxonomy) => ({
    field: taxonomy.field,
    name: taxonomy.name,
    href: taxonomy.href,
    items: taxonomy.items.map((item) => ({ ...item, searchHref: taxonomySearchHref(archive, item.id), pin })),
  }));
}
