/**
 * Types of `pdf.impl.mjs`, the PDF page renderer that runs inside a decoder worker (issue 16). It is plain JavaScript
 * so that pdf.js loads without tsx's loader hooks (see the note at the top of `pdf.impl.mjs`).
 */

/** What {@link renderPdfPage} is asked for. */
export interface PdfPageRequest {
  /** The PDF (absolute path). */
  filePath: string;
  /** 1-based page number. */
  page: number;
  /** Longest side of the rendered page, in px. */
  maxSide: number;
  /** Most pixels (width × height) of the rendered page: the page is scaled down further to fit. */
  maxPixels: number;
}

/** What {@link renderPdfPage} returns (structured-cloned to the main thread). */
export type PdfPageResult =
  | {
      outOfRange: false;
      /** The page as PNG (RGBA, opaque: drawn on white). */
      png: Uint8Array;
      /** Size of the PNG, in px. */
      width: number;
      /** See {@link width}. */
      height: number;
      /** Pages in the document, as pdf.js counts them (a `/Count` that lies is checked against the page tree). */
      pageCount: number;
      /** Size of the page as displayed, in PDF points (1/72 in): crop box, `/Rotate` and `/UserUnit` applied. */
      pageWidthPt: number;
      /** See {@link pageWidthPt}. */
      pageHeightPt: number;
    }
  | {
      /** `page` is past the last page; nothing was rendered. */
      outOfRange: true;
      pageCount: number;
    };

/**
 * Largest embedded image pdf.js decodes, in px (width × height); larger images are left out of the page. 64 MP covers
 * a 300 dpi scan of an A1 sheet. Decoded pixels live outside the V8 heap, where the worker's heap ceiling does not
 * reach, so this is their bound.
 */
export declare const PDF_MAX_IMAGE_PIXELS: number;

/**
 * Renders one page of a PDF to PNG on a white background, its longest side `maxSide` px (fewer when `maxPixels`
 * binds), with the page's `/Rotate` applied. Text renders with the embedded fonts, or pdf.js' bundled standard fonts
 * (Foxit/Liberation) for the 14 standard fonts when not embedded; no system fonts, no `eval`, no FontFace (glyphs are
 * drawn as paths). Runs pdf.js on the calling thread: call it only through `runInWorker`.
 *
 * @returns the PNG and sizes, or `{ outOfRange: true, pageCount }` when `page` is past the last page.
 * @throws an error named `DecoderFailure` with `reason` `UnsupportedImage` when the PDF needs a user (open) password
 *   (an owner password alone does not stop rendering), `CorruptImage` when pdf.js cannot read the file or the page.
 * @throws RangeError when `page`, `maxSide` or `maxPixels` is not a positive integer.
 */
export declare function renderPdfPage(request: PdfPageRequest): Promise<PdfPageResult>;

/**
 * The number of pages of a PDF, as pdf.js counts them. Same failures as {@link renderPdfPage}.
 */
export declare function countPdfPages(request: { filePath: string }): Promise<number>;

/**
 * Canvas size for a page of `pageWidth` × `pageHeight` (any unit): the longest side `maxSide` px, then scaled down so
 * width × height ≤ `maxPixels`; each side at least 1 px. `scale` converts page units to px (before rounding).
 */
export declare function fitPage(pageWidth: number, pageHeight: number, maxSide: number, maxPixels: number): { width: number; height: number; scale: number };
