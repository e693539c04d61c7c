import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heicDecoder } from './decoders/heic.ts';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest, type DecodeResult } from './decoders/types.ts';
import { isMediaError } from './errors.ts';
import { entriesUnder, HAVE_SAMPLES, manifestOrientation, manifestStoredSize, samplePath } from './testing/samples.ts';

let tmpDir = '';
beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'magpie-heic-'));
});
afterAll(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

/** A decode request with a generous deadline (a 12 Mpx HEIC takes seconds on two shared cores). */
function request(filePath: string, timeoutMs = 60_000, signal = new AbortController().signal): DecodeRequest {
  return { filePath, maxSide: 1600, timeoutMs, signal };
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

describe('heicDecoder.accepts', () => {
  it('takes HEIC/HEIF by file-type or ExifTool, never AVIF', () => {
    const accepts = (ext?: string, mime?: string, fileType?: string) => heicDecoder.accepts({ ext, mime, fileType });
    expect(accepts('heic', 'image/heic')).toBe(true);
    expect(accepts('heic', 'image/heif')).toBe(true);
    expect(accepts(undefined, undefined, 'HEIC')).toBe(true);
    expect(accepts(undefined, undefined, 'HEIF')).toBe(true);
    expect(accepts(undefined, 'image/heif-sequence')).toBe(true);
    expect(accepts('avif', 'image/avif')).toBe(false);
    expect(accepts(undefined, undefined, 'AVIF')).toBe(false);
    expect(accepts('heic', 'image/heic', 'AVIF')).toBe(false);
    expect(accepts('jpg', 'image/jpeg', 'JPEG')).toBe(false);
    expect(accepts(undefined, undefined, undefined)).toBe(false);
  });
});

describe.skipIf(!HAVE_SAMPLES)('heicDecoder on the samples', () => {
  const heics = HAVE_SAMPLES ? entriesUnder('formats/heic') : [];

  it('has the five HEIC samples, and file-type detection of each (and of no AVIF) is accepted', async () => {
    expect(heics).toHaveLength(5);
    for (const entry of heics) {
      const type = await fileTypeFromFile(samplePath(entry));
      expect(heicDecoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined }), entry.path).toBe(true);
    }
    for (const entry of entriesUnder('formats/avif')) {
      const type = await fileTypeFromFile(samplePath(entry));
      expect(heicDecoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined }), entry.path).toBe(false);
    }
  });

  it.each(heics)('$path decodes upright at the manifest size', async (entry) => {
    const result: DecodeResult = await heicDecoder.decode(request(samplePath(entry)));
    // The manifest's ImageWidth/ImageHeight is the stored size (ExifTool: the `ispe` property, or the EXIF IFD0 tags
    // for the Samsung file), before rotation. libheif returns the picture after its `irot`/`imir` transformations:
    // Samsung_SM-G975F.heic (stored 4032×3024, Orientation 6, irot) comes back 3024×4032. Camera HEICs write the EXIF
    // Orientation that matches `irot`, so the upright size is the stored size swapped for orientations 5-8.
    const stored = manifestStoredSize(entry.exiftool!)!;
    const o = manifestOrientation(entry.exiftool!);
    const upright = o !== undefined && o >= 5 ? { width: stored.height, height: stored.width } : stored;

    expect(result.source).toBe('heic');
    expect(result.upright).toBe(true);
    expect(result.picture.kind).toBe('raw');
    if (result.picture.kind !== 'raw') return;
    const { data, width, height, channels } = result.picture;
    expect({ width, height }).toEqual(upright);
    expect(channels).toBe(4);
    expect(Buffer.isBuffer(data)).toBe(true);
    expect(data.length).toBe(width * height * 4);
    // A real photo, not a blank buffer: many distinct grey levels and opaque pixels.
    const levels = new Set<number>();
    for (let p = 0; p < width * height; p += 997) {
      levels.add(data[p * 4]!);
      expect(data[p * 4 + 3]).toBe(255);
    }
    expect(levels.size).toBeGreaterThan(20);
  });

  it.each(['bad/heif-bad-boxes-IllegalArgument.heif', 'bad/heif-negative-array-size.heif'])('%s (corrupt boxes) → CorruptImage', async (file) => {
    expect(await failureReason(heicDecoder.decode(request(samplePath(file))))).toBe('CorruptImage');
  });

  it('a truncated copy → CorruptImage, whether the boxes or the pixel data are cut', async () => {
    // Samsung's `meta` box is long: half the file does not parse. cheers' boxes come first: it parses, and the HEVC
    // data its `iloc` points to is missing.
    for (const name of ['Samsung_SM-G975F.heic', 'cheers_1440x960.heic']) {
      const bytes = await readFile(samplePath(`formats/heic/${name}`));
      const file = path.join(tmpDir, `half-${name}`);
      await writeFile(file, bytes.subarray(0, bytes.length >> 1));
      expect(await failureReason(heicDecoder.decode(request(file))), name).toBe('CorruptImage');
    }
  });

  it('an empty file → CorruptImage; AVIF (not a brand heic-decode reads) → UnsupportedImage', async () => {
    expect(await failureReason(heicDecoder.decode(request(samplePath('bad/empty-zero-bytes.HEIC'))))).toBe('CorruptImage');
    expect(await failureReason(heicDecoder.decode(request(samplePath('formats/avif/Irvine_CA.avif'))))).toBe('UnsupportedImage');
  });

  it('an image over DECODER_MAX_PIXELS → ImageTooLarge, before its pixels are decoded', async () => {
    // cheers_1440x960.heic with its `ispe` properties (image spatial extents: box type, version/flags, width, height)
    // rewritten to 20000×16000: libheif reports that size, and decoding the 1440×960 stream would fail otherwise.
    const bytes = Buffer.from(await readFile(samplePath('formats/heic/cheers_1440x960.heic')));
    let patched = 0;
    for (let at = bytes.indexOf('ispe'); at !== -1; at = bytes.indexOf('ispe', at + 4)) {
      bytes.writeUInt32BE(20_000, at + 8);
      bytes.writeUInt32BE(16_000, at + 12);
      patched++;
    }
    expect(patched).toBeGreaterThan(0);
    expect(20_000 * 16_000).toBeGreaterThan(DECODER_MAX_PIXELS);
    const file = path.join(tmpDir, 'huge.heic');
    await writeFile(file, bytes);
    expect(await failureReason(heicDecoder.decode(request(file)))).toBe('ImageTooLarge');
  });

  it('a deadline of 1 ms, or an aborted signal, → MediaError Timeout', async () => {
    const file = samplePath('formats/heic/Apple_iPhone_11_Pro.HEIC');
    const timedOut = await heicDecoder.decode(request(file, 1)).catch((err: unknown) => err);
    expect(isMediaError(timedOut, 'Timeout')).toBe(true);

    const controller = new AbortController();
    const started = Date.now();
    const decoding = heicDecoder.decode(request(file, 60_000, controller.signal)).catch((err: unknown) => err);
    setTimeout(() => controller.abort(), 200);
    expect(isMediaError(await decoding, 'Timeout')).toBe(true);
    // The Apple file takes seconds to decode; the abort ends it at once.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
