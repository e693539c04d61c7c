/**
 * What the asset view shows: the metadata fields of the default metadata view (FotoWeb field ids, as the DAM maps
 * them: fotoweb-api-notes §4) and the file facts, plus the choice of preview image for a given display size.
 */
import type { Asset, Preview } from '@magpie/api-types';
import { formatDuration, formatFileSize, formatMetadataDate, formatPixelSize } from './format.ts';

/** How a field's value is shown: plain text, multi-line text, tags (one chip per value) or a date. */
export type FieldKind = 'text' | 'multiline' | 'tags' | 'date';

/** One metadata field of the asset view. */
export interface MetadataFieldSpec {
  /** FotoWeb field id (digits). */
  readonly id: string;
  readonly label: string;
  readonly kind: FieldKind;
}

/** The fields of the asset view, in display order (FotoWeb's default metadata view ids). */
export const ASSET_VIEW_FIELDS: readonly MetadataFieldSpec[] = [
  { id: '5', label: 'Title', kind: 'text' },
  { id: '120', label: 'Description', kind: 'multiline' },
  { id: '25', label: 'Keywords', kind: 'tags' },
  { id: '80', label: 'Byline', kind: 'text' },
  { id: '90', label: 'City', kind: 'text' },
  { id: '101', label: 'Country', kind: 'text' },
  { id: '116', label: 'Copyright', kind: 'text' },
  { id: '55', label: 'Created', kind: 'date' },
];

/** The title field id (FotoWeb built-in `title`). */
export const TITLE_FIELD_ID = '5';

/** A field's values as a list of non-blank strings (a single-value field gives at most one). */
export function fieldValues(asset: Pick<Asset, 'metadata'>, fieldId: string): string[] {
  const value = asset.metadata?.[fieldId]?.value;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.map((v) => v.trim()).filter((v) => v !== '');
}

/** The title of an asset, or its file name when it has none (used as `alt` text and heading). */
export function assetTitle(asset: Pick<Asset, 'metadata' | 'filename'>): string {
  return fieldValues(asset, TITLE_FIELD_ID)[0] ?? asset.filename;
}

/** One row of the metadata panel. `values` holds one entry per tag, or one formatted text. */
export interface MetadataRow {
  readonly id: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly values: readonly string[];
}

/** The metadata panel's rows: every field of {@link ASSET_VIEW_FIELDS} that has a value. */
export function metadataRows(asset: Pick<Asset, 'metadata'>): MetadataRow[] {
  const rows: MetadataRow[] = [];
  for (const field of ASSET_VIEW_FIELDS) {
    const values = fieldValues(asset, field.id);
    if (values.length === 0) continue;
    const shown = field.kind === 'tags' ? values : [field.kind === 'date' ? formatMetadataDate(values.join(', ')) : values.join(', ')];
    rows.push({ id: field.id, label: field.label, kind: field.kind, values: shown });
  }
  return rows;
}

/**
 * The file facts of the asset view: file name, size, pixel size (when known), document type, and the media facts of
 * `videoattributes`, `audioattributes` and `documentattributes` (duration, frame rate, codecs, sample rate, pages;
 * issue 16), each only when known.
 */
export function fileFacts(asset: Pick<Asset, 'filename' | 'filesize' | 'doctype' | 'attributes'>): { label: string; value: string }[] {
  const image = asset.attributes?.imageattributes;
  const pixels = formatPixelSize(image?.pixelwidth, image?.pixelheight);
  const video = asset.attributes?.videoattributes;
  const audio = video ?? asset.attributes?.audioattributes;
  const pages = asset.attributes?.documentattributes?.pageCount;
  const fact = (label: string, value: string | undefined) => (value === undefined ? [] : [{ label, value }]);
  return [
    { label: 'File name', value: asset.filename },
    { label: 'File size', value: formatFileSize(asset.filesize) },
    ...(pixels ? [{ label: 'Pixel size', value: pixels }] : []),
    { label: 'Document type', value: asset.doctype },
    ...fact('Duration', audio?.duration === undefined ? undefined : formatDuration(audio.duration)),
    ...fact('Frame rate', video?.frameRate === undefined ? undefined : `${Math.round(video.frameRate * 100) / 100} fps`),
    ...fact('Video codec', video?.videoCodec),
    ...fact('Audio', audioText(audio)),
    ...fact('Pages', pages === undefined ? undefined : String(pages)),
  ];
}

/** `"mp4a, 48 kHz, stereo"` from the audio facts, or undefined when none is known. */
function audioText(audio: { audioCodec?: string; audioSampleRate?: number; audioChannels?: number } | undefined): string | undefined {
  if (!audio) return undefined;
  const channels = audio.audioChannels === 1 ? 'mono' : audio.audioChannels === 2 ? 'stereo' : audio.audioChannels ? `${audio.audioChannels} channels` : undefined;
  const rate = audio.audioSampleRate ? `${Math.round(audio.audioSampleRate / 100) / 10} kHz` : undefined;
  const parts = [audio.audioCodec, rate, channels].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The preview to show in a box `size` px wide (the longest side), scaled for `pixelRatio`: the smallest
 * non-square preview at least that large, else the largest one; undefined when there is none (`hasPreview: false`).
 * Square previews are crops, used only when nothing else exists.
 */
export function pickPreview(previews: readonly Preview[] | undefined, size: number, pixelRatio = 1): Preview | undefined {
  if (!previews || previews.length === 0) return undefined;
  const wanted = size * Math.max(1, pixelRatio);
  const full = previews.filter((p) => !p.square);
  const pool = full.length > 0 ? full : previews;
  const sorted = [...pool].sort((a, b) => a.size - b.size);
  return sorted.find((p) => p.size >= wanted) ?? sorted[sorted.length - 1];
}

/** A `srcset` offering `sizes` (px, non-square previews only) as `1x`, `2x` … of the first, or undefined. */
export function previewSrcSet(previews: readonly Preview[] | undefined, base: number): string | undefined {
  if (!previews) return undefined;
  const parts: string[] = [];
  for (const ratio of [1, 2]) {
    const preview = previews.find((p) => !p.square && p.size === base * ratio);
    if (preview) parts.push(`${preview.href} ${ratio}x`);
  }
  return parts.length > 1 ? parts.join(', ') : undefined;
}

/** The original file's rendition href (`ORIGINAL`), or undefined without the `Download` permission. */
export function originalRenditionHref(asset: Pick<Asset, 'renditions'>): string | undefined {
  return (asset.renditions ?? []).find((r) => r.original)?.href ?? (asset.renditions ?? [])[0]?.href;
}
