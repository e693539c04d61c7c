import type { Dam, MetadataView } from '@magpie/api-types';
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

type ThumbnailFieldDescription = Dam.components['schemas']['ThumbnailFieldDescription'];
type FieldDescription = Dam.components['schemas']['FieldDescription'];

/** Every client kind FotoWeb names; Magpie's thumbnails show the same lines in each. */
const ALL_VIEWS: ThumbnailFieldDescription['views'] = ['mobile', 'desktop', 'widgets', 'web', 'pro'];

/** A thumbnail line showing a metadata field (its description in the view), or none (`field` null). */
function thumbnailLine(description: FieldDescription | null): ThumbnailFieldDescription {
  return {
    field: description?.field ?? null,
    valueStore: 'metadata',
    views: ALL_VIEWS,
    isWritable: description?.isWritable ?? false,
    required: description?.required ?? false,
    'taxonomy-only': description?.['taxonomy-only'] ?? false,
  };
}

/**
 * A stored view as FotoWeb's `metadata-set` (fotoweb-api-notes §4): `builtinFields` carry the descriptions of the
 * fields the view maps to each built-in role (null when unmapped); `thumbnailFields` the lines of a thumbnail, as the
 * asset presenter fills them (label: the file name; first line: the title field; second line: the tags field).
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
    thumbnailFields: {
      label: { field: null, valueStore: 'filename', views: ALL_VIEWS, isWritable: false, required: false, 'taxonomy-only': false },
      firstLine: thumbnailLine(builtin(b.title)),
      secondLine: thumbnailLine(builtin(b.tags)),
      additionalFields: [],
    },
  };
}
