/**
 * PSD/PSB decoder (issue 16 "Previews for every common format"): libvips does not read Photoshop documents, so their
 * composite image is read with ag-psd in a worker thread. Files without a usable composite fail with
 * `UnsupportedImage`, and `makePreviews` falls back to the embedded `PhotoshopThumbnail`.
 */
import type { PsdWorkerInput, PsdWorkerOutput } from './psd.impl.ts';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';
import { runInWorker } from './worker.ts';

/** Media types of Photoshop documents: file-type's, IANA's registration, and the unregistered ones seen in the wild. */
const PSD_MIMES = new Set(['image/vnd.adobe.photoshop', 'application/vnd.adobe.photoshop', 'image/x-photoshop', 'application/x-photoshop', 'image/psd']);
/** ExifTool `File:FileType` values of Photoshop documents. */
const PSD_FILE_TYPES = new Set(['PSD', 'PSB']);

/**
 * The Photoshop {@link FormatDecoder}, named `psd`. It accepts a file when file-type says `psd` (file-type reports PSB
 * as `psd` too) or a Photoshop media type, or ExifTool says `PSD`/`PSB`.
 *
 * `decode` returns the composite ("merged") image as raw 8-bit RGBA at the document's size, `upright: true`
 * (Photoshop stores pixels as displayed), `source: 'psd-composite'`. Colour profiles are not applied.
 *
 * @throws DecoderFailure `UnsupportedImage` when the file has no usable composite (saved without "Maximize
 *   compatibility") or a colour mode/depth ag-psd does not read (CMYK, Lab, Duotone, Multichannel, 16/32-bit): the
 *   embedded thumbnail is the fallback; `ImageTooLarge` when the header's width × height is over `DECODER_MAX_PIXELS`
 *   (checked before any pixel is read) or the worker runs out of heap; `CorruptImage` for a bad header, a truncated file,
 *   data ag-psd cannot parse; `MediaError('Timeout')` when `request.timeoutMs` passes or `request.signal` aborts.
 */
export const psdDecoder: FormatDecoder = {
  name: 'psd',
  accepts({ ext, mime, fileType }) {
    return ext === 'psd' || ext === 'psb' || (mime !== undefined && PSD_MIMES.has(mime)) || (fileType !== undefined && PSD_FILE_TYPES.has(fileType));
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const input: PsdWorkerInput = { filePath: request.filePath };
    const output = await runInWorker<PsdWorkerOutput>(new URL('./psd.impl.ts', import.meta.url), 'decodePsd', input, {
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      what: `Decoding ${request.filePath}`,
    });
    const { data, width, height } = output;
    if (data.byteLength !== width * height * 4) {
      throw new DecoderFailure('CorruptImage', `Decoding ${request.filePath} gave ${data.byteLength} bytes for ${width}×${height} RGBA`);
    }
    return {
      picture: { kind: 'raw', data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 },
      upright: true,
      source: 'psd-composite',
    };
  },
};
