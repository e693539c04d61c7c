import { createHmac } from 'node:crypto';
import type { SharedAlbum, SharedAsset } from '@magpie/api-types';
import type { AlbumLinkRow, AlbumRow, AssetRow } from '../db/schema.ts';
import { ApiError, forbidden } from '../lib/errors.ts';
import { safeEqual, verifyPassword } from '../lib/crypto.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sharedAlbumHref, sharedOriginalHref, sharedPreviewHref } from '../presenters/hrefs.ts';
import { albumPage } from '../presenters/album.presenter.ts';
import type { AlbumLinksRepository, AlbumsRepository } from '../repositories/albums.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { AlbumsService } from './albums.service.ts';
import type { AssetsService, StoredFile } from './assets.service.ts';

/** How long an `access` value of a password link lasts (ms): 12 hours, or until the link expires. */
export const SHARE_ACCESS_TTL_MS = 12 * 60 * 60 * 1000;
/** Wrong passwords a link takes within {@link SHARE_PASSWORD_WINDOW_MS} before it answers 429. */
export const SHARE_PASSWORD_ATTEMPTS = 10;
/** The window of {@link SHARE_PASSWORD_ATTEMPTS} (ms): 15 minutes. */
export const SHARE_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** The IPTC title field, shown under a shared asset. */
const TITLE_FIELD = '5';

/** A live link with its album and what it acts as (the album's owner today). */
interface OpenLink {
  readonly link: AlbumLinkRow;
  readonly album: AlbumRow;
  readonly owner: Caller;
  /** The `access` value that opened it, for the URLs it hands out ('' without a password). */
  readonly access: string;
}

/**
 * Share links of albums, for anyone who has one (issue 13; dam.yaml `getSharedAlbum`): the album's page, its
 * previews and originals, and a password link's `access`. A link acts as the album's owner today: it shows the assets
 * the owner may view, and nothing once the owner may not sign in. An unknown or revoked link, or one whose album is
 * deleted, is 404 `ShareNotFound`; an expired one 410 `ShareExpired`; a password link without a valid `access` 401
 * `SharePasswordRequired`. Never the album's own URLs.
 */
export class SharedAlbumsService {
  constructor(
    private readonly links: AlbumLinksRepository,
    private readonly albumRows: AlbumsRepository,
    private readonly albums: AlbumsService,
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetsService,
    private readonly ownerCaller: (userId: number) => Promise<Caller | undefined>,
    /** Signs `access` values (derived from the deployment's secrets). */
    private readonly key: Buffer,
    private readonly pageSize: number,
  ) {}

  /**
   * The shared album's page `page` (0-based).
   * @throws ApiError 404, 410, 401 (see the class), 400 for a page past the end.
   */
  async get(token: string, access: string | undefined, page = 0): Promise<SharedAlbum> {
    const open = await this.open(token, access);
    const ids = await this.albums.visibleAssetIds(open.owner, open.album.id);
    const base = sharedAlbumHref(token);
    const at = (index: number) => {
      const query = new URLSearchParams({ ...(open.access ? { access: open.access } : {}), ...(index > 0 ? { p: String(index) } : {}) }).toString();
      return query ? `${base}?${query}` : base;
    };
    const { ids: pageIds, paging } = albumPage(ids, page, this.pageSize, at);
    const rows = new Map((await this.assetRows.findByIds(pageIds)).map((row) => [row.id, row]));
    return {
      name: open.album.name,
      description: open.album.description,
      assetCount: ids.length,
      download: open.link.acl.includes('download'),
      expires: open.link.expires?.toISOString() ?? null,
      assets: pageIds.flatMap((id) => {
        const row = rows.get(id);
        return row ? [this.present(token, open, row)] : [];
      }),
      paging,
    };
  }

  /** A preview of one of the shared album's assets. @throws ApiError as {@link get}, 404 for an asset not shown. */
  async preview(token: string, access: string | undefined, assetId: number, name: string): Promise<StoredFile> {
    const open = await this.open(token, access);
    return this.assets.previewFile(await this.shownAsset(open, assetId), name);
  }

  /** The original of one of the shared album's assets. @throws ApiError as {@link preview}, 403 when the link does not allow downloads. */
  async original(token: string, access: string | undefined, assetId: number): Promise<StoredFile> {
    const open = await this.open(token, access);
    if (!open.link.acl.includes('download')) throw forbidden('This share link does not allow downloads.');
    return this.assets.downloadFile(await this.shownAsset(open, assetId));
  }

  /**
   * Checks a password link's password and answers an `access` value for its URLs ('' for a link without one).
   * @throws ApiError 404 and 410 as {@link get}, 403 `WrongPassword`, 429 after {@link SHARE_PASSWORD_ATTEMPTS} wrong
   *   passwords within {@link SHARE_PASSWORD_WINDOW_MS}.
   */
  async unlock(token: string, password: string): Promise<{ access: string; expires: string | null }> {
    const { link } = await this.live(token);
    if (link.password_hash === null) return { access: '', expires: link.expires?.toISOString() ?? null };
    const windowStart = new Date(Date.now() - SHARE_PASSWORD_WINDOW_MS);
    if (link.failed_since !== null && link.failed_since > windowStart && link.failed_attempts >= SHARE_PASSWORD_ATTEMPTS) throw this.tooManyAttempts(link);
    if (!(await verifyPassword(password, link.password_hash))) {
      const failures = await this.links.countFailure(link.id, windowStart);
      if (failures > SHARE_PASSWORD_ATTEMPTS) throw this.tooManyAttempts(link);
      throw new ApiError(403, 'WrongPassword', 'That is not the password of this share link.', 'Wrong password');
    }
    await this.links.clearFailures(link.id);
    const until = Math.min(Date.now() + SHARE_ACCESS_TTL_MS, link.expires?.getTime() ?? Infinity);
    return { access: `${until.toString(36)}.${this.mac(link, until)}`, expires: new Date(until).toISOString() };
  }

  private tooManyAttempts(link: AlbumLinkRow): ApiError {
    const retryMs = (link.failed_since?.getTime() ?? Date.now()) + SHARE_PASSWORD_WINDOW_MS - Date.now();
    return new ApiError(429, 'TooManyRequests', `Too many wrong passwords. Try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes.`, 'Too many attempts');
  }

  /** The MAC of an `access` value: the link, its password and the end of the access. */
  private mac(link: AlbumLinkRow, until: number): string {
    return createHmac('sha256', this.key).update(`share access|${link.id}|${link.password_hash}|${until}`).digest('base64url');
  }

  /** The live link of `token` with its album. @throws ApiError 404 `ShareNotFound`, 410 `ShareExpired`. */
  private async live(token: string): Promise<{ link: AlbumLinkRow; album: AlbumRow }> {
    const link = await this.links.findByToken(token);
    const album = link && link.revoked === null ? await this.albumRows.findById(link.album_id) : undefined;
    if (!link || !album || album.deleted !== null) throw new ApiError(404, 'ShareNotFound', 'This share link does not exist or was revoked.', 'Share not found');
    if (link.expires !== null && link.expires.getTime() <= Date.now()) throw new ApiError(410, 'ShareExpired', 'This share link has expired.', 'Share expired');
    return { link, album };
  }

  /** The live link, checked for its password. @throws ApiError as {@link live}, 401 `SharePasswordRequired`. */
  private async open(token: string, access: string | undefined): Promise<OpenLink> {
    const { link, album } = await this.live(token);
    let granted = '';
    if (link.password_hash !== null) {
      const [untilText = '', mac = ''] = (access ?? '').split('.');
      const until = parseInt(untilText, 36);
      if (!(Number.isFinite(until) && until > Date.now() && safeEqual(mac, this.mac(link, until)))) {
        throw new ApiError(401, 'SharePasswordRequired', 'This share link needs its password.', 'Password required');
      }
      granted = access!;
    }
    const owner = await this.ownerCaller(album.owner_id);
    if (!owner) throw new ApiError(404, 'ShareNotFound', 'This share link does not exist or was revoked.', 'Share not found');
    return { link, album, owner, access: granted };
  }

  /** An asset the link shows. @throws ApiError 404 otherwise. */
  private async shownAsset(open: OpenLink, assetId: number): Promise<AssetRow> {
    const asset = (await this.albums.showsAsset(open.owner, open.album.id, assetId)) ? await this.assetRows.findById(assetId) : undefined;
    if (!asset) throw new ApiError(404, 'NotFound', 'The asset was not found.', 'Not found');
    return asset;
  }

  private present(token: string, open: OpenLink, row: AssetRow): SharedAsset {
    const title = row.metadata[TITLE_FIELD];
    const version = row.modified.getTime();
    return {
      id: String(row.id),
      filename: row.filename,
      title: typeof title === 'string' ? title : Array.isArray(title) ? title.join(', ') : '',
      width: row.oriented_width ?? row.width,
      height: row.oriented_height ?? row.height,
      previews: row.has_preview
        ? row.previews.map((p) => ({
            size: p.size,
            width: p.width,
            height: p.height,
            square: p.square,
            href: sharedPreviewHref(token, row.id, p.size, p.square, version, open.access || undefined),
          }))
        : [],
      download: open.link.acl.includes('download') ? sharedOriginalHref(token, row.id, open.access || undefined) : null,
    };
  }
}
