import type { TrashList } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import { assetHref, collectionHref } from './hrefs.ts';
import { presentPreviews } from './asset.presenter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The trash (`TrashList`, issue 13): each entry with where it was (`href`, archive, folder), who deleted it and when,
 * and when the sweep purges it (`deleted` + `retentionDays`).
 */
export function presentTrash(rows: readonly AssetRow[], archives: ReadonlyMap<number, ArchiveRow>, total: number, retentionDays: number): TrashList {
  const data = rows.flatMap((row) => {
    const archive = archives.get(row.archive_id);
    if (!archive || !row.deleted) return [];
    return [
      {
        id: row.id,
        href: assetHref(archive, row.folder_path, row.filename),
        filename: row.filename,
        filesize: Number(row.filesize),
        archiveName: archive.name,
        archiveHREF: collectionHref(archive),
        folderPath: row.folder_path,
        deleted: row.deleted.toISOString(),
        deletedBy: row.deleted_by ?? '',
        purgeAfter: new Date(row.deleted.getTime() + retentionDays * DAY_MS).toISOString(),
        previews: presentPreviews(row),
      },
    ];
  });
  return { data, total, retentionDays };
}
