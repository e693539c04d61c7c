import { sql, type Kysely } from 'kysely';
import type { ArchiveRow, Database, FolderRow } from '../db/schema.ts';

/** An access-list entry: a member (user or group) and the archive permission ids it grants (spec 03 §3.11). */
export interface AclEntry {
  principalType: 'user' | 'group';
  principalId: number;
  permissions: string[];
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

  findByName(name: string): Promise<ArchiveRow | undefined> {
    return this.db.selectFrom('archives').selectAll().where('name', '=', name).executeTakeFirst();
  }

  create(archive: { name: string; description?: string }): Promise<ArchiveRow> {
    return this.db
      .insertInto('archives')
      .values({ name: archive.name, description: archive.description ?? '' })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Replaces one member's entry in an archive's access list. */
  async setAcl(archiveId: number, entry: AclEntry): Promise<void> {
    await this.db
      .insertInto('archive_acl')
      .values({ archive_id: archiveId, principal_type: entry.principalType, principal_id: entry.principalId, permissions: entry.permissions })
      .onConflict((oc) => oc.columns(['archive_id', 'principal_type', 'principal_id']).doUpdateSet({ permissions: entry.permissions }))
      .execute();
  }

  /**
   * The union of permission ids a caller holds on each archive, from the entries naming the user or one of the
   * user's groups. Archives the caller has no entry on are absent from the map.
   */
  async permissionsFor(userId: number, groupIds: number[], archiveIds?: number[]): Promise<Map<number, Set<string>>> {
    let query = this.db
      .selectFrom('archive_acl')
      .select(['archive_id', 'permissions'])
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
    const result = new Map<number, Set<string>>();
    for (const row of rows) {
      const set = result.get(row.archive_id) ?? new Set<string>();
      for (const p of row.permissions) set.add(p);
      result.set(row.archive_id, set);
    }
    return result;
  }

  findFolder(archiveId: number, path: string): Promise<FolderRow | undefined> {
    return this.db.selectFrom('folders').selectAll().where('archive_id', '=', archiveId).where('path', '=', path).executeTakeFirst();
  }

  /** Direct child folders of `parentPath` ('' for the archive root), by name. */
  childFolders(archiveId: number, parentPath: string): Promise<FolderRow[]> {
    return this.db.selectFrom('folders').selectAll().where('archive_id', '=', archiveId).where('parent_path', '=', parentPath).orderBy('name').execute();
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
      .groupBy('archive_id')
      .execute();
    return new Map(rows.map((r) => [r.archive_id, Number(r.n)]));
  }
}
