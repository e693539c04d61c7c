import type { MetadataView } from '@magpie/api-types';
import type { ArchiveRow } from '../db/schema.ts';
import type { StoredMetadataView } from '../repositories/metadata-views.repository.ts';
import { viewIdOfArchive } from '../repositories/metadata-views.repository.ts';
import { fieldsOfView } from '../metadata/validate.ts';
import { API_ROOT } from './hrefs.ts';

/** The URL of a metadata view (`metadata-set`) by its id. */
export function metadataViewHref(viewId: string): string {
  return `${API_ROOT}/editors/${viewId}`;
}

/**
 * The `metadataEditor` link of an archive's collections and assets `{href, name}` (fotoweb-api-notes §3.3). `name` is
 * the archive's name, so links need no lookup; the view's own name is in the view.
 */
export function metadataEditorLink(archive: Pick<ArchiveRow, 'id' | 'name' | 'metadata_view_id'>): { href: string; name: string } {
  return { href: metadataViewHref(viewIdOfArchive(archive)), name: archive.name };
}

/**
 * A stored view as FotoWeb's `metadata-set` (fotoweb-api-notes §4): `builtinFields` carry the descriptions of the
 * fields the view maps to each built-in role (null when unmapped).
 */
export function presentMetadataView(view: StoredMetadataView): MetadataView {
  const { definition } = view;
  const fields = fieldsOfView(definition);
  const builtin = (id: number | null) => (id === null ? null : (fields.get(String(id)) ?? null));
  const b = definition.builtinFields;
  return {
    id: view.id,
    href: metadataViewHref(view.id),
    name: definition.name,
    preserveModificationTime: definition.preserveModificationTime ?? false,
    builtinFields: {
      title: builtin(b.title),
      description: builtin(b.description),
      tags: builtin(b.tags),
      status: builtin(b.status),
      rating: builtin(b.rating),
      notes: builtin(b.notes),
    },
    detailRegions: definition.detailRegions,
  };
}
