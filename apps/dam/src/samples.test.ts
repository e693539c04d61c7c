import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from './testing/harness.ts';

/** One entry of shared/samples/manifest.json (ExifTool 12.57's reading: the ground truth). */
interface ManifestEntry {
  path: string;
  sha256: string;
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
    DateTimeOriginal: string | null;
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
  // A small page size so the conformance suite walks many keyset pages.
  sut = await createTestDam({ MAGPIE_PAGE_SIZE: '10' });
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

// The bad input files (manifest.json's `bad_input`) are uploaded by routes/uploads/uploads.test.ts ("error texts never
// carry server paths"), which checks there what was checked here (a clear error or an asset, the server healthy, earlier
// assets kept) on both databases; uploading them here too ran the same ingests twice.

// ---------------------------------------------------------------------------------------------------------------
// Search conformance (issue #4): every expected hit list is computed from manifest.json, never typed by hand.
// ---------------------------------------------------------------------------------------------------------------

const searchable = [...inFolder('photos'), ...inFolder('iptc-xmp')];
const words = (value: string): string[] => value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** What the manifest says of a sample, in the terms searches use. */
function facts(entry: ManifestEntry) {
  const want = expected(entry);
  const e = entry.exiftool!;
  const orientation = e.Orientation && e.Orientation >= 1 && e.Orientation <= 8 ? e.Orientation : 1;
  const swap = [5, 6, 7, 8].includes(orientation);
  const dto = e.DateTimeOriginal && /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(e.DateTimeOriginal);
  const cameraTime = dto && Number(dto[1]) > 1800 && Number(dto[2]) >= 1 ? `${dto[1]}-${dto[2]}-${dto[3]}` : undefined;
  return {
    ...want,
    filename: path.basename(entry.path).toLowerCase(),
    orientedWidth: want.width && want.height ? (swap ? want.height : want.width) : undefined,
    orientedHeight: want.width && want.height ? (swap ? want.width : want.height) : undefined,
    cameraTime,
  };
}

const byHash = new Map(searchable.map((e) => [e.sha256, e]));
const expectHits = (predicate: (f: ReturnType<typeof facts>) => boolean) => [...new Set(searchable.filter((e) => predicate(facts(e))).map((e) => e.path))].sort();

/** Runs a search on the archive through the API, following paging.next, and answers the sample paths found. */
async function search(query: string): Promise<string[]> {
  const found: string[] = [];
  let url: string | null = `/fotoweb/archives/5000-Photos/?${query}`;
  while (url) {
    const res = await sut.app.inject({ method: 'GET', url, headers: { ...bearer(), accept: 'application/vnd.fotoware.assetlist+json' } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    const page = res.json() as { data: Array<{ contentHash: string }>; paging: { next: string | null } | null };
    for (const asset of page.data) {
      const entry = byHash.get(asset.contentHash);
      if (entry) found.push(entry.path);
    }
    url = page.paging?.next || null;
  }
  return [...new Set(found)].sort();
}

const q = (expression: string) => `q=${encodeURIComponent(expression)}`;

describe('search conformance against manifest.json', () => {
  const allKeywords = [...new Set(searchable.flatMap((e) => facts(e).keywords ?? []).flatMap(words))].filter((w) => w.length > 3).sort();
  const keywordSample = allKeywords.filter((_, i) => i % Math.max(1, Math.floor(allKeywords.length / 6)) === 0).slice(0, 6);
  const hasWord = (list: string[] | undefined, word: string) => (list ?? []).some((v) => words(v).includes(word));

  it('has keywords to search for', () => {
    expect(keywordSample.length).toBeGreaterThan(2);
  });

  it.each(keywordSample)('25:%s finds exactly the files with that keyword word', async (word) => {
    expect(await search(q(`25:${word}`))).toEqual(expectHits((f) => hasWord(f.keywords, word)));
  });

  it('OR, | and NOT combine field predicates', async () => {
    const [a, b] = keywordSample as [string, string];
    const union = expectHits((f) => hasWord(f.keywords, a) || hasWord(f.keywords, b));
    expect(await search(q(`25:${a} OR 25:${b}`))).toEqual(union);
    expect(await search(q(`(25:${a}|25:${b})`))).toEqual(union);
    expect(await search(q(`(25:${a}|25:${b}) AND NOT 25:${a}`))).toEqual(expectHits((f) => hasWord(f.keywords, b) && !hasWord(f.keywords, a)));
  });

  it('the empty-value form 25:"" finds the files without keywords, and NOT inverts it', async () => {
    expect(await search(q('25:""'))).toEqual(expectHits((f) => !f.keywords));
    expect(await search(q('NOT 25:""'))).toEqual(expectHits((f) => Boolean(f.keywords)));
  });

  it('phrases in field predicates match the words together (cities, countries)', async () => {
    const cities = [...new Set(searchable.map((e) => facts(e).city).filter((c): c is string => Boolean(c)))].slice(0, 4);
    for (const city of cities) {
      const hits = await search(q(`90:"${city}"`));
      expect(hits, city).toEqual(expectHits((f) => (f.city ?? '').toLowerCase().includes(city.toLowerCase())));
    }
    const country = searchable.map((e) => facts(e).country).find((c): c is string => Boolean(c))!;
    const word = words(country)[0]!;
    expect(await search(q(`101:${word}`))).toEqual(expectHits((f) => words(f.country ?? '').includes(word)));
  });

  it('free words find every file whose title has them, and only files that contain them', async () => {
    const titleWord = searchable.flatMap((e) => words(facts(e).title ?? '')).find((w) => w.length > 4)!;
    const hits = await search(q(titleWord));
    for (const expectedPath of expectHits((f) => words(f.title ?? '').includes(titleWord))) expect(hits).toContain(expectedPath);
    const assetsByPath = new Map([...assets.values()].map((a) => [byHash.get(a.contentHash)?.path, a]));
    for (const hit of hits) {
      const asset = assetsByPath.get(hit)!;
      const text = [asset.filename, ...Object.values(asset.metadata as Record<string, { value: string | string[] }>).flatMap((m) => m.value)].join(' ');
      expect(words(text), hit).toContain(titleWord);
    }
  });

  it('fn matches file names (contains, and * wildcards)', async () => {
    expect(await search(q('fn:*.jpeg'))).toEqual(expectHits((f) => f.filename.endsWith('.jpeg')));
    expect(await search(q('fn:canon'))).toEqual(expectHits((f) => f.filename.includes('canon')));
  });

  it('pixel size, orientation and file size ranges', async () => {
    expect(await search(q('pw:0~~200'))).toEqual(expectHits((f) => f.orientedWidth !== undefined && f.orientedWidth <= 200));
    expect(await search(q('o:portrait'))).toEqual(expectHits((f) => f.orientedWidth !== undefined && f.orientedHeight! > f.orientedWidth));
    const limit = 0.05;
    expect(await search(q(`fs:0~~${limit}`))).toEqual([...new Set(searchable.filter((e) => e.bytes <= Math.ceil(limit * 1048576)).map((e) => e.path))].sort());
    expect(await search(`fsf=${limit}`)).toEqual([...new Set(searchable.filter((e) => e.bytes >= Math.floor(limit * 1048576)).map((e) => e.path))].sort());
  });

  it('camera time ranges (ct, ctf/ctt) and doctype', async () => {
    // ct is when the picture was taken: DateTimeOriginal, else IPTC/XMP date created, else CreateDate. The manifest
    // records no IPTC date created, so only files with a DateTimeOriginal are compared exactly.
    const dated = new Set(searchable.filter((e) => facts(e).cameraTime !== undefined).map((e) => e.path));
    const onlyDated = (hits: string[]) => hits.filter((h) => dated.has(h));
    expect(onlyDated(await search(q('ctf:2010-01-01')))).toEqual(expectHits((f) => f.cameraTime !== undefined && f.cameraTime >= '2010-01-01'));
    expect(onlyDated(await search('ctf=2005-01-01&ctt=2009-12-31&dt=image'))).toEqual(
      expectHits((f) => f.cameraTime !== undefined && f.cameraTime >= '2005-01-01' && f.cameraTime <= '2009-12-31'),
    );
  });

  it('key=value queries: different keys AND-ed, the same field twice OR-ed', async () => {
    const [a, b] = keywordSample as [string, string];
    expect(await search(`25=${a}&25=${b}`)).toEqual(expectHits((f) => hasWord(f.keywords, a) || hasWord(f.keywords, b)));
    expect(await search(`25=${a}&fn=canon`)).toEqual(expectHits((f) => hasWord(f.keywords, a) && f.filename.includes('canon')));
  });

  it('echoes searchString and a normalised searchQuery', async () => {
    const res = await sut.app.inject({
      method: 'GET',
      url: `/fotoweb/archives/5000-Photos/?${q('(fn:.jpeg|fn:.JPG)AND NOT(25:"")')}`,
      headers: { ...bearer(), accept: 'application/vnd.fotoware.collectioninfo+json' },
    });
    expect(res.json()).toMatchObject({ type: 'search', searchString: '(fn:.jpeg|fn:.JPG)AND NOT(25:"")', searchQuery: '(fn:".jpeg" OR fn:".JPG") AND NOT (25:"")' });
  });

  it('global search answers one search collection per archive with hits, with its count', async () => {
    const word = keywordSample[0]!;
    const res = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/?${q(`25:${word}`)}`, headers: bearer() });
    const list = res.json() as { data: Array<{ name: string; assetCount: number; data: string }> };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.assetCount).toBe(expectHits((f) => hasWord(f.keywords, word)).length);
    expect(list.data[0]!.data).toContain('?q=');
    const none = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/?${q('25:zzznothingzzz')}`, headers: bearer() });
    expect(none.json().data).toEqual([]);
  });

  it('sorts by file name both ways, and keyset pages cover every asset once in order, forwards and back', async () => {
    const walk = async (start: string, link: 'next' | 'prev') => {
      const pages: string[][] = [];
      let url: string | null = start;
      while (url) {
        const res = await sut.app.inject({ method: 'GET', url, headers: { ...bearer(), accept: 'application/vnd.fotoware.assetlist+json' } });
        expect(res.statusCode).toBe(200);
        const page = res.json() as { data: Array<{ filename: string; href: string }>; paging: Record<string, string | null> | null };
        pages.push(page.data.map((a) => a.href));
        url = page.paging?.[link] || null;
        if (pages.length === 1 && link === 'next') expect(page.paging?.last).toMatch(/;p=\d+-l$/);
      }
      return pages;
    };
    const forward = await walk('/fotoweb/archives/5000-Photos/;o=fn', 'next');
    const hrefs = forward.flat();
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const info = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(), accept: 'application/vnd.fotoware.collectioninfo+json' } });
    expect(hrefs.length).toBe(info.json().assetCount);
    const names = hrefs.map((h) =>
      decodeURIComponent(
        h
          .split('/')
          .at(-1)!
          .replace(/\.info$/, ''),
      ).toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const first = (
      await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;o=fn', headers: { ...bearer(), accept: 'application/vnd.fotoware.assetlist+json' } })
    ).json();
    const backward = await walk(first.paging.last, 'prev');
    expect(backward.reverse().flat()).toEqual(hrefs);
    const descending = (await walk('/fotoweb/archives/5000-Photos/;o=-fn', 'next')).flat();
    expect(descending).toEqual([...hrefs].reverse());
  });

  it('lists its sort options in alt_orders and refuses unknown ones', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(), accept: 'application/vnd.fotoware.collectioninfo+json' } });
    expect(res.json().alt_orders.map((o: { key: string }) => o.key)).toEqual(['mt', 'fn', '5', '55']);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;o=bogus', headers: bearer() })).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;p=2-aXYZ', headers: bearer() })).statusCode).toBe(400);
  });
});
