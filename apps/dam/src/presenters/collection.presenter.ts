import type { Collection, CollectionPermission } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import { archiveKey, collectionHref, previewHref, withPathParams } from '../http/urls.ts';

/** A page of a listing, for FotoWeb's `paging` object (fotoweb-api-notes §3.4). */
export interface PageInfo {
  /** 0-based page index. */
  page: number;
  /** Number of pages (at least 1). */
  pageCount: number;
}

/**
 * FotoWeb's `paging {first, prev, next, last}` for a collection URL: `first` has no `;p`, absent neighbours are null.
 */
export function pagingFor(baseHref: string, info: PageInfo, q?: string) {
  const at = (p: number) => withPathParams(baseHref, { p }, q);
  return {
    first: at(0),
    prev: info.page > 0 ? at(info.page - 1) : null,
    next: info.page + 1 < info.pageCount ? at(info.page + 1) : null,
    last: at(Math.max(0, info.pageCount - 1)),
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
  /** The search expression, if this collection is a search result. */
  search?: { searchString: string; searchQuery: string } | undefined;
  hasChildren: boolean;
  /** Number of child folders. */
  childCount: number;
}

/**
 * Turns an archive or folder into FotoWeb's collection representation (`collectioninfo`; the `collection` media
 * type adds `assets` and `children`; fotoweb-api-notes §3.2).
 */
export function presentCollection(source: CollectionSource): Collection {
  const { archive, folderPath, search } = source;
  const base = collectionHref(archive, folderPath);
  const q = search?.searchString;
  const href = withPathParams(base, {}, q);
  const permissions = [...source.permissions];
  const name = folderPath ? folderPath.split('/').at(-1)! : archive.name;
  const poster = source.posterAsset;
  const posterPreview = poster?.has_preview ? poster.previews.find((p) => p.size === 400 && !p.square) ?? poster.previews.at(-1) : undefined;
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
    iconCharacter: '',
    color: archive.color,
    href,
    data: href,
    dataTemplate: `/fotoweb/archives/${archiveKey(archive)}{/path*}/{;o}`,
    originalURL: base,
    matchingHref: base,
    orderRootHref: base,
    searchURL: `${base}{?q}`,
    alertHref: null,
    clearSearch: { href: base, data: base },
    searchString: search?.searchString ?? '',
    searchQuery: search?.searchQuery ?? '',
    alt_orders: [
      {
        key: 'mt',
        name: 'Last Modified',
        asc: { href: withPathParams(base, { o: '+' }, q), data: withPathParams(base, { o: '+' }, q), urlComponents: [{ key: 'o', value: '+' }] },
        desc: { href, data: href, default: true, urlComponents: [{ key: 'o', value: '' }] },
      },
    ],
    assetCount: source.assetCount,
    childCount: source.childCount,
    created: archive.created.toISOString(),
    modified: archive.modified.toISOString(),
    archived: null,
    deleted: null,
    ancestors,
    canBeArchived: false,
    canBeDeleted: false,
    canCopyTo: false,
    canCreateFolders: false,
    canHaveChildren: true,
    canIngestToChildren: permissions.includes('UploadFile'),
    canMoveTo: false,
    canSelect: true,
    canUploadTo: permissions.includes('UploadFile'),
    hasChildren: source.hasChildren,
    isFolderNavigationEnabled: true,
    isSmartFolderNavigationEnabled: false,
    isConsentManagementEnabled: false,
    isConsentStatusFilterEnabled: false,
    smartFolderHeader: null,
    isLinkCollection: false,
    isSearchable: true,
    isSelectable: true,
    create: [],
    edit: null,
    pin: null,
    reorder: null,
    urlComponents: [],
    metadataEditor: null,
    permissions: permissions as CollectionPermission[],
    posterAsset: null,
    posterImages: posterPreview && poster
      ? [{ size: posterPreview.size, width: posterPreview.width, height: posterPreview.height, square: posterPreview.square, href: previewHref(poster.id, posterPreview.size, posterPreview.square, poster.modified.getTime()) }]
      : [],
    propertyValidations: [],
    props: { annotations: { enabled: false }, comments: { enabled: false }, shares: { enabled: false }, owner: null, tags: [] },
    taxonomies: [],
    uploadHref: permissions.includes('UploadFile') ? base : '',
  };
}

/** The presented collection's type. */
export type PresentedCollection = Collection;
