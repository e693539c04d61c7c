import { createHash } from 'node:crypto';
import type { Asset, ArchivePermission, Dam, DocType } from '@magpie/api-types';
import type { ArchiveRow, AssetRow, WebVideo, ProcessingProfileRow } from '../db/schema.ts';
import { archiveKey, assetHref, collectionHref, documentPagesHref, previewHref, revisionsHref, webVideoHref } from './hrefs.ts';
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

/**
 * What an asset shows beyond its row (issue 16): the processing profiles it offers as renditions, the caller's
 * `previewToken` for it, and the fragment of its `dropHREF` for the caller (`u=<user id>&m=<mac>`).
 */
export interface AssetExtras {
  profiles?: readonly ProcessingProfileRow[];
  previewToken?: string;
  dropFragment?: string;
}

/** The extras of the assets one caller is shown: made once per answer (profiles read once), then per asset. */
export type AssetExtrasFor = (caller: { userId: number }) => Promise<(asset: AssetRow) => AssetExtras>;

/** Pixel size (px) of an image of `width` × `height` scaled down, never up, to fit `size` on its longest side. */
function scaledTo(width: number, height: number, size: number | null): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (size === null || longest <= size || longest === 0) return { width, height };
  return { width: Math.max(1, Math.round((width * size) / longest)), height: Math.max(1, Math.round((height * size) / longest)) };
}

/** The href of an asset row's original rendition. */
export function originalRenditionHref(archive: ArchiveRow, asset: AssetRow): string {
  return `${assetHref(archive, asset.folder_path, asset.filename)}/__renditions/ORIGINAL`;
}

function iso(date: Date): string {
  return date.toISOString();
}

/**
 * The state of a movie's web-playable copy (dam.yaml `WebVideo`, issue 16): the store key stays inside the DAM; a
 * ready copy gets an href versioned by that key.
 */
export function presentWebVideo(assetId: number, state: WebVideo): NonNullable<Asset['webVideo']> {
  const { status, progress, width, height, duration, message } = state;
  const href = status === 'ready' && state.file ? webVideoHref(assetId, webVideoVersion(state.file)) : undefined;
  return Object.fromEntries(Object.entries({ status, progress, href, width, height, duration, message }).filter(([, v]) => v !== undefined)) as NonNullable<Asset['webVideo']>;
}

/** The version part of a web video's href: a digest of its store key (a new copy has a new key). */
export function webVideoVersion(fileKey: string): string {
  return createHash('sha256').update(fileKey).digest('hex').slice(0, 12);
}

/** `documentPages` of a PDF with a preview and a known page count (dam.yaml `Asset.documentPages`, issue 16). */
function documentPagesOf(asset: AssetRow): Pick<Asset, 'documentPages'> {
  const count = (asset.technical as StoredTechnical).pageCount;
  if (asset.mime !== 'application/pdf' || !asset.has_preview || count === undefined) return {};
  return { documentPages: { count, href: documentPagesHref(asset.id, asset.modified.getTime()) } };
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
export function presentAsset(
  archive: ArchiveRow,
  asset: AssetRow,
  permissions: Iterable<string>,
  view: MetadataViewUpdate = DEFAULT_METADATA_VIEW,
  extras: AssetExtras = {},
): Asset {
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
    ...(extras.dropFragment ? { dropHREF: `${href}#${extras.dropFragment}` } : {}),
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
      ...mediaAttributes(asset),
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
      // One per processing profile (issue 16): its GUID names it; images get the size it makes.
      ...(extras.profiles ?? []).map((profile) => {
        const size = asset.doctype === 'image' && asset.width !== null && asset.height !== null ? scaledTo(asset.width, asset.height, profile.size) : { width: 0, height: 0 };
        return {
          default: false,
          original: false,
          description: `${profile.name} (${profile.size === null ? 'original size' : `${profile.size} px`}, ${profile.format.toUpperCase()})`,
          display_name: profile.name,
          width: size.width,
          height: size.height,
          profile: profile.id,
          sizeFixed: profile.size !== null,
          href: `${href}/__renditions/${profile.id}`,
        };
      }),
    ],
    quickRenditions: [],
    ...(extras.previewToken ? { previewToken: extras.previewToken } : {}),
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
    ...(asset.web_video ? { webVideo: presentWebVideo(asset.id, asset.web_video) } : {}),
    ...documentPagesOf(asset),
    contentHash: asset.content_hash,
    warnings: asset.warnings,
    metadataWriteback: { status: asset.writeback_status, message: asset.writeback_message },
  };
}

type AssetAttributes = Dam.components['schemas']['AssetAttributes'];

/** The technical facts ingest stored (`TechnicalMetadata` of media/metadata.ts), as far as the presenter reads them. */
interface StoredTechnical {
  duration?: number;
  video?: { codec?: string; frameRate?: number; bitRate?: number };
  audio?: { codec?: string; sampleRate?: number; channels?: number };
  pageCount?: number;
}

/** Keeps the members whose value is defined. */
function defined<T extends Record<string, unknown>>(facts: T): Partial<T> {
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * `videoattributes` (movies), `audioattributes` (sound files) and `documentattributes` (documents with pages) from the
 * facts ExifTool read at ingest (issue 16; FotoWeb API notes §3.3 "Attribute blocks"). Durations in s, rates in Hz
 * and frames/s, bit rates in bit/s, sizes in px. A block is absent when nothing is known.
 */
function mediaAttributes(asset: AssetRow): Pick<AssetAttributes, 'videoattributes' | 'audioattributes' | 'documentattributes'> {
  const technical = asset.technical as StoredTechnical;
  const audio = defined({ audioCodec: technical.audio?.codec, audioSampleRate: technical.audio?.sampleRate, audioChannels: technical.audio?.channels });
  const result: Pick<AssetAttributes, 'videoattributes' | 'audioattributes' | 'documentattributes'> = {};
  if (asset.doctype === 'movie' || technical.video !== undefined) {
    result.videoattributes = defined({
      duration: technical.duration,
      frameRate: technical.video?.frameRate,
      videoCodec: technical.video?.codec,
      bitRate: technical.video?.bitRate,
      pixelwidth: asset.width ?? undefined,
      pixelheight: asset.height ?? undefined,
      rotation: rotationOf(asset.orientation),
      ...audio,
    });
  } else if (asset.doctype === 'audio' || technical.audio !== undefined) {
    result.audioattributes = defined({ duration: technical.duration, ...audio });
  }
  if (technical.pageCount !== undefined) result.documentattributes = { pageCount: technical.pageCount };
  return result;
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
