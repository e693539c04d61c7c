/**
 * Worker side of the HEIC/HEIF decoder (issue 16), run by `runInWorker` from `heic.ts`, never in the server's own
 * thread: libheif-js is WebAssembly, blocks the thread that runs it for seconds on a 12 Mpx photo and cannot be
 * interrupted, so the worker is the unit that a deadline terminates.
 *
 * Decoding is heic-decode 2.x (ISC) over libheif-js 1.x (libheif and libde265 compiled to WASM, LGPL-3.0).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { NoPreviewReason } from '../errors.ts';
import { DECODER_MAX_PIXELS, DecoderFailure } from './types.ts';

/** One top-level image of heic-decode's `all()`: its upright size in px, decoded only when asked. */
interface HeicImage {
  width: number;
  height: number;
  /** Decodes into interleaved 8-bit RGBA; rejects with `HEIF processing error` (libheif's reason goes to the console). */
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}

/** The part of heic-decode 2.x used here (the package has no type declarations). */
interface HeicDecode {
  /**
   * Parses the file and lists its top-level images (no pixels decoded yet). Rejects with a `TypeError` when the major
   * brand is not a HEIF one, and with `HEIF image not found` when libheif cannot parse the file.
   */
  all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
}

const require = createRequire(import.meta.url);
const heicDecode = require('heic-decode') as HeicDecode;

/** What `heic.ts` sends to the worker. */
export interface HeicWorkerInput {
  /** Absolute path of the original. */
  filePath: string;
}

/** What the worker sends back: interleaved 8-bit RGBA, rows top to bottom, `data.length === width * height * 4`. */
export interface HeicWorkerOutput {
  /** A `Uint8Array` after the structured clone (a `Buffer` would arrive as one too). */
  data: Uint8Array;
  /** Width in px, upright (libheif has applied the `irot`/`imir`/`clap` transformations). */
  width: number;
  /** Height in px, upright. */
  height: number;
}

/** Shortest file that holds an `ftyp` box with its major brand (ISO/IEC 14496-12 §4.3: size, type, major_brand). */
const FTYP_HEADER_BYTES = 12;

/**
 * Decodes the first top-level image of a HEIC/HEIF file (the primary image of a camera HEIC: thumbnails, depth and
 * gain maps are not top-level) into RGBA. heic-decode does not say which top-level image is the `pitm` primary one;
 * in an image collection the first is taken.
 *
 * The upright size (libheif's handle size, after `irot`/`imir`) is checked against {@link DECODER_MAX_PIXELS} before any
 * pixel is decoded.
 *
 * @param input - the file to read.
 * @returns RGBA pixels and their size in px.
 * @throws DecoderFailure `UnsupportedImage` (not a HEIF brand heic-decode knows, e.g. AVIF; or a codec libheif-js lacks),
 *   `CorruptImage` (unreadable, truncated, bad boxes, broken HEVC stream), `ImageTooLarge` (over the pixel limit, or
 *   libheif's security limits).
 */
export async function decodeHeic(input: HeicWorkerInput): Promise<HeicWorkerOutput> {
  let buffer: Buffer;
  try {
    buffer = await readFile(input.filePath);
  } catch (err) {
    throw new DecoderFailure('CorruptImage', `Cannot read ${input.filePath}: ${(err as Error).message}`, { cause: err });
  }
  if (buffer.length < FTYP_HEADER_BYTES) {
    throw new DecoderFailure('CorruptImage', `${input.filePath} is too short (${buffer.length} bytes) for a HEIF file`);
  }

  const libheifLog = captureConsole();
  try {
    return await decodePrimary(input.filePath, buffer, libheifLog.lines);
  } finally {
    libheifLog.restore();
  }
}

/** Lists the images, checks the first one's size, decodes it; `libheifLog` collects what libheif-js prints meanwhile. */
async function decodePrimary(filePath: string, buffer: Buffer, libheifLog: readonly string[]): Promise<HeicWorkerOutput> {
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await heicDecode.all({ buffer });
  } catch (err) {
    if (err instanceof TypeError) {
      const brand = buffer.toString('latin1', 8, 12);
      throw new DecoderFailure('UnsupportedImage', `${filePath}: major brand ${JSON.stringify(brand)} is not a HEIC brand heic-decode reads`, { cause: err });
    }
    throw libheifFailure(filePath, 'cannot be parsed', libheifLog, err);
  }

  try {
    const image = images[0];
    if (image === undefined) throw new DecoderFailure('CorruptImage', `${filePath} holds no image`);
    if (!(image.width > 0 && image.height > 0)) {
      throw new DecoderFailure('CorruptImage', `${filePath}: invalid image size ${image.width}×${image.height}`);
    }
    if (image.width * image.height > DECODER_MAX_PIXELS) {
      throw new DecoderFailure('ImageTooLarge', `${filePath}: ${image.width}×${image.height} px is over the limit of ${DECODER_MAX_PIXELS} px`);
    }
    let decoded: { width: number; height: number; data: Uint8ClampedArray };
    try {
      decoded = await image.decode();
    } catch (err) {
      throw libheifFailure(filePath, 'cannot be decoded', libheifLog, err);
    }
    const { width, height, data } = decoded;
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}

/**
 * libheif-js reports why it failed only with `console.log` (`Could not parse HEIF file <message>`, `Decoding image failed
 * … { code, subcode, message }`) and hands heic-decode an empty result. The worker's console would go to the server's
 * stdout, so while a file is decoded it is replaced by a collector: the collected text makes the failure's message and
 * reason.
 */
function captureConsole(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const collect = (...args: unknown[]) => {
    lines.push(args.map(describe).join(' '));
  };
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  Object.assign(console, { log: collect, info: collect, warn: collect, error: collect });
  return { lines, restore: () => Object.assign(console, saved) };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message.trim();
  }
  return '';
}

/**
 * Classifies a libheif failure from its message (libheif's `heif_error` text, `<error>: <suberror>[: detail]`):
 * `Unsupported file-type`/`Unsupported feature` (e.g. `Unsupported codec`) → `UnsupportedImage`; `Memory allocation
 * error` (which also reports `Security limit exceeded`) → `ImageTooLarge`; anything else (`Invalid input`, `Decoder
 * plugin generated an error`…) → `CorruptImage`.
 */
function libheifFailure(filePath: string, what: string, log: readonly string[], cause: unknown): DecoderFailure {
  const detail =
    log
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('; ') || (cause instanceof Error ? cause.message : String(cause));
  let reason: NoPreviewReason = 'CorruptImage';
  // Match libheif's error names, not its sub-error names: `Invalid input: Unsupported data version` is a broken file.
  if (/(?:^|[\s;])Unsupported (?:feature|file-type):/.test(detail)) reason = 'UnsupportedImage';
  else if (/Memory allocation error|Security limit exceeded/i.test(detail)) reason = 'ImageTooLarge';
  return new DecoderFailure(reason, `${filePath} ${what} by libheif: ${detail}`, { cause });
}
