/**
 * PDF decoder (issue 16 "PDF: the first page as the previews and the page count; the asset view pages through the
 * document"): pdf.js renders a page onto an @napi-rs/canvas in a worker thread (`pdf.impl.mjs`), which returns a PNG.
 * Illustrator files saved with PDF compatibility are PDFs and are taken too.
 */
import { open } from 'node:fs/promises';
import { MediaError } from '../errors.ts';
import type { PdfPageRequest, PdfPageResult } from './pdf.impl.mjs';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';
import { runInWorker } from './worker.ts';

/**
 * Most pixels of a rendered page by default, in px (width × height): 4096² (64 MiB of RGBA on the canvas, which
 * lives outside the V8 heap). A preview (1600 px) never reaches it; a page with an absurd size or a large `maxSide`
 * from the paging route is scaled down to it.
 */
export const PDF_MAX_PAGE_PIXELS = 4096 * 4096;

/** pdf.js, like Acrobat, finds the `%PDF-` header anywhere in the first 1024 bytes (ISO 32000-2 §7.5.2 leaves junk before it). */
const PDF_HEADER_WINDOW = 1024;

const IMPL = new URL('./pdf.impl.mjs', import.meta.url);

/** A page rendered by {@link renderPdfPageFile}. */
export interface PdfPage {
  /** The page as PNG (RGBA, opaque: drawn on white). */
  png: Buffer;
  /** Size of the PNG, in px. */
  width: number;
  /** See {@link width}. */
  height: number;
  /** Pages in the document, as pdf.js counts them. */
  pageCount: number;
  /** Size of the page as displayed, in PDF points (1/72 in): crop box, `/Rotate` and `/UserUnit` applied. */
  pageWidthPt: number;
  /** See {@link pageWidthPt}. */
  pageHeightPt: number;
}

/** Raised by {@link renderPdfPageFile} for a page the document does not have; the paging route answers 404 or 400. */
export class PdfPageRangeError extends RangeError {
  override readonly name = 'PdfPageRangeError';
  constructor(
    /** The page asked for. */
    readonly page: number,
    /** Pages in the document; `undefined` when the page number was invalid before the file was opened. */
    readonly pageCount: number | undefined,
  ) {
    super(
      pageCount === undefined ? `Page ${page} is not a page number (1, 2, 3…)` : `Page ${page} is out of range: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    );
  }
}

/** Options of {@link renderPdfPageFile} and {@link readPdfPageCount}. */
export interface PdfRunOptions {
  /** Deadline in ms: the worker is terminated when it passes. */
  timeoutMs: number;
  /** Terminates the worker early when aborted. */
  signal?: AbortSignal;
  /** Most pixels of the rendered page; default {@link PDF_MAX_PAGE_PIXELS}, at most `DECODER_MAX_PIXELS`. */
  maxPixels?: number;
}

/**
 * Renders page `page` of a PDF as PNG, its longest side `maxSide` px (fewer when the pixel cap binds), on white, with
 * the page's `/Rotate` applied. Each call runs pdf.js in a worker thread of its own, taken from the spare that
 * `runInWorker` keeps started (a fresh one costs about 0.5 s to start and load pdf.js on an idle core), then tens to
 * hundreds of ms per page.
 *
 * @param filePath - the PDF (absolute path).
 * @param page - 1-based page number.
 * @param maxSide - longest side in px (a positive integer).
 * @throws PdfPageRangeError (a RangeError) when `page` is not a positive integer, or is past the last page
 *   (`pageCount` then says how many there are); RangeError when `maxSide` is not a positive integer.
 * @throws MediaError `UnreadableFile` (missing, unreadable), `EmptyFile` (0 bytes), `Timeout` (`timeoutMs` passed or
 *   `signal` aborted: the worker is terminated).
 * @throws DecoderFailure `UnsupportedImage` (a user password is needed: "The PDF is password-protected"; or no
 *   `%PDF-` header, e.g. a PostScript-based Illustrator file), `CorruptImage` (pdf.js cannot read the file or the page,
 *   or the worker died), `ImageTooLarge` (the worker ran out of heap).
 */
export async function renderPdfPageFile(filePath: string, page: number, maxSide: number, options: PdfRunOptions): Promise<PdfPage> {
  if (!Number.isSafeInteger(page) || page < 1) throw new PdfPageRangeError(page, undefined);
  if (!Number.isSafeInteger(maxSide) || maxSide < 1) throw new RangeError(`maxSide must be a positive integer, got ${maxSide}`);
  const maxPixels = Math.min(options.maxPixels ?? PDF_MAX_PAGE_PIXELS, DECODER_MAX_PIXELS);
  await checkPdfHeader(filePath);
  const request: PdfPageRequest = { filePath, page, maxSide, maxPixels };
  const result = await runInWorker<PdfPageResult>(IMPL, 'renderPdfPage', request, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    what: `Rendering page ${page} of ${filePath}`,
  });
  if (result.outOfRange) throw new PdfPageRangeError(page, result.pageCount);
  const { png, width, height, pageCount, pageWidthPt, pageHeightPt } = result;
  return { png: Buffer.from(png.buffer, png.byteOffset, png.byteLength), width, height, pageCount, pageWidthPt, pageHeightPt };
}

/**
 * The number of pages of a PDF as pdf.js counts them (a `/Count` that lies is checked against the page tree). Costs a
 * worker like {@link renderPdfPageFile} without the drawing; ExifTool's `PDF:PageCount` is cheaper when ExifTool
 * runs anyway (it reads `/Count` as written).
 *
 * @throws the same MediaError and DecoderFailure as {@link renderPdfPageFile}.
 */
export async function readPdfPageCount(filePath: string, options: Omit<PdfRunOptions, 'maxPixels'>): Promise<number> {
  await checkPdfHeader(filePath);
  return runInWorker<number>(IMPL, 'countPdfPages', { filePath }, { timeoutMs: options.timeoutMs, signal: options.signal, what: `Counting the pages of ${filePath}` });
}

/**
 * The PDF {@link FormatDecoder}, named `pdf`. It accepts a file when file-type says `pdf` or `application/pdf`,
 * ExifTool says `PDF`, or the type is Illustrator (`ai` from `detectFileType`, ExifTool `AI`: Illustrator saves a PDF
 * with its private data inside; a PostScript-based `.ai` fails with `UnsupportedImage`).
 *
 * `decode` renders page 1 at `request.maxSide` px (longest side) as PNG: `{ picture: { kind: 'encoded' }, upright: true,
 * source: 'pdf-page-1' }` (a page has no EXIF orientation; `/Rotate` is applied).
 *
 * @throws the MediaError and DecoderFailure of {@link renderPdfPageFile}; a PDF without pages is `CorruptImage`.
 */
export const pdfDecoder: FormatDecoder = {
  name: 'pdf',
  accepts({ ext, mime, fileType }) {
    return ext === 'pdf' || ext === 'ai' || mime === 'application/pdf' || mime === 'application/illustrator' || fileType === 'PDF' || fileType === 'AI';
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    let page: PdfPage;
    try {
      page = await renderPdfPageFile(request.filePath, 1, request.maxSide, { timeoutMs: request.timeoutMs, signal: request.signal });
    } catch (err) {
      if (err instanceof PdfPageRangeError) throw new DecoderFailure('CorruptImage', `The PDF has no pages: ${request.filePath}`, { cause: err });
      throw err;
    }
    return { picture: { kind: 'encoded', data: page.png }, upright: true, source: 'pdf-page-1' };
  },
};

/**
 * Reads the head of the file: a missing or empty file is a MediaError like everywhere in the media layer, and a file
 * with no `%PDF-` header (a PostScript Illustrator file, a misdetected file) is not given to pdf.js.
 */
async function checkPdfHeader(filePath: string): Promise<void> {
  let head: Buffer;
  try {
    const handle = await open(filePath, 'r');
    try {
      const buffer = Buffer.alloc(PDF_HEADER_WINDOW);
      const { bytesRead } = await handle.read(buffer, 0, PDF_HEADER_WINDOW, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new MediaError('UnreadableFile', `Cannot read ${filePath}: ${(err as Error).message}`, { cause: err });
  }
  if (head.length === 0) throw new MediaError('EmptyFile', `The file is empty (0 bytes): ${filePath}`);
  if (!head.includes('%PDF-', 0, 'latin1')) throw new DecoderFailure('UnsupportedImage', `Not a PDF (no %PDF- header in the first ${PDF_HEADER_WINDOW} bytes): ${filePath}`);
}
