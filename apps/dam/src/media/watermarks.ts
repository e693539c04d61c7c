/**
 * Watermarks (issue 16): reading an administrator's watermark image, and the overlay that stamps it on a rendition
 * (sharp/libvips). Sizes in px; opacity and scale in percent.
 */
import sharp, { type Metadata, type OverlayOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from './previews.ts';
import type { RenditionSpec } from './renditions.ts';

/** Largest watermark image accepted (bytes, decoded): 512 KiB. */
export const MAX_WATERMARK_BYTES = 512 * 1024;
/** Longest side of a watermark image (px). */
export const MAX_WATERMARK_SIDE = 4000;
/** The gap between a corner-placed watermark and the image's edges, in percent of the image's shorter side. */
const EDGE_MARGIN_PERCENT = 2;

/** Where a watermark is stamped (dam.yaml `WatermarkPosition`). */
export type WatermarkPosition = 'center' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'tile';

/** A watermark ready to stamp: its PNG file, where, how opaque (1–100 %) and how wide (1–100 % of the image's width). */
export interface WatermarkStamp {
  readonly path: string;
  readonly position: WatermarkPosition;
  readonly opacity: number;
  readonly scale: number;
}

/** A watermark image that cannot be used: the message says why. */
export class WatermarkImageError extends Error {}

/**
 * Reads a watermark image given as base64 or a `data:` URL: a PNG, JPEG or WebP of at most
 * {@link MAX_WATERMARK_BYTES} bytes and {@link MAX_WATERMARK_SIDE} px a side, re-encoded as a PNG (alpha kept).
 * @returns the PNG's bytes and its width and height (px).
 * @throws WatermarkImageError for anything else (not base64, too large, another format, unreadable).
 */
export async function readWatermarkImage(encoded: string): Promise<{ png: Buffer; width: number; height: number }> {
  const base64 = encoded.replace(/^data:[a-z/+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new WatermarkImageError('The image must be base64 or a data: URL.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_WATERMARK_BYTES) throw new WatermarkImageError(`The image must be at most ${MAX_WATERMARK_BYTES / 1024} KiB.`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_WATERMARK_SIDE * MAX_WATERMARK_SIDE }).metadata();
  } catch {
    throw new WatermarkImageError('The image cannot be read: give a PNG, JPEG or WebP.');
  }
  if (!['png', 'jpeg', 'webp'].includes(meta.format ?? ''))
    throw new WatermarkImageError(`A ${meta.format ?? 'file of this kind'} cannot be a watermark: give a PNG, JPEG or WebP.`);
  if (!meta.width || !meta.height || meta.width > MAX_WATERMARK_SIDE || meta.height > MAX_WATERMARK_SIDE) {
    throw new WatermarkImageError(`The image must be at most ${MAX_WATERMARK_SIDE} px a side.`);
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' }).rotate().ensureAlpha().png().toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new WatermarkImageError('The image cannot be read: give a PNG, JPEG or WebP.');
  }
}

/**
 * The size (px) a {@link renditionStream} of `input` with `spec` comes out at: upright, fitted inside the box without
 * enlarging (sharp's `fit: 'inside'` rounding).
 */
async function renditionSize(input: string, spec: Pick<RenditionSpec, 'size' | 'width' | 'height'>): Promise<{ width: number; height: number }> {
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const boxWidth = spec.size ?? spec.width ?? null;
  const boxHeight = spec.size ?? spec.height ?? null;
  const factor = Math.min(1, boxWidth === null ? 1 : boxWidth / width, boxHeight === null ? 1 : boxHeight / height);
  if (factor >= 1) return { width, height };
  // sharp fits inside by scaling one side exactly and rounding the other.
  if (boxWidth !== null && factor === boxWidth / width) return { width: boxWidth, height: Math.max(1, Math.round(height * factor)) };
  return { width: Math.max(1, Math.round(width * factor)), height: boxHeight ?? Math.max(1, Math.round(height * factor)) };
}

/**
 * The overlay that stamps `stamp` on the rendition of `input` made with `spec`: the watermark scaled to `scale` % of
 * the rendition's width (never past its height), made `opacity` % opaque, at `position` with a small margin, or
 * repeated over the whole image (`tile`). For {@link renditionStream}'s `overlay`.
 * @throws the errors of sharp for an unreadable source or watermark (a conversion error: no `code`).
 */
export async function watermarkOverlay(input: string, spec: Pick<RenditionSpec, 'size' | 'width' | 'height'>, stamp: WatermarkStamp): Promise<OverlayOptions> {
  const size = await renditionSize(input, spec);
  // One pixel to spare on each side: sharp's own rounding of the resize may come out a pixel smaller than ours.
  const target = { width: Math.max(1, size.width - 1), height: Math.max(1, size.height - 1) };
  const mark = await sharp(stamp.path).metadata();
  const wanted = Math.max(1, Math.round((target.width * stamp.scale) / 100));
  // Never taller or wider than the image (a composite larger than its base is refused).
  const factor = Math.min(wanted / (mark.width ?? 1), target.height / (mark.height ?? 1), target.width / (mark.width ?? 1));
  const width = Math.max(1, Math.floor((mark.width ?? 1) * factor));
  const height = Math.max(1, Math.floor((mark.height ?? 1) * factor));
  const faded = await sharp(stamp.path)
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .composite([{ input: { create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: stamp.opacity / 100 } } }, tile: true, blend: 'dest-in' }])
    .png()
    .toBuffer();
  if (stamp.position === 'tile') return { input: faded, tile: true };
  const margin = Math.floor((Math.min(target.width, target.height) * EDGE_MARGIN_PERCENT) / 100);
  const room = { x: Math.max(0, target.width - width), y: Math.max(0, target.height - height) };
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const left = stamp.position === 'center' ? Math.floor(room.x / 2) : stamp.position.endsWith('left') ? clamp(margin, room.x) : clamp(room.x - margin, room.x);
  const top = stamp.position === 'center' ? Math.floor(room.y / 2) : stamp.position.startsWith('top') ? clamp(margin, room.y) : clamp(room.y - margin, room.y);
  return { input: faded, left, top };
}
