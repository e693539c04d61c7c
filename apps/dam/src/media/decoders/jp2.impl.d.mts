/**
 * Types of `jp2.impl.mjs`, the JPEG 2000 decoder that runs inside a decoder worker (issue 16). It is plain JavaScript
 * so that pdf.js' image decoders load without tsx's loader hooks (see the note at the top of `pdf.impl.mjs`).
 */

/** What {@link decodeJp2} is asked for. */
export interface Jp2WorkerInput {
  /** A JP2/JPX file or a raw J2K codestream (absolute path). */
  filePath: string;
  /**
   * OpenJPEG's reduce factor: the picture is decoded at 1/2^`reducePower` of its size per side (each side
   * `ceil(side / 2^reducePower)` when the image starts at 0,0). At most the codestream's number of decomposition
   * levels.
   */
  reducePower: number;
  /**
   * pdf.js' `smaskInData`: a 4-component image is copied as RGBA (alpha kept) instead of being converted as CMYK/RGB;
   * a grey + alpha image is expanded to RGBA (without it, OpenJPEG's wrapper gives no pixels for 2 components).
   */
  smaskInData: boolean;
}

/** What {@link decodeJp2} returns (structured-cloned to the main thread). */
export interface Jp2WorkerOutput {
  /** 8-bit RGBA, rows top to bottom, the size of component 0 at the reduce factor used. */
  data: Uint8Array;
  /** The reduce factor used: the one asked for, or 0 when decoding at it failed and full resolution worked. */
  reducePower: number;
}

/**
 * Decodes a JPEG 2000 file (JP2/JPX boxes or a raw codestream) to 8-bit RGBA with OpenJPEG (pdf.js' WASM build), at
 * 1/2^`reducePower` of its size; when that fails with `reducePower` > 0, once more at full resolution. Runs OpenJPEG
 * on the calling thread: call it only through `runInWorker`.
 *
 * @throws an error named `DecoderFailure` with `reason` `CorruptImage` (OpenJPEG cannot read the header or the tiles:
 *   truncated, bad markers), `UnsupportedImage` (not a JP2 or J2K signature, components OpenJPEG's wrapper does not
 *   convert, the decoder cannot load), `ImageTooLarge` (the WASM heap, at most 2 GiB, ran out).
 * @throws RangeError when `reducePower` is not a non-negative integer.
 */
export declare function decodeJp2(input: Jp2WorkerInput): Promise<Jp2WorkerOutput>;
