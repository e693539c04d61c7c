import { sql, type Kysely } from 'kysely';
import type { AlbumLinkRow, AlbumRow, Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { escapeLike } from './like.ts';

/** Which of a user's albums a list shows (the descriptor's album lists; `deleted` and `archived` by their dates). */
export type AlbumState = 'active' | 'archived' | 'deleted';

/** An album's asset, by id, with the asset's archive (for the caller's access to it). */
export interface AlbumMember {
  readonly assetId: number;
  readonly archiveId: number;
}

/** The changes of one album update, applied together (services/albums.service.ts reads them from `AlbumUpdate`). */
export interface AlbumChanges {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  /** An asset id of the album, or null to clear the cover. */
  readonly posterAssetId?: number | null | undefined;
  readonly removeAssetIds?: readonly number[] | undefined;
  /** Asset ids of the album to put at the top, the bottom, or before / after `targetId`, in this order. */
  readonly move?: { readonly assetIds: readonly number[]; readonly to: 'top' | 'bottom' | 'before' | 'after'; readonly targetId?: number | undefined } | undefined;
  /** true archives, false restores from the archived list. */
  readonly archived?: boolean | undefined;
  /** false restores from the deleted list. */
  readonly restore?: boolean | undefined;
  /** Shows the album on the home page, or no longer. */
  readonly showOnHomepage?: boolean | undefined;
}

/** An album of a list, with what its tile shows: its live asset count, its first live asset, its owner's name. */
export type AlbumListRow = AlbumRow & { asset_count: number; first_asset_id: number | null; owner_name: string };

/** The query behind the album lists, before its filters (see `AlbumsRepository.listWhere`). */
type AlbumListQuery = ReturnType<AlbumsRepository['listQuery']>;

/** Albums and their ordered assets (migration 0015). */
export class AlbumsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The album of `id` (whatever its state), or undefined. */
  findById(id: number): Promise<AlbumRow | undefined> {
    return this.db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The owner's albums in one state, newest first, with their asset counts; `words` keeps those whose name or
   * description contains every word (case-insensitive).
   */
  async listOwned(ownerId: number, state: AlbumState, words: readonly string[] = []): Promise<AlbumListRow[]> {
    return this.listWhere(words, (query) => {
      const owned = query.where('albums.owner_id', '=', ownerId);
      if (state === 'deleted') return owned.where('albums.deleted', 'is not', null);
      return owned.where('albums.deleted', 'is', null).where('albums.archived', state === 'archived' ? 'is not' : 'is', null);
    });
  }

  /**
   * The albums shared with the user `userId` or one of `groupIds` (`contributeOnly`: those with the `contribute`
   * right), owned by someone else, neither archived nor deleted, newest first, with their counts and owners' names.
   */
  listSharedWith(userId: number, groupIds: readonly number[], contributeOnly: boolean, words: readonly string[] = []): Promise<AlbumListRow[]> {
    return this.listWhere(words, (query) =>
      query
        .where('albums.owner_id', '<>', userId)
        .where('albums.deleted', 'is', null)
        .where('albums.archived', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('album_shares')
              .select('album_shares.id')
              .whereRef('album_shares.album_id', '=', 'albums.id')
              .where((inner) => inner.or([inner('album_shares.user_id', '=', userId), ...(groupIds.length ? [inner('album_shares.group_id', 'in', [...groupIds])] : [])]))
              .$if(contributeOnly, (q) => q.where(sql<boolean>`'contribute' = ANY(album_shares.acl)`)),
          ),
        ),
    );
  }

  /** The public albums (shown on the home page), neither archived nor deleted, newest first, with their counts. */
  listPublic(words: readonly string[] = []): Promise<AlbumListRow[]> {
    return this.listWhere(words, (query) => query.where('albums.show_on_homepage', '=', true).where('albums.deleted', 'is', null).where('albums.archived', 'is', null));
  }

  /** Albums with their counts, cover candidates and owners' names, filtered by `where` and `words`, newest first. */
  private async listWhere(words: readonly string[], where: (query: AlbumListQuery) => AlbumListQuery): Promise<AlbumListRow[]> {
    let query = where(this.listQuery());
    for (const word of words) {
      const pattern = `%${escapeLike(word.toLowerCase())}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(albums.name)`, 'like', pattern), eb(sql`lower(albums.description)`, 'like', pattern)]));
    }
    const rows = await query.orderBy('albums.created', 'desc').orderBy('albums.id', 'desc').execute();
    return rows.map((row) => ({
      ...row,
      asset_count: Number(row.asset_count ?? 0),
      first_asset_id: row.first_asset_id ?? null,
      owner_name: row.owner_full_name || row.owner_username,
    }));
  }

  /** Every album with its owner's name, live asset count and first live asset (the lists' base query). */
  private listQuery() {
    return (
      this.db
        .selectFrom('albums')
        .innerJoin('users', 'users.id', 'albums.owner_id')
        .select(['users.full_name as owner_full_name', 'users.username as owner_username'])
        .selectAll('albums')
        // Assets in the trash (migration 0018) are not counted and never the cover.
        .select((eb) =>
          eb
            .selectFrom('album_assets')
            .innerJoin('assets', 'assets.id', 'album_assets.asset_id')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('album_assets.album_id', '=', 'albums.id')
            .where('assets.deleted', 'is', null)
            .as('asset_count'),
        )
        .select((eb) =>
          eb
            .selectFrom('album_assets')
            .innerJoin('assets', 'assets.id', 'album_assets.asset_id')
            .select('album_assets.asset_id')
            .whereRef('album_assets.album_id', '=', 'albums.id')
            .where('assets.deleted', 'is', null)
            .orderBy('album_assets.position')
            .orderBy('album_assets.asset_id')
            .limit(1)
            .as('first_asset_id'),
        )
    );
  }

  /** A new empty album of `ownerId` (`name` already checked and trimmed). */
  async create(ownerId: number, name: string, description: string): Promise<AlbumRow> {
    return this.db.insertInto('albums').values({ owner_id: ownerId, name, description }).returningAll().executeTakeFirstOrThrow();
  }

  /** The album's assets in its order (not those in the trash), each with its archive. */
  async members(albumId: number): Promise<AlbumMember[]> {
    const rows = await this.db
      .selectFrom('album_assets')
      .innerJoin('assets', 'assets.id', 'album_assets.asset_id')
      .select(['album_assets.asset_id', 'assets.archive_id'])
      .where('album_assets.album_id', '=', albumId)
      .where('assets.deleted', 'is', null)
      .orderBy('album_assets.position')
      .orderBy('album_assets.asset_id')
      .execute();
    return rows.map((row) => ({ assetId: row.asset_id, archiveId: row.archive_id }));
  }

  /** Which of `assetIds` are in the album. */
  async memberIds(albumId: number, assetIds: readonly number[]): Promise<Set<number>> {
    if (assetIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('album_assets')
      .select('asset_id')
      .where('album_id', '=', albumId)
      .where('asset_id', 'in', [...assetIds])
      .execute();
    return new Set(rows.map((row) => row.asset_id));
  }

  /**
   * Appends `assetIds` to the album's end in order, skipping those already in it, unless the album would then hold
   * more than `limit` assets. The album's row is locked meanwhile.
   * @returns how many were added, or `undefined` when the limit refused them all (nothing added).
   */
  add(albumId: number, assetIds: readonly number[], limit: number): Promise<number | undefined> {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('albums').select('id').where('id', '=', albumId).forUpdate().execute();
      const present = await new AlbumsRepository(trx).memberIds(albumId, assetIds);
      const fresh = [...new Set(assetIds)].filter((id) => !present.has(id));
      if (fresh.length === 0) return 0;
      const { count, last } = await trx
        .selectFrom('album_assets')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('position').as('last')])
        .where('album_id', '=', albumId)
        .executeTakeFirstOrThrow();
      if (Number(count) + fresh.length > limit) return undefined;
      const start = last === null ? 0 : Number(last) + 1;
      await trx
        .insertInto('album_assets')
        .values(fresh.map((assetId, index) => ({ album_id: albumId, asset_id: assetId, position: start + index })))
        .execute();
      await trx.updateTable('albums').set({ modified: new Date() }).where('id', '=', albumId).execute();
      return fresh.length;
    });
  }

  /** Applies `changes` to the album in one transaction (see {@link AlbumChanges}). */
  update(albumId: number, changes: AlbumChanges): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('albums').select('id').where('id', '=', albumId).forUpdate().execute();
      if (changes.removeAssetIds?.length) {
        await trx
          .deleteFrom('album_assets')
          .where('album_id', '=', albumId)
          .where('asset_id', 'in', [...changes.removeAssetIds])
          .execute();
      }
      if (changes.move) await new AlbumsRepository(trx).relocate(albumId, changes.move);
      const now = new Date();
      await trx
        .updateTable('albums')
        .set({
          modified: now,
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.posterAssetId !== undefined ? { poster_asset_id: changes.posterAssetId } : {}),
          ...(changes.archived !== undefined ? { archived: changes.archived ? now : null } : {}),
          ...(changes.restore ? { deleted: null } : {}),
          ...(changes.showOnHomepage !== undefined ? { show_on_homepage: changes.showOnHomepage } : {}),
        })
        .where('id', '=', albumId)
        .execute();
      // A cover taken out of the album is no longer its cover.
      await trx
        .updateTable('albums')
        .set({ poster_asset_id: null })
        .where('id', '=', albumId)
        .where('poster_asset_id', 'is not', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('album_assets').select('asset_id').where('album_id', '=', albumId).whereRef('asset_id', '=', 'albums.poster_asset_id'))))
        .execute();
    });
  }

  /** Renumbers the album with the moved assets at their new place (spec 01 §2 relocation). */
  private async relocate(albumId: number, move: NonNullable<AlbumChanges['move']>): Promise<void> {
    const order = (await this.members(albumId)).map((member) => member.assetId);
    const moving = new Set(move.assetIds);
    const moved = move.assetIds.filter((id, index) => order.includes(id) && move.assetIds.indexOf(id) === index);
    const rest = order.filter((id) => !moving.has(id));
    let at = move.to === 'top' ? 0 : rest.length;
    if (move.to === 'before' || move.to === 'after') {
      const target = rest.indexOf(move.targetId!);
      at = target < 0 ? rest.length : move.to === 'before' ? target : target + 1;
    }
    const next = [...rest.slice(0, at), ...moved, ...rest.slice(at)];
    if (next.length === 0) return;
    await sql`UPDATE album_assets SET position = o.position - 1
      FROM unnest(${sql.val(next)}::integer[]) WITH ORDINALITY AS o(asset_id, position)
      WHERE album_assets.album_id = ${albumId} AND album_assets.asset_id = o.asset_id`.execute(this.db);
  }

  /** Moves the album to the deleted list (or, when it is there already, removes it). @returns what happened. */
  async delete(albumId: number): Promise<'trashed' | 'purged'> {
    const trashed = await this.db.updateTable('albums').set({ deleted: new Date() }).where('id', '=', albumId).where('deleted', 'is', null).executeTakeFirst();
    if (Number(trashed.numUpdatedRows) > 0) return 'trashed';
    await this.db.deleteFrom('albums').where('id', '=', albumId).execute();
    return 'purged';
  }
}

/** An album's share links (migration 0016). */
export class AlbumLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The album's links that are not revoked, oldest first. */
  listLive(albumId: number): Promise<AlbumLinkRow[]> {
    return this.db.selectFrom('album_links').selectAll().where('album_id', '=', albumId).where('revoked', 'is', null).orderBy('created').orderBy('id').execute();
  }

  /** The link of `token` (revoked or expired ones too: the service tells them apart), or undefined. */
  findByToken(token: string): Promise<AlbumLinkRow | undefined> {
    return this.db.selectFrom('album_links').selectAll().where('token', '=', token).executeTakeFirst();
  }

  /** A new live link of an album (`acl` as given, `passwordHash` a scrypt hash or null). */
  create(link: { albumId: number; token: string; acl: readonly string[]; expires: Date | null; passwordHash: string | null }): Promise<AlbumLinkRow> {
    return this.db
      .insertInto('album_links')
      .values({ album_id: link.albumId, token: link.token, acl: [...link.acl], expires: link.expires, password_hash: link.passwordHash })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Revokes the album's links of `ids` (others' and revoked ones are left as they are). */
  async revoke(albumId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('album_links')
      .set({ revoked: new Date() })
      .where('album_id', '=', albumId)
      .where('id', 'in', [...ids])
      .where('revoked', 'is', null)
      .execute();
  }

  /**
   * Counts a wrong password: the count restarts when the last window began before `windowStart`.
   * @returns the failures in the current window, this one included.
   */
  async countFailure(id: number, windowStart: Date): Promise<number> {
    const row = await this.db
      .updateTable('album_links')
      .set((eb) => ({
        failed_attempts: eb
          .case()
          .when('failed_since', 'is', null)
          .then(1)
          .when('failed_since', '<', windowStart)
          .then(1)
          .else(eb('failed_attempts', '+', 1))
          .end(),
        failed_since: eb.case().when('failed_since', 'is', null).then(new Date()).when('failed_since', '<', windowStart).then(new Date()).else(eb.ref('failed_since')).end(),
      }))
      .where('id', '=', id)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row?.failed_attempts ?? 0;
  }

  /** Forgets a link's wrong passwords (after a right one). */
  async clearFailures(id: number): Promise<void> {
    await this.db.updateTable('album_links').set({ failed_attempts: 0, failed_since: null }).where('id', '=', id).execute();
  }
}

/** A share of an album with a user or a group, with their name (and a user's user name) for the sharing's list. */
export interface AlbumShareListing {
  readonly id: number;
  readonly userId: number | null;
  readonly groupId: number | null;
  /** A user's full name (or user name), or the group's name. */
  readonly name: string;
  readonly acl: readonly string[];
  readonly created: Date;
}

/** Someone an album can be shared with, as the people search finds them. */
export interface PersonRow {
  readonly type: 'user' | 'group';
  readonly id: number;
  /** A user's full name (or user name), or the group's name. */
  readonly displayName: string;
  /** A user's user name, or the group's name. */
  readonly uniqueName: string;
}

/** Who the people search may offer: everyone, or only the caller's friends (`albums.restrictToFriends`). */
export interface PeopleScope {
  readonly users: boolean;
  readonly groups: boolean;
  /** Not offered (the caller). */
  readonly exceptUserId: number;
  /** When set, only users in one of these groups, and only these groups (the caller's own, built-ins left out). */
  readonly friendsOf?: readonly number[] | undefined;
}

/** Albums shared with users and groups (migration 0019), and the people search that finds them. */
export class AlbumSharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The album's shares with users and groups, users first, each kind by name. */
  async list(albumId: number): Promise<AlbumShareListing[]> {
    const rows = await this.db
      .selectFrom('album_shares')
      .leftJoin('users', 'users.id', 'album_shares.user_id')
      .leftJoin('groups', 'groups.id', 'album_shares.group_id')
      .select([
        'album_shares.id',
        'album_shares.user_id',
        'album_shares.group_id',
        'album_shares.acl',
        'album_shares.created',
        'users.full_name',
        'users.username',
        'groups.name as group_name',
      ])
      .where('album_shares.album_id', '=', albumId)
      .where((eb) => eb.or([eb('album_shares.group_id', 'is not', null), eb('users.deleted', 'is', null)]))
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        userId: row.user_id,
        groupId: row.group_id,
        name: row.user_id !== null ? row.full_name || row.username || '' : (row.group_name ?? ''),
        acl: row.acl,
        created: row.created,
      }))
      .sort((a, b) => Number(a.userId === null) - Number(b.userId === null) || a.name.localeCompare(b.name));
  }

  /**
   * The rights the album's shares give the user `userId` in groups `groupIds` (the union of their acls), or
   * undefined when it is not shared with them.
   */
  async rightsOf(albumId: number, userId: number, groupIds: readonly number[]): Promise<Set<string> | undefined> {
    const rows = await this.db
      .selectFrom('album_shares')
      .select('acl')
      .where('album_id', '=', albumId)
      .where((eb) => eb.or([eb('user_id', '=', userId), ...(groupIds.length ? [eb('group_id', 'in', [...groupIds])] : [])]))
      .execute();
    return rows.length === 0 ? undefined : new Set(rows.flatMap((row) => row.acl));
  }

  /** Shares the album with users and groups, or replaces the acl of an existing share, in one transaction. */
  async upsert(albumId: number, shares: ReadonlyArray<{ userId?: number | undefined; groupId?: number | undefined; acl: readonly string[] }>): Promise<void> {
    if (shares.length === 0) return;
    await inTransaction(this.db, async (trx) => {
      for (const share of shares) {
        const column = share.userId !== undefined ? 'user_id' : 'group_id';
        const id = share.userId ?? share.groupId!;
        const updated = await trx
          .updateTable('album_shares')
          .set({ acl: [...share.acl] })
          .where('album_id', '=', albumId)
          .where(column, '=', id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) continue;
        await trx
          .insertInto('album_shares')
          .values({ album_id: albumId, user_id: share.userId ?? null, group_id: share.groupId ?? null, acl: [...share.acl] })
          .execute();
      }
    });
  }

  /** Whether the user is a direct member of one of `groupIds` (a friend, for `albums.restrictToFriends`). */
  async isMemberOfAny(userId: number, groupIds: readonly number[]): Promise<boolean> {
    if (groupIds.length === 0) return false;
    const row = await this.db
      .selectFrom('group_members')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('group_id', 'in', [...groupIds])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stops sharing the album with the users `userIds` and the groups `groupIds` (others are left as they are). */
  async remove(albumId: number, userIds: readonly number[], groupIds: readonly number[]): Promise<void> {
    if (userIds.length)
      await this.db
        .deleteFrom('album_shares')
        .where('album_id', '=', albumId)
        .where('user_id', 'in', [...userIds])
        .execute();
    if (groupIds.length)
      await this.db
        .deleteFrom('album_shares')
        .where('album_id', '=', albumId)
        .where('group_id', 'in', [...groupIds])
        .execute();
  }

  /**
   * Users (enabled people, not deleted) whose user name, full name or e-mail contains `text`, and groups (not the
   * built-ins) whose name does, at most `limit` of each, by name (case-insensitive `text`, already trimmed).
   */
  async people(text: string, scope: PeopleScope, limit: number): Promise<PersonRow[]> {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    const found: PersonRow[] = [];
    if (scope.users) {
      let users = this.db
        .selectFrom('users')
        .select(['id', 'username', 'full_name'])
        .where('kind', '=', 'person')
        .where('is_enabled', '=', true)
        .where('deleted', 'is', null)
        .where('id', '<>', scope.exceptUserId)
        .where((eb) => eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(full_name)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]));
      if (scope.friendsOf) {
        const friendsOf = [...scope.friendsOf, -1];
        users = users.where((eb) =>
          eb.exists(
            eb.selectFrom('group_members').select('group_members.user_id').whereRef('group_members.user_id', '=', 'users.id').where('group_members.group_id', 'in', friendsOf),
          ),
        );
      }
      const rows = await users
        .orderBy(sql`lower(full_name)`)
        .orderBy('username')
        .limit(limit)
        .execute();
      found.push(...rows.map((row) => ({ type: 'user' as const, id: row.id, displayName: row.full_name || row.username, uniqueName: row.username })));
    }
    if (scope.groups) {
      let groups = this.db
        .selectFrom('groups')
        .select(['id', 'name'])
        .where('builtin_key', 'is', null)
        .where(sql`lower(name)`, 'like', pattern);
      if (scope.friendsOf) groups = groups.where('id', 'in', [...scope.friendsOf, -1]);
      const rows = await groups
        .orderBy(sql`lower(name)`)
        .limit(limit)
        .execute();
      found.push(...rows.map((row) => ({ type: 'group' as const, id: row.id, displayName: row.name, uniqueName: row.name })));
    }
    return found;
  }
}
