/**
 * SVG drawings for libvips (librsvg) without their `<metadata>` blocks. librsvg refuses a whole drawing over an XML
 * error inside metadata it never draws (an undeclared namespace prefix in a C2PA or XMP packet, as in
 * `formats/other-images/exiftool_XMP.svg`); browsers and editors show such drawings, so previews should too. The
 * drawing itself is passed on unchanged, and libvips renders it at the size of the largest preview.
 */
import { readFile, stat } from 'node:fs/promises';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/** The largest SVG file read, in bytes. */
export const SVG_MAX_BYTES = 32 * 1024 * 1024;

/** `<metadata …>…</metadata>` (any prefix), non-greedy, across lines. */
const METADATA_BLOCK = /<(?:[\w.-]+:)?metadata\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?metadata\s*>)/gi;

/**
 * The drawing's bytes with every `<metadata>` element removed (the rest byte for byte).
 * @throws DecoderFailure `ImageTooLarge` for files over {@link SVG_MAX_BYTES}.
 */
export async function decodeSvg(request: DecodeRequest): Promise<DecodeResult> {
  const { size } = await stat(request.filePath);
  if (size > SVG_MAX_BYTES) throw new DecoderFailure('ImageTooLarge', `The drawing has ${size} bytes, more than ${SVG_MAX_BYTES}`);
  const text = await readFile(request.filePath, 'utf8');
  return { picture: { kind: 'encoded', data: Buffer.from(text.replace(METADATA_BLOCK, ''), 'utf8') }, upright: true, source: 'svg-without-metadata' };
}

/** The SVG decoder (file-type `svg`, ExifTool `SVG`). */
export const svgDecoder: FormatDecoder = {
  name: 'svg',
  accepts: ({ ext, mime, fileType }) => ext === 'svg' || mime === 'image/svg+xml' || fileType === 'SVG',
  decode: decodeSvg,
};
