/**
 * JPEG XL decoder (issue 16 "Previews for every common format"): the prebuilt libvips has no libjxl, so JPEG XL files
 * are decoded by libjxl compiled to WASM (@jsquash/jxl) in a worker thread (`jxl.impl.mjs`). libjxl cannot be asked for
 * the size without decoding, and its WASM heap stops at 2 GiB, so the size is read here first from the codestream's
 * `SizeHeader` (ISO/IEC 18181-1) and a picture over {@link JXL_MAX_PIXELS} is refused before anything is decoded.
 */
import type { JxlWorkerInput, JxlWorkerOutput } from './jxl.impl.mjs';
import { readBoxes, withByteSource, type ByteSource } from './jp2.ts';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';
import { runInWorker } from './worker.ts';

/**
 * Most pixels of a JPEG XL picture, in px (width × height): 64 Mi, lower than `DECODER_MAX_PIXELS` because libjxl
 * decodes at full size only and holds about 16–20 bytes per pixel (float planes and the RGBA output) in a WASM heap
 * that cannot pass 2 GiB.
 */
export const JXL_MAX_PIXELS = 64 * 1024 * 1024;

/** The JPEG XL container's signature box (ISO/IEC 18181-2 §3): length 12, type `JXL `, content `0D 0A 87 0A`. */
const JXL_CONTAINER_SIGNATURE = Buffer.from('0000000c4a584c200d0a870a', 'hex');
/** Bytes of codestream read for the signature and the `SizeHeader` (at most 2 + 9 bytes). */
const CODESTREAM_HEAD = 16;

const IMPL = new URL('./jxl.impl.mjs', import.meta.url);

/** file-type's extension, the media type and ExifTool's `File:FileType` of JPEG XL. */
const JXL_EXT = 'jxl';
const JXL_MIME = 'image/jxl';
const JXL_FILE_TYPE = 'JXL';

/** Reads bits least significant first, as JPEG XL codestreams are written (ISO/IEC 18181-1 §B.2.1). */
class BitReader {
  private position = 0;
  constructor(
    private readonly bytes: Buffer,
    private readonly what: string,
  ) {}

  /** The next `count` bits (≤ 30) as an unsigned number. */
  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++, this.position++) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new DecoderFailure('CorruptImage', `The JPEG XL size header is cut: ${this.what}`);
      value += ((byte >> (this.position & 7)) & 1) * 2 ** i;
    }
    return value;
  }

  /** `U32(Bits(9) + 1, Bits(13) + 1, Bits(18) + 1, Bits(30) + 1)`, the distribution of the `SizeHeader`'s sides. */
  side(): number {
    return this.bits([9, 13, 18, 30][this.bits(2)]!) + 1;
  }
}

/** Width from height for the `SizeHeader`'s `ratio` 1–7 (1:1, 12:10, 4:3, 3:2, 16:9, 5:4, 2:1), as libjxl rounds it. */
function widthFromRatio(ratio: number, height: number): number {
  const [num, den] = (
    [
      [1, 1],
      [12, 10],
      [4, 3],
      [3, 2],
      [16, 9],
      [5, 4],
      [2, 1],
    ] as const
  )[ratio - 1]!;
  return Math.floor((height * num) / den);
}

/**
 * Parses the `SizeHeader` after the codestream signature `FF 0A` (ISO/IEC 18181-1 §D.2): `div8` (1 bit), the height
 * (5 bits × 8 when `div8`, else a U32), `ratio` (3 bits), then the width (likewise) when `ratio` is 0, else the width
 * follows from the height. The size is the coded one, before the orientation of the image metadata.
 *
 * @param head - the first bytes of the codestream (11 are enough).
 * @throws DecoderFailure `UnsupportedImage` without the signature, `CorruptImage` when the bytes end first.
 */
export function parseJxlSizeHeader(head: Buffer, what = 'JPEG XL codestream'): { width: number; height: number } {
  if (head[0] !== 0xff || head[1] !== 0x0a) throw new DecoderFailure('UnsupportedImage', `Not a JPEG XL codestream (no FF 0A signature): ${what}`);
  const reader = new BitReader(head.subarray(2), what);
  const div8 = reader.bits(1) === 1;
  const height = div8 ? (reader.bits(5) + 1) * 8 : reader.side();
  const ratio = reader.bits(3);
  const width = ratio !== 0 ? widthFromRatio(ratio, height) : div8 ? (reader.bits(5) + 1) * 8 : reader.side();
  return { width, height };
}

/**
 * The first bytes of the codestream: the file itself when it starts with `FF 0A`, else the content of the container's
 * `jxlc` box, or of its `jxlp` boxes joined (each without its 4-byte index).
 */
async function codestreamHead(source: ByteSource, filePath: string): Promise<Buffer> {
  const head = await source.read(0, 12);
  if (head[0] === 0xff && head[1] === 0x0a) return source.read(0, CODESTREAM_HEAD);
  if (!head.equals(JXL_CONTAINER_SIGNATURE)) throw new DecoderFailure('UnsupportedImage', `Not a JPEG XL file (no codestream or container signature): ${filePath}`);
  const parts: Buffer[] = [];
  let collected = 0;
  for await (const box of readBoxes(source, 0, source.size)) {
    if (box.type === 'jxlc') return source.read(box.payload, Math.min(CODESTREAM_HEAD, box.end - box.payload));
    if (box.type === 'jxlp') {
      const part = await source.read(box.payload + 4, Math.min(CODESTREAM_HEAD - collected, box.end - box.payload - 4));
      parts.push(part);
      collected += part.length;
      if (collected >= CODESTREAM_HEAD) break;
    }
  }
  if (parts.length === 0) throw new DecoderFailure('CorruptImage', `The JPEG XL container has no codestream box (jxlc or jxlp): ${filePath}`);
  return Buffer.concat(parts);
}

/**
 * Reads the size of a JPEG XL image from its `SizeHeader`, without decoding: a naked codestream (`FF 0A`) or an ISO
 * BMFF container (ISO/IEC 18181-2) whose codestream is in a `jxlc` box or split over `jxlp` boxes. Reads a few bytes
 * per box.
 *
 * @returns the coded size in px (an orientation of 5–8 swaps the sides of the decoded picture).
 * @throws MediaError `UnreadableFile`.
 * @throws DecoderFailure `UnsupportedImage` (neither signature), `CorruptImage` (empty file, boxes or size header cut, no
 *   codestream box).
 */
export async function readJxlSize(filePath: string): Promise<{ width: number; height: number }> {
  return withByteSource(filePath, async (source) => parseJxlSizeHeader(await codestreamHead(source, filePath), filePath));
}

/**
 * The JPEG XL {@link FormatDecoder}, named `jxl`. It accepts a file when file-type says `jxl` (`image/jxl`) or
 * ExifTool says `JXL`.
 *
 * `decode` reads the size header, refuses more than {@link JXL_MAX_PIXELS}, then decodes the whole picture in a worker
 * (libjxl has no reduced decoding): 8-bit RGBA at its natural size, `upright: true` (libjxl applies the orientation of
 * the image metadata), `source: 'jxl'`; the first frame of an animation. Colour is libjxl's sRGB output.
 *
 * Cost: a worker start and a WASM compile (about 0.3–0.5 s on an idle core), then libjxl's single-threaded decode.
 *
 * @throws MediaError `UnreadableFile`; `Timeout` when `request.timeoutMs` passes or `request.signal`
 *   aborts (the worker is terminated).
 * @throws DecoderFailure `ImageTooLarge` (over {@link JXL_MAX_PIXELS}, before decoding; or out of memory),
 *   `CorruptImage` (empty, cut or invalid file, worker crash), `UnsupportedImage` (not JPEG XL).
 */
export const jxlDecoder: FormatDecoder = {
  name: 'jxl',
  accepts({ ext, mime, fileType }) {
    return ext === JXL_EXT || mime === JXL_MIME || fileType === JXL_FILE_TYPE;
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const { filePath } = request;
    const size = await readJxlSize(filePath);
    if (size.width * size.height > JXL_MAX_PIXELS) {
      throw new DecoderFailure('ImageTooLarge', `The JPEG XL image is ${size.width}×${size.height} px, over the ${JXL_MAX_PIXELS} px limit: ${filePath}`);
    }
    const input: JxlWorkerInput = { filePath, maxPixels: JXL_MAX_PIXELS };
    const { data, width, height } = await runInWorker<JxlWorkerOutput>(IMPL, 'decodeJxl', input, {
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      what: `Decoding ${filePath}`,
    });
    const asCoded = width === size.width && height === size.height;
    const transposed = width === size.height && height === size.width;
    if (!(asCoded || transposed) || data.byteLength !== width * height * 4) {
      throw new DecoderFailure('CorruptImage', `Decoding ${filePath} gave ${data.byteLength} bytes for ${width}×${height} RGBA; the header says ${size.width}×${size.height}`);
    }
    return { picture: { kind: 'raw', data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 }, upright: true, source: 'jxl' };
  },
};
