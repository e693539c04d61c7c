import type { Kysely } from 'kysely';
import type { Database, PinKind, PinRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

/**
 * What a pin points at, by id: an asset, an archive, a folder (`folders.id`), an album, or a taxonomy item (its id)
 * browsed in the archive `archiveId`.
 */
export interface PinTarget {
  readonly kind: PinKind;
  readonly id: number;
  /** The archive a taxonomy item is browsed in (`taxonomyItem` only). */
  readonly archiveId?: number | undefined;
}

/** The target column of each kind (migrations 0014, 0017, 0021). */
const COLUMN = { asset: 'asset_id', archive: 'archive_id', folder: 'folder_id', album: 'album_id', taxonomyItem: 'taxonomy_item_id' } as const;

/** The columns a target sets. */
function targetValues(target: PinTarget) {
  return target.kind === 'taxonomyItem' ? { taxonomy_item_id: target.id, taxonomy_archive_id: target.archiveId! } : { [COLUMN[target.kind]]: target.id };
}

/** A user's pins (migration 0014): listed newest first, added up to a limit, removed. */
export class PinsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's pins, newest first. */
  list(userId: number): Promise<PinRow[]> {
    return this.db.selectFrom('pins').selectAll().where('user_id', '=', userId).orderBy('created', 'desc').orderBy('id', 'desc').execute();
  }

  /**
   * Pins `targets` for the user, in order, skipping those already pinned, while the user has fewer than `limit`
   * pins. The user's row is locked meanwhile, so two requests at once cannot pass the limit together.
   * @returns how many pins were added (0 when every target was pinned already, or at the limit).
   */
  add(userId: number, targets: readonly PinTarget[], limit: number): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const { count } = await trx
        .selectFrom('pins')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      let room = limit - Number(count);
      let added = 0;
      // Newest first in lists: the first target gets the latest time, so a batch lists in the order it was sent.
      const now = Date.now();
      for (const [index, target] of targets.entries()) {
        if (room <= 0) break;
        let existing = trx.selectFrom('pins').select('id').where('user_id', '=', userId).where(COLUMN[target.kind], '=', target.id);
        if (target.kind === 'taxonomyItem') existing = existing.where('taxonomy_archive_id', '=', target.archiveId!);
        if (await existing.executeTakeFirst()) continue;
        await trx
          .insertInto('pins')
          .values({ user_id: userId, kind: target.kind, ...targetValues(target), created: new Date(now - index) })
          .execute();
        room--;
        added++;
      }
      return added;
    });
  }

  /** Removes the user's pins of `targets` (targets not pinned are ignored). @returns how many were removed. */
  async remove(userId: number, targets: readonly PinTarget[]): Promise<number> {
    let removed = 0;
    for (const kind of ['asset', 'archive', 'folder', 'album'] as const) {
      const ids = targets.filter((t) => t.kind === kind).map((t) => t.id);
      if (ids.length === 0) continue;
      const result = await this.db.deleteFrom('pins').where('user_id', '=', userId).where(COLUMN[kind], 'in', ids).executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    for (const target of targets.filter((t) => t.kind === 'taxonomyItem')) {
      const result = await this.db
        .deleteFrom('pins')
        .where('user_id', '=', userId)
        .where('taxonomy_item_id', '=', target.id)
        .where('taxonomy_archive_id', '=', target.archiveId!)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  }

  /** Replaces the user's taxonomy item pins by exactly `targets` (keeping those already there), for `taxonomyPinned`. */
  async replaceTaxonomyItems(userId: number, targets: ReadonlyArray<{ id: number; archiveId: number }>, limit: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const rows = await trx
        .selectFrom('pins')
        .select(['id', 'taxonomy_item_id', 'taxonomy_archive_id'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'taxonomyItem')
        .execute();
      const kept = new Set(targets.map((t) => `${t.archiveId}/${t.id}`));
      const gone = rows.filter((row) => !kept.has(`${row.taxonomy_archive_id}/${row.taxonomy_item_id}`)).map((row) => row.id);
      if (gone.length > 0) await trx.deleteFrom('pins').where('id', 'in', gone).execute();
      await new PinsRepository(trx).add(
        userId,
        targets.map((t) => ({ kind: 'taxonomyItem' as const, id: t.id, archiveId: t.archiveId })),
        limit,
      );
    });
  }

  /** Replaces the user's pins of one kind by exactly `ids` (keeping those already there), for the preference lists. */
  async replaceKind(userId: number, kind: Exclude<PinKind, 'asset' | 'taxonomyItem'>, ids: readonly number[], limit: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const column = COLUMN[kind];
      let remove = trx.deleteFrom('pins').where('user_id', '=', userId).where('kind', '=', kind);
      if (ids.length > 0) remove = remove.where(column, 'not in', ids);
      await remove.execute();
      await new PinsRepository(trx).add(
        userId,
        ids.map((id) => ({ kind, id })),
        limit,
      );
    });
  }
}
