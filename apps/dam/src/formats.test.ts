/**
 * Every sample of `shared/samples/formats` through the real upload API (issue 16: "every sample in formats gets a
 * preview whose shape matches manifest.json (upright, pixel size), videos a poster, duration …, PDFs a page count").
 * Expected shapes come from the manifest (ExifTool's reading); files that hold nothing to draw are listed with why.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExiftool } from './media/exiftool.ts';
import { entriesUnder, HAVE_SAMPLES, manifestOrientation, manifestStoredSize, type ManifestEntry } from './media/testing/samples.ts';
import { createTestDam, SAMPLES_DIR, type TestDam } from './testing/harness.ts';

/**
 * Samples that get no preview, and why. Each is a file with nothing Magpie can draw without a tool it does not
 * ship; docs/formats.md lists them for users.
 */
const NO_PREVIEW: Record<string, string> = {
  'formats/other-images/exiftool_PostScript.eps': 'PostScript without an embedded preview: drawing it needs Ghostscript (AGPL), which Magpie does not ship',
  'formats/raw/exiftool_CanonRaw.cr2': "ExifTool's test file: the image data was stripped, and its embedded previews with it",
  'formats/raw/exiftool_CanonRaw.cr3': "ExifTool's test file: the image data was stripped, and its embedded previews with it",
  'formats/raw/exiftool_Nikon.nef': "ExifTool's test file: the image data was stripped, and its embedded previews with it",
  'formats/pdf/encrypted-password.pdf': 'a user password protects the document: nothing can be drawn without it',
  'formats/audio/exiftool_AIFF.aif': 'its header declares sound frames but the file holds no sound data chunk',
};

/** Formats whose manifest size is not the drawn picture's (vectors, documents, sound): no shape to compare. */
const NO_SHAPE = new Set(['formats/other-images/exiftool_XMP.svg', 'formats/other-images/exiftool_PostScript.eps']);

const entries = HAVE_SAMPLES ? entriesUnder('formats', ['formats/orientation-tiny']) : [];

let sut: TestDam;
const assets = new Map<string, Record<string, any>>();
const bearer = () => ({ authorization: `Bearer ${sut.adminToken}` });

beforeAll(async () => {
  sut = await createTestDam();
  for (const entry of entries) {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, entry.path), { folder: path.dirname(entry.path) });
    expect(status.status, entry.path).toBe('done');
    const res = await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { ...bearer(), accept: 'application/vnd.fotoware.asset+json' } });
    assets.set(entry.path, res.json());
  }
}, 600_000);

afterAll(async () => {
  await sut?.close();
});

/** The upright size ExifTool reports: stored size, turned for EXIF orientation 5-8 and for a video track rotation. */
function uprightOf(entry: ManifestEntry, asset: Record<string, any>): { width: number; height: number } | undefined {
  const stored = manifestStoredSize(entry.exiftool!);
  if (stored === undefined) return undefined;
  const turned = (manifestOrientation(entry.exiftool!) ?? 1) >= 5 || [90, 270].includes(asset.attributes?.videoattributes?.rotation);
  return turned ? { width: stored.height, height: stored.width } : stored;
}

describe.skipIf(!HAVE_SAMPLES)('every format sample through upload (issue 16)', () => {
  it('the list of files without a preview names only samples that exist', () => {
    const paths = new Set(entries.map((e) => e.path));
    for (const file of Object.keys(NO_PREVIEW)) expect(paths.has(file), file).toBe(true);
  });

  it.each(entries.map((e) => [e.path, e] as const))('%s', async (file, entry) => {
    const asset = assets.get(file)!;
    if (NO_PREVIEW[file] !== undefined) {
      expect(asset.hasPreview, NO_PREVIEW[file]).toBe(false);
      expect(asset.previews).toEqual([]);
      return;
    }
    expect(asset.hasPreview, asset.warnings?.join(' | ')).toBe(true);
    const largest = asset.previews.filter((p: { square: boolean }) => !p.square).at(-1) as { width: number; height: number; href: string };
    const preview = await sut.app.inject({ method: 'GET', url: largest.href, headers: bearer() });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\/jpeg/);

    const upright = NO_SHAPE.has(file) || entry.mime.startsWith('audio/') || entry.mime === 'application/pdf' ? undefined : uprightOf(entry, asset);
    if (upright !== undefined && upright.width > 1 && upright.height > 1) {
      // Same shape within rounding, and never larger than the picture.
      expect(
        Math.abs(largest.width * upright.height - largest.height * upright.width),
        `${largest.width}×${largest.height} vs ${upright.width}×${upright.height}`,
      ).toBeLessThanOrEqual(Math.max(largest.width, largest.height) * 0.02 * Math.max(upright.width, upright.height));
      expect(Math.max(largest.width, largest.height)).toBeLessThanOrEqual(Math.max(upright.width, upright.height));
    }
    if (entry.mime.startsWith('video/')) {
      expect(asset.doctype).toBe('movie');
      expect(asset.attributes.videoattributes.duration).toBeGreaterThan(0);
      expect(asset.attributes.videoattributes.videoCodec).toMatch(/^[\w .-]+$/);
    }
    if (entry.mime.startsWith('audio/')) {
      expect(asset.attributes.audioattributes.duration ?? 0).toBeGreaterThanOrEqual(0);
      // A waveform is wider than tall.
      expect(largest.width).toBeGreaterThan(largest.height);
    }
    if (entry.mime === 'application/pdf') {
      const tags = (await getExiftool().readRaw(path.join(SAMPLES_DIR, file), { readArgs: ['-n', '-PDF:PageCount'], useMWG: false })) as { PageCount?: number };
      expect(asset.attributes.documentattributes?.pageCount).toBe(tags.PageCount);
    }
  });
});
