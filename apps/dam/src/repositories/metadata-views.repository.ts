import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataViewUpdate } from '@magpie/api-types';
import type { Database, MetadataViewRow } from '../db/schema.ts';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';

/** A metadata view as stored: its id, the archive it was made for (if any) and its definition (dam.yaml `MetadataViewUpdate`). */
export interface StoredMetadataView {
  id: string;
  /** The archive the view was made for; null for a view made by copying (several archives may use one view). */
  archiveId: number | null;
  definition: MetadataViewUpdate;
  modified: Date;
}

/**
 * The id of an archive's own metadata view: a UUID-shaped id derived from the archive id, so an archive that never
 * chose a view (`archives.metadata_view_id` null) needs no lookup to name its view.
 */
export function metadataViewId(archiveId: number): string {
  return `00000000-0000-4000-8000-${String(archiveId).padStart(12, '0')}`;
}

/** The id of the view an archive uses: its chosen one, else its own ({@link metadataViewId}). */
export function viewIdOfArchive(archive: { id: number; metadata_view_id: string | null }): string {
  return archive.metadata_view_id ?? metadataViewId(archive.id);
}

function toStored(row: MetadataViewRow): StoredMetadataView {
  return { id: row.id, archiveId: row.archive_id, definition: row.definition as MetadataViewUpdate, modified: row.modified };
}

/**
 * Metadata views (issue 5, issue 12). Each archive uses one view: the one it chose (`archives.metadata_view_id`), or
 * its own, created from the default view on first use. Administrators create views (from the default or as a copy),
 * and several archives may share one.
 */
export class MetadataViewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The view with this id, or undefined. */
  async findById(id: string): Promise<StoredMetadataView | undefined> {
    const row = await this.db.selectFrom('metadata_views').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStored(row);
  }

  /** Every stored view, by name then id. */
  async list(): Promise<StoredMetadataView[]> {
    const rows = await this.db.selectFrom('metadata_views').selectAll().orderBy('name').orderBy('id').execute();
    return rows.map(toStored);
  }

  /**
   * The view archive `archiveId` uses: the chosen one, or its own, created from {@link DEFAULT_METADATA_VIEW} when it
   * has none yet. @throws Error when the archive does not exist.
   */
  async forArchive(archiveId: number): Promise<StoredMetadataView> {
    const archive = await this.db.selectFrom('archives').select(['id', 'metadata_view_id']).where('id', '=', archiveId).executeTakeFirstOrThrow();
    const id = viewIdOfArchive(archive);
    const found = await this.findById(id);
    if (found) return found;
    await this.db
      .insertInto('metadata_views')
      .values({ id, archive_id: archiveId, name: DEFAULT_METADATA_VIEW.name, definition: JSON.stringify(DEFAULT_METADATA_VIEW) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return toStored(await this.db.selectFrom('metadata_views').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  }

  /** Creates a view with a new id (a UUID), for no archive. */
  async create(definition: MetadataViewUpdate): Promise<StoredMetadataView> {
    const row = await this.db
      .insertInto('metadata_views')
      .values({ id: randomUUID(), archive_id: null, name: definition.name, definition: JSON.stringify(definition) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStored(row);
  }

  /** Replaces a view's definition. @returns the view, or undefined when there is no such view. */
  async replace(id: string, definition: MetadataViewUpdate): Promise<StoredMetadataView | undefined> {
    const row = await this.db
      .updateTable('metadata_views')
      .set({ name: definition.name, definition: JSON.stringify(definition), modified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toStored(row);
  }

  /** The ids of the archives that use view `id` (chosen or their own). */
  async archivesUsing(id: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('archives')
      .select(['id', 'metadata_view_id'])
      .where((eb) => eb.or([eb('metadata_view_id', '=', id), eb.and([eb('metadata_view_id', 'is', null), eb('id', '=', archiveIdOfOwnView(id) ?? -1)])]))
      .execute();
    return rows.map((r) => r.id);
  }
}

/** Largest archive id (PostgreSQL `integer`). */
const MAX_ARCHIVE_ID = 2_147_483_647;

/**
 * The archive whose own view {@link metadataViewId} names, or undefined for any other id (one whose number could not
 * be an archive id, e.g. `…-999999999999`, names none).
 */
export function archiveIdOfOwnView(id: string): number | undefined {
  const match = /^00000000-0000-4000-8000-(\d{12})$/.exec(id);
  const archiveId = match ? Number(match[1]) : undefined;
  return archiveId !== undefined && archiveId <= MAX_ARCHIVE_ID ? archiveId : undefined;
}
