import type { AssetRow } from '../db/schema.ts';
import { renditionStream, type RenditionSpec } from '../media/renditions.ts';
import { watermarkOverlay, type WatermarkStamp } from '../media/watermarks.ts';
import type { FileStore } from '../storage/file-store.ts';

/** Media types of images the converter (libvips, as sharp ships it) reads whole: their renditions come from the original. */
const NATIVE_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif', 'image/svg+xml']);

/**
 * The stored file (key) a rendition of `asset` is made from: its original when the converter reads its format whole
 * ({@link NATIVE_IMAGE_TYPES}); otherwise (HEIC, camera RAW, Photoshop, JPEG XL, JPEG 2000, whose previews came from
 * Magpie's own decoders or the file's embedded preview) its largest preview, an upright JPEG of 1,600 px, when it
 * has one. A damaged JPEG stays the original, so its rendition fails with the reason rather than show a guess.
 */
export function renditionSource(asset: Pick<AssetRow, 'storage_key' | 'previews' | 'has_preview' | 'mime'>): string {
  if (NATIVE_IMAGE_TYPES.has(asset.mime.toLowerCase())) return asset.storage_key;
  const largest = asset.has_preview ? [...asset.previews].filter((p) => !p.square).sort((a, b) => b.size - a.size)[0] : undefined;
  return largest?.file ?? asset.storage_key;
}

/**
 * Writes the rendition `spec` of the stored file `source` ({@link renditionSource}) at `key`, stamped with `stamp`
 * when given. The file appears whole or not at all.
 * @throws a conversion error (no file-system `code`, see `isConversionError`) when the file cannot be converted;
 *   storage errors as they come.
 */
export async function writeRendition(files: FileStore, key: string, source: string, spec: RenditionSpec, stamp?: WatermarkStamp): Promise<void> {
  const input = files.localPath(source);
  const overlay = stamp ? await watermarkOverlay(input, spec, stamp) : undefined;
  await files.putStream(key, renditionStream(input, spec, overlay));
}
