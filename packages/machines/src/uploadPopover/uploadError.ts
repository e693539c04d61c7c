import type { UploadFailure } from './types.ts';

/** Shown when neither the server nor the uploader gives a better reason. spec 01 §8 (default error). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred. Please contact your local administrator.'; // spec 01 §8

/** Shown when the destination collection refuses the upload. spec 01 §8 ("Upload target error"). */
export const UPLOAD_TARGET_ERROR_MESSAGE = 'Upload target error.'; // spec 01 §8

/** Shown for a 401 answer. spec 01 §2 (error modal: "A 401 shows 'Access denied'"). */
export const ACCESS_DENIED_MESSAGE = 'Access denied'; // spec 01 §2

/**
 * An upload failure with the `{value, message}` shape the popover stores per file (spec 01 §8).
 *
 * Thrown by {@link createChunkedUploader} and by any uploader passed to the popover machine as `uploadFile`;
 * the machine turns whatever an uploader rejects with into an {@link UploadFailure} via {@link toUploadFailure}.
 */
export class UploadError extends Error implements UploadFailure {
  override readonly name = 'UploadError';
  /** Stable failure code, e.g. `uploadTargetError`, `networkError`, `processingTimeout`. */
  readonly value: string;

  /**
   * @param value - stable failure code, e.g. `uploadTargetError`, `networkError`, `processingTimeout`.
   * @param message - text for the user; defaults to the spec 01 §8 default message.
   * @param options - `cause`: the underlying error or response body, kept for technical info.
   */
  constructor(value: string, message: string = DEFAULT_ERROR_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
    this.value = value;
  }

  /** The plain `{value, message}` shape, so the failure survives `JSON.stringify` and `structuredClone`. */
  toJSON(): UploadFailure {
    return { value: this.value, message: this.message };
  }
}

/**
 * Normalises anything an uploader rejected with into `{value, message}`.
 *
 * An object with a string `value` keeps it (and its string `message`, else the default message); an `Error` without
 * a `value` becomes `{value: 'uploadFailed', message: error.message}`; anything else becomes
 * `{value: 'uploadFailed', message: DEFAULT_ERROR_MESSAGE}`. Never throws. spec 01 §8.
 */
export function toUploadFailure(error: unknown): UploadFailure {
  if (typeof error === 'object' && error !== null) {
    const { value, message } = error as { value?: unknown; message?: unknown };
    const text = typeof message === 'string' && message.length > 0 ? message : DEFAULT_ERROR_MESSAGE;
    if (typeof value === 'string' && value.length > 0) return { value, message: text };
    if (error instanceof Error) return { value: 'uploadFailed', message: text };
  }
  return { value: 'uploadFailed', message: DEFAULT_ERROR_MESSAGE };
}
