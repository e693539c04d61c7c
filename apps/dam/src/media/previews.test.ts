import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endExiftool } from './exiftool.ts';
import { isMediaError, type MediaErrorValue } from './errors.ts';
import { applyOrientation, DEFAULT_PREVIEW_SPECS, makePreviews, type PreviewResult } from './previews.ts';
import { DecoderFailure, type FormatDecoder } from './decoders/index.ts';
import { entriesUnder, HAVE_SAMPLES, loadManifest, manifestOrientation, manifestStoredSize, mapLimit, samplePath, settleWithin, type ManifestEntry } from './testing/samples.ts';

let tmpRoot = '';
let dirCount = 0;
const freshDir = () => path.join(tmpRoot, String(dirCount++));

beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'magpie-previews-'));
});
afterAll(async () => {
  await endExiftool();
  await rm(tmpRoot, { recursive: true, force: true });
});

const MEDIA_ERROR_VALUES: readonly MediaErrorValue[] = ['EmptyFile', 'UnreadableFile', 'Timeout', 'NoPreview', 'WriteFailed'];

/** Upright size per the manifest: stored size, swapped for orientation 5-8. */
function expectedUpright(entry: ManifestEntry): { width: number; height: number } | undefined {
  const stored = manifestStoredSize(entry.exiftool!);
  if (stored === undefined) return undefined;
  const o = manifestOrientation(entry.exiftool!);
  return o !== undefined && o >= 5 ? { width: stored.height, height: stored.width } : stored;
}

/** Previews must have the upright shape within rounding: |w·H − h·W| ≤ (W + H) / 2 for w = W·s ± ½, h = H·s ± ½. */
function expectSameShape(preview: { width: number; height: number }, upright: { width: number; height: number }): void {
  const error = Math.abs(preview.width * upright.height - preview.height * upright.width);
  expect(error).toBeLessThanOrEqual((upright.width + upright.height) / 2);
}

function expectSizes(result: PreviewResult, upright: { width: number; height: number }): void {
  expect(result.previews.map((p) => [p.size, p.square])).toEqual(DEFAULT_PREVIEW_SPECS.map((s) => [s.size, s.square]));
  for (const preview of result.previews) {
    if (preview.square) {
      const side = Math.min(preview.size, upright.width, upright.height);
      expect([preview.width, preview.height]).toEqual([side, side]);
    } else {
      expect(Math.max(preview.width, preview.height)).toBe(Math.min(preview.size, Math.max(upright.width, upright.height)));
      expectSameShape(preview, upright);
    }
  }
}

/** Mean absolute difference per channel (0-255) of two same-sized JPEGs. */
async function meanDifference(a: string, b: string): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((f) => sharp(f).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect([x!.info.width, x!.info.height]).toEqual([y!.info.width, y!.info.height]);
  let sum = 0;
  for (let i = 0; i < x!.data.length; i++) sum += Math.abs(x!.data[i]! - y!.data[i]!);
  return sum / x!.data.length;
}

describe.skipIf(!HAVE_SAMPLES)('applyOrientation', () => {
  it.each(HAVE_SAMPLES ? entriesUnder('formats/orientation-tiny') : [])('$path: same pixels as libvips autorotation', async (entry) => {
    const file = samplePath(entry);
    const orientation = manifestOrientation(entry.exiftool!) ?? 1;
    const raw = (image: Sharp) => image.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const [auto, manual] = await Promise.all([raw(sharp(file).autoOrient()), raw(applyOrientation(sharp(file), orientation))]);
    expect(manual.info).toEqual(auto.info);
    expect(manual.data.equals(auto.data)).toBe(true);
  });
});

const PHOTO_ENTRIES = HAVE_SAMPLES ? [...entriesUnder('photos'), ...entriesUnder('formats/orientation-tiny')] : [];

describe.skipIf(!HAVE_SAMPLES)('makePreviews on photos (ground truth: manifest.json)', () => {
  const results = new Map<string, PreviewResult | Error>();

  beforeAll(async () => {
    await mapLimit(PHOTO_ENTRIES, 2, async (entry) => {
      results.set(entry.path, await makePreviews(samplePath(entry), freshDir()).catch((err: Error) => err));
    });
  });

  const result = (entry: ManifestEntry): PreviewResult => {
    const r = results.get(entry.path);
    if (r === undefined || r instanceof Error) throw r ?? new Error(`no result for ${entry.path}`);
    return r;
  };

  it.each(PHOTO_ENTRIES)('$path: upright previews of the right sizes', async (entry) => {
    const r = result(entry);
    const upright = expectedUpright(entry)!;
    expect(r.source).toEqual({ kind: 'original' });
    expect({ width: r.orientedWidth, height: r.orientedHeight }).toEqual(upright);
    expectSizes(r, upright);
    // The largest preview is a baseline sRGB JPEG of the announced size, without orientation to apply again.
    const largest = r.previews.at(-1)!;
    const written = await sharp(largest.file).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: largest.width, height: largest.height, channels: 3, space: 'srgb' });
    expect(written.orientation).toBeUndefined();
  });

  it('renders every member of an orientation series as the same upright picture', async () => {
    const series = (e: ManifestEntry) => /photos\/orientation\/(Landscape|Portrait)_/.exec(e.path)?.[1] ?? (e.path.startsWith('formats/orientation-tiny/') ? 'F' : undefined);
    const groups = new Map<string, ManifestEntry[]>();
    for (const entry of PHOTO_ENTRIES) {
      const name = series(entry);
      if (name !== undefined) groups.set(name, [...(groups.get(name) ?? []), entry]);
    }
    expect([...groups.keys()].sort()).toEqual(['F', 'Landscape', 'Portrait']);
    for (const members of groups.values()) {
      const reference = members.find((e) => manifestOrientation(e.exiftool!) === 1)!;
      const referenceFile = result(reference).previews.find((p) => p.size === 200)!.file;
      for (const member of members) {
        const file = result(member).previews.find((p) => p.size === 200)!.file;
        expect.soft(await meanDifference(file, referenceFile), member.path).toBeLessThan(8);
      }
    }
  });

  it('leaves no temporary files next to the previews', async () => {
    const r = result(PHOTO_ENTRIES[0]!);
    const names = await readdir(path.dirname(r.previews[0]!.file));
    expect(names.sort()).toEqual(r.previews.map((p) => path.basename(p.file)).sort());
  });
});

describe.skipIf(!HAVE_SAMPLES)('makePreviews on other formats', () => {
  /**
   * Folders whose every file libvips decodes itself (HEIC is HEVC, not in the prebuilt libvips). The other formats go
   * through the format decoders: every sample of `formats/` is ingested with them in formats.test.ts.
   */
  const DECODED = ['formats/png', 'formats/webp', 'formats/gif', 'formats/tiff', 'formats/avif'];
  const formats = HAVE_SAMPLES ? DECODED.flatMap((folder) => entriesUnder(folder)) : [];

  it.each(formats)('$path: libvips previews it upright with no format decoder', async (entry) => {
    const r = await makePreviews(samplePath(entry), freshDir(), { decoders: [] });
    expect(r.source).toEqual({ kind: 'original' });
    const upright = expectedUpright(entry);
    if (upright !== undefined) {
      expect({ width: r.orientedWidth, height: r.orientedHeight }).toEqual(upright);
      expectSizes(r, upright);
    }
  });

  it('renders SVG at the size of the largest preview', async () => {
    const file = path.join(tmpRoot, 'wide.svg');
    await writeFile(file, '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c00"/></svg>');
    const r = await makePreviews(file, freshDir());
    // The SVG decoder hands libvips the drawing without its metadata blocks; libvips renders it.
    expect(r.source).toEqual({ kind: 'decoded', decoder: 'svg', detail: 'svg-without-metadata' });
    expect(r.previews.map((p) => [p.width, p.height])).toEqual([
      [100, 100],
      [200, 100],
      [400, 200],
      [800, 400],
      [1600, 800],
    ]);
  });

  it('converts CMYK to sRGB (formats/other-images/cmyk_multiple_icc_segments.jpg)', async () => {
    const r = await makePreviews(samplePath('formats/other-images/cmyk_multiple_icc_segments.jpg'), freshDir());
    const written = await sharp(r.previews[0]!.file).metadata();
    expect(written).toMatchObject({ space: 'srgb', channels: 3 });
  });

  it('falls back to the embedded thumbnail of a video without a video decoder (formats/video/uuid540.mp4)', async () => {
    const entry = loadManifest().find((e) => e.path === 'formats/video/uuid540.mp4')!;
    // As on a server without ffmpeg: no format decoder.
    const r = await makePreviews(samplePath(entry), freshDir(), { decoders: [] });
    expect(r.source.kind).toBe('embedded');
    expectSameShape(r.previews.at(-1)!, expectedUpright(entry)!);
    // An embedded image takes the orientation of its original, here given by the caller.
    const turned = await makePreviews(samplePath(entry), freshDir(), { orientation: 6, decoders: [] });
    expect({ width: turned.orientedWidth, height: turned.orientedHeight }).toEqual({
      width: r.orientedHeight,
      height: r.orientedWidth,
    });
  });
});

describe.skipIf(!HAVE_SAMPLES)('makePreviews on broken input (bad/)', () => {
  const bad = HAVE_SAMPLES ? entriesUnder('bad') : [];

  it.each(bad)('$path: previews or a MediaError with a clear value, never a hang', async (entry) => {
    const outcome = await settleWithin(makePreviews(samplePath(entry), freshDir(), { timeoutMs: 15_000 }), 25_000);
    if (outcome.ok) {
      expect(outcome.value.previews).toHaveLength(DEFAULT_PREVIEW_SPECS.length);
    } else {
      expect(isMediaError(outcome.error), String(outcome.error)).toBe(true);
      expect(MEDIA_ERROR_VALUES).toContain((outcome.error as { value: string }).value);
    }
    if (entry.bytes === 0) expect(!outcome.ok && isMediaError(outcome.error, 'EmptyFile')).toBe(true);
  });

  // samples README: "image data decodes" / "decoders warn" — these must not be rejected as corrupt.
  it.each(['bad/broken1.jpg', 'bad/extraneous-bytes-before-marker.jpg'])('%s decodes', async (file) => {
    const r = await makePreviews(samplePath(file), freshDir());
    expect(r.source).toEqual({ kind: 'original' });
  });

  it('rejects plain text as NoPreview / UnsupportedImage', async () => {
    await expect(makePreviews(samplePath('bad/not-an-image.txt'), freshDir())).rejects.toMatchObject({
      value: 'NoPreview',
      reason: 'UnsupportedImage',
    });
  });
});

describe.skipIf(!HAVE_SAMPLES)('makePreviews options and failures', () => {
  const photo = () => samplePath(entriesUnder('photos').reduce((a, b) => (b.bytes > a.bytes ? b : a)));

  it('raises Timeout when the budget is exceeded and writes nothing', async () => {
    const dir = freshDir();
    await expect(makePreviews(photo(), dir, { timeoutMs: 1 })).rejects.toMatchObject({ value: 'Timeout' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const names = await readdir(dir).catch(() => []);
    expect(names.filter((n) => n.endsWith('.jpg'))).toEqual([]);
  });

  it('raises WriteFailed when the output folder cannot be created', async () => {
    const blocker = path.join(tmpRoot, 'a-file');
    await writeFile(blocker, 'x');
    await expect(makePreviews(photo(), path.join(blocker, 'sub'))).rejects.toMatchObject({ value: 'WriteFailed' });
  });

  it('raises UnreadableFile for a missing file', async () => {
    await expect(makePreviews(path.join(tmpRoot, 'missing.jpg'), freshDir())).rejects.toMatchObject({ value: 'UnreadableFile' });
  });

  it('honours custom sizes, quality and names, and replaces earlier files', async () => {
    const dir = freshDir();
    const opts = {
      specs: [
        { size: 64, square: true },
        { size: 300, square: false },
      ],
      quality: 60,
      baseName: 'p',
    };
    await makePreviews(photo(), dir, opts);
    const r = await makePreviews(photo(), dir, opts);
    expect(r.previews.map((p) => path.basename(p.file))).toEqual(['p-64q.jpg', 'p-300.jpg']);
    expect((await readdir(dir)).sort()).toEqual(['p-300.jpg', 'p-64q.jpg']);
  });

  it('rejects invalid options with a RangeError', async () => {
    await expect(makePreviews(photo(), freshDir(), { specs: [] })).rejects.toThrow(RangeError);
    await expect(makePreviews(photo(), freshDir(), { quality: 0 })).rejects.toThrow(RangeError);
    await expect(makePreviews(photo(), freshDir(), { baseName: '../x' })).rejects.toThrow(RangeError);
  });
});

describe.skipIf(!HAVE_SAMPLES)('makePreviews with a format decoder (issue 16)', () => {
  const pdf = () => samplePath('formats/pdf/pdflatex-4-pages.pdf');
  /** A decoder of PDFs that paints a 300×200 red RGBA picture, or fails with `failure`. */
  const paintingDecoder = (failure?: DecoderFailure, upright = true): FormatDecoder => ({
    name: 'painter',
    accepts: ({ ext }) => ext === 'pdf',
    decode: async () => {
      if (failure) throw failure;
      const data = Buffer.alloc(300 * 200 * 4);
      for (let i = 0; i < data.length; i += 4) data.set([200, 10, 10, 255], i);
      return { picture: { kind: 'raw', data, width: 300, height: 200, channels: 4 }, upright, contentWidth: 3000, contentHeight: 2000, source: 'painted' };
    },
  });

  it('uses the picture of the decoder that accepts the file, with the content size it reports', async () => {
    const r = await makePreviews(pdf(), freshDir(), { decoders: [paintingDecoder()] });
    expect(r.source).toEqual({ kind: 'decoded', decoder: 'painter', detail: 'painted' });
    expect({ width: r.orientedWidth, height: r.orientedHeight }).toEqual({ width: 3000, height: 2000 });
    // Never enlarged: the 300×200 picture gives a 300×200 largest preview.
    expect(r.previews.at(-1)).toMatchObject({ width: 300, height: 200 });
    const { data } = await sharp(r.previews[0]!.file).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
  });

  it('turns a picture that is not upright by the orientation given', async () => {
    const r = await makePreviews(pdf(), freshDir(), { decoders: [paintingDecoder(undefined, false)], orientation: 6 });
    expect(r.previews.at(-1)).toMatchObject({ width: 200, height: 300 });
  });

  it("keeps the decoder's reason when nothing else decodes the file", async () => {
    const failing = paintingDecoder(new DecoderFailure('ImageTooLarge', 'The page is too large'));
    await expect(makePreviews(pdf(), freshDir(), { decoders: [failing] })).rejects.toMatchObject({ value: 'NoPreview', reason: 'ImageTooLarge' });
  });

  it('falls back to libvips when the decoder fails on a file libvips reads', async () => {
    const png = samplePath('formats/png/sampleWithExifData.png');
    const failing: FormatDecoder = { ...paintingDecoder(new DecoderFailure('UnsupportedImage', 'not mine')), accepts: ({ ext }) => ext === 'png' };
    const r = await makePreviews(png, freshDir(), { decoders: [failing] });
    expect(r.source).toEqual({ kind: 'original' });
  });
});
