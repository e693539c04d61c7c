import type { Asset, AssetList, Collection, CollectionList } from '@magpie/api-types';
import type { AlbumRow, ArchiveRow, AssetRow } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../lib/errors.ts';
import type { AssetReference } from '../lib/references.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { albumPage, presentAlbum } from '../presenters/album.presenter.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
import { albumHref, albumLinkHref, albumSharesHref, groupHref, PINS_HREF, sharedAlbumHref, userHref } from '../presenters/hrefs.ts';
import type { AlbumChanges, AlbumLinksRepository, AlbumListRow, AlbumSharesRepository, AlbumsRepository, AlbumState } from '../repositories/albums.repository.ts';
import type { GroupsRepository } from '../repositories/groups.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { AlbumSharing, AlbumSharingLinkList, PeopleList } from '@magpie/api-types';
import { hashPassword, randomToken } from '../lib/crypto.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import type { AssetsService } from './assets.service.ts';
import type { AlbumCommentsRepository } from '../repositories/album-comments.repository.ts';

/** Most assets one album holds (409 `AlbumFull` over it). */
export const ALBUM_ASSET_LIMIT = 10_000;

/** An album by its href's parts: the owner's user id and the album id. */
export interface AlbumReference {
  readonly ownerId: number;
  readonly albumId: number;
}

/** The descriptor's album lists (`/fotoweb/me/albums/{list}/`). */
export type AlbumListName = 'mine' | 'shared-with-me' | 'archived' | 'deleted' | 'contribute';

/** An album update with its assets named by references (the route reads them from hrefs). */
export interface AlbumUpdateInput {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  /** The new cover, or null to clear it. */
  readonly poster?: AssetReference | null | undefined;
  readonly remove?: readonly AssetReference[] | undefined;
  readonly move?: { readonly assets: readonly AssetReference[]; readonly to: 'top' | 'bottom' | 'before' | 'after'; readonly target?: AssetReference | undefined } | undefined;
  readonly archived?: boolean | undefined;
  readonly restore?: boolean | undefined;
  /** Show on the home page among the public albums, or no longer (`albums.showOnHomepage`). */
  readonly showOnHomepage?: boolean | undefined;
}

/** Most people and most groups the people search answers (each). */
export const PEOPLE_SEARCH_LIMIT = 20;

/** What a share with a user or group may give (a share link's `download` is theirs alone). */
const PERSON_ACL = new Set(['view', 'preview', 'contribute']);

/** A share with a user or group to make, the route having read its href into an id. */
export interface PersonShareInput {
  readonly type: 'user' | 'group';
  readonly id: number;
  readonly acl: readonly string[];
  /** Where it was in the body (`body.addShares.<n>`), for the error's `issues`. */
  readonly at: string;
}

/** What a share link may give. */
const LINK_ACL = new Set(['view', 'preview', 'download']);

/** A share link to make (`sharing-update` `type: "everyone"`). */
export interface LinkShareInput {
  readonly acl: readonly string[];
  /** ISO 8601, in the future. */
  readonly expires?: string | undefined;
  /** 4 to 200 characters. */
  readonly password?: string | undefined;
  /** Where it was in the body (`body.addShares.<n>`), for the error's `issues`. */
  readonly at: string;
}

/** What a caller may do with an album they may open. */
export interface AlbumAccess {
  readonly album: AlbumRow;
  /** Its owner, or a holder of `manageAlbums`: everything. */
  readonly canEdit: boolean;
  /** Add assets: whoever may edit, and the people it is shared with for contribution. */
  readonly canAdd: boolean;
}

/** The album representations a request may ask for. */
export type AlbumRepresentation = 'collection' | 'collectioninfo' | 'assetlist';

/**
 * A user's albums (issue 13; FotoWeb API, Albums; spec 01 §7 `PATCH album`, `PATCH collection poster_asset`): assets
 * from any archive, in the owner's order. Creating needs the group permission `albums.create`; an album is opened
 * and changed by its owner (and holders of `manageAlbums`); anyone else gets 404, as if it did not exist. An album
 * shows only the assets its viewer may view in their archives (AutoSearch included), so an album never widens what
 * anyone sees. Guests have no albums (401).
 */
export class AlbumsService {
  constructor(
    private readonly albums: AlbumsRepository,
    private readonly archives: ArchivesRepository,
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetsService,
    private readonly policy: ArchivePolicy,
    private readonly views: MetadataViewsRepository,
    /** Assets per page of an album (`MAGPIE_PAGE_SIZE`). */
    private readonly pageSize: number,
    private readonly links: AlbumLinksRepository,
    private readonly shares: AlbumSharesRepository,
    /** Users and groups, for the names of shares and the checks of new ones. */
    private readonly directory: { readonly users: UsersRepository; readonly groups: GroupsRepository },
    /** Comments, for the count an album's page shows (`props.comments.count`). */
    private readonly comments: AlbumCommentsRepository,
  ) {}

  /**
   * One of the caller's album lists, newest first (`q`: words of the name or description): their own (`mine`,
   * `archived`, `deleted`), or those others shared with them or their groups (`shared-with-me`, and `contribute`
   * for those they may add to). Counts and covers are the album's live assets (a shared album's count is not
   * narrowed to what the caller sees; opening it is).
   * @throws ApiError 401 for guests.
   */
  async list(caller: Caller, list: AlbumListName, q = ''): Promise<CollectionList> {
    this.assertUser(caller);
    const words = q.split(/\s+/).filter(Boolean);
    const state: AlbumState | undefined = list === 'mine' ? 'active' : list === 'archived' ? 'archived' : list === 'deleted' ? 'deleted' : undefined;
    const rows = state ? await this.albums.listOwned(caller.userId, state, words) : await this.albums.listSharedWith(caller.userId, caller.groupIds, list === 'contribute', words);
    const contributes =
      list === 'shared-with-me' && rows.length > 0 ? new Set((await this.albums.listSharedWith(caller.userId, caller.groupIds, true, words)).map((row) => row.id)) : undefined;
    const covers = await this.assetRows.findByIds(rows.map((row) => row.poster_asset_id ?? row.first_asset_id).filter((id): id is number => id !== null));
    const coverOf = new Map(covers.map((asset) => [asset.id, asset]));
    const data = rows.map((row: AlbumListRow) => {
      const canEdit = state !== undefined || this.canEdit(caller, row);
      return presentAlbum({
        album: row,
        assetCount: row.asset_count,
        poster: coverOf.get(row.poster_asset_id ?? row.first_asset_id ?? -1),
        canEdit,
        canAdd: canEdit || list === 'contribute' || (contributes?.has(row.id) ?? false),
        owner: { href: userHref(row.owner_id), name: row.owner_name },
        pin: PINS_HREF,
        comments: {},
      });
    });
    return { data, paging: null };
  }

  /**
   * The public albums (the public descriptor's `albums`): those their owners show on the home page, neither archived
   * nor deleted, newest first, for anyone (guests too), with their owners' names.
   */
  async listPublic(caller: Caller): Promise<CollectionList> {
    const rows = await this.albums.listPublic();
    const covers = await this.assetRows.findByIds(rows.map((row) => row.poster_asset_id ?? row.first_asset_id).filter((id): id is number => id !== null));
    const coverOf = new Map(covers.map((asset) => [asset.id, asset]));
    const data = rows.map((row) => {
      const canEdit = !caller.isGuest && this.canEdit(caller, row);
      return presentAlbum({
        album: row,
        assetCount: row.asset_count,
        poster: coverOf.get(row.poster_asset_id ?? row.first_asset_id ?? -1),
        canEdit,
        owner: { href: userHref(row.owner_id), name: row.owner_name },
        pin: caller.isGuest ? null : PINS_HREF,
        comments: caller.isGuest ? undefined : {},
      });
    });
    return { data, paging: null };
  }

  /**
   * The people search (`people_search`, FotoWeb `people-list`): users with `albums.shareWithUsers`, groups with
   * `albums.shareWithGroups`, only friends with `albums.restrictToFriends` (see dam.yaml `listPeople`).
   * @throws ApiError 401 for guests, 403 without either permission.
   */
  async people(caller: Caller, q = ''): Promise<PeopleList> {
    this.assertUser(caller);
    const users = sitePolicy.can(caller, 'shareAlbumsWithUsers');
    const groups = sitePolicy.can(caller, 'shareAlbumsWithGroups');
    if (!users && !groups) sitePolicy.assertCan(caller, 'shareAlbumsWithUsers');
    const text = q.trim();
    if (text === '') return { data: [], paging: null };
    const friendsOf = sitePolicy.sharesOnlyWithFriends(caller) ? await this.ownGroupIds(caller) : undefined;
    const found = await this.shares.people(text, { users, groups, exceptUserId: caller.userId, friendsOf }, PEOPLE_SEARCH_LIMIT);
    return {
      data: found.map((person) => ({
        type: person.type,
        display_name: person.displayName,
        unique_name: person.uniqueName,
        href: person.type === 'user' ? userHref(person.id) : groupHref(person.id),
      })),
      paging: null,
    };
  }

  /**
   * A new empty album owned by the caller.
   * @throws ApiError 403 without `albums.create`, 401 for guests.
   */
  async create(caller: Caller, name: string, description = ''): Promise<Collection> {
    this.assertUser(caller);
    sitePolicy.assertCan(caller, 'createAlbums');
    const album = await this.albums.create(caller.userId, name.trim(), description);
    return presentAlbum({ album, assetCount: 0, canEdit: true, pin: PINS_HREF, comments: { count: 0 } });
  }

  /**
   * The album as `collectioninfo`, `collection` (with page `page` of its assets) or `assetlist` (that page).
   * @param page 0-based page of the assets the caller sees.
   * @throws ApiError 404 when the album does not exist or the caller may not open it, 400 for a page past the end.
   */
  async get(caller: Caller, ref: AlbumReference, representation: AlbumRepresentation, page = 0): Promise<Collection | AssetList> {
    const { album, canEdit, canAdd } = await this.access(caller, ref);
    const visible = await this.visibleAssetIds(caller, album.id);
    const href = albumHref(album.owner_id, album.id);
    const { ids: pageIds, paging } = albumPage(visible, page, this.pageSize, (index) => (index === 0 ? href : `${href}?p=${index}`));
    const posterId = album.poster_asset_id !== null && visible.includes(album.poster_asset_id) ? album.poster_asset_id : visible[0];
    const shown = representation === 'collectioninfo' ? [] : pageIds;
    const presented = await this.presentAssets(caller, posterId === undefined ? shown : [...new Set([...shown, posterId])]);
    const assetList: AssetList = { data: shown.flatMap((id) => presented.get(id)?.asset ?? []), paging };
    if (representation === 'assetlist') return assetList;
    const poster = posterId === undefined ? undefined : presented.get(posterId);
    const collection = presentAlbum({
      album,
      assetCount: visible.length,
      poster: poster?.row,
      posterHref: album.poster_asset_id === posterId ? poster?.asset.href : null,
      canEdit,
      canAdd,
      owner: await this.ownerOf(album),
      pin: caller.isGuest ? null : PINS_HREF,
      comments: caller.isGuest ? undefined : { count: await this.comments.count(album.id) },
    });
    if (representation === 'collection') {
      collection.assets = assetList;
      collection.children = null;
    }
    return collection;
  }

  /**
   * Adds assets the caller may view to the album's end, in order (those in it already stay where they are).
   * @returns how many were added, and the album after it.
   * @throws ApiError 404 for an album the caller may not open or an asset they may not view (nothing is added), 403
   *   when it is shared with them without `contribute`, 409 `AlbumFull` when the album would hold more than
   *   {@link ALBUM_ASSET_LIMIT} assets.
   */
  async add(caller: Caller, ref: AlbumReference, references: readonly AssetReference[]): Promise<{ added: number; album: Collection }> {
    const { album, canAdd } = await this.access(caller, ref);
    if (!canAdd) throw forbidden('This album is shared with you to view; only its owner and the people it is shared with for contribution add to it.');
    const ids: number[] = [];
    for (const reference of references) ids.push((await this.assets.load(caller, reference)).asset.id);
    const added = await this.albums.add(album.id, ids, ALBUM_ASSET_LIMIT);
    if (added === undefined) {
      throw new ApiError(409, 'AlbumFull', `An album holds at most ${ALBUM_ASSET_LIMIT.toLocaleString('en')} assets; these do not fit.`, 'Album full');
    }
    return { added, album: (await this.get(caller, ref, 'collectioninfo')) as Collection };
  }

  /**
   * Applies an update in one transaction (see dam.yaml `AlbumUpdate`): assets named for removal or moving that are
   * not in the album are ignored; the cover must be in it.
   * @throws ApiError 404 for an album the caller may not change, 400 `NotInAlbum` for a cover or move target that is
   *   not in the album, 400 for restoring an album that is not deleted.
   */
  async update(caller: Caller, ref: AlbumReference, input: AlbumUpdateInput): Promise<Collection> {
    const album = await this.openable(caller, ref);
    const changes: { -readonly [K in keyof AlbumChanges]: AlbumChanges[K] } = {
      name: input.name?.trim(),
      description: input.description,
      archived: input.archived,
      restore: input.restore,
    };
    if (input.restore && album.deleted === null) throw new ApiError(400, 'InvalidRequest', 'The album is not deleted.', 'Invalid request');
    if (input.showOnHomepage !== undefined) {
      sitePolicy.assertCan(caller, 'showAlbumsOnHomepage');
      changes.showOnHomepage = input.showOnHomepage;
    }
    if (input.poster !== undefined) changes.posterAssetId = input.poster === null ? null : await this.memberId(album.id, input.poster, 'poster_asset');
    if (input.remove) changes.removeAssetIds = await this.idsOf(input.remove);
    if (input.move) {
      const targetId = input.move.target ? await this.memberId(album.id, input.move.target, 'move.target') : undefined;
      changes.move = { assetIds: await this.idsOf(input.move.assets), to: input.move.to, targetId };
    }
    await this.albums.update(album.id, changes);
    return (await this.get(caller, ref, 'collectioninfo')) as Collection;
  }

  /**
   * Moves the album to the deleted list, or removes it when it is there already.
   * @throws ApiError 404 for an album the caller may not change.
   */
  async delete(caller: Caller, ref: AlbumReference): Promise<void> {
    const album = await this.openable(caller, ref);
    await this.albums.delete(album.id);
  }

  /**
   * The album's sharing (FotoWeb `sharing`): its live share links.
   * @throws ApiError 404 for an album the caller may not change.
   */
  async sharing(caller: Caller, ref: AlbumReference): Promise<AlbumSharing> {
    const album = await this.openable(caller, ref);
    const href = albumSharesHref(album.owner_id, album.id);
    const shares = (await this.links.listLive(album.id)).map((link) => ({
      type: 'everyone' as const,
      href: albumLinkHref(album.owner_id, album.id, link.id),
      sharedHREF: sharedAlbumHref(link.token),
      acl: link.acl as Array<'view' | 'preview' | 'download'>,
      expires: link.expires?.toISOString() ?? null,
      hasPassword: link.password_hash !== null,
      created: link.created.toISOString(),
    }));
    const people = (await this.shares.list(album.id)).map((share) => ({
      type: share.userId !== null ? ('user' as const) : ('group' as const),
      href: share.userId !== null ? userHref(share.userId) : groupHref(share.groupId!),
      name: share.name,
      acl: share.acl as Array<'view' | 'preview' | 'contribute'>,
      sharedHREF: albumHref(album.owner_id, album.id),
      created: share.created.toISOString(),
    }));
    return { href, originalHref: albumHref(album.owner_id, album.id), shares: [...shares, ...people] };
  }

  /**
   * Makes and revokes share links (FotoWeb `sharing-update`, `type: "everyone"`), and shares with users and groups or
   * stops (`type: "user"` / `"group"`). `revoke` are the link ids the route read from `removeShares`' hrefs (ids of
   * other albums' links are ignored), `people` the users and groups to share with, `unshare` those to stop sharing
   * with. Everything is checked before anything changes.
   * @throws ApiError 404 for an album the caller may not change; 403 without `albums.shareWithGuests` to make links,
   *   `albums.shareWithUsers` / `albums.shareWithGroups` to share with people, `albums.delegateDownloads` for
   *   `download`, 403 `NotAFriend` under `albums.restrictToFriends`; 400 `InvalidHref` for an unknown or disabled user
   *   or group, 400 for the owner, an expiry that is not in the future, or an acl a person's share does not take;
   *   409 `AlbumDeleted` for a deleted album.
   */
  async updateSharing(
    caller: Caller,
    ref: AlbumReference,
    add: readonly LinkShareInput[],
    revoke: readonly number[],
    people: readonly PersonShareInput[] = [],
    unshare: { readonly userIds: readonly number[]; readonly groupIds: readonly number[] } = { userIds: [], groupIds: [] },
  ): Promise<AlbumSharingLinkList> {
    const album = await this.openable(caller, ref);
    const addedShares: AlbumSharingLinkList['addedShares'] = [];
    if (add.length + people.length > 0 && album.deleted !== null) throw new ApiError(409, 'AlbumDeleted', 'A deleted album is not shared. Restore it first.', 'Album deleted');
    await this.checkPeople(caller, album, people);
    if (add.length > 0) sitePolicy.assertCan(caller, 'shareAlbumsWithGuests');
    if (add.some((share) => share.acl.includes('download'))) sitePolicy.assertCan(caller, 'delegateAlbumDownloads');
    const now = Date.now();
    for (const share of add) {
      const wrong = share.acl.find((right) => !LINK_ACL.has(right));
      if (wrong !== undefined) {
        throw new ApiError(400, 'InvalidRequest', 'A share link gives view, preview or download.', 'Invalid request', [
          { path: `${share.at}.acl`, message: `"${wrong}" is not given to a link.` },
        ]);
      }
      if (share.expires !== undefined && Date.parse(share.expires) <= now) {
        throw new ApiError(400, 'InvalidRequest', 'A share link expires in the future.', 'Invalid request', [
          { path: `${share.at}.expires`, message: 'Give a date in the future.' },
        ]);
      }
    }
    await this.links.revoke(album.id, revoke);
    await this.shares.remove(album.id, unshare.userIds, unshare.groupIds);
    await this.shares.upsert(
      album.id,
      people.map((person) => ({ ...(person.type === 'user' ? { userId: person.id } : { groupId: person.id }), acl: personAcl(person.acl) })),
    );
    for (const person of people) addedShares.push({ type: person.type, acl: personAcl(person.acl), sharedHREF: albumHref(album.owner_id, album.id) });
    for (const share of add) {
      // Viewing is what a link is for; preview comes with it.
      const acl = ['view', 'preview', ...(share.acl.includes('download') ? ['download'] : [])];
      const link = await this.links.create({
        albumId: album.id,
        token: randomToken(24),
        acl,
        expires: share.expires === undefined ? null : new Date(share.expires),
        passwordHash: share.password === undefined ? null : await hashPassword(share.password),
      });
      addedShares.push({ type: 'everyone', acl, sharedHREF: sharedAlbumHref(link.token) });
    }
    return { addedShares };
  }

  /**
   * Whether asset `assetId` is in the album and `viewer` may view it (View on its archive and its AutoSearch): one
   * asset's check, for a share link's previews and originals, without reading the whole album.
   */
  async showsAsset(viewer: Caller, albumId: number, assetId: number): Promise<boolean> {
    if (!(await this.albums.memberIds(albumId, [assetId])).has(assetId)) return false;
    const asset = await this.assetRows.findById(assetId);
    if (!asset) return false;
    const access = await this.policy.accessOnArchive(viewer, asset.archive_id);
    if (!this.policy.can(access.permissions, 'view')) return false;
    return !access.visibility || (await this.assetRows.matches(assetId, access.visibility));
  }

  /**
   * Checks the users and groups of new shares (see {@link updateSharing}).
   * @throws ApiError 403 for a missing permission or `NotAFriend`, 400 for an unknown or disabled one, the owner, or a
   *   right a person's share does not take.
   */
  private async checkPeople(caller: Caller, album: AlbumRow, people: readonly PersonShareInput[]): Promise<void> {
    if (people.length === 0) return;
    if (people.some((person) => person.type === 'user')) sitePolicy.assertCan(caller, 'shareAlbumsWithUsers');
    if (people.some((person) => person.type === 'group')) sitePolicy.assertCan(caller, 'shareAlbumsWithGroups');
    const friendsOf = sitePolicy.sharesOnlyWithFriends(caller) ? new Set(await this.ownGroupIds(caller)) : undefined;
    const builtins = new Set([...(await this.directory.groups.builtins()).values()].map((group) => group.id));
    const invalid = (at: string, message: string) =>
      new ApiError(400, 'InvalidHref', 'Share with people and groups the people search finds.', 'Invalid href', [{ path: `${at}.href`, message }]);
    for (const person of people) {
      const wrong = person.acl.find((right) => !PERSON_ACL.has(right));
      if (wrong !== undefined) {
        throw new ApiError(400, 'InvalidRequest', `A share with a ${person.type} gives view, preview or contribute; their own permissions decide downloads.`, 'Invalid request', [
          { path: `${person.at}.acl`, message: `"${wrong}" is not given to a ${person.type}.` },
        ]);
      }
      if (person.type === 'user') {
        const user = await this.directory.users.findById(person.id);
        if (!user || user.deleted !== null || !user.is_enabled || user.kind !== 'person') throw invalid(person.at, 'Not an enabled user.');
        if (user.id === album.owner_id) throw invalid(person.at, 'The album is its owner’s already.');
        if (friendsOf && !(await this.shares.isMemberOfAny(user.id, [...friendsOf]))) throw notAFriend();
      } else {
        const group = await this.directory.groups.findById(person.id);
        if (!group || builtins.has(group.id)) throw invalid(person.at, 'Not a group albums are shared with.');
        if (friendsOf && !friendsOf.has(group.id)) throw notAFriend();
      }
    }
  }

  /** The caller's groups other than the built-ins (Everyone, Registered Users, Guests): whose members are friends. */
  private async ownGroupIds(caller: Caller): Promise<number[]> {
    const builtins = new Set([...(await this.directory.groups.builtins()).values()].map((group) => group.id));
    return caller.groupIds.filter((id) => !builtins.has(id));
  }

  /** The album's owner as `props.owner` shows them: their href and full name (or user name). */
  private async ownerOf(album: AlbumRow): Promise<{ href: string; name: string }> {
    const owner = await this.directory.users.findById(album.owner_id);
    return { href: userHref(album.owner_id), name: owner ? owner.full_name || owner.username : '' };
  }

  /**
   * What the caller may do with the album of `ref`: everything as its owner (or with `manageAlbums`); view, and add
   * with `contribute`, when it is shared with them or one of their groups; view when it is public (anyone, guests
   * too); the last two while it is neither archived nor deleted. Its comments (`AlbumCommentsService`) ask it too.
   * @throws ApiError 404 otherwise.
   */
  async access(caller: Caller, ref: AlbumReference): Promise<AlbumAccess> {
    const album = await this.albums.findById(ref.albumId);
    if (album && album.owner_id === ref.ownerId) {
      const live = album.deleted === null && album.archived === null;
      if (!caller.isGuest && this.canEdit(caller, album)) return { album, canEdit: true, canAdd: true };
      const rights = live && !caller.isGuest ? await this.shares.rightsOf(album.id, caller.userId, caller.groupIds) : undefined;
      if (rights) return { album, canEdit: false, canAdd: rights.has('contribute') };
      // A public album opens for anyone, guests too (issue 13).
      if (live && album.show_on_homepage) return { album, canEdit: false, canAdd: false };
    }
    throw notFound('The album');
  }

  private assertUser(caller: Caller): void {
    if (caller.isGuest) throw new ApiError(401, 'Unauthorized', 'Log in to use albums.', 'Access denied');
  }

  private canEdit(caller: Caller, album: AlbumRow): boolean {
    return album.owner_id === caller.userId || sitePolicy.can(caller, 'manageAlbums');
  }

  /** The album of `ref` when the caller may open it. @throws ApiError 404 otherwise (401 for guests). */
  private async openable(caller: Caller, ref: AlbumReference): Promise<AlbumRow> {
    this.assertUser(caller);
    const album = await this.albums.findById(ref.albumId);
    if (!album || album.owner_id !== ref.ownerId || !this.canEdit(caller, album)) throw notFound('The album');
    return album;
  }

  /** The ids of the assets the references name (those that name nothing are left out). */
  private async idsOf(references: readonly AssetReference[]): Promise<number[]> {
    const ids: number[] = [];
    for (const reference of references) {
      const asset = await this.assetRows.findByPath(reference.archiveId, reference.folderPath, reference.filename);
      if (asset) ids.push(asset.id);
    }
    return ids;
  }

  /** The id of an asset of the album. @throws ApiError 400 `NotInAlbum` (`at`: the body path) when it is not in it. */
  private async memberId(albumId: number, reference: AssetReference, at: string): Promise<number> {
    const [id] = await this.idsOf([reference]);
    if (id === undefined || !(await this.albums.memberIds(albumId, [id])).has(id)) {
      throw new ApiError(400, 'NotInAlbum', 'That asset is not in the album.', 'Not in the album', [{ path: `body.${at}`, message: 'Not an asset of the album.' }]);
    }
    return id;
  }

  /** The album's asset ids the caller may view, in the album's order: View on the archive and its AutoSearch. */
  async visibleAssetIds(caller: Caller, albumId: number): Promise<number[]> {
    const members = await this.albums.members(albumId);
    const access = await this.policy.accessOn(caller, [...new Set(members.map((member) => member.archiveId))]);
    const hidden = new Set<number>();
    for (const [archiveId, archiveAccess] of access) {
      if (!archiveAccess.visibility || !this.policy.can(archiveAccess.permissions, 'view')) continue;
      const ids = members.filter((member) => member.archiveId === archiveId).map((member) => member.assetId);
      const matching = await this.assetRows.matchingIds(ids, archiveAccess.visibility);
      for (const id of ids) if (!matching.has(id)) hidden.add(id);
    }
    return members.filter((member) => this.policy.can(access.get(member.archiveId)?.permissions, 'view') && !hidden.has(member.assetId)).map((member) => member.assetId);
  }

  /** The assets of `ids` as the caller sees them, by id (rows included, for covers). */
  private async presentAssets(caller: Caller, ids: readonly number[]): Promise<Map<number, { row: AssetRow; asset: Asset }>> {
    const rows = await this.assetRows.findByIds(ids);
    const archiveIds = [...new Set(rows.map((row) => row.archive_id))];
    const access = await this.policy.accessOn(caller, archiveIds);
    const archives = new Map<number, { archive: ArchiveRow; view: Awaited<ReturnType<MetadataViewsRepository['forArchive']>>['definition'] }>();
    for (const archiveId of archiveIds) {
      const archive = await this.archives.findById(archiveId);
      if (archive) archives.set(archiveId, { archive, view: (await this.views.forArchive(archiveId)).definition });
    }
    const presented = new Map<number, { row: AssetRow; asset: Asset }>();
    const extrasOf = await this.assets.extrasFor(caller);
    for (const row of rows) {
      const place = archives.get(row.archive_id);
      if (!place) continue;
      presented.set(row.id, { row, asset: presentAsset(place.archive, row, access.get(row.archive_id)?.permissions ?? [], place.view, extrasOf(row)) });
    }
    return presented;
  }
}

/** A person's share's acl as stored: `view` and `preview` always (what a share is for), with `contribute` when asked. */
function personAcl(acl: readonly string[]): string[] {
  return ['view', 'preview', ...(acl.includes('contribute') ? ['contribute'] : [])];
}

/** 403 `NotAFriend` (`albums.restrictToFriends`). */
function notAFriend(): ApiError {
  return new ApiError(403, 'NotAFriend', 'You share albums only with the people in your groups, and with those groups.', 'Not a friend');
}
