import type { AlbumComment, AlbumCommentList } from '@magpie/api-types';
import { ApiError, forbidden, notFound } from '../lib/errors.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { presentAlbumComment } from '../presenters/album.presenter.ts';
import type { AlbumCommentListing, AlbumCommentsRepository } from '../repositories/album-comments.repository.ts';
import type { AlbumAccess, AlbumReference, AlbumsService } from './albums.service.ts';

/** Most comments an album's list answers: its latest, oldest first. */
export const ALBUM_COMMENT_LIST_LIMIT = 500;

/**
 * Comments on albums (issue 13; spec 03 §3.3 `albums.comment` and `moderateComments`; dam.yaml `listAlbumComments`,
 * `addAlbumComment`, `deleteAlbumComment`). Whoever opens an album (its owner, holders of `manageAlbums`, the people
 * it is shared with, signed-in users on a public album) reads its comments; holders of `albums.comment` add them
 * while it is neither archived nor deleted; a comment is deleted by its author, the album's owner (and
 * `manageAlbums`), and holders of `moderateComments`. Guests and share-link visitors have no comments (401).
 */
export class AlbumCommentsService {
  constructor(
    private readonly albums: Pick<AlbumsService, 'access'>,
    private readonly comments: AlbumCommentsRepository,
  ) {}

  /**
   * The album's last {@link ALBUM_COMMENT_LIST_LIMIT} comments, oldest first, and whether the caller may add one.
   * @throws ApiError 401 for guests, 404 for an album the caller may not open.
   */
  async list(caller: Caller, ref: AlbumReference): Promise<AlbumCommentList> {
    const access = await this.open(caller, ref);
    const rows = await this.comments.list(access.album.id, ALBUM_COMMENT_LIST_LIMIT);
    return {
      data: rows.map((row) => this.present(caller, access, row)),
      canComment: sitePolicy.can(caller, 'commentOnAlbums') && isLive(access),
    };
  }

  /** How many comments the album of `albumId` has (`props.comments.count`). */
  count(albumId: number): Promise<number> {
    return this.comments.count(albumId);
  }

  /**
   * Adds the caller's comment (`text` is trimmed; the route checked 1 to 2,000 characters).
   * @throws ApiError 401 for guests, 404 for an album the caller may not open, 403 without `albums.comment`, 409
   *   `AlbumClosed` for an archived or deleted album.
   */
  async add(caller: Caller, ref: AlbumReference, text: string): Promise<AlbumComment> {
    const access = await this.open(caller, ref);
    sitePolicy.assertCan(caller, 'commentOnAlbums');
    if (!isLive(access)) throw new ApiError(409, 'AlbumClosed', 'An archived or deleted album takes no comments; restore it first.', 'Album closed');
    const row = await this.comments.add(access.album.id, caller.userId, text.trim());
    return this.present(caller, access, row);
  }

  /**
   * Deletes a comment for good.
   * @throws ApiError 401 for guests, 404 for an album the caller may not open or a comment not on it, 403 for
   *   someone else's comment without being the album's owner or holding `moderateComments`.
   */
  async delete(caller: Caller, ref: AlbumReference, commentId: number): Promise<void> {
    const access = await this.open(caller, ref);
    const comment = await this.comments.find(access.album.id, commentId);
    if (!comment) throw notFound('The comment');
    if (!this.mayDelete(caller, access, comment)) throw forbidden('Only its author, the album’s owner and holders of moderateComments delete a comment.');
    await this.comments.delete(access.album.id, commentId);
  }

  private async open(caller: Caller, ref: AlbumReference): Promise<AlbumAccess> {
    if (caller.isGuest) throw new ApiError(401, 'Unauthorized', 'Log in to read and write comments.', 'Access denied');
    return this.albums.access(caller, ref);
  }

  private mayDelete(caller: Caller, access: AlbumAccess, comment: AlbumCommentListing): boolean {
    return comment.authorId === caller.userId || access.canEdit || sitePolicy.can(caller, 'moderateComments');
  }

  private present(caller: Caller, access: AlbumAccess, row: AlbumCommentListing): AlbumComment {
    return presentAlbumComment(row, access.album.owner_id, this.mayDelete(caller, access, row));
  }
}

/** Neither archived nor deleted. */
function isLive(access: AlbumAccess): boolean {
  return access.album.archived === null && access.album.deleted === null;
}
