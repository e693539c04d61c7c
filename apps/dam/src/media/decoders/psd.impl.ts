/**
 * Worker side of the PSD/PSB decoder (issue 16), run by `runInWorker` from `psd.ts`: ag-psd (MIT) is synchronous
 * JavaScript that blocks its thread while it reads a document, so it runs in a worker that a deadline can terminate.
 *
 * Only the composite image ("merged image data", the last section of the file, Adobe Photoshop File Formats
 * Specification: "Image Data Section") is read; layers are skipped and never composited.
 */
import { readFile } from 'node:fs/promises';
import { initializeCanvas, readPsd, type Psd, type ReadOptions } from 'ag-psd';
import type { NoPreviewReason } from '../errors.ts';
import { DECODER_MAX_PIXELS, DecoderFailure } from './types.ts';

/** What `psd.ts` sends to the worker. */
export interface PsdWorkerInput {
  /** Absolute path of the original. */
  filePath: string;
}

/** What the worker sends back: interleaved 8-bit RGBA, rows top to bottom, `data.length === width * height * 4`. */
export interface PsdWorkerOutput {
  /** A `Uint8Array` after the structured clone. */
  data: Uint8Array;
  /** Width in px (the document's). */
  width: number;
  /** Height in px. */
  height: number;
}

/** The fixed file header (spec "File Header Section"): signature, version, 6 reserved, channels, height, width, depth, mode. */
const HEADER_BYTES = 26;

/** Colour modes of the header (spec "File Header Section": Bitmap = 0 … Lab = 9). */
const COLOR_MODES = ['Bitmap', 'Grayscale', 'Indexed', 'RGB', 'CMYK', undefined, undefined, 'Multichannel', 'Duotone', 'Lab'];
/** The colour modes ag-psd 31 reads (its `supportedColorModes`); CMYK, Multichannel, Duotone and Lab it refuses. */
const READ_COLOR_MODES = new Set([0, 1, 2, 3]);
/** Bits per channel ag-psd turns into 8-bit RGBA; its 16- and 32-bit reading is partial (README "Limitations"). */
const READ_DEPTHS = new Set([1, 8]);

/** The header of a PSD (`version` 1) or PSB (`version` 2). */
interface PsdHeader {
  version: number;
  channels: number;
  width: number;
  height: number;
  depth: number;
  colorMode: number;
}

/** The `ImageData` ag-psd's declarations name (a DOM type, absent from the server's TypeScript libraries). */
type AgPsdImageData = ReturnType<NonNullable<Parameters<typeof initializeCanvas>[1]>>;

// Without a canvas (ag-psd's default needs a DOM or node-canvas), `useImageData` pixels are plain ImageData-shaped
// objects. This worker never asks for a canvas; one call means a bug, and fails the decode.
initializeCanvas(
  () => {
    throw new Error('ag-psd asked for a canvas: the decoder reads image data only');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as unknown as AgPsdImageData,
);

/**
 * Reads the composite image of a PSD or PSB file as RGBA. The header's width × height is checked against
 * {@link DECODER_MAX_PIXELS} before anything else is read; then the document's structure (image resources, layer
 * records without their pixels) is read once to learn whether the file holds real merged data, and only then are the
 * composite pixels decoded.
 *
 * @param input - the file to read.
 * @returns RGBA pixels (opaque unless the document has transparency) and the document's size in px.
 * @throws DecoderFailure `UnsupportedImage` when the file holds no usable composite (saved without "Maximize
 *   compatibility": `VersionInfo.hasRealMergedData` false, or no image data section), or a colour mode/depth ag-psd does
 *   not read (CMYK, Lab, Duotone, Multichannel, 16/32-bit); `ImageTooLarge` over the pixel limit; `CorruptImage` for a
 *   bad header, a truncated file or data ag-psd cannot parse.
 */
export async function decodePsd(input: PsdWorkerInput): Promise<PsdWorkerOutput> {
  let buffer: Buffer;
  try {
    buffer = await readFile(input.filePath);
  } catch (err) {
    throw new DecoderFailure('CorruptImage', `Cannot read ${input.filePath}: ${(err as Error).message}`, { cause: err });
  }
  const header = readHeader(input.filePath, buffer);
  const what = `${input.filePath} (${header.version === 2 ? 'PSB' : 'PSD'} ${header.width}×${header.height}, ${COLOR_MODES[header.colorMode] ?? `mode ${header.colorMode}`}, ${header.depth}-bit)`;
  if (header.width * header.height > DECODER_MAX_PIXELS) {
    throw new DecoderFailure('ImageTooLarge', `${what}: over the limit of ${DECODER_MAX_PIXELS} px`);
  }
  if (!READ_COLOR_MODES.has(header.colorMode) || !READ_DEPTHS.has(header.depth)) {
    throw new DecoderFailure('UnsupportedImage', `${what}: ag-psd reads 1- and 8-bit Bitmap, Grayscale, Indexed and RGB documents only`);
  }

  // Structure only: `useRawData` leaves the composite undecoded (a view of the rest of the file).
  const base: ReadOptions = { skipLayerImageData: true, skipThumbnail: true, skipLinkedFilesData: true };
  const structure = read(what, buffer, { ...base, useRawData: true });
  if (structure.imageResources?.versionInfo?.hasRealMergedData === false) {
    // Photoshop writes a white placeholder of the document's size when "Maximize compatibility" is off.
    throw new DecoderFailure('UnsupportedImage', `${what} was saved without "Maximize compatibility": its composite image is a blank placeholder`);
  }
  if (structure.rawCompositeData === undefined || structure.rawCompositeData.byteLength < 2) {
    throw new DecoderFailure('UnsupportedImage', `${what} has no composite image data`);
  }

  // ag-psd zero-fills what a truncated file lacks and only says so through its debug log.
  const warnings: string[] = [];
  const psd = read(what, buffer, { ...base, useImageData: true, debug: true, log: (...args: unknown[]) => warnings.push(args.map(String).join(' ')) });
  const truncated = warnings.find((w) => /exceeding buffer length/i.test(w));
  if (truncated !== undefined) throw new DecoderFailure('CorruptImage', `${what} is truncated: ${truncated}`);
  const image = psd.imageData;
  if (image === undefined) throw new DecoderFailure('UnsupportedImage', `${what} has no composite image data`);
  if (!(image.data instanceof Uint8ClampedArray) || image.data.length !== image.width * image.height * 4) {
    throw new DecoderFailure('UnsupportedImage', `${what}: ag-psd returned ${image.data.constructor.name} pixels, not 8-bit RGBA`);
  }
  return { data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height };
}

/** Reads and checks the 26-byte header (big-endian, spec "File Header Section"). */
function readHeader(filePath: string, buffer: Buffer): PsdHeader {
  if (buffer.length < HEADER_BYTES) {
    throw new DecoderFailure('CorruptImage', `${filePath} is too short (${buffer.length} bytes) for a PSD header`);
  }
  const signature = buffer.toString('latin1', 0, 4);
  if (signature !== '8BPS') throw new DecoderFailure('CorruptImage', `${filePath}: signature ${JSON.stringify(signature)} is not 8BPS`);
  const header: PsdHeader = {
    version: buffer.readUInt16BE(4),
    channels: buffer.readUInt16BE(12),
    height: buffer.readUInt32BE(14),
    width: buffer.readUInt32BE(18),
    depth: buffer.readUInt16BE(22),
    colorMode: buffer.readUInt16BE(24),
  };
  if (header.version !== 1 && header.version !== 2) throw new DecoderFailure('CorruptImage', `${filePath}: unknown PSD version ${header.version}`);
  // PSD allows 30 000 px a side, PSB 300 000 (spec "File Header Section").
  const maxSide = header.version === 1 ? 30_000 : 300_000;
  if (header.width < 1 || header.height < 1 || header.width > maxSide || header.height > maxSide) {
    throw new DecoderFailure('CorruptImage', `${filePath}: invalid size ${header.width}×${header.height}`);
  }
  if (header.channels < 1 || header.channels > 56) throw new DecoderFailure('CorruptImage', `${filePath}: invalid channel count ${header.channels}`);
  return header;
}

/** `readPsd`, with its errors (plain `Error`s and `RangeError`s of DataView reads past the end) classified. */
function read(what: string, buffer: Buffer, options: ReadOptions): Psd {
  try {
    return readPsd(buffer, options);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    let reason: NoPreviewReason = 'CorruptImage';
    if (/exceeded memory limit/i.test(message)) reason = 'ImageTooLarge';
    else if (/not supported|not supproted/i.test(message)) reason = 'UnsupportedImage';
    throw new DecoderFailure(reason, `${what} cannot be read by ag-psd: ${message}`, { cause: err });
  }
}
