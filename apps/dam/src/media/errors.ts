/**
 * Errors raised by the media layer. Each carries a stable `value` code that the DAM puts in FotoWeb-style error
 * bodies `{ value, message }` (spec 02 §8 The error catalogue: the error modal shows `value`, heading and
 * description), so callers switch on `value`, never on `message`.
 */

/**
 * Stable codes for {@link MediaError.value}.
 *
 * - `EmptyFile`: the file has 0 bytes. Raised by `detectFileType`, `readMetadata`, `makePreviews`.
 * - `UnreadableFile`: the path does not exist, is not a regular file, or cannot be opened/read (permissions, I/O).
 * - `Timeout`: a tool (ExifTool, libvips) did not finish within its time budget.
 * - `NoPreview`: no preview can be made: no decoder for the content and no usable embedded preview. The caller
 *   marks the asset as having no preview; {@link MediaError.reason} says why.
 * - `WriteFailed`: a preview could not be written to the output folder.
 */
export type MediaErrorValue = 'EmptyFile' | 'UnreadableFile' | 'Timeout' | 'NoPreview' | 'WriteFailed';

/**
 * Why a preview could not be made (detail of `NoPreview`; it is also spelled out in the message).
 *
 * - `UnsupportedImage`: the content is not a format the image decoder reads (HEVC-coded HEIC, JPEG XL, JPEG 2000,
 *   PSD, BMP, PDF, video, audio, text…).
 * - `CorruptImage`: the decoder knows the format but the pixel data is broken (truncated, bad CRC, bad header).
 * - `ImageTooLarge`: the image has more pixels than the decode limit (`MAX_INPUT_PIXELS` in previews.ts).
 */
export type NoPreviewReason = 'UnsupportedImage' | 'CorruptImage' | 'ImageTooLarge';

/** A failure of the media layer with a stable {@link MediaErrorValue} code. */
export class MediaError extends Error {
  override readonly name = 'MediaError';

  /**
   * @param value - stable code for the error body.
   * @param message - human-readable explanation (English, may include the tool's own message).
   * @param options - `cause`: the underlying error; `reason`: detail for `NoPreview`.
   */
  constructor(
    readonly value: MediaErrorValue,
    message: string,
    options: { cause?: unknown; reason?: NoPreviewReason } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = options.reason;
  }

  /** Detail for `NoPreview`; `undefined` for the other codes. */
  readonly reason: NoPreviewReason | undefined;

  /** The FotoWeb-style error body `{ value, message }`. */
  toJSON(): { value: MediaErrorValue; message: string } {
    return { value: this.value, message: this.message };
  }
}

/** True when `err` is a {@link MediaError}, optionally with the given code. */
export function isMediaError(err: unknown, value?: MediaErrorValue): err is MediaError {
  return err instanceof MediaError && (value === undefined || err.value === value);
}
