// The PDF page renderer that runs inside a decoder worker (see pdf.ts and worker.ts; issue 16 "PDF: the first page as
// the previews and the page count"). pdf.js parses and draws, @napi-rs/canvas is the canvas and the PNG encoder. It
// blocks its thread and cannot be interrupted, so it only ever runs in a worker that runInWorker terminates at the
// deadline; never import it on the main thread (except fitPage, which is pure).
//
// Plain JavaScript on purpose: worker-entry.mjs registers tsx for a .ts module, and every module imported afterwards
// goes through tsx's loader hooks; pdf.js (1.9 MB of JavaScript) then took 5-10 s to load per worker instead of
// about 0.5 s (measured 2026-11-30 under load). The types are in pdf.impl.d.mts.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Largest embedded image pdf.js decodes, in px (width × height); see pdf.impl.d.mts. */
export const PDF_MAX_IMAGE_PIXELS = 64 * 1024 * 1024;

const require = createRequire(import.meta.url);
/** `node_modules/pdfjs-dist/` as a file URL ending in `/`: pdf.js reads fonts, CMaps, ICC profiles and WASM from there. */
const PDFJS_ROOT = pathToFileURL(path.dirname(require.resolve('pdfjs-dist/package.json')) + path.sep);

/** A failure worker-entry.mjs forwards with its `reason` (the main thread rebuilds a DecoderFailure from it). */
class PdfFailure extends Error {
  name = 'DecoderFailure';
  /**
   * @param {'UnsupportedImage' | 'CorruptImage' | 'ImageTooLarge'} reason
   * @param {string} message
   * @param {unknown} [cause]
   */
  constructor(reason, message, cause) {
    super(message, { cause });
    this.reason = reason;
  }
}

/**
 * Loads pdf.js (the minified legacy build: no source maps to read, less to parse) with its "worker" side on this
 * thread: `globalThis.pdfjsWorker` makes pdf.js use it instead of importing a worker script.
 */
async function loadPdfjs() {
  globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.min.mjs');
  return import('pdfjs-dist/legacy/build/pdf.min.mjs');
}

/**
 * Opens a PDF with pdf.js.
 * @param {string} filePath
 * @returns {Promise<{ pdfjs: any, doc: any }>}
 */
async function openPdf(filePath) {
  const pdfjs = await loadPdfjs();
  const data = new Uint8Array(await readFile(filePath));
  const task = pdfjs.getDocument({
    data,
    // No Function() for PostScript functions and fonts; glyphs are drawn as paths (no FontFace in Node).
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // The 14 standard fonts when not embedded (Foxit/Liberation) and the CMaps of CJK text.
    standardFontDataUrl: new URL('standard_fonts/', PDFJS_ROOT).href,
    cMapUrl: new URL('cmaps/', PDFJS_ROOT).href,
    cMapPacked: true,
    // JPEG 2000 (OpenJPEG), JBIG2 and ICC colour (qcms) decoders.
    wasmUrl: new URL('wasm/', PDFJS_ROOT).href,
    iccUrl: new URL('iccs/', PDFJS_ROOT).href,
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    enableXfa: false,
    // Errors only: pdf.js warns on console.log about every oddity of real-world files.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return { pdfjs, doc: await task.promise };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if (err?.name === 'PasswordException') throw new PdfFailure('UnsupportedImage', 'The PDF is password-protected', err);
    throw new PdfFailure('CorruptImage', `The PDF cannot be read: ${err?.message ?? String(err)}`, err);
  }
}

/**
 * Renders one page of a PDF to PNG; see pdf.impl.d.mts.
 * @param {import('./pdf.impl.d.mts').PdfPageRequest} request
 * @returns {Promise<import('./pdf.impl.d.mts').PdfPageResult>}
 */
export async function renderPdfPage({ filePath, page, maxSide, maxPixels }) {
  for (const [name, value] of Object.entries({ page, maxSide, maxPixels })) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  const { doc } = await openPdf(filePath);
  try {
    const pageCount = doc.numPages;
    if (page > pageCount) return { outOfRange: true, pageCount };
    let proxy;
    try {
      proxy = await doc.getPage(page);
    } catch (err) {
      throw new PdfFailure('CorruptImage', `Page ${page} of the PDF cannot be read: ${err?.message ?? String(err)}`, err);
    }
    const natural = proxy.getViewport({ scale: 1 });
    const { width, height, scale } = fitPage(natural.width, natural.height, maxSide, maxPixels);
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    const viewport = proxy.getViewport({ scale });
    try {
      await proxy.render({
        canvas,
        viewport,
        // Stretch the fractional viewport to the whole-pixel canvas so the page fills it (no white seam).
        transform: [width / viewport.width, 0, 0, height / viewport.height, 0, 0],
        background: '#ffffff',
        intent: 'display',
      }).promise;
    } catch (err) {
      throw new PdfFailure('CorruptImage', `Page ${page} of the PDF cannot be drawn: ${err?.message ?? String(err)}`, err);
    }
    const png = await canvas.encode('png');
    return {
      outOfRange: false,
      png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
      width,
      height,
      pageCount,
      pageWidthPt: natural.width,
      pageHeightPt: natural.height,
    };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/**
 * The number of pages of a PDF; see pdf.impl.d.mts.
 * @param {{ filePath: string }} request
 * @returns {Promise<number>}
 */
export async function countPdfPages({ filePath }) {
  const { doc } = await openPdf(filePath);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/**
 * Canvas size for a page; see pdf.impl.d.mts.
 * @param {number} pageWidth
 * @param {number} pageHeight
 * @param {number} maxSide
 * @param {number} maxPixels
 * @returns {{ width: number, height: number, scale: number }}
 */
export function fitPage(pageWidth, pageHeight, maxSide, maxPixels) {
  const w = Math.max(pageWidth, Number.MIN_VALUE);
  const h = Math.max(pageHeight, Number.MIN_VALUE);
  let scale = maxSide / Math.max(w, h);
  if (w * scale * (h * scale) > maxPixels) scale = Math.sqrt(maxPixels / (w * h));
  let width = Math.max(1, Math.round(w * scale));
  let height = Math.max(1, Math.round(h * scale));
  // Rounding up can cross the pixel cap by a row or a column: shave the longer side.
  while (width * height > maxPixels && (width > 1 || height > 1)) {
    if (width >= height) width--;
    else height--;
  }
  return { width, height, scale };
}
