/**
 * The format decoders `makePreviews` asks before libvips (issue 16: previews for every common format). The first
 * decoder that accepts a file decodes it; when it fails, libvips and the embedded previews are tried as before.
 */
import type { FormatDecoder } from './types.ts';
import { bmpDecoder } from './bmp.ts';
import { heicDecoder } from './heic.ts';
import { psdDecoder } from './psd.ts';
import { pdfDecoder } from './pdf.ts';
import { jxlDecoder } from './jxl.ts';
import { jp2Decoder } from './jp2.ts';
import { officeDecoder } from './office.ts';
import { svgDecoder } from './svg.ts';
import { videoDecoder } from './video.ts';
import { audioDecoder } from './audio.ts';

export { DecoderFailure, DECODER_MAX_PIXELS, type DecodedPicture, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/** Every decoder, in the order they are asked. */
export const FORMAT_DECODERS: readonly FormatDecoder[] = [
  heicDecoder,
  pdfDecoder,
  jxlDecoder,
  jp2Decoder,
  psdDecoder,
  bmpDecoder,
  officeDecoder,
  svgDecoder,
  videoDecoder,
  audioDecoder,
];

/**
 * The decoder for a file, from its detected type (file-type's `ext` and `mime`) and ExifTool's `File:FileType`.
 * @returns the first decoder of `decoders` that accepts the file, or `undefined`.
 */
export function pickDecoder(
  kind: { ext: string | undefined; mime: string | undefined; fileType: string | undefined },
  decoders: readonly FormatDecoder[] = FORMAT_DECODERS,
): FormatDecoder | undefined {
  return decoders.find((decoder) => decoder.accepts(kind));
}
