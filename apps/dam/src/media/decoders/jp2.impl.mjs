// The JPEG 2000 decoder that runs inside a decoder worker (see jp2.ts and worker.ts; issue 16 "Previews for every
// common format"). The decoder is OpenJPEG compiled to WASM as pdf.js ships it (`pdfjs-dist/wasm/openjpeg.wasm`),
// driven through pdf.js' `JpxImage` from its image-decoders bundle. It blocks its thread and cannot be interrupted, so
// it only ever runs in a worker that runInWorker terminates at the deadline.
//
// Plain JavaScript on purpose, like pdf.impl.mjs: a .ts worker module makes every import go through tsx's loader hooks,
// which is several times slower to start. The types are in jp2.impl.d.mts.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
/** `node_modules/pdfjs-dist/` (absolute path). */
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** A failure worker-entry.mjs forwards with its `reason` (the main thread rebuilds a DecoderFailure from it). */
class Jp2Failure extends Error {
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
 * Loads `JpxImage` and points it at the WASM file on disk: `useWorkerFetch: false` makes it ask `handler` for the
 * bytes instead of fetch()ing `wasmUrl` (Node's fetch does not read file: URLs).
 */
async function loadJpxImage() {
  const { JpxImage, setVerbosityLevel, VerbosityLevel } = await import('pdfjs-dist/legacy/image_decoders/pdf.image_decoders.min.mjs');
  // Errors only: OpenJPEG's warnings go to pdf.js' warn(), which logs on console.log.
  setVerbosityLevel(VerbosityLevel?.ERRORS ?? 0);
  const wasmDir = path.join(PDFJS_ROOT, 'wasm');
  JpxImage.setOptions({
    useWasm: true,
    useWorkerFetch: false,
    // Only used for the pure-JavaScript fallback (`openjpeg_nowasm_fallback.js`) when the WASM cannot be instantiated.
    wasmUrl: pathToFileURL(wasmDir + path.sep).href,
    handler: { sendWithPromise: async (_name, { filename }) => new Uint8Array(await readFile(path.join(wasmDir, path.basename(filename)))) },
  });
  return JpxImage;
}

/**
 * Decodes a JPEG 2000 file to RGBA; see jp2.impl.d.mts.
 * @param {import('./jp2.impl.d.mts').Jp2WorkerInput} input
 * @returns {Promise<import('./jp2.impl.d.mts').Jp2WorkerOutput>}
 */
export async function decodeJp2({ filePath, reducePower, smaskInData }) {
  if (!Number.isSafeInteger(reducePower) || reducePower < 0) throw new RangeError(`reducePower must be a non-negative integer, got ${reducePower}`);
  const bytes = new Uint8Array(await readFile(filePath));
  let JpxImage;
  try {
    JpxImage = await loadJpxImage();
  } catch (err) {
    throw new Jp2Failure('UnsupportedImage', `The JPEG 2000 decoder (pdf.js OpenJPEG) cannot be loaded: ${err?.message ?? String(err)}`, err);
  }
  // A reduce factor the codestream cannot give (a tile-part header with fewer decomposition levels than the main
  // header said) fails the decode: try once more at full resolution.
  const attempts = reducePower > 0 ? [reducePower, 0] : [0];
  let lastError;
  for (const power of attempts) {
    try {
      // numComponents 0: OpenJPEG converts to RGBA itself (grey, grey + alpha, RGB, sYCC, e-sYCC and CMYK; 4
      // components are taken as RGBA when smaskInData is set), each component scaled to 8 bits.
      const image = await JpxImage.decode(bytes, { numComponents: 0, smaskInData, reducePower: power });
      if (!image) throw new Jp2Failure('UnsupportedImage', 'OpenJPEG has no RGBA conversion for the components of this image');
      const data = image.byteOffset === 0 && image.byteLength === image.buffer.byteLength ? new Uint8Array(image.buffer) : new Uint8Array(image);
      return { data, reducePower: power };
    } catch (err) {
      if (err instanceof Jp2Failure) throw err;
      lastError = err;
    }
  }
  const message = lastError?.message ?? String(lastError);
  if (/\bOOM\b|out of memory|Cannot enlarge memory|Array buffer allocation failed/i.test(message)) {
    throw new Jp2Failure('ImageTooLarge', `The JPEG 2000 image does not fit in the decoder's memory: ${message}`, lastError);
  }
  if (/Unknown format/.test(message)) throw new Jp2Failure('UnsupportedImage', `Not a JPEG 2000 file OpenJPEG reads: ${message}`, lastError);
  throw new Jp2Failure('CorruptImage', `The JPEG 2000 file cannot be decoded: ${message.replace(/\s+/g, ' ').trim()}`, lastError);
}
