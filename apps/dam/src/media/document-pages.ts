/**
 * Pages of a document as images for the asset view's pager (issue 16: "the asset view pages through the document"):
 * a PDF page drawn by pdf.js in a worker (`decoders/pdf.ts`), encoded as a JPEG like the previews.
 */
import sharp from 'sharp';
import { renderPdfPageFile, PdfPageRangeError } from './decoders/pdf.ts';
import { PREVIEW_JPEG_OPTIONS } from './previews.ts';

/** Longest side of a page image, in px (the largest preview's). */
export const DOCUMENT_PAGE_SIZE = 1600;

/** Time budget of drawing one page, in ms. */
export const DOCUMENT_PAGE_TIMEOUT_MS = 20_000;

export { PdfPageRangeError };

/**
 * Page `page` (1-based) of a PDF as a JPEG, at most {@link DOCUMENT_PAGE_SIZE} px on its longest side, on white.
 * @returns the JPEG bytes.
 * @throws PdfPageRangeError when the document has no such page; MediaError `Timeout`; DecoderFailure when the PDF
 *   cannot be drawn (password-protected, broken).
 */
export async function renderDocumentPage(filePath: string, page: number): Promise<Buffer> {
  const drawn = await renderPdfPageFile(filePath, page, DOCUMENT_PAGE_SIZE, { timeoutMs: DOCUMENT_PAGE_TIMEOUT_MS });
  return sharp(drawn.png).flatten({ background: '#ffffff' }).jpeg(PREVIEW_JPEG_OPTIONS).toBuffer();
}
