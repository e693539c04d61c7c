import type { Asset, ArchivePermission, DocType } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import { archiveKey, assetHref, collectionHref, previewHref, revisionsHref } from './hrefs.ts';
import { metadataEditorLink } from './metadata-view.presenter.ts';
import type { MetadataViewUpdate } from '@magpie/api-types';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';
import { fieldsOfView } from '../metadata/validate.ts';

/** FotoWeb's built-in field roles, in FotoWeb's order (fotoweb-api-notes §3.3). */
const BUILTIN_ROLES = ['title', 'description', 'tags', 'status', 'rating', 'notes'] as const;

/**
 * An asset's `builtinFields` by a metadata view (fotoweb-api-notes §3.3, §4): each role with the value of the field the
 * view maps it to and that field's `required`; roles the view leaves unmapped are left out.
 */
function builtinFieldsOf(metadata: AssetRow['metadata'], view: MetadataViewUpdate): Asset['builtinFields'] {
  const fields = fieldsOfView(view);
  return BUILTIN_ROLES.flatMap((role) => {
    const id = view.builtinFields[role];
    if (id === null) return [];
    const description = fields.get(String(id));
    const empty = description?.field['multi-instance'] ? [] : '';
    return [{ field: role, required: description?.required ?? false, value: metadata[String(id)] ?? empty }];
  });
}

/** The href of an asset row's original rendition. */
export function originalRenditionHref(archive: ArchiveRow, asset: AssetRow): string {
  return `${assetHref(archive, asset.folder_path, asset.filename)}/__renditions/ORIGINAL`;
}

function iso(date: Date): string {
  return date.toISOString();
}

/** An asset's previews (`previews[]`; empty without one), their hrefs versioned by the asset's last change. */
export function presentPreviews(asset: Pick<AssetRow, 'id' | 'has_preview' | 'previews' | 'modified'>): Asset['previews'] {
  if (!asset.has_preview) return [];
  const version = asset.modified.getTime();
  return asset.previews.map((p) => ({ size: p.size, width: p.width, height: p.height, square: p.square, href: previewHref(asset.id, p.size, p.square, version) }));
}

/**
 * Turns an asset row into FotoWeb's asset representation (`application/vnd.fotoware.asset+json`,
 * fotoweb-api-notes §3.3), with the caller's permissions on the archive. `builtinFields` follow `view` (the archive's
 * metadata view; the default view when not given, as in asset lists).
 */
export function presentAsset(archive: ArchiveRow, asset: AssetRow, permissions: Iterable<string>, view: MetadataViewUpdate = DEFAULT_METADATA_VIEW): Asset {
  const href = assetHref(archive, asset.folder_path, asset.filename);
  const metadata = Object.fromEntries(Object.entries(asset.metadata).map(([field, value]) => [field, { value }]));
  const builtinFields = builtinFieldsOf(asset.metadata, view);
  const previews = presentPreviews(asset);
  const technical = asset.technical as Record<string, unknown>;
  const title = view.builtinFields.title === null ? undefined : asset.metadata[String(view.builtinFields.title)];
  return {
    href,
    linkstance: href,
    archiveHREF: collectionHref(archive),
    archiveId: archive.id,
    physicalFileId: `${archiveKey(archive)}/${asset.folder_path ? `${asset.folder_path}/` : ''}${asset.filename}`,
    filename: asset.filename,
    filesize: asset.filesize,
    uniqueid: String(asset.id),
    doctype: asset.doctype as DocType,
    created: iso(asset.created),
    createdBy: asset.created_by,
    modified: iso(asset.modified),
    modifiedBy: asset.modified_by,
    attributes: {
      imageattributes:
        asset.width !== null && asset.height !== null
          ? {
              pixelwidth: asset.width,
              pixelheight: asset.height,
              resolution: asset.resolution ?? 72,
              colorspace: asset.colorspace ?? 'unknown',
              flipmirror: 0,
              rotation: rotationOf(asset.orientation),
            }
          : undefined,
      photoAttributes:
        technical.make || technical.model
          ? {
              ...(typeof technical.make === 'string' ? { cameraMake: technical.make } : {}),
              ...(typeof technical.model === 'string' ? { cameraModel: technical.model } : {}),
              ...(typeof technical.dateTimeOriginal === 'string' ? { dateTimeOriginal: technical.dateTimeOriginal } : {}),
            }
          : undefined,
    },
    builtinFields,
    metadata,
    metadataEditor: metadataEditorLink(archive),
    previews,
    renditions: [
      {
        default: true,
        original: true,
        description: 'Original File',
        display_name: 'Original File',
        width: asset.width ?? 0,
        height: asset.height ?? 0,
        profile: 'ORIGINAL',
        sizeFixed: false,
        href: originalRenditionHref(archive, asset),
      },
    ],
    revisions: { href: revisionsHref(href) },
    capabilities: { crop: false, print: asset.has_preview, printWithAnnotations: false },
    permissions: [...permissions] as ArchivePermission[],
    props: { annotations: { enabled: false }, comments: { enabled: false }, shares: { enabled: false }, owner: null, tags: [] },
    thumbnailFields: {
      label: { value: asset.filename },
      firstLine: { value: typeof title === 'string' ? title : '' },
      secondLine: { value: (view.builtinFields.tags === null ? undefined : asset.metadata[String(view.builtinFields.tags)]) ?? [] },
      additionalFields: [],
    },
    pincount: 0,
    previewcount: 0,
    downloadcount: 0,
    metadataeditcount: 0,
    revisioncount: asset.revision_count,
    workflowcount: 0,
    hasPreview: asset.has_preview,
    contentHash: asset.content_hash,
    warnings: asset.warnings,
    metadataWriteback: { status: asset.writeback_status, message: asset.writeback_message },
  };
}

/** FotoWeb's `rotation` attribute (degrees clockwise) from an EXIF orientation 1-8. */
function rotationOf(orientation: number | null): number {
  switch (orientation) {
    case 3:
    case 4:
      return 180;
    case 5:
    case 6:
      return 90;
    case 7:
    case 8:
      return 270;
    default:
      return 0;
  }
}

/** The presented asset's type. */
export type PresentedAsset = Asset;
