import { sql, type Kysely } from 'kysely';
import type { ArchiveRow, ArchiveSettings, Database, FolderRow } from '../db/schema.ts';

/** An access-list entry: a member (user or group), the archive permission ids it grants (spec 03 §3.11) and its AutoSearch. */
export interface AclEntry {
  principalType: 'user' | 'group';
  principalId: number;
  permissions: string[];
  /** A FotoWeb search expression limiting what the member sees ('' or absent: everything; spec 03 §3.9). */
  autoSearch?: string;
}

/** An access-list entry as listed for the dialog: in list order, with the member's name and description. */
export interface ListedAclEntry extends Required<AclEntry> {
  name: string;
  description: string;
}

/**
 * What the entries naming a caller grant on one archive: the union of their permissions, and the AutoSearch
 * expressions of the entries granting View (null when one of them has none: nothing is hidden).
 */
export interface AclGrant {
  permissions: Set<string>;
  autoSearches: string[] | null;
}

/** The columns of an archive's configuration a create or an update writes (migration 0013). */
export interface ArchiveConfigValues {
  name: string;
  description: string;
  metadata_view_id: string;
  storage_pool: string;
  storage_path: string | null;
  sort_order: number;
  settings: ArchiveSettings;
}

/** Archives, their access lists and folders. */
export class ArchivesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<ArchiveRow[]> {
    return this.db.selectFrom('archives').selectAll().orderBy('sort_order').orderBy('name').execute();
  }

  findById(id: number): Promise<ArchiveRow | undefined> {
    return this.db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The archive of this name, compared case-insensitively (names are unique that way, migration 0013). */
  findByName(name: string): Promise<ArchiveRow | undefined> {
    return (
      this.db
        .selectFrom('archives')
        .selectAll()
        // The database's lower() on both sides, as the unique index compares (JavaScript's differs for some letters).
        .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
        .executeTakeFirst()
    );
  }

  /** How many archives exist. */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('archives')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  create(archive: { name: string; description?: string }): Promise<ArchiveRow> {
    return this.db
      .insertInto('archives')
      .values({ name: archive.name, description: archive.description ?? '' })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Adds an archive with its whole configuration (issue 12). */
  createConfigured(values: ArchiveConfigValues): Promise<ArchiveRow> {
    return this.db
      .insertInto('archives')
      .values({ ...values, settings: JSON.stringify(values.settings) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Replaces an archive's configuration. @returns the row, or undefined when the archive is gone. */
  updateConfigured(id: number, values: ArchiveConfigValues): Promise<ArchiveRow | undefined> {
    return this.db
      .updateTable('archives')
      .set({ ...values, settings: JSON.stringify(values.settings), modified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Sets an archive's tile (issue 13; migration 0020): `color`, `icon` (null: Folder) and the cover `posterAssetId`
   * (null: none); undefined leaves a value as it is.
   */
  async setTile(id: number, tile: { color?: string | undefined; icon?: string | null | undefined; posterAssetId?: number | null | undefined }): Promise<void> {
    const set = {
      ...(tile.color !== undefined ? { color: tile.color } : {}),
      ...(tile.icon !== undefined ? { icon: tile.icon } : {}),
      ...(tile.posterAssetId !== undefined ? { poster_asset_id: tile.posterAssetId } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('archives').set(set).where('id', '=', id).execute();
  }

  /** Locks an archive's row until the transaction ends (a save or a delete against a concurrent one). */
  /**
   * Locks the archives `ids` (those that exist) for the transaction, in id order, so that two transactions locking
   * the same archives (deleting A into B while deleting B into A) wait for each other instead of deadlocking.
   */
  lockManyForUpdate(ids: readonly number[]): Promise<ArchiveRow[]> {
    return this.db
      .selectFrom('archives')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  lockForUpdate(id: number): Promise<ArchiveRow | undefined> {
    return this.db.selectFrom('archives').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Deletes an archive (its access list, folders and metadata-view link go with it). @returns whether it existed. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('archives').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Replaces one member's entry in an archive's access list; a new member goes last. */
  async setAcl(archiveId: number, entry: AclEntry): Promise<void> {
    const autoSearch = entry.autoSearch ?? '';
    await this.db
      .insertInto('archive_acl')
      .values({
        archive_id: archiveId,
        principal_type: entry.principalType,
        principal_id: entry.principalId,
        permissions: entry.permissions,
        auto_search: autoSearch,
        position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM archive_acl WHERE archive_id = ${archiveId})`,
      })
      .onConflict((oc) => oc.columns(['archive_id', 'principal_type', 'principal_id']).doUpdateSet({ permissions: entry.permissions, auto_search: autoSearch }))
      .execute();
  }

  /** Replaces an archive's whole access list with `entries`, in that order. */
  async replaceAcl(archiveId: number, entries: readonly AclEntry[]): Promise<void> {
    await this.db.deleteFrom('archive_acl').where('archive_id', '=', archiveId).execute();
    if (entries.length === 0) return;
    await this.db
      .insertInto('archive_acl')
      .values(
        entries.map((entry, position) => ({
          archive_id: archiveId,
          principal_type: entry.principalType,
          principal_id: entry.principalId,
          permissions: entry.permissions,
          auto_search: entry.autoSearch ?? '',
          position,
        })),
      )
      .execute();
  }

  /**
   * The access lists of `archiveIds`, each in list order, with each member's name (a user's full name or user name, a
   * group's name) and description. Entries naming a deleted user are left out.
   */
  async aclOf(archiveIds: readonly number[]): Promise<Map<number, ListedAclEntry[]>> {
    const result = new Map<number, ListedAclEntry[]>(archiveIds.map((id) => [id, []]));
    if (archiveIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('archive_acl as a')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'a.principal_id').on('a.principal_type', '=', 'user'))
      .leftJoin('groups as g', (join) => join.onRef('g.id', '=', 'a.principal_id').on('a.principal_type', '=', 'group'))
      .select([
        'a.archive_id',
        'a.principal_type',
        'a.principal_id',
        'a.permissions',
        'a.auto_search',
        sql<string | null>`CASE WHEN a.principal_type = 'user' THEN coalesce(nullif(u.full_name, ''), u.username) ELSE g.name END`.as('name'),
        sql<string | null>`CASE WHEN a.principal_type = 'user' THEN u.description ELSE g.description END`.as('description'),
        sql<boolean>`(a.principal_type = 'user' AND (u.id IS NULL OR u.deleted IS NOT NULL)) OR (a.principal_type = 'group' AND g.id IS NULL)`.as('gone'),
      ])
      .where('a.archive_id', 'in', [...archiveIds])
      .orderBy('a.archive_id')
      .orderBy('a.position')
      .orderBy('a.principal_type')
      .orderBy('a.principal_id')
      .execute();
    for (const row of rows) {
      if (row.gone) continue;
      result.get(row.archive_id)!.push({
        principalType: row.principal_type,
        principalId: row.principal_id,
        permissions: row.permissions,
        autoSearch: row.auto_search,
        name: row.name ?? '',
        description: row.description ?? '',
      });
    }
    return result;
  }

  /**
   * What the entries naming the user or one of the user's groups grant on each archive ({@link AclGrant}). Archives
   * the caller has no entry on are absent from the map.
   */
  async grantsFor(userId: number, groupIds: number[], archiveIds?: number[]): Promise<Map<number, AclGrant>> {
    let query = this.db
      .selectFrom('archive_acl')
      .select(['archive_id', 'permissions', 'auto_search'])
      .where((eb) =>
        eb.or([
          eb.and([eb('principal_type', '=', 'user'), eb('principal_id', '=', userId)]),
          ...(groupIds.length ? [eb.and([eb('principal_type', '=', 'group'), eb('principal_id', 'in', groupIds)])] : []),
        ]),
      );
    if (archiveIds) {
      if (archiveIds.length === 0) return new Map();
      query = query.where('archive_id', 'in', archiveIds);
    }
    const rows = await query.execute();
    const result = new Map<number, AclGrant>();
    for (const row of rows) {
      const grant = result.get(row.archive_id) ?? { permissions: new Set<string>(), autoSearches: [] };
      for (const p of row.permissions) grant.permissions.add(p);
      if (row.permissions.includes('View') && grant.autoSearches !== null) {
        const expression = row.auto_search.trim();
        grant.autoSearches = expression === '' ? null : [...grant.autoSearches, expression];
      }
      result.set(row.archive_id, grant);
    }
    return result;
  }

  /** The union of permission ids a caller holds on each archive ({@link grantsFor} without the filters). */
  async permissionsFor(userId: number, groupIds: number[], archiveIds?: number[]): Promise<Map<number, Set<string>>> {
    const grants = await this.grantsFor(userId, groupIds, archiveIds);
    return new Map([...grants].map(([id, grant]) => [id, grant.permissions]));
  }

  findFolder(archiveId: number, path: string): Promise<FolderRow | undefined> {
    return this.db.selectFrom('folders').selectAll().where('archive_id', '=', archiveId).where('path', '=', path).executeTakeFirst();
  }

  /** A folder by its id (a pin names folders by id), or undefined when it is gone. */
  findFolderById(id: number): Promise<FolderRow | undefined> {
    return this.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Direct child folders of `parentPath` ('' for the archive root), by name. */
  childFolders(archiveId: number, parentPath: string): Promise<FolderRow[]> {
    return this.db.selectFrom('folders').selectAll().where('archive_id', '=', archiveId).where('parent_path', '=', parentPath).orderBy('name').execute();
  }

  /** Gives archive `to` every folder of archive `from` it does not have yet (before moving `from`'s assets there). */
  async copyFolders(from: number, to: number): Promise<void> {
    await this.db
      .insertInto('folders')
      .columns(['archive_id', 'path', 'name', 'parent_path'])
      .expression((eb) =>
        eb
          .selectFrom('folders')
          .select([sql<number>`${to}::int`.as('archive_id'), 'path', 'name', 'parent_path'])
          .where('archive_id', '=', from),
      )
      .onConflict((oc) => oc.columns(['archive_id', 'path']).doNothing())
      .execute();
  }

  /** Creates a folder and its missing ancestors (`a/b/c` creates `a`, `a/b`, `a/b/c`). */
  async ensureFolder(archiveId: number, path: string): Promise<void> {
    const segments = path.split('/').filter(Boolean);
    for (let i = 0; i < segments.length; i++) {
      const current = segments.slice(0, i + 1).join('/');
      const parent = segments.slice(0, i).join('/');
      await this.db
        .insertInto('folders')
        .values({ archive_id: archiveId, path: current, name: segments[i]!, parent_path: parent })
        .onConflict((oc) => oc.columns(['archive_id', 'path']).doNothing())
        .execute();
    }
  }

  /** Asset counts per archive (for collection lists). */
  async assetCounts(archiveIds: number[]): Promise<Map<number, number>> {
    if (archiveIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('assets')
      .select(['archive_id', sql<number>`count(*)::int`.as('n')])
      .where('archive_id', 'in', archiveIds)
      .where('deleted', 'is', null)
      .groupBy('archive_id')
      .execute();
    return new Map(rows.map((r) => [r.archive_id, Number(r.n)]));
  }
}
