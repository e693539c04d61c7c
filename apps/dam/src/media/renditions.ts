import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from './previews.ts';

/** The formats a rendition is converted to (issue 16). */
export type RenditionFormat = 'jpg' | 'png' | 'tif' | 'webp';

/** The media type of each rendition format. */
export const RENDITION_CONTENT_TYPES: Readonly<Record<RenditionFormat, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  webp: 'image/webp',
};

/** Quality (1–100) of a converted rendition when neither the request nor a profile gives one. */
export const DEFAULT_RENDITION_QUALITY = 90;

/** Longest time one conversion may take (seconds; libvips stops the pipeline after it). */
export const RENDITION_TIMEOUT_SECONDS = 120;

/** What a converted rendition should be: sizes in px (`size` the longest side, `width`/`height` a bounding box). */
export interface RenditionSpec {
  format: RenditionFormat;
  /** 1–100; used by JPEG and WebP (PNG and TIFF are lossless: PNG deflate, TIFF LZW). */
  quality: number;
  size?: number | null;
  width?: number | null;
  height?: number | null;
}

/**
 * A sharp (libvips) pipeline that converts an image file into a rendition, as a stream of the written bytes: turned
 * upright (EXIF orientation applied), scaled down (never up) to fit `size` × `size` or `width` × `height`, written in
 * `spec.format` at `spec.quality`, with the ICC profile kept. Decoding stops at {@link MAX_INPUT_PIXELS} px and after
 * {@link RENDITION_TIMEOUT_SECONDS}. Never throws itself: a damaged or unsupported image fails the stream with an
 * error without a file-system `code` (see {@link isConversionError}).
 * @param input - Local path of the source image.
 * @param overlay - a watermark to stamp on the resized image (`watermarkOverlay`), or none.
 */
export function renditionStream(input: string, spec: RenditionSpec, overlay?: OverlayOptions): Sharp {
  let image: Sharp = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true }).timeout({ seconds: RENDITION_TIMEOUT_SECONDS });
  image = image.rotate().keepIccProfile();
  const boxWidth = spec.size ?? spec.width ?? null;
  const boxHeight = spec.size ?? spec.height ?? null;
  if (boxWidth !== null || boxHeight !== null) image = image.resize(boxWidth, boxHeight, { fit: 'inside', withoutEnlargement: true });
  // A watermark (media/watermarks.ts `watermarkOverlay`), placed on the image as resized.
  if (overlay) image = image.composite([overlay]);
  switch (spec.format) {
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: spec.quality, mozjpeg: true });
    case 'png':
      return image.png();
    case 'tif':
      return image.tiff({ compression: 'lzw' });
    case 'webp':
      return image.webp({ quality: spec.quality });
  }
}

/**
 * Whether an error from a {@link renditionStream} came from libvips (the image cannot be converted: no retry helps)
 * rather than from the file system (an error with a `code` such as ENOSPC or ENOENT, worth retrying).
 */
export function isConversionError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { code?: unknown }).code !== 'string';
}
