import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from './testing/harness.ts';

/** One entry of shared/samples/manifest.json (ExifTool 12.57's reading: the ground truth). */
interface ManifestEntry {
  path: string;
  bytes: number;
  bad_input: boolean;
  exiftool: {
    Orientation: number | null;
    ImageWidth: number | null;
    ImageHeight: number | null;
    FileImageWidth: number | null;
    FileImageHeight: number | null;
    Title: { XMP: string | null; IPTC: string | null };
    Keywords: { XMP: string[] | null; IPTC: string[] | null };
    Creator: { XMP: string[] | null; IPTC: string[] | null };
    City: { XMP: string | null; IPTC: string | null };
    Country: { XMP: string | null; IPTC: string | null };
    exiftool_error?: string | null;
  } | null;
}

const manifest = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
const inFolder = (folder: string) => manifest.filter((m) => m.path.startsWith(`${folder}/`) && !m.path.includes('/sidecars/'));

/** Expected field values, computed from the manifest with Magpie's rule: XMP first, then IPTC IIM. */
function expected(entry: ManifestEntry) {
  const e = entry.exiftool!;
  const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const cleanList = (v: string[] | null | undefined) => {
    const list = (v ?? []).map((s) => String(s).trim()).filter(Boolean);
    return list.length ? list : undefined;
  };
  const orientation = e.Orientation && e.Orientation >= 1 && e.Orientation <= 8 ? e.Orientation : 1;
  const width = e.FileImageWidth ?? e.ImageWidth;
  const height = e.FileImageHeight ?? e.ImageHeight;
  return {
    title: clean(e.Title.XMP) ?? clean(e.Title.IPTC),
    keywords: cleanList(e.Keywords.XMP) ?? cleanList(e.Keywords.IPTC),
    creator: cleanList(e.Creator.XMP) ?? cleanList(e.Creator.IPTC),
    city: clean(e.City.XMP) ?? clean(e.City.IPTC),
    country: clean(e.Country.XMP) ?? clean(e.Country.IPTC),
    width,
    height,
    uprightLandscape: width && height ? ([5, 6, 7, 8].includes(orientation) ? height > width : width > height) : undefined,
  };
}

let sut: TestDam;
const assets = new Map<string, Record<string, any>>();
const bearer = () => ({ authorization: `Bearer ${sut.adminToken}` });

beforeAll(async () => {
  sut = await createTestDam();
  // Every photo and IPTC/XMP sample goes through the real upload API, each into a folder named after its path so
  // equal file names in different folders stay apart.
  for (const entry of [...inFolder('photos'), ...inFolder('iptc-xmp')]) {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, entry.path), { folder: path.dirname(entry.path) });
    expect(status.httpStatus, entry.path).toBe(200);
  }
}, 600_000);

afterAll(async () => {
  await sut?.close();
});

describe('ingest of the real samples compared with ExifTool (manifest.json)', () => {
  const entries = [...inFolder('photos'), ...inFolder('iptc-xmp')];

  beforeAll(async () => {
    // Collect each sample's asset by listing the archive page by page through paging.next.
    let url: string | null = '/fotoweb/archives/5000-Photos/';
    while (url) {
      const res = await sut.app.inject({ method: 'GET', url, headers: { ...bearer(), accept: 'application/vnd.fotoware.assetlist+json' } });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: Array<Record<string, any>>; paging: { next: string | null } | null };
      for (const asset of page.data) assets.set(asset.contentHash, asset);
      url = page.paging?.next || null;
    }
  });

  it('made one asset per distinct file', () => {
    const distinct = new Set(entries.map((e) => (e as unknown as { sha256: string }).sha256));
    expect(assets.size).toBe(distinct.size);
  });

  it.each(entries.map((e) => [e.path, e] as const))('%s: metadata, pixel size and upright preview', async (_name, entry) => {
    const asset = assets.get((entry as unknown as { sha256: string }).sha256);
    expect(asset, 'asset exists').toBeDefined();
    const want = expected(entry);
    const value = (id: string) => asset!.metadata[id]?.value;
    expect(value('5')).toEqual(want.title);
    expect(value('25')).toEqual(want.keywords);
    // Creator follows MWG: XMP dc:creator, then IPTC By-line, then EXIF Artist. The manifest records only the
    // first two, so a file with neither may legitimately carry its EXIF Artist.
    if (want.creator) expect(value('80')).toEqual(want.creator);
    expect(value('90')).toEqual(want.city);
    expect(value('101')).toEqual(want.country);
    if (want.width && want.height) {
      expect(asset!.attributes.imageattributes).toMatchObject({ pixelwidth: want.width, pixelheight: want.height });
    }
    if (want.uprightLandscape !== undefined && asset!.previews.length > 0) {
      const large = asset!.previews.filter((p: { square: boolean }) => !p.square).at(-1);
      if (large.width !== large.height) expect(large.width > large.height, 'preview orientation').toBe(want.uprightLandscape);
    }
  });
});

describe('bad input files', () => {
  const bad = manifest.filter((m) => m.bad_input);

  it.each(bad.map((e) => [e.path, e] as const))('%s ends with a clear error or an asset, and the server stays healthy', async (_name, entry) => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, entry.path));
    expect(['done', 'failed']).toContain(status.status);
    if (status.status === 'failed') {
      expect(status.error?.value).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(status.error?.message.length).toBeGreaterThan(5);
    } else {
      const asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: bearer() })).json();
      expect(typeof asset.hasPreview).toBe('boolean');
      if (!asset.hasPreview) expect(asset.previews).toEqual([]);
    }
    const health = await sut.app.inject({ method: 'GET', url: '/fotoweb/health' });
    expect(health.json().status).toBe('ok');
  });

  it('keeps every earlier asset after the bad files', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(), accept: 'application/vnd.fotoware.collectioninfo+json' } });
    expect(res.json().assetCount).toBeGreaterThanOrEqual(assets.size);
  });
});
