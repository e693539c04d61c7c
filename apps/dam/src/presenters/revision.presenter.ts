import type { FieldChange, Revision } from '@magpie/api-types';
import type { ArchiveRow, AssetRow, RevisionRow, StoredFieldChange } from '../db/schema.ts';
import { assetHref, revisionsHref } from './hrefs.ts';

/** Field id → label from the metadata view; unknown fields are labelled with their id. */
export type FieldLabels = ReadonlyMap<string, string>;

/** A stored field change with its label (dam.yaml `FieldChange`). */
export function presentFieldChange(change: StoredFieldChange, labels: FieldLabels): FieldChange {
  return { field: change.field, label: labels.get(String(change.field)) ?? String(change.field), before: change.before, after: change.after };
}

/**
 * A revision row of an asset as dam.yaml `Revision` (Magpie's shape; spec 01 §3 Revision: id, number), its href
 * under the asset's `revisions.href`; `current` marks the asset's newest revision.
 */
export function presentRevision(
  row: RevisionRow,
  of: { archive: Pick<ArchiveRow, 'id' | 'name'>; asset: Pick<AssetRow, 'folder_path' | 'filename'> },
  current: boolean,
  labels: FieldLabels,
): Revision {
  return {
    id: String(row.number),
    number: row.number,
    href: `${revisionsHref(assetHref(of.archive, of.asset.folder_path, of.asset.filename))}${row.number}`,
    kind: row.kind,
    created: row.created.toISOString(),
    createdBy: row.created_by,
    comment: row.comment,
    current,
    changes: row.changes.map((change) => presentFieldChange(change, labels)),
    fileChanged: row.file_changed,
    filesize: Number(row.filesize),
    contentHash: row.content_hash,
    rolledBackTo: row.rolled_back_to,
  };
}
