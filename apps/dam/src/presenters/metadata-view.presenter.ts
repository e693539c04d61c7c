import type { MetadataView } from '@magpie/api-types';
import type { ArchiveRow } from '../db/schema.ts';
import type { StoredMetadataView } from '../repositories/metadata-views.repository.ts';
import { metadataViewId } from '../repositories/metadata-views.repository.ts';
import { fieldsOfView } from '../metadata/validate.ts';
import { API_ROOT } from './hrefs.ts';

/** The URL of an archive's metadata view (`metadata-set`). */
export function metadataViewHref(archiveId: number): string {
  return `${API_ROOT}/editors/${metadataViewId(archiveId)}`;
}

/**
 * The `metadataEditor` link of an archive's collections and assets `{href, name}` (fotoweb-api-notes §3.3). `name` is
 * the archive's name, so links need no lookup; the view's own name is in the view.
 */
export function metadataEditorLink(archive: Pick<ArchiveRow, 'id' | 'name'>): { href: string; name: string } {
  return { href: metadataViewHref(archive.id), name: archive.name };
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
    href: metadataViewHref(view.archiveId),
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
