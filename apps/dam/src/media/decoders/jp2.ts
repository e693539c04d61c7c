/**
 * JPEG 2000 decoder (issue 16 "Previews for every common format"): the prebuilt libvips has no OpenJPEG, so JP2, JPX
 * and raw J2K codestreams are decoded by the OpenJPEG WASM build that pdf.js ships, in a worker thread
 * (`jp2.impl.mjs`). The header is read here first (ISO/IEC 15444-1 Annex A `SIZ` and Annex I boxes), so that a file
 * claiming too many pixels is refused before anything is decoded, and so that a large image is decoded at a reduced
 * resolution (OpenJPEG's reduce factor skips the finest wavelet levels) close to the preview size.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { MediaError } from '../errors.ts';
import type { Jp2WorkerInput, Jp2WorkerOutput } from './jp2.impl.mjs';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';
import { runInWorker } from './worker.ts';

/**
 * Most pixels OpenJPEG is asked to produce, in px (width × height at the reduce factor used): 64 Mi. OpenJPEG holds
 * 4 bytes per component per pixel in a WASM heap that cannot pass 2 GiB, plus the compressed file; a preview never
 * needs this many (a large image is decoded reduced), so only an image without enough wavelet levels reaches it.
 */
export const JP2_MAX_DECODED_PIXELS = 64 * 1024 * 1024;
/** Largest file handed to OpenJPEG, in bytes (1 GiB): the whole file is copied into its 2 GiB WASM heap. */
export const JP2_MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** file-type's extensions of JPEG 2000 images (Motion JPEG 2000, `mj2`, is a video and is not taken). */
const JP2_EXTS = new Set(['jp2', 'j2c', 'jpx', 'jpm']);
/** Media types of JPEG 2000 images (RFC 3745, and file-type's `image/j2c`). */
const JP2_MIMES = new Set(['image/jp2', 'image/jpx', 'image/jpm', 'image/j2c']);
/** ExifTool `File:FileType` values of JPEG 2000 images. */
const JP2_FILE_TYPES = new Set(['JP2', 'J2C', 'JPX', 'JPM']);

/** The JP2 signature box (ISO/IEC 15444-1 I.5.1): length 12, type `jP  `, content `0D 0A 87 0A`. */
const JP2_SIGNATURE = Buffer.from('0000000c6a5020200d0a870a', 'hex');
/** SOC then SIZ, the first two markers of every JPEG 2000 codestream (ISO/IEC 15444-1 A.4.1, A.5.1). */
const J2K_SIGNATURE = Buffer.from('ff4fff51', 'hex');
/** Bytes of the codestream read to find SIZ, COD and COC (the main header is rarely longer than a few hundred bytes). */
const MAIN_HEADER_WINDOW = 64 * 1024;
/** Most boxes walked at one level before the file is taken as corrupt. */
const MAX_BOXES = 4096;

const IMPL = new URL('./jp2.impl.mjs', import.meta.url);

/** A file opened for reading at offsets. */
export interface ByteSource {
  /** Size of the file, in bytes. */
  readonly size: number;
  /** Up to `length` bytes from `offset`: fewer at the end of the file. */
  read(offset: number, length: number): Promise<Buffer>;
}

/** The header of one box (ISO/IEC 15444-1 I.4; the same layout as ISO BMFF boxes, which JPEG XL reuses). */
export interface BoxHeader {
  /** Four-character type, e.g. `jp2h`. */
  type: string;
  /** Offset of the box in the file, in bytes. */
  start: number;
  /** Offset of its content (after the length, type and any 64-bit length). */
  payload: number;
  /** Offset just past the box: its declared end (may lie past the end of a truncated file), or the parent's end for length 0. */
  end: number;
}

/**
 * Opens `filePath` as a {@link ByteSource}, runs `fn`, closes it.
 * @throws MediaError `UnreadableFile` (missing, unreadable); DecoderFailure `CorruptImage` for an empty file.
 */
export async function withByteSource<T>(filePath: string, fn: (source: ByteSource) => Promise<T>): Promise<T> {
  let handle: FileHandle;
  let size: number;
  try {
    handle = await open(filePath, 'r');
    size = (await handle.stat()).size;
  } catch (err) {
    throw new MediaError('UnreadableFile', `Cannot read ${filePath}: ${(err as Error).message}`, { cause: err });
  }
  try {
    // The decoder contract: a file that gives no picture is a DecoderFailure (makePreviews rejects empty files first).
    if (size === 0) throw new DecoderFailure('CorruptImage', `The file is empty (0 bytes): ${filePath}`);
    const source: ByteSource = {
      size,
      async read(offset, length) {
        const wanted = Math.max(0, Math.min(length, size - offset));
        const buffer = Buffer.alloc(wanted);
        let filled = 0;
        while (filled < wanted) {
          const { bytesRead } = await handle.read(buffer, filled, wanted - filled, offset + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      },
    };
    return await fn(source);
  } finally {
    await handle.close();
  }
}

/**
 * The boxes from `start` to `end` (a file's top level, or a superbox's content), in order. The last box may end past
 * `end` (a truncated file); walking stops after it, and at trailing bytes too short for a box header.
 *
 * @throws DecoderFailure `CorruptImage` for a length smaller than the box header, or more than 4096 boxes.
 */
export async function* readBoxes(source: ByteSource, start: number, end: number): AsyncGenerator<BoxHeader> {
  let offset = start;
  for (let count = 0; offset + 8 <= end; count++) {
    if (count >= MAX_BOXES) throw new DecoderFailure('CorruptImage', `More than ${MAX_BOXES} boxes at offset ${start}`);
    const head = await source.read(offset, 16);
    if (head.length < 8) return;
    const length32 = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let payload = offset + 8;
    let boxEnd: number;
    if (length32 === 1) {
      if (head.length < 16) throw new DecoderFailure('CorruptImage', `The box '${type}' at offset ${offset} is cut in its header`);
      const length64 = head.readBigUInt64BE(8);
      if (length64 < 16n || length64 > BigInt(Number.MAX_SAFE_INTEGER))
        throw new DecoderFailure('CorruptImage', `The box '${type}' at offset ${offset} has an invalid length ${length64}`);
      payload = offset + 16;
      boxEnd = offset + Number(length64);
    } else if (length32 === 0) {
      boxEnd = end;
    } else if (length32 < 8) {
      throw new DecoderFailure('CorruptImage', `The box '${type}' at offset ${offset} has an invalid length ${length32}`);
    } else {
      boxEnd = offset + length32;
    }
    yield { type, start: offset, payload, end: boxEnd };
    if (boxEnd >= end) return;
    offset = boxEnd;
  }
}

/** The size and coding parameters of a JPEG 2000 image, from its header. */
export interface Jp2Header {
  /** `jp2`: JP2 family boxes (JP2, JPX); `j2k`: a raw codestream. */
  container: 'jp2' | 'j2k';
  /** Width of the image area, in px (`Xsiz − XOsiz` of the `SIZ` marker). */
  width: number;
  /** Height of the image area, in px (`Ysiz − YOsiz`). */
  height: number;
  /** The `SIZ` reference grid: image offset and end, in px. */
  grid: { x0: number; y0: number; x1: number; y1: number };
  /** Number of components (`Csiz`). */
  components: number;
  /** Subsampling of component 0 (`XRsiz`, `YRsiz`): OpenJPEG's RGBA picture has the size of component 0. */
  subsampling: { dx: number; dy: number };
  /** Fewest wavelet decomposition levels of the main header's `COD`/`COC` markers; undefined when none was found. */
  decompositionLevels: number | undefined;
  /** Size in the JP2 image header box (`ihdr`), when there is one. */
  ihdr?: { width: number; height: number };
  /** The colour specification box says CMYK (enumerated colour space 12). */
  cmyk: boolean;
  /** Offset of the codestream in the file, in bytes. */
  codestreamOffset: number;
  /** Size of the file, in bytes. */
  fileBytes: number;
}

/**
 * Reads the header of a JPEG 2000 file: the JP2 boxes (`ftyp`, `jp2h` with `ihdr` and `colr`, the first `jp2c`) when
 * the file starts with the JP2 signature box, then the codestream's main header (`SIZ`, `COD`, `COC`) up to the first
 * tile-part. Reads a few KiB whatever the size of the file.
 *
 * @throws MediaError `UnreadableFile`.
 * @throws DecoderFailure `UnsupportedImage` (neither signature; a JPM compound image or a JPX whose codestream is in
 *   fragments, which OpenJPEG does not read), `CorruptImage` (empty file, boxes or `SIZ` cut or invalid, no codestream).
 */
export async function readJp2Header(filePath: string): Promise<Jp2Header> {
  return withByteSource(filePath, async (source) => {
    const head = await source.read(0, 12);
    let container: Jp2Header['container'];
    let codestreamOffset: number | undefined;
    let ihdr: Jp2Header['ihdr'];
    let cmyk = false;
    if (head.subarray(0, 4).equals(J2K_SIGNATURE)) {
      container = 'j2k';
      codestreamOffset = 0;
    } else if (head.equals(JP2_SIGNATURE)) {
      container = 'jp2';
      let brand = '';
      let fragmented = false;
      for await (const box of readBoxes(source, 0, source.size)) {
        if (box.type === 'ftyp') {
          brand = (await source.read(box.payload, 4)).toString('latin1');
        } else if (box.type === 'jp2h') {
          for await (const child of readBoxes(source, box.payload, Math.min(box.end, source.size))) {
            if (child.type === 'ihdr') {
              const content = await source.read(child.payload, 14);
              if (content.length < 14) throw new DecoderFailure('CorruptImage', `The JP2 image header box is cut: ${filePath}`);
              ihdr = { height: content.readUInt32BE(0), width: content.readUInt32BE(4) };
            } else if (child.type === 'colr') {
              const content = await source.read(child.payload, 7);
              // METH 1 = enumerated colour space; 12 = CMYK (ISO/IEC 15444-2 M.11.7.3.1).
              if (content.length === 7 && content[0] === 1 && content.readUInt32BE(3) === 12) cmyk = true;
            }
          }
        } else if (box.type === 'ftbl') {
          fragmented = true;
        } else if (box.type === 'jp2c') {
          codestreamOffset = box.payload;
          break;
        }
      }
      if (ihdr !== undefined) checkPixels(ihdr.width, ihdr.height, filePath);
      if (codestreamOffset === undefined) {
        if (brand === 'jpm ') throw new DecoderFailure('UnsupportedImage', `JPM compound images (JPEG 2000 Part 6) are not decoded: ${filePath}`);
        if (fragmented) throw new DecoderFailure('UnsupportedImage', `The JPX codestream is in fragments (ftbl), which OpenJPEG does not read: ${filePath}`);
        throw new DecoderFailure('CorruptImage', `The JPEG 2000 file has no codestream box (jp2c): ${filePath}`);
      }
    } else {
      throw new DecoderFailure('UnsupportedImage', `Not a JPEG 2000 file (no JP2 signature box or SOC/SIZ markers): ${filePath}`);
    }
    const main = await source.read(codestreamOffset, MAIN_HEADER_WINDOW);
    return { container, ihdr, cmyk, codestreamOffset, fileBytes: source.size, ...parseMainHeader(main, filePath) };
  });
}

/** Parses `SIZ`, then the `COD`/`COC` markers up to the first `SOT` (ISO/IEC 15444-1 A.5.1, A.6.1, A.6.2). */
function parseMainHeader(main: Buffer, filePath: string): Omit<Jp2Header, 'container' | 'ihdr' | 'cmyk' | 'codestreamOffset' | 'fileBytes'> {
  if (main.length < 4 || !main.subarray(0, 4).equals(J2K_SIGNATURE))
    throw new DecoderFailure('CorruptImage', `The JPEG 2000 codestream does not start with SOC and SIZ: ${filePath}`);
  if (main.length < 6) throw new DecoderFailure('CorruptImage', `The JPEG 2000 SIZ marker is cut: ${filePath}`);
  const lsiz = main.readUInt16BE(4);
  if (lsiz < 41 || main.length < 4 + lsiz) throw new DecoderFailure('CorruptImage', `The JPEG 2000 SIZ marker is cut or invalid (Lsiz ${lsiz}): ${filePath}`);
  const x1 = main.readUInt32BE(8);
  const y1 = main.readUInt32BE(12);
  const x0 = main.readUInt32BE(16);
  const y0 = main.readUInt32BE(20);
  const components = main.readUInt16BE(40);
  const dx = main[43]!;
  const dy = main[44]!;
  if (x1 <= x0 || y1 <= y0 || components < 1 || lsiz !== 38 + 3 * components || dx < 1 || dy < 1) {
    throw new DecoderFailure('CorruptImage', `The JPEG 2000 SIZ marker is invalid (${x0},${y0}–${x1},${y1}, ${components} components): ${filePath}`);
  }
  let decompositionLevels: number | undefined;
  const levels = (n: number | undefined) => {
    if (n !== undefined) decompositionLevels = Math.min(decompositionLevels ?? n, n);
  };
  for (let at = 4 + lsiz; at + 4 <= main.length;) {
    if (main[at] !== 0xff) break;
    const marker = main[at + 1]!;
    // SOT, SOD, EOC: the main header is over.
    if (marker === 0x90 || marker === 0x93 || marker === 0xd9) break;
    const length = main.readUInt16BE(at + 2);
    if (length < 2) break;
    // COD: Lcod, Scod, SGcod (progression, layers ×2, MCT), then SPcod's first byte, the decomposition levels.
    if (marker === 0x52) levels(main[at + 9]);
    // COC: Lcoc, Ccoc (1 byte, 2 when Csiz ≥ 257), Scoc, then SPcoc's first byte.
    if (marker === 0x53) levels(main[at + 4 + (components < 257 ? 1 : 2) + 1]);
    at += 2 + length;
  }
  return { width: x1 - x0, height: y1 - y0, grid: { x0, y0, x1, y1 }, components, subsampling: { dx, dy }, decompositionLevels };
}

/** @throws DecoderFailure `ImageTooLarge` when `width` × `height` is over `DECODER_MAX_PIXELS`. */
function checkPixels(width: number, height: number, filePath: string): void {
  if (width * height > DECODER_MAX_PIXELS) {
    throw new DecoderFailure('ImageTooLarge', `The JPEG 2000 image is ${width}×${height} px, over the ${DECODER_MAX_PIXELS} px limit: ${filePath}`);
  }
}

/**
 * The reduce factor for a preview of `maxSide` px: the largest power of two that keeps the longest side at least
 * `maxSide` (`max(0, floor(log2(longest / maxSide)))`), at most the codestream's decomposition levels (0 when unknown).
 */
export function jp2ReducePower(header: Pick<Jp2Header, 'width' | 'height' | 'decompositionLevels'>, maxSide: number): number {
  const longest = Math.max(header.width, header.height);
  const wanted = maxSide > 0 && longest > maxSide ? Math.floor(Math.log2(longest / maxSide)) : 0;
  return Math.max(0, Math.min(wanted, header.decompositionLevels ?? 0));
}

/**
 * Size in px of OpenJPEG's picture at reduce factor `reducePower`: component 0 on the reference grid
 * (`ceil(x / XRsiz)`), then `ceil(x / 2^r)` at both ends, as OpenJPEG's `opj_j2k_update_image_dimensions` computes it.
 */
export function jp2DecodedSize(header: Pick<Jp2Header, 'grid' | 'subsampling'>, reducePower: number): { width: number; height: number } {
  const scale = 2 ** reducePower;
  const side = (from: number, to: number, sub: number) => Math.ceil(Math.ceil(to / sub) / scale) - Math.ceil(Math.ceil(from / sub) / scale);
  return { width: side(header.grid.x0, header.grid.x1, header.subsampling.dx), height: side(header.grid.y0, header.grid.y1, header.subsampling.dy) };
}

/**
 * The JPEG 2000 {@link FormatDecoder}, named `jp2`. It accepts a file when file-type says `jp2`/`j2c`/`jpx`/`jpm` (or
 * `image/jp2`, `image/jpx`, `image/jpm`, `image/j2c`) or ExifTool says `JP2`/`J2C`/`JPX`/`JPM`.
 *
 * `decode` reads the header (a few KiB), refuses more than `DECODER_MAX_PIXELS` (in `ihdr` or `SIZ`), then decodes in
 * a worker at the reduce factor {@link jp2ReducePower} gives for `request.maxSide` (a 6000 px image for a 1600 px
 * preview is decoded at 1/2, 3000 px). It returns 8-bit RGBA, `upright: true` (JPEG 2000 has no orientation of its
 * own; the EXIF in a JP2 describes the camera's JPEG), `source: 'jp2'`, and `contentWidth`/`contentHeight` = the full
 * size when the picture is reduced. Colour profiles are not applied (the components are taken as sRGB).
 *
 * @throws MediaError `UnreadableFile`; `Timeout` when `request.timeoutMs` passes or `request.signal`
 *   aborts (the worker is terminated).
 * @throws DecoderFailure `ImageTooLarge` (over `DECODER_MAX_PIXELS`, over {@link JP2_MAX_DECODED_PIXELS} at the
 *   reduce factor, a file over {@link JP2_MAX_FILE_BYTES}, or out of memory: all but the last before decoding),
 *   `CorruptImage` (empty file, cut or invalid header or tiles, worker crash), `UnsupportedImage` (not JPEG 2000, JPM, a
 *   fragmented JPX, components OpenJPEG does not convert to RGBA).
 */
export const jp2Decoder: FormatDecoder = {
  name: 'jp2',
  accepts({ ext, mime, fileType }) {
    return (ext !== undefined && JP2_EXTS.has(ext)) || (mime !== undefined && JP2_MIMES.has(mime)) || (fileType !== undefined && JP2_FILE_TYPES.has(fileType));
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const { filePath } = request;
    const header = await readJp2Header(filePath);
    checkPixels(header.width, header.height, filePath);
    const reducePower = jp2ReducePower(header, request.maxSide);
    const decoded = jp2DecodedSize(header, reducePower);
    if (decoded.width * decoded.height > JP2_MAX_DECODED_PIXELS) {
      throw new DecoderFailure(
        'ImageTooLarge',
        `The JPEG 2000 image would decode to ${decoded.width}×${decoded.height} px (${header.decompositionLevels ?? 0} wavelet levels), over the ${JP2_MAX_DECODED_PIXELS} px limit: ${filePath}`,
      );
    }
    if (header.fileBytes > JP2_MAX_FILE_BYTES)
      throw new DecoderFailure('ImageTooLarge', `The JPEG 2000 file is ${header.fileBytes} bytes, over the ${JP2_MAX_FILE_BYTES}-byte limit: ${filePath}`);

    const input: Jp2WorkerInput = { filePath, reducePower, smaskInData: !header.cmyk };
    const output = await runInWorker<Jp2WorkerOutput>(IMPL, 'decodeJp2', input, { timeoutMs: request.timeoutMs, signal: request.signal, what: `Decoding ${filePath}` });
    const { width, height } = jp2DecodedSize(header, output.reducePower);
    const { data } = output;
    if (data.byteLength !== width * height * 4) {
      throw new DecoderFailure('CorruptImage', `Decoding ${filePath} gave ${data.byteLength} bytes, not ${width}×${height} RGBA`);
    }
    const result: DecodeResult = {
      picture: { kind: 'raw', data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 },
      upright: true,
      source: 'jp2',
    };
    if (width !== header.width || height !== header.height) {
      result.contentWidth = header.width;
      result.contentHeight = header.height;
    }
    return result;
  },
};
