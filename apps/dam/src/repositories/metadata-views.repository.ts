import type { Kysely } from 'kysely';
import type { MetadataViewUpdate } from '@magpie/api-types';
import type { Database, MetadataViewRow } from '../db/schema.ts';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';

/** A metadata view as stored: its id, archive and definition (dam.yaml `MetadataViewUpdate`). */
export interface StoredMetadataView {
  id: string;
  archiveId: number;
  definition: MetadataViewUpdate;
  modified: Date;
}

/**
 * The metadata view id of an archive: a UUID-shaped id derived from the archive id, so links (`metadataEditor`) need
 * no lookup. `archiveIdOfView` inverts it.
 */
export function metadataViewId(archiveId: number): string {
  return `00000000-0000-4000-8000-${String(archiveId).padStart(12, '0')}`;
}

/** The archive id a {@link metadataViewId} names, or undefined for any other id. */
export function archiveIdOfView(id: string): number | undefined {
  const match = /^00000000-0000-4000-8000-(\d{12})$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

function toStored(row: MetadataViewRow): StoredMetadataView {
  return { id: row.id, archiveId: row.archive_id, definition: row.definition as MetadataViewUpdate, modified: row.modified };
}

/** Metadata views, one per archive; an archive without a stored view gets the default view on first use. */
export class MetadataViewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The archive's view, created from {@link DEFAULT_METADATA_VIEW} when it has none yet. */
  async forArchive(archiveId: number): Promise<StoredMetadataView> {
    const id = metadataViewId(archiveId);
    const found = await this.db.selectFrom('metadata_views').selectAll().where('id', '=', id).executeTakeFirst();
    if (found) return toStored(found);
    await this.db
      .insertInto('metadata_views')
      .values({ id, archive_id: archiveId, name: DEFAULT_METADATA_VIEW.name, definition: JSON.stringify(DEFAULT_METADATA_VIEW) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return toStored(await this.db.selectFrom('metadata_views').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  }

  /** Replaces the archive's view definition. */
  async replace(archiveId: number, definition: MetadataViewUpdate): Promise<StoredMetadataView> {
    await this.forArchive(archiveId);
    const row = await this.db
      .updateTable('metadata_views')
      .set({ name: definition.name, definition: JSON.stringify(definition), modified: new Date() })
      .where('archive_id', '=', archiveId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStored(row);
  }
}
