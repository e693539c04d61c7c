/**
 * HEIC/HEIF decoder (issue 16 "Previews for every common format"): the prebuilt libvips reads HEIF headers but has no
 * HEVC decoder, so HEVC-coded HEIC photos (iPhone, Samsung, Nokia…) are decoded by libheif-js (WASM) through
 * heic-decode, in a worker thread. AVIF is not taken: libvips decodes it itself.
 */
import type { HeicWorkerInput, HeicWorkerOutput } from './heic.impl.ts';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';
import { runInWorker } from './worker.ts';

/** file-type's extensions of HEIF images that are not AVIF. */
const HEIC_EXTS = new Set(['heic', 'heif']);
/** Media types of HEIF images and sequences (ISO/IEC 23008-12 Annex C); AVIF's `image/avif` is not among them. */
const HEIC_MIMES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
/** ExifTool `File:FileType` values of HEIF images (AVIF is `AVIF`). */
const HEIC_FILE_TYPES = new Set(['HEIC', 'HEIF']);

/**
 * The HEIC/HEIF {@link FormatDecoder}, named `heic`. It accepts a file when file-type says `heic`/`heif` (or
 * `image/heic`/`image/heif`, also as `-sequence`) or ExifTool says `HEIC`/`HEIF`, and never when either says AVIF.
 *
 * `decode` returns the first top-level (primary) image as raw 8-bit RGBA at its natural size, `upright: true` (libheif
 * applies the `irot`/`imir` transformations, so the EXIF Orientation must not be applied again), `source: 'heic'`.
 * The pixels carry no colour profile: an iPhone's Display P3 values are taken as sRGB.
 *
 * Cost: libheif-js is single-threaded WASM; a 12 Mpx photo takes a few seconds and about 4 bytes/px three times over
 * (WASM heap, JavaScript copy, the copy that crosses the worker boundary).
 *
 * @throws DecoderFailure `UnsupportedImage` (not a HEIF brand heic-decode reads, a codec libheif-js lacks),
 *   `CorruptImage` (truncated, bad boxes, broken HEVC data, worker crash), `ImageTooLarge` (upright width × height over
 *   `DECODER_MAX_PIXELS`, checked before decoding; or the worker out of heap); `MediaError('Timeout')` when
 *   `request.timeoutMs` passes or `request.signal` aborts (the worker is terminated).
 */
export const heicDecoder: FormatDecoder = {
  name: 'heic',
  accepts({ ext, mime, fileType }) {
    if (ext === 'avif' || mime === 'image/avif' || fileType === 'AVIF') return false;
    return (ext !== undefined && HEIC_EXTS.has(ext)) || (mime !== undefined && HEIC_MIMES.has(mime)) || (fileType !== undefined && HEIC_FILE_TYPES.has(fileType));
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const input: HeicWorkerInput = { filePath: request.filePath };
    const output = await runInWorker<HeicWorkerOutput>(new URL('./heic.impl.ts', import.meta.url), 'decodeHeic', input, {
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      what: `Decoding ${request.filePath}`,
    });
    const { data, width, height } = output;
    if (data.byteLength !== width * height * 4) {
      throw new DecoderFailure('CorruptImage', `Decoding ${request.filePath} gave ${data.byteLength} bytes for ${width}×${height} RGBA`);
    }
    return {
      picture: { kind: 'raw', data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 },
      upright: true,
      source: 'heic',
    };
  },
};
