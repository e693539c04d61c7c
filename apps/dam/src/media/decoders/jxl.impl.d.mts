/**
 * Types of `jxl.impl.mjs`, the JPEG XL decoder that runs inside a decoder worker (issue 16). It is plain JavaScript so
 * that it loads without tsx's loader hooks (see the note at the top of `pdf.impl.mjs`).
 */

/** What {@link decodeJxl} is asked for. */
export interface JxlWorkerInput {
  /** The JPEG XL file, naked codestream or ISO BMFF container (absolute path). */
  filePath: string;
  /** Most pixels (width × height) the decoded picture may have; the size was checked on the header before. */
  maxPixels: number;
}

/** What {@link decodeJxl} returns (structured-cloned to the main thread). */
export interface JxlWorkerOutput {
  /** 8-bit RGBA, rows top to bottom, no padding. */
  data: Uint8Array;
  /** Width of the picture in px, after libjxl applied the image's orientation. */
  width: number;
  /** See {@link width}. */
  height: number;
}

/**
 * Decodes a JPEG XL file to 8-bit RGBA with libjxl (@jsquash/jxl, WASM), at its natural size, upright (libjxl applies
 * the codestream's orientation), the first frame of an animation. Runs libjxl on the calling thread: call it only
 * through `runInWorker`.
 *
 * @throws an error named `DecoderFailure` with `reason` `CorruptImage` (libjxl fails: truncated or invalid file; it
 *   says no more than "Decoding error"), `ImageTooLarge` (the WASM heap, at most 2 GiB, ran out; or the picture is
 *   over `maxPixels`), `UnsupportedImage` (the decoder cannot load).
 */
export declare function decodeJxl(input: JxlWorkerInput): Promise<JxlWorkerOutput>;
