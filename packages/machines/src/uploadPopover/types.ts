/**
 * Shapes shared by the upload popover machine and the chunked uploader.
 *
 * Kept free of XState so the web app's network code can import them without the machine.
 */

/**
 * A file the user picked or dropped, as the popover receives it (a `File` satisfies it).
 *
 * - `name`: file name as shown to the user and sent as the upload's `filename`.
 * - `size`: size in bytes; progress (`bytesSent`) is measured against it.
 * - `blob`: the bytes. Optional so tests and previews can queue metadata only; an uploader that needs
 *   the bytes fails the file with `missingFileData` when it is absent.
 */
export interface UploadFileInput {
  readonly name: string;
  readonly size: number;
  readonly blob?: Blob;
}

/**
 * Why one file failed to upload: `value` is a stable machine-readable code (for example `uploadTargetError`,
 * `accessDenied`, `processingTimeout`, or the server's own `value`), `message` is shown to the user next to the
 * retry link (spec 01 §8 "Upload failures show a retry link").
 */
export interface UploadFailure {
  readonly value: string;
  readonly message: string;
}

/** What a finished upload resolves with: `assetUrl` is the href of the asset the server created. */
export interface UploadFileOutput {
  readonly assetUrl: string;
}
