import sharp, { type FormatEnum } from 'sharp';
import { MAX_INPUT_PIXELS, PREVIEW_TIMEOUT_MS } from './previews.ts';

/** A turn of a `rotate-request` (issue 13): `cw` 90° clockwise, `ccw` 90° counter-clockwise, `180`. */
export type RotateDirection = 'cw' | 'ccw' | '180';

/** Degrees clockwise of each {@link RotateDirection}. */
export const ROTATE_DEGREES: Readonly<Record<RotateDirection, number>> = { cw: 90, ccw: 270, '180': 180 };

/** Formats a rotation writes back in their own format (sharp's names). */
const ROTATABLE_FORMATS = new Set<keyof FormatEnum>(['jpeg', 'png', 'webp', 'tiff']);

/**
 * Why an image could not be turned, as the task result's `error.value`: `NotAnImage` (a format Magpie does not turn,
 * or not an image), `ImageTooLarge` (beyond the pixel limit), `RotateFailed` (the pixels could not be decoded or
 * written).
 */
export class RotateError extends Error {
  override readonly name = 'RotateError';
  constructor(
    readonly value: 'NotAnImage' | 'ImageTooLarge' | 'RotateFailed',
    message: string,
  ) {
    super(message);
  }
}

/** Quality of a rotated JPEG or WebP (1–100): high, so one turn loses nothing visible. */
export const ROTATE_QUALITY = 95;

/**
 * Turns an image file by `direction` into `outputPath`, in its own format (JPEG, PNG, WebP, TIFF): the pixels are
 * first made upright (EXIF orientation), then turned, and the result is written with orientation 1 and its EXIF and
 * ICC profile kept (the DAM writes the asset's metadata back into the file afterwards). JPEG and WebP are encoded
 * again at {@link ROTATE_QUALITY} with 4:4:4 chroma, so a turn loses nothing visible (a lossless JPEG turn needs
 * jpegtran, which no npm package ships without a download).
 * @throws RotateError `NotAnImage` for another format (GIF, HEIC, RAW, PDF…) or a file that is not an image;
 *   `RotateFailed` when the image cannot be decoded; `ImageTooLarge` beyond {@link MAX_INPUT_PIXELS}.
 */
export async function rotateImageFile(inputPath: string, outputPath: string, direction: RotateDirection): Promise<{ width: number; height: number }> {
  const input = { failOn: 'error' as const, limitInputPixels: MAX_INPUT_PIXELS };
  let format: keyof FormatEnum | undefined;
  try {
    const metadata = await sharp(inputPath, input).metadata();
    format = metadata.format as keyof FormatEnum | undefined;
    if ((metadata.pages ?? 1) > 1 && format !== 'tiff') format = undefined;
  } catch (error) {
    throw new RotateError('NotAnImage', `The file is not an image Magpie can turn: ${(error as Error).message}`);
  }
  if (!format || !ROTATABLE_FORMATS.has(format)) throw new RotateError('NotAnImage', 'Magpie turns JPEG, PNG, WebP and TIFF images only.');
  try {
    let image = sharp(inputPath, input).autoOrient().rotate(ROTATE_DEGREES[direction]).keepExif().keepIccProfile();
    if (format === 'jpeg') image = image.jpeg({ quality: ROTATE_QUALITY, chromaSubsampling: '4:4:4' });
    else if (format === 'webp') image = image.webp({ quality: ROTATE_QUALITY });
    else image = image.toFormat(format);
    const info = await image.timeout({ seconds: Math.ceil(PREVIEW_TIMEOUT_MS / 1000) }).toFile(outputPath);
    return { width: info.width, height: info.height };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new RotateError('ImageTooLarge', `The image is larger than ${MAX_INPUT_PIXELS} pixels.`);
    throw new RotateError('RotateFailed', `The image could not be turned: ${message}`);
  }
}
