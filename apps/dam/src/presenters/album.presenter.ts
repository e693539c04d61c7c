import type { Collection, CollectionPermission, Paging } from '@magpie/api-types';
import { ApiError } from '../lib/errors.ts';
import type { AlbumRow, AssetRow } from '../db/schema.ts';
import { albumCommentHref, albumCommentsHref, albumHref, albumSharesHref, previewHref, userHref } from './hrefs.ts';
import type { AlbumCommentListing } from '../repositories/album-comments.repository.ts';
import type { AlbumComment } from '@magpie/api-types';

/** What an album's presentation is made from. */
export interface AlbumSource {
  readonly album: AlbumRow;
  /** How many of its assets the caller sees (`assetCount`). */
  readonly assetCount: number;
  /** The asset whose previews are the cover: the chosen cover, or the first asset the caller sees. */
  readonly poster?: AssetRow | undefined;
  /** The chosen cover's href, when the album has one the caller sees (`posterAsset`). */
  readonly posterHref?: string | null | undefined;
  /** Whether the caller may change the album (its owner, or a holder of `manageAlbums`). */
  readonly canEdit: boolean;
  /** Whether the caller may add assets (whoever may change it, and the people it is shared with for contribution). */
  readonly canAdd?: boolean | undefined;
  /** The album's owner (`props.owner`): their href and name. */
  readonly owner?: { readonly href: string; readonly name: string } | undefined;
  /** Where the caller pins it (the pins url), or null. */
  readonly pin?: string | null;
  /** Whether the caller reads its comments (signed-in users who open it), and how many it has when counted. */
  readonly comments?: { readonly count?: number | undefined } | undefined;
}

/**
 * The permissions an album carries (FotoWeb `Permission` of link collections; spec 02 §6 SetPosterAsset): its
 * assets are viewed through the album, and its owner adds, removes, reorders and sets the cover.
 */
function albumPermissions(canEdit: boolean, canAdd: boolean): CollectionPermission[] {
  if (canEdit) return ['View', 'Preview', 'Add', 'Remove', 'Reorder', 'SetPosterAsset'];
  return canAdd ? ['View', 'Preview', 'Add'] : ['View', 'Preview'];
}

/**
 * An album as FotoWeb's collection (`collectioninfo`; `type: "album"`, `isLinkCollection: true`; fotoweb-api-notes
 * §9): its href under its owner, the cover's previews, `archived` and `deleted` dates, and `edit`, `canBeArchived`,
 * `canBeDeleted` for whoever may change it. The `collection` media type adds `assets` (the service does).
 */
export function presentAlbum(source: AlbumSource): Collection {
  const { album, poster, canEdit } = source;
  const href = albumHref(album.owner_id, album.id);
  const posterPreview = poster?.has_preview ? (poster.previews.find((p) => p.size === 400 && !p.square) ?? poster.previews.at(-1)) : undefined;
  return {
    id: String(album.id),
    name: album.name,
    description: album.description,
    type: 'album',
    iconCharacter: '',
    color: null,
    href,
    data: href,
    dataTemplate: null,
    originalURL: href,
    matchingHref: href,
    orderRootHref: null,
    searchURL: null,
    alertHref: null,
    clearSearch: null,
    searchString: '',
    searchQuery: '',
    alt_orders: [],
    assetCount: source.assetCount,
    childCount: 0,
    created: album.created.toISOString(),
    modified: album.modified.toISOString(),
    archived: album.archived?.toISOString() ?? null,
    deleted: album.deleted?.toISOString() ?? null,
    ancestors: [],
    canBeArchived: canEdit && album.deleted === null,
    canBeDeleted: canEdit,
    canCopyTo: false,
    canCreateFolders: false,
    canHaveChildren: false,
    canIngestToChildren: false,
    canMoveTo: false,
    canSelect: true,
    canUploadTo: false,
    hasChildren: false,
    isFolderNavigationEnabled: false,
    isSmartFolderNavigationEnabled: false,
    // An album spans archives and is not searchable: no archive's consent management or filter applies (issue 15).
    isConsentManagementEnabled: false,
    isConsentStatusFilterEnabled: false,
    smartFolderHeader: null,
    isLinkCollection: true,
    isSearchable: false,
    isSelectable: true,
    create: [],
    edit: canEdit ? href : null,
    pin: source.pin ?? null,
    reorder: canEdit ? href : null,
    urlComponents: [],
    metadataEditor: null,
    permissions: albumPermissions(canEdit, source.canAdd ?? canEdit),
    posterAsset: source.posterHref ?? null,
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
    props: {
      annotations: { enabled: false },
      comments: source.comments
        ? { enabled: true, href: albumCommentsHref(album.owner_id, album.id), ...(source.comments.count === undefined ? {} : { count: source.comments.count }) }
        : { enabled: false },
      // Its owner shares it by link (issue 13): the sharing's href.
      shares: canEdit ? { enabled: true, href: albumSharesHref(album.owner_id, album.id) } : { enabled: false },
      owner: source.owner ? { href: source.owner.href, name: source.owner.name } : null,
      showOnHomepage: album.show_on_homepage,
      tags: [],
    },
    taxonomies: [],
    uploadHref: '',
  };
}

/**
 * Page `page` (0-based) of an album's asset ids, `pageSize` per page, and FotoWeb's `paging` for it (null on a single
 * page); `at(index)` is page `index`'s URL. Shared by an album's own pages and a share link's.
 * @throws ApiError 400 `InvalidPage` for a page past the end.
 */
export function albumPage(ids: readonly number[], page: number, pageSize: number, at: (index: number) => string): { ids: number[]; paging: Paging | null } {
  const totalPages = Math.max(1, Math.ceil(ids.length / pageSize));
  if (page >= totalPages) throw new ApiError(400, 'InvalidPage', `The album has ${totalPages} page${totalPages === 1 ? '' : 's'} of assets.`, 'Invalid page');
  const paging =
    totalPages > 1
      ? {
          first: at(0),
          prev: page > 0 ? at(page - 1) : null,
          next: page + 1 < totalPages ? at(page + 1) : null,
          last: at(totalPages - 1),
          index: page,
          totalPages,
          count: ids.length,
        }
      : null;
  return { ids: ids.slice(page * pageSize, (page + 1) * pageSize), paging };
}

/**
 * A comment as `AlbumComment` (dam.yaml): its href under the album of `ownerId`, its author (a removed author reads
 * "Former user", href null) and whether the caller may delete it.
 */
export function presentAlbumComment(comment: AlbumCommentListing, ownerId: number, allowDelete: boolean): AlbumComment {
  return {
    href: albumCommentHref(ownerId, comment.albumId, comment.id),
    text: comment.text,
    created: comment.created.toISOString(),
    author: comment.authorId === null ? { name: 'Former user', href: null } : { name: comment.authorName, href: userHref(comment.authorId) },
    allowDelete,
  };
}
