/**
 * The contract of Magpie's format decoders (issue 16): the modules under `media/decoders/` that turn a file libvips
 * cannot read itself (HEIC, PDF, video, audio, PSD…) into a picture that `makePreviews` resizes into the usual
 * previews. A decoder never writes previews and never knows about assets; it returns pixels or encoded image bytes.
 */
import type { NoPreviewReason } from '../errors.ts';

/**
 * A picture of a file's content: encoded image bytes libvips reads (PNG or JPEG), or raw 8-bit pixels
 * (`channels` 3 = RGB, 4 = RGBA, rows top to bottom, no padding; `data.length === width * height * channels`).
 */
export type DecodedPicture = { kind: 'encoded'; data: Buffer } | { kind: 'raw'; data: Buffer; width: number; height: number; channels: 3 | 4 };

/** What a decoder is asked for. */
export interface DecodeRequest {
  /** The original file (absolute path). */
  filePath: string;
  /**
   * Longest side wanted, in px (the largest preview, 1600 by default). Decoders of vectors and pages render at about
   * this size; decoders of pixels may return their natural size (it is resized afterwards, never enlarged).
   */
  maxSide: number;
  /** Time left, in ms: the decoder must give up (and free what it holds) by then. */
  timeoutMs: number;
  /** Aborted when the preview deadline passes; long decoders stop early when it fires. */
  signal: AbortSignal;
}

/** What a decoder returns. */
export interface DecodeResult {
  picture: DecodedPicture;
  /**
   * True when the picture is already upright (libheif applies `irot`/`imir`, ffmpeg applies the track rotation, a
   * PDF page has no orientation): `makePreviews` must not apply the file's EXIF orientation to it again.
   */
  upright: boolean;
  /**
   * Size in px of the whole content once upright, when it differs from the picture's own (a 4032×3024 HEIC decoded
   * smaller, a 1080p video whose poster is scaled). Absent: the picture's size.
   */
  contentWidth?: number;
  /** See {@link contentWidth}. */
  contentHeight?: number;
  /** Short name of where the pixels came from, for logs and tests: `heic`, `pdf-page-1`, `video-frame`, `waveform`, `psd-composite`… */
  source: string;
}

/**
 * Why a decoder could not make a picture: `UnsupportedImage` (not its format, or a variant it does not handle, or
 * its tool is missing), `CorruptImage` (its format, but broken), `ImageTooLarge` (over the pixel or page limit).
 * `makePreviews` turns it into `MediaError('NoPreview', …, { reason })` when no other source works.
 */
export class DecoderFailure extends Error {
  override readonly name = 'DecoderFailure';
  constructor(
    readonly reason: NoPreviewReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * One format decoder. `accepts` is asked with the file-type detection (`ext`, `mime`) and ExifTool's `File:FileType`
 * (either may be undefined); the first decoder that accepts is asked to `decode`.
 */
export interface FormatDecoder {
  /** Stable name, e.g. `heic`. */
  readonly name: string;
  accepts(kind: { ext: string | undefined; mime: string | undefined; fileType: string | undefined }): boolean;
  /**
   * @throws DecoderFailure when the file gives no picture; `MediaError('Timeout')` when `timeoutMs` passes.
   */
  decode(request: DecodeRequest): Promise<DecodeResult>;
}

/** The largest picture a decoder may produce or accept, in px (width × height): the same bound as libvips' input limit. */
export const DECODER_MAX_PIXELS = 268_402_689;
