// The JPEG XL decoder that runs inside a decoder worker (see jxl.ts and worker.ts; issue 16 "Previews for every common
// format"). The decoder is libjxl compiled to WASM by @jsquash/jxl. It blocks its thread and cannot be interrupted,
// so it only ever runs in a worker that runInWorker terminates at the deadline.
//
// Plain JavaScript on purpose, like pdf.impl.mjs: a .ts worker module makes every import go through tsx's loader hooks,
// which is several times slower to start. The types are in jxl.impl.d.mts.
import { readFile } from 'node:fs/promises';
import decode, { init } from '@jsquash/jxl/decode.js';

/** A failure worker-entry.mjs forwards with its `reason` (the main thread rebuilds a DecoderFailure from it). */
class JxlFailure extends Error {
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
 * Instantiates the decoder from its WASM file. `decode` alone would load it with fetch() on a file: URL, which Node's
 * fetch does not read; `init` with a compiled module skips that.
 */
async function initDecoder() {
  const wasmUrl = new URL('./codec/dec/jxl_dec.wasm', import.meta.resolve('@jsquash/jxl/decode.js'));
  await init(await WebAssembly.compile(await readFile(wasmUrl)));
}

/**
 * Decodes a JPEG XL file to RGBA; see jxl.impl.d.mts.
 * @param {import('./jxl.impl.d.mts').JxlWorkerInput} input
 * @returns {Promise<import('./jxl.impl.d.mts').JxlWorkerOutput>}
 */
export async function decodeJxl({ filePath, maxPixels }) {
  const bytes = await readFile(filePath);
  try {
    await initDecoder();
  } catch (err) {
    throw new JxlFailure('UnsupportedImage', `The JPEG XL decoder (@jsquash/jxl) cannot be loaded: ${err?.message ?? String(err)}`, err);
  }
  let image;
  try {
    image = await decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } catch (err) {
    const message = err?.message ?? String(err);
    if (/\bOOM\b|out of memory|Cannot enlarge memory|Array buffer allocation failed/i.test(message)) {
      throw new JxlFailure('ImageTooLarge', `The JPEG XL image does not fit in the decoder's memory: ${message}`, err);
    }
    // libjxl says no more than "Decoding error" for a truncated or invalid file.
    throw new JxlFailure('CorruptImage', `The JPEG XL file cannot be decoded: ${message}`, err);
  }
  const { width, height } = image;
  if (!(width > 0 && height > 0 && width * height <= maxPixels)) {
    throw new JxlFailure('ImageTooLarge', `The JPEG XL decoder gave ${width}×${height} px, over the ${maxPixels} px limit`);
  }
  const pixels = image.data;
  // Own the whole buffer, so that worker-entry.mjs moves it instead of copying it.
  const data =
    pixels.byteOffset === 0 && pixels.byteLength === pixels.buffer.byteLength && pixels.buffer instanceof ArrayBuffer
      ? new Uint8Array(pixels.buffer)
      : new Uint8Array(pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + pixels.byteLength));
  return { data, width, height };
}
