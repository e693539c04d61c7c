import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JP2_MAX_DECODED_PIXELS, jp2Decoder, jp2DecodedSize, jp2ReducePower, readJp2Header } from './decoders/jp2.ts';
import { JXL_MAX_PIXELS, jxlDecoder, parseJxlSizeHeader, readJxlSize } from './decoders/jxl.ts';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest, type DecodeResult } from './decoders/types.ts';
import { isMediaError } from './errors.ts';
import { HAVE_SAMPLES, loadManifest, manifestStoredSize, samplePath } from './testing/samples.ts';

const JXL_SAMPLE = 'formats/other-images/exifreader_test.jxl';
const JP2_SAMPLE = 'formats/other-images/Nikon_D2X.jp2';

let tmpDir = '';
beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'magpie-jxl-jp2-'));
});
afterAll(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

/** A decode request with a generous deadline (a worker start and a WASM compile on two shared cores). */
function request(filePath: string, maxSide = 1600, timeoutMs = 60_000): DecodeRequest {
  return { filePath, maxSide, timeoutMs, signal: new AbortController().signal };
}

/** The reason of the DecoderFailure `promise` rejects with (fails the test on success or another error). */
async function failureReason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DecoderFailure);
  return (error as DecoderFailure).reason;
}

/** Writes `bytes` to the temporary folder and returns the path. */
async function tmpFile(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(tmpDir, name);
  await writeFile(file, bytes);
  return file;
}

/** The manifest's size of a sample. */
function manifestSize(samplePathInManifest: string): { width: number; height: number } {
  const entry = loadManifest().find((e) => e.path === samplePathInManifest);
  expect(entry, samplePathInManifest).toBeDefined();
  return manifestStoredSize(entry!.exiftool!)!;
}

/** Writes bits least significant first, as JPEG XL codestreams are (ISO/IEC 18181-1 §B.2.1). */
function jxlBits(fields: readonly [value: number, bits: number][]): Buffer {
  const out: number[] = [];
  let position = 0;
  for (const [value, bits] of fields) {
    for (let i = 0; i < bits; i++, position++) {
      if ((position & 7) === 0) out.push(0);
      if (Math.floor(value / 2 ** i) % 2 === 1) out[out.length - 1]! |= 1 << (position & 7);
    }
  }
  return Buffer.from(out);
}

/** An ISO BMFF box: 32-bit length, type, content. */
function box(type: string, content: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

/** The boxes of a JPEG XL container (or JP2 file) at the top level: type, offset, payload offset, end. */
function topBoxes(bytes: Buffer): { type: string; start: number; payload: number; end: number }[] {
  const boxes = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const end = length === 0 ? bytes.length : at + length;
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, payload: at + 8, end });
    at = end;
  }
  return boxes;
}

describe('accepts', () => {
  it('jxlDecoder takes JPEG XL by file-type or ExifTool, nothing else', () => {
    const accepts = (ext?: string, mime?: string, fileType?: string) => jxlDecoder.accepts({ ext, mime, fileType });
    expect(accepts('jxl', 'image/jxl')).toBe(true);
    expect(accepts(undefined, 'image/jxl')).toBe(true);
    expect(accepts(undefined, undefined, 'JXL')).toBe(true);
    expect(accepts('jp2', 'image/jp2', 'JP2')).toBe(false);
    expect(accepts('jpg', 'image/jpeg', 'JPEG')).toBe(false);
    expect(accepts(undefined, undefined, undefined)).toBe(false);
  });

  it('jp2Decoder takes JP2, J2C, JPX and JPM, not Motion JPEG 2000 or JPEG XL', () => {
    const accepts = (ext?: string, mime?: string, fileType?: string) => jp2Decoder.accepts({ ext, mime, fileType });
    for (const ext of ['jp2', 'j2c', 'jpx', 'jpm']) expect(accepts(ext), ext).toBe(true);
    expect(accepts(undefined, 'image/jp2')).toBe(true);
    expect(accepts(undefined, 'image/jpx')).toBe(true);
    for (const fileType of ['JP2', 'J2C', 'JPX', 'JPM']) expect(accepts(undefined, undefined, fileType), fileType).toBe(true);
    expect(accepts('mj2', 'video/mj2', 'MJ2')).toBe(false);
    expect(accepts('jxl', 'image/jxl', 'JXL')).toBe(false);
    expect(accepts(undefined, undefined, undefined)).toBe(false);
  });
});

describe('parseJxlSizeHeader', () => {
  const codestream = (bits: Buffer) => Buffer.concat([Buffer.from([0xff, 0x0a]), bits]);

  it('reads the small (div8) form, the U32 form and the fixed ratios', () => {
    // div8 = 1, height (3 + 1) × 8, ratio 0, width (7 + 1) × 8.
    expect(
      parseJxlSizeHeader(
        codestream(
          jxlBits([
            [1, 1],
            [3, 5],
            [0, 3],
            [7, 5],
          ]),
        ),
      ),
    ).toEqual({ width: 64, height: 32 });
    // div8 = 0, height U32 selector 0 (9 bits + 1) = 100, ratio 5 (16:9): width floor(100 × 16 / 9).
    expect(
      parseJxlSizeHeader(
        codestream(
          jxlBits([
            [0, 1],
            [0, 2],
            [99, 9],
            [5, 3],
          ]),
        ),
      ),
    ).toEqual({ width: 177, height: 100 });
    // Selector 3 (30 bits + 1) for both sides.
    expect(
      parseJxlSizeHeader(
        codestream(
          jxlBits([
            [0, 1],
            [3, 2],
            [39_999, 30],
            [0, 3],
            [2, 2],
            [4_999, 18],
          ]),
        ),
      ),
    ).toEqual({ width: 5_000, height: 40_000 });
  });

  it('refuses bytes without the FF 0A signature, and a header cut short', () => {
    expect(() => parseJxlSizeHeader(Buffer.from('not a codestream'))).toThrow(expect.objectContaining({ reason: 'UnsupportedImage' }));
    expect(() => parseJxlSizeHeader(Buffer.from([0xff, 0x0a, 0x06]))).toThrow(expect.objectContaining({ reason: 'CorruptImage' }));
  });
});

describe('jp2ReducePower and jp2DecodedSize', () => {
  const header = { width: 6000, height: 4000, grid: { x0: 0, y0: 0, x1: 6000, y1: 4000 }, subsampling: { dx: 1, dy: 1 }, decompositionLevels: 5 };

  it('decodes near the preview size, never below it, within the wavelet levels', () => {
    expect(jp2ReducePower(header, 1600)).toBe(1);
    expect(jp2ReducePower(header, 200)).toBe(4);
    expect(jp2ReducePower(header, 10)).toBe(5);
    expect(jp2ReducePower(header, 6000)).toBe(0);
    expect(jp2ReducePower({ ...header, decompositionLevels: undefined }, 200)).toBe(0);
    expect(jp2DecodedSize(header, 1)).toEqual({ width: 3000, height: 2000 });
    expect(jp2DecodedSize({ ...header, grid: { x0: 0, y0: 0, x1: 320, y1: 211 } }, 2)).toEqual({ width: 80, height: 53 });
    // An image area that starts off the origin: ceil at both ends, as OpenJPEG does.
    expect(jp2DecodedSize({ ...header, grid: { x0: 3, y0: 1, x1: 103, y1: 52 } }, 1)).toEqual({ width: 50, height: 25 });
  });
});

describe.skipIf(!HAVE_SAMPLES)('jxlDecoder on the sample', () => {
  it('file-type detection of the sample is accepted', async () => {
    const type = await fileTypeFromFile(samplePath(JXL_SAMPLE));
    expect(jxlDecoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined })).toBe(true);
    expect(jp2Decoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined })).toBe(false);
  });

  it('reads the size from the container header and decodes at the manifest size', async () => {
    const size = manifestSize(JXL_SAMPLE);
    expect(await readJxlSize(samplePath(JXL_SAMPLE))).toEqual(size);
    const result: DecodeResult = await jxlDecoder.decode(request(samplePath(JXL_SAMPLE)));
    expect(result.source).toBe('jxl');
    expect(result.upright).toBe(true);
    expect(result.contentWidth).toBeUndefined();
    expect(result.picture.kind).toBe('raw');
    if (result.picture.kind !== 'raw') return;
    const { data, width, height, channels } = result.picture;
    expect({ width, height }).toEqual(size);
    expect(channels).toBe(4);
    expect(Buffer.isBuffer(data)).toBe(true);
    expect(data.length).toBe(width * height * 4);
    // The sample's single pixel is opaque white.
    expect([...data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  it('reads a naked codestream and a container split into jxlp boxes', async () => {
    const bytes = await readFile(samplePath(JXL_SAMPLE));
    const jxlc = topBoxes(bytes).find((b) => b.type === 'jxlc')!;
    const codestream = bytes.subarray(jxlc.payload, jxlc.end);
    const naked = await tmpFile('naked.jxl', codestream);
    expect(await readJxlSize(naked)).toEqual({ width: 1, height: 1 });

    // The signature and ftyp boxes, then the codestream in two jxlp boxes (4-byte index, the last with bit 31 set),
    // the first holding only 3 bytes so that the size header spans both.
    const index = (n: number, last: boolean) => Buffer.from([(last ? 0x80 : 0) | (n >>> 24), (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
    const split = Buffer.concat([
      bytes.subarray(0, 32),
      box('jxlp', Buffer.concat([index(0, false), codestream.subarray(0, 3)])),
      box('jxlp', Buffer.concat([index(1, true), codestream.subarray(3)])),
    ]);
    const splitFile = await tmpFile('split.jxl', split);
    expect(await readJxlSize(splitFile)).toEqual({ width: 1, height: 1 });
    for (const file of [naked, splitFile]) {
      const result = await jxlDecoder.decode(request(file));
      expect(result.picture.kind === 'raw' && [result.picture.width, result.picture.height]).toEqual([1, 1]);
    }
  });

  it('truncated copies → CorruptImage, whether the decoder or the header reader finds it', async () => {
    const bytes = await readFile(samplePath(JXL_SAMPLE));
    const jxlc = topBoxes(bytes).find((b) => b.type === 'jxlc')!;
    // Cut inside the codestream, after its size header: libjxl fails.
    const midCodestream = await tmpFile('cut-codestream.jxl', bytes.subarray(0, jxlc.payload + 12));
    expect(await readJxlSize(midCodestream)).toEqual({ width: 1, height: 1 });
    expect(await failureReason(jxlDecoder.decode(request(midCodestream)))).toBe('CorruptImage');
    // A naked codestream cut likewise.
    const naked = await tmpFile('cut-naked.jxl', bytes.subarray(jxlc.payload, jxlc.payload + 12));
    expect(await failureReason(jxlDecoder.decode(request(naked)))).toBe('CorruptImage');
    // Cut in the XMP box, before any codestream; and cut in the size header.
    const beforeCodestream = await tmpFile('cut-boxes.jxl', bytes.subarray(0, bytes.length >> 1));
    expect(await failureReason(jxlDecoder.decode(request(beforeCodestream)))).toBe('CorruptImage');
    const inSizeHeader = await tmpFile('cut-size.jxl', Buffer.from([0xff, 0x0a, 0x00]));
    expect(await failureReason(jxlDecoder.decode(request(inSizeHeader)))).toBe('CorruptImage');
  });

  it('an empty file → CorruptImage; a file that is not JPEG XL → UnsupportedImage', async () => {
    expect(await failureReason(jxlDecoder.decode(request(await tmpFile('empty.jxl', Buffer.alloc(0)))))).toBe('CorruptImage');
    expect(await failureReason(jxlDecoder.decode(request(samplePath('bad/not-an-image.txt'))))).toBe('UnsupportedImage');
  });

  it('a size header claiming too many pixels → ImageTooLarge, before anything is decoded', async () => {
    const bytes = await readFile(samplePath(JXL_SAMPLE));
    const jxlc = topBoxes(bytes).find((b) => b.type === 'jxlc')!;
    // The container with its codestream's size header rewritten to 20000×20000 (over DECODER_MAX_PIXELS), then to
    // 9000×8000 (under it, over the JPEG XL cap); the rest of the codestream no longer lines up, so a decode would fail
    // as CorruptImage rather than ImageTooLarge.
    for (const [width, height] of [
      [20_000, 20_000],
      [9_000, 8_000],
    ] as const) {
      const sizeHeader = jxlBits([
        [0, 1],
        [3, 2],
        [height - 1, 30],
        [0, 3],
        [3, 2],
        [width - 1, 30],
      ]);
      const codestream = Buffer.concat([Buffer.from([0xff, 0x0a]), sizeHeader, bytes.subarray(jxlc.payload + 4, jxlc.end)]);
      const file = await tmpFile(`huge-${width}.jxl`, Buffer.concat([bytes.subarray(0, jxlc.start), box('jxlc', codestream)]));
      expect(await readJxlSize(file)).toEqual({ width, height });
      expect(width * height).toBeGreaterThan(JXL_MAX_PIXELS);
      // With a 1 ms deadline, a decode in a worker would end as Timeout: ImageTooLarge comes from the header alone.
      expect(await failureReason(jxlDecoder.decode(request(file, 1600, 1))), `${width}×${height}`).toBe('ImageTooLarge');
    }
    expect(20_000 * 20_000).toBeGreaterThan(DECODER_MAX_PIXELS);
  });

  it('a deadline of 1 ms → MediaError Timeout', async () => {
    const timedOut = await jxlDecoder.decode(request(samplePath(JXL_SAMPLE), 1600, 1)).catch((err: unknown) => err);
    expect(isMediaError(timedOut, 'Timeout')).toBe(true);
  });
});

describe.skipIf(!HAVE_SAMPLES)('jp2Decoder on the sample', () => {
  it('file-type detection of the sample is accepted', async () => {
    const type = await fileTypeFromFile(samplePath(JP2_SAMPLE));
    expect(jp2Decoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined })).toBe(true);
    expect(jxlDecoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined })).toBe(false);
  });

  it('reads the header: ihdr and SIZ agree with the manifest', async () => {
    const size = manifestSize(JP2_SAMPLE);
    const header = await readJp2Header(samplePath(JP2_SAMPLE));
    expect(header.container).toBe('jp2');
    expect({ width: header.width, height: header.height }).toEqual(size);
    expect(header.ihdr).toEqual(size);
    expect(header.components).toBe(3);
    expect(header.cmyk).toBe(false);
    expect(header.decompositionLevels).toBeGreaterThanOrEqual(2);
  });

  it('decodes at the manifest size when the preview is larger', async () => {
    const size = manifestSize(JP2_SAMPLE);
    const result = await jp2Decoder.decode(request(samplePath(JP2_SAMPLE)));
    expect(result.source).toBe('jp2');
    expect(result.upright).toBe(true);
    expect(result.contentWidth).toBeUndefined();
    expect(result.picture.kind).toBe('raw');
    if (result.picture.kind !== 'raw') return;
    const { data, width, height, channels } = result.picture;
    expect({ width, height }).toEqual(size);
    expect(channels).toBe(4);
    expect(Buffer.isBuffer(data)).toBe(true);
    expect(data.length).toBe(width * height * 4);
    // The top-left pixel is a warm brown (OpenJPEG gives 172,128,52); a photo has many grey levels, all opaque.
    const [r, g, b, a] = data.subarray(0, 4);
    expect(Math.abs(r! - 172) + Math.abs(g! - 128) + Math.abs(b! - 52)).toBeLessThanOrEqual(9);
    expect(a).toBe(255);
    const levels = new Set<number>();
    for (let p = 0; p < width * height; p += 97) {
      levels.add(data[p * 4 + 1]!);
      expect(data[p * 4 + 3]).toBe(255);
    }
    expect(levels.size).toBeGreaterThan(20);
  });

  it('decodes reduced for a small preview, with the full size as contentWidth/contentHeight', async () => {
    const size = manifestSize(JP2_SAMPLE);
    // 320 / 100 → reduce factor 1 (160×106); 320 / 50 → 2 (80×53).
    for (const [maxSide, width, height] of [
      [100, 160, 106],
      [50, 80, 53],
    ] as const) {
      const result = await jp2Decoder.decode(request(samplePath(JP2_SAMPLE), maxSide));
      expect(result.picture.kind).toBe('raw');
      if (result.picture.kind !== 'raw') return;
      expect([result.picture.width, result.picture.height], `maxSide ${maxSide}`).toEqual([width, height]);
      expect(result.picture.data.length).toBe(width * height * 4);
      expect({ width: result.contentWidth, height: result.contentHeight }).toEqual(size);
      const [r, g, b] = result.picture.data.subarray(0, 3);
      expect(Math.abs(r! - 172) + Math.abs(g! - 128) + Math.abs(b! - 52)).toBeLessThanOrEqual(40);
    }
  });

  it('decodes a raw J2K codestream (the jp2c content)', async () => {
    const bytes = await readFile(samplePath(JP2_SAMPLE));
    const jp2c = topBoxes(bytes).find((b) => b.type === 'jp2c')!;
    const file = await tmpFile('raw.j2c', bytes.subarray(jp2c.payload, jp2c.end));
    expect((await readJp2Header(file)).container).toBe('j2k');
    const result = await jp2Decoder.decode(request(file, 100));
    expect(result.picture.kind === 'raw' && [result.picture.width, result.picture.height]).toEqual([160, 106]);
    expect([result.contentWidth, result.contentHeight]).toEqual([320, 211]);
  });

  it('truncated copies → CorruptImage, whether OpenJPEG or the header reader finds it', async () => {
    const bytes = await readFile(samplePath(JP2_SAMPLE));
    // Cut in the tile data: OpenJPEG fails ("Tile part length size inconsistent with stream length"), at full and at
    // reduced resolution.
    const half = await tmpFile('half.jp2', bytes.subarray(0, bytes.length >> 1));
    expect(await failureReason(jp2Decoder.decode(request(half)))).toBe('CorruptImage');
    const cutInTiles = await tmpFile('cut-tiles.jp2', bytes.subarray(0, bytes.length - 20_000));
    expect(await failureReason(jp2Decoder.decode(request(cutInTiles, 100)))).toBe('CorruptImage');
    // Cut in the colour profile of the jp2h box: no codestream at all.
    const cutInHeader = await tmpFile('cut-header.jp2', bytes.subarray(0, 300));
    expect(await failureReason(jp2Decoder.decode(request(cutInHeader)))).toBe('CorruptImage');
    // Cut in the SIZ marker.
    const jp2c = topBoxes(bytes).find((b) => b.type === 'jp2c')!;
    const cutInSiz = await tmpFile('cut-siz.jp2', bytes.subarray(0, jp2c.payload + 20));
    expect(await failureReason(jp2Decoder.decode(request(cutInSiz)))).toBe('CorruptImage');
  });

  it('an empty file → CorruptImage; a file that is not JPEG 2000 → UnsupportedImage', async () => {
    expect(await failureReason(jp2Decoder.decode(request(await tmpFile('empty.jp2', Buffer.alloc(0)))))).toBe('CorruptImage');
    expect(await failureReason(jp2Decoder.decode(request(samplePath('bad/not-an-image.txt'))))).toBe('UnsupportedImage');
    expect(await failureReason(jp2Decoder.decode(request(samplePath(JXL_SAMPLE))))).toBe('UnsupportedImage');
  });

  it('a header claiming too many pixels → ImageTooLarge, before anything is decoded', async () => {
    const original = await readFile(samplePath(JP2_SAMPLE));
    const soc = original.indexOf(Buffer.from('ff4fff51', 'hex'));
    const ihdr = original.indexOf('ihdr', 0, 'latin1') + 4;
    const patch = async (name: string, edit: (bytes: Buffer) => void) => {
      const bytes = Buffer.from(original);
      edit(bytes);
      return tmpFile(name, bytes);
    };
    // SIZ (Xsiz, Ysiz) rewritten to 20000×16000: over DECODER_MAX_PIXELS.
    const hugeSiz = await patch('huge-siz.jp2', (bytes) => {
      bytes.writeUInt32BE(20_000, soc + 8);
      bytes.writeUInt32BE(16_000, soc + 12);
    });
    // The ihdr box (HEIGHT, WIDTH) alone rewritten likewise.
    const hugeIhdr = await patch('huge-ihdr.jp2', (bytes) => {
      bytes.writeUInt32BE(16_000, ihdr);
      bytes.writeUInt32BE(20_000, ihdr + 4);
    });
    expect(20_000 * 16_000).toBeGreaterThan(DECODER_MAX_PIXELS);
    for (const file of [hugeSiz, hugeIhdr]) {
      // With a 1 ms deadline, a decode in a worker would end as Timeout: ImageTooLarge comes from the header alone.
      expect(await failureReason(jp2Decoder.decode(request(file, 1600, 1))), path.basename(file)).toBe('ImageTooLarge');
    }
    // SIZ rewritten to 9000×9000 (under DECODER_MAX_PIXELS) asked at full size: over the decoded-pixel cap.
    const large = await patch('large-siz.jp2', (bytes) => {
      bytes.writeUInt32BE(9_000, soc + 8);
      bytes.writeUInt32BE(9_000, soc + 12);
    });
    expect(9_000 * 9_000).toBeGreaterThan(JP2_MAX_DECODED_PIXELS);
    expect(await failureReason(jp2Decoder.decode(request(large, 9_000, 1)))).toBe('ImageTooLarge');
  });

  it('a deadline of 1 ms, or an aborted signal, → MediaError Timeout', async () => {
    const timedOut = await jp2Decoder.decode(request(samplePath(JP2_SAMPLE), 1600, 1)).catch((err: unknown) => err);
    expect(isMediaError(timedOut, 'Timeout')).toBe(true);
    const aborted = await jp2Decoder.decode({ ...request(samplePath(JP2_SAMPLE)), signal: AbortSignal.abort() }).catch((err: unknown) => err);
    expect(isMediaError(aborted, 'Timeout')).toBe(true);
  });
});
