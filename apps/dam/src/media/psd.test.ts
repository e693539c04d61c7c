import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writePsdUint8Array, type Psd } from 'ag-psd';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psdDecoder } from './decoders/psd.ts';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest } from './decoders/types.ts';
import { isMediaError } from './errors.ts';
import { HAVE_SAMPLES, loadManifest, manifestStoredSize, samplePath } from './testing/samples.ts';

let tmpDir = '';
beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'magpie-psd-'));
});
afterAll(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

function request(filePath: string, timeoutMs = 60_000): DecodeRequest {
  return { filePath, maxSide: 1600, timeoutMs, signal: new AbortController().signal };
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

/** A copy of a sample in the temp dir with `patch` applied to its bytes. */
async function patchedCopy(sample: string, name: string, patch: (bytes: Buffer) => Buffer): Promise<string> {
  const file = path.join(tmpDir, name);
  await writeFile(file, patch(Buffer.from(await readFile(samplePath(sample)))));
  return file;
}

describe('psdDecoder.accepts', () => {
  it('takes PSD/PSB by file-type, media type or ExifTool', () => {
    const accepts = (ext?: string, mime?: string, fileType?: string) => psdDecoder.accepts({ ext, mime, fileType });
    expect(accepts('psd', 'image/vnd.adobe.photoshop')).toBe(true);
    expect(accepts(undefined, 'application/vnd.adobe.photoshop')).toBe(true);
    expect(accepts(undefined, undefined, 'PSD')).toBe(true);
    expect(accepts(undefined, undefined, 'PSB')).toBe(true);
    expect(accepts('tif', 'image/tiff', 'TIFF')).toBe(false);
    expect(accepts(undefined, undefined, undefined)).toBe(false);
  });
});

describe.skipIf(!HAVE_SAMPLES)('psdDecoder on the samples', () => {
  // Every PSD of the samples with real merged data: exiftool_Photoshop.psd (8×8) and iptc-xmp/metaphotoshop.psd
  // (800×600). Both composites are plain white (metadata test files); the pixels themselves are checked below on a
  // photo written as PSD and PSB.
  const withComposite = HAVE_SAMPLES ? loadManifest().filter((e) => e.path.endsWith('.psd') && !e.bad_input && !e.path.includes('8x4x8bit-Grayscale')) : [];

  it.each(withComposite)('$path: the composite at the manifest size', async (entry) => {
    const type = await fileTypeFromFile(samplePath(entry));
    expect(psdDecoder.accepts({ ext: type?.ext, mime: type?.mime, fileType: undefined })).toBe(true);
    const result = await psdDecoder.decode(request(samplePath(entry)));
    expect(result.source).toBe('psd-composite');
    expect(result.upright).toBe(true);
    expect(result.picture.kind).toBe('raw');
    if (result.picture.kind !== 'raw') return;
    const { data, width, height, channels } = result.picture;
    expect({ width, height }).toEqual(manifestStoredSize(entry.exiftool!) ?? { width: Number(entry.exiftool!.ImageWidth), height: Number(entry.exiftool!.ImageHeight) });
    expect(channels).toBe(4);
    expect(Buffer.isBuffer(data)).toBe(true);
    expect(data.length).toBe(width * height * 4);
    expect(data.every((v) => v === 255)).toBe(true);
  });

  it('no usable composite → UnsupportedImage: 8x4x8bit-Grayscale.psd (ExifTool: HasRealMergedData No), a file without image data', async () => {
    // Its composite section holds Photoshop's white placeholder; makePreviews falls back to its PhotoshopThumbnail.
    const file = samplePath('formats/other-images/8x4x8bit-Grayscale.psd');
    expect(await failureReason(psdDecoder.decode(request(file)))).toBe('UnsupportedImage');
    // The same for a document that ends where its image data section would start (metaphotoshop.psd: the last
    // 28 802 bytes are that section).
    const noComposite = await patchedCopy('iptc-xmp/metaphotoshop.psd', 'no-composite.psd', (b) => b.subarray(0, b.length - 28_802));
    expect(await failureReason(psdDecoder.decode(request(noComposite)))).toBe('UnsupportedImage');
  });

  it.each([false, true])('a photo written as PSB=%s by ag-psd comes back pixel for pixel', async (psb) => {
    const { data, info } = await sharp(samplePath('photos/small/Canon_40D.jpg')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const document: Psd = { width: info.width, height: info.height, imageData: { width: info.width, height: info.height, data: new Uint8ClampedArray(data) } };
    const file = path.join(tmpDir, psb ? 'photo.psb' : 'photo.psd');
    await writeFile(file, writePsdUint8Array(document, { psb }));
    expect((await readFile(file)).readUInt16BE(4)).toBe(psb ? 2 : 1);

    const result = await psdDecoder.decode(request(file));
    expect(result.picture.kind).toBe('raw');
    if (result.picture.kind !== 'raw') return;
    expect([result.picture.width, result.picture.height]).toEqual([info.width, info.height]);
    expect(result.picture.data.equals(data)).toBe(true);
  });

  it('bad/psd-assertion-error.psd (161-byte truncated header) → CorruptImage', async () => {
    expect(await failureReason(psdDecoder.decode(request(samplePath('bad/psd-assertion-error.psd'))))).toBe('CorruptImage');
  });

  it('a truncated copy → CorruptImage, cut in the resources or in the composite pixels', async () => {
    // metaphotoshop.psd: 62 440 bytes, of which the last 28 802 are the RLE composite.
    const sample = 'iptc-xmp/metaphotoshop.psd';
    const half = await patchedCopy(sample, 'half.psd', (b) => b.subarray(0, b.length >> 1));
    expect(await failureReason(psdDecoder.decode(request(half)))).toBe('CorruptImage');
    const cutPixels = await patchedCopy(sample, 'cut-pixels.psd', (b) => b.subarray(0, b.length - 10_000));
    expect(await failureReason(psdDecoder.decode(request(cutPixels)))).toBe('CorruptImage');
  });

  it('CMYK or 16-bit headers → UnsupportedImage; over DECODER_MAX_PIXELS → ImageTooLarge, before any pixel is read', async () => {
    const sample = 'formats/other-images/exiftool_Photoshop.psd';
    // Header (big-endian): width at byte 18, height at 14, depth at 22, colour mode at 24.
    const cmyk = await patchedCopy(sample, 'cmyk.psd', (b) => (b.writeUInt16BE(4, 24), b));
    expect(await failureReason(psdDecoder.decode(request(cmyk)))).toBe('UnsupportedImage');
    const deep = await patchedCopy(sample, 'deep.psd', (b) => (b.writeUInt16BE(16, 22), b));
    expect(await failureReason(psdDecoder.decode(request(deep)))).toBe('UnsupportedImage');
    expect(30_000 * 30_000).toBeGreaterThan(DECODER_MAX_PIXELS);
    const huge = await patchedCopy(sample, 'huge.psd', (b) => (b.writeUInt32BE(30_000, 14), b.writeUInt32BE(30_000, 18), b));
    expect(await failureReason(psdDecoder.decode(request(huge)))).toBe('ImageTooLarge');
  });

  it('a deadline of 1 ms → MediaError Timeout', async () => {
    const error = await psdDecoder.decode(request(samplePath('iptc-xmp/metaphotoshop.psd'), 1)).catch((err: unknown) => err);
    expect(isMediaError(error, 'Timeout')).toBe(true);
  });
});
