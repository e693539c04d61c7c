/**
 * Windows bitmaps (BMP), which the prebuilt libvips does not read (issue 16: previews for every common format),
 * decoded with `fast-bmp` (MIT). 8-bit bitmaps (with their colour table), RGB (24-bit) and RGBA (32-bit) bitmaps are read; others are refused.
 */
import { readFile } from 'node:fs/promises';
import { decode } from 'fast-bmp';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/**
 * The largest bitmap decoded, in px (width × height): BMP is uncompressed and decoded on the server's main thread,
 * so the limit is lower than libvips' (40 MP is 120 MB of RGB, about 0.3 s).
 */
export const BMP_MAX_PIXELS = 40_000_000;

/** Reads width and height from a BMP header (`BITMAPINFOHEADER` and later; height may be negative: top-down). */
function headerSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 26 || data.toString('latin1', 0, 2) !== 'BM') return undefined;
  const headerBytes = data.readUInt32LE(14);
  if (headerBytes === 12) return { width: data.readUInt16LE(18), height: data.readUInt16LE(20) };
  if (data.length < 26) return undefined;
  return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
}

/**
 * The colour table of an 8-bit bitmap as RGB triples (BMP stores blue, green, red, reserved), or `undefined` when
 * the file has none (an OS/2 header, or a table cut short).
 */
function colourTable(data: Buffer): Buffer | undefined {
  const headerBytes = data.readUInt32LE(14);
  if (headerBytes < 40) return undefined;
  const count = data.readUInt32LE(46) || 256;
  const start = 14 + headerBytes;
  if (count > 256 || start + count * 4 > data.length) return undefined;
  const rgb = Buffer.alloc(count * 3);
  for (let i = 0; i < count; i++) rgb.set([data[start + i * 4 + 2]!, data[start + i * 4 + 1]!, data[start + i * 4]!], i * 3);
  return rgb;
}

/**
 * Decodes a BMP file into raw RGB or RGBA pixels (upright: BMP has no orientation).
 * @throws DecoderFailure `ImageTooLarge` above {@link BMP_MAX_PIXELS}; `UnsupportedImage` for bit depths other than
 *   8, 24 and 32; `CorruptImage` when the header or the pixel data is broken.
 */
export async function decodeBmp(request: DecodeRequest): Promise<DecodeResult> {
  const data = await readFile(request.filePath);
  const size = headerSize(data);
  if (size === undefined || size.width === 0 || size.height === 0) throw new DecoderFailure('CorruptImage', 'The bitmap header is broken');
  if (size.width * size.height > BMP_MAX_PIXELS) {
    throw new DecoderFailure('ImageTooLarge', `The bitmap has ${size.width}×${size.height} px, more than ${BMP_MAX_PIXELS} px`);
  }
  let image: ReturnType<typeof decode>;
  try {
    image = decode(data);
  } catch (err) {
    throw new DecoderFailure('CorruptImage', `The bitmap cannot be decoded: ${(err as Error).message}`, { cause: err });
  }
  const { width, height, channels, bitsPerPixel } = image;
  const raw = image.data as Uint8Array;
  const pixels = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (channels === 1 && bitsPerPixel === 8 && pixels.length >= width * height) {
    // fast-bmp gives the palette indices of an 8-bit bitmap; its colour table turns them into colours.
    const palette = colourTable(data);
    const rgb = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      const index = pixels[i]!;
      if (palette === undefined || index >= palette.length / 3) rgb.fill(index, i * 3, i * 3 + 3);
      else palette.copy(rgb, i * 3, index * 3, index * 3 + 3);
    }
    return { picture: { kind: 'raw', data: rgb, width, height, channels: 3 }, upright: true, source: 'bmp' };
  }
  if ((channels === 3 || channels === 4) && pixels.length >= width * height * channels) {
    return { picture: { kind: 'raw', data: pixels.subarray(0, width * height * channels), width, height, channels }, upright: true, source: 'bmp' };
  }
  throw new DecoderFailure('UnsupportedImage', `Bitmaps with ${bitsPerPixel} bits per pixel are not read`);
}

/** The BMP decoder (file-type `bmp`, `image/bmp`, ExifTool `BMP`). */
export const bmpDecoder: FormatDecoder = {
  name: 'bmp',
  accepts: ({ ext, mime, fileType }) => ext === 'bmp' || mime === 'image/bmp' || fileType === 'BMP',
  decode: decodeBmp,
};
