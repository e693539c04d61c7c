import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endExiftool } from './exiftool.ts';
import { isMediaError } from './errors.ts';
import { exifDateToIso, mapFields, mapTechnical, readMetadata, type MediaMetadata } from './metadata.ts';
import {
  entriesUnder,
  filesOnDisk,
  firstBag,
  firstSingle,
  HAVE_SAMPLES,
  loadManifest,
  manifestOrientation,
  manifestStoredSize,
  mapLimit,
  samplePath,
  settleWithin,
  type ManifestEntry,
} from './testing/samples.ts';

afterAll(() => endExiftool());

describe('mapFields (grouped ExifTool tags → FotoWeb field ids)', () => {
  it('prefers XMP, then IPTC, then EXIF, per field', () => {
    const sut = mapFields({
      'XMP-dc:Title': 'xmp title',
      'IPTC:ObjectName': 'iptc title',
      'IPTC:Keywords': ['k1', ' k2 ', ''],
      'IFD0:Artist': 'exif artist',
      'IPTC:CopyrightNotice': 'iptc ©',
      'IFD0:Copyright': 'exif ©',
      'IFD0:ImageDescription': 'exif description',
    });
    expect(sut).toEqual({
      '5': 'xmp title',
      '25': ['k1', 'k2'],
      '80': ['exif artist'],
      '116': 'iptc ©',
      '120': 'exif description',
    });
  });

  it('drops blank values and falls through to the next source', () => {
    const sut = mapFields({ 'XMP-dc:Title': '   ', 'IPTC:ObjectName': 'iptc title', 'XMP-dc:Subject': [' ', ''] });
    expect(sut).toEqual({ '5': 'iptc title' });
  });

  it('ignores blank and camera-placeholder EXIF descriptions', () => {
    expect(mapFields({ 'IFD0:ImageDescription': '          ' })).toEqual({});
    expect(mapFields({ 'IFD0:ImageDescription': 'OLYMPUS DIGITAL CAMERA         ' })).toEqual({});
  });

  it('keeps bags as arrays and numbers as ExifTool printed them', () => {
    expect(mapFields({ 'XMP-dc:Subject': 2008, 'IPTC:City': 1234 })).toEqual({ '25': ['2008'], '90': '1234' });
  });

  it('maps the remaining IPTC Core fields', () => {
    const sut = mapFields({
      'XMP-photoshop:AuthorsPosition': 'pos',
      'XMP-photoshop:State': 'state',
      'XMP-iptcCore:CountryCode': 'NO',
      'XMP-photoshop:Headline': 'headline',
      'XMP-photoshop:Credit': 'credit',
      'XMP-photoshop:Source': 'source',
      'XMP-photoshop:CaptionWriter': 'writer',
      'XMP-photoshop:Instructions': 'instr',
      'XMP-photoshop:SupplementalCategories': ['a', 'b'],
      'IPTC:Category': 'SPO',
    });
    expect(sut).toEqual({
      '15': 'SPO',
      '20': ['a', 'b'],
      '40': 'instr',
      '85': 'pos',
      '95': 'state',
      '100': 'NO',
      '105': 'headline',
      '110': 'credit',
      '115': 'source',
      '122': 'writer',
    });
  });

  it('takes field 55 from DateTimeOriginal, then IPTC DateCreated, then CreateDate', () => {
    expect(mapFields({ 'ExifIFD:DateTimeOriginal': '2008:05:30 15:56:01', 'IPTC:DateCreated': '1999:01:01' })['55']).toBe('2008-05-30');
    expect(mapFields({ 'ExifIFD:CreateDate': '2010:01:01 00:00:00', 'IPTC:DateCreated': '1999:12:31' })['55']).toBe('1999-12-31');
    expect(mapFields({ 'ExifIFD:DateTimeOriginal': '0000:00:00 00:00:00', 'QuickTime:CreateDate': '2019:07:24 08:25:57' })['55']).toBe('2019-07-24');
  });
});

describe('exifDateToIso', () => {
  it.each([
    ['2008:05:30 15:56:01', '2008-05-30T15:56:01'],
    ['2021:10:20 21:01:01+00:00', '2021-10-20T21:01:01+00:00'],
    ['1993:01:01 03:11:11.311+01:00', '1993-01-01T03:11:11.311+01:00'],
    ['2019:07:24 08:25:57Z', '2019-07-24T08:25:57Z'],
    ['2003:08:30', '2003-08-30'],
    ['0000:00:00 00:00:00', undefined],
    ['2001:02:30 10:00:00', undefined],
    ['    :  :     :  :  ', undefined],
    ['2021', undefined],
  ])('%s → %s', (input, expected) => {
    expect(exifDateToIso(input)).toBe(expected);
  });
});

describe('mapTechnical', () => {
  it('reads size, orientation, colour space, resolution, GPS and duration', () => {
    const sut = mapTechnical({
      'File:MIMEType': 'image/jpeg',
      'File:ImageWidth': 4000,
      'File:ImageHeight': 3000,
      'File:ColorComponents': 4,
      'IFD0:Make': 'Canon',
      'IFD0:Model': 'Canon EOS 7D',
      'IFD0:Orientation': 6,
      'IFD0:XResolution': 118.11,
      'IFD0:ResolutionUnit': 3,
      'Composite:GPSLatitude': 59.91,
      'Composite:GPSLongitude': -10.75,
      'ExifIFD:DateTimeOriginal': '2015:11:12 10:00:00',
      'ExifIFD:OffsetTimeOriginal': '+01:00',
    });
    expect(sut).toEqual({
      mimeType: 'image/jpeg',
      make: 'Canon',
      model: 'Canon EOS 7D',
      dateTimeOriginal: '2015-11-12T10:00:00+01:00',
      orientation: 6,
      width: 4000,
      height: 3000,
      colorspace: 'cmyk',
      resolution: 300,
      gps: { lat: 59.91, lon: -10.75 },
    });
  });

  it('treats orientation 0 as absent and takes the video track size and rotation', () => {
    expect(mapTechnical({ 'IFD0:Orientation': 0 }).orientation).toBeUndefined();
    const video = mapTechnical({
      'File:MIMEType': 'video/quicktime',
      'Track1:HandlerType': 'soun',
      'Track2:HandlerType': 'vide',
      'Track2:ImageWidth': 568,
      'Track2:ImageHeight': 320,
      'Composite:Rotation': 90,
      'QuickTime:Duration': 4.0016,
    });
    expect(video).toMatchObject({ width: 568, height: 320, orientation: 6, duration: 4.0016 });
  });
});

/** Photos and IPTC/XMP files: the manifest's values must be read back exactly. */
const META_ENTRIES = HAVE_SAMPLES ? [...entriesUnder('photos'), ...entriesUnder('iptc-xmp', ['iptc-xmp/sidecars'])] : [];

describe.skipIf(!HAVE_SAMPLES)('readMetadata on the samples (ground truth: manifest.json)', () => {
  const results = new Map<string, MediaMetadata>();

  beforeAll(async () => {
    await mapLimit(META_ENTRIES, 4, async (entry) => {
      results.set(entry.path, await readMetadata(samplePath(entry)));
    });
  });

  it('covers every photo and IPTC/XMP file on disk', () => {
    const onDisk = [...filesOnDisk('photos'), ...filesOnDisk('iptc-xmp').filter((p) => !p.startsWith('iptc-xmp/sidecars/'))];
    expect(META_ENTRIES.map((e) => e.path).sort()).toEqual(onDisk.sort());
    expect(META_ENTRIES.length).toBeGreaterThan(130);
  });

  const result = (entry: ManifestEntry) => {
    const r = results.get(entry.path);
    if (r === undefined) throw new Error(`no result for ${entry.path}`);
    return r;
  };

  it.each(META_ENTRIES)('$path: title, keywords, creator, city, country, headline, copyright', (entry) => {
    const x = entry.exiftool!;
    const { fields } = result(entry);
    expect(fields['5']).toEqual(firstSingle(x.Title.XMP, x.Title.IPTC));
    expect(fields['25']).toEqual(firstBag(x.Keywords.XMP, x.Keywords.IPTC));
    expect(fields['90']).toEqual(firstSingle(x.City.XMP, x.City.IPTC));
    expect(fields['101']).toEqual(firstSingle(x.Country.XMP, x.Country.IPTC));
    expect(fields['105']).toEqual(firstSingle(x.Headline.XMP, x.Headline.IPTC));
    expect(fields['116']).toEqual(firstSingle(x.Copyright.XMP, x.Copyright.IPTC, x.Copyright.EXIF));
    // Creator and description also fall back to EXIF Artist / ImageDescription, which the manifest does not list:
    // compare whenever XMP or IPTC has a value.
    const creator = firstBag(x.Creator.XMP, x.Creator.IPTC);
    if (creator !== undefined) expect(fields['80']).toEqual(creator);
    const description = firstSingle(x.Description.XMP, x.Description.IPTC);
    if (description !== undefined) expect(fields['120']).toEqual(description);
    for (const value of Object.values(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) expect(v).toBe(v.trim());
    }
  });

  it.each(META_ENTRIES)('$path: stored size, orientation, make, model, GPS', (entry) => {
    const x = entry.exiftool!;
    const { technical } = result(entry);
    const size = manifestStoredSize(x);
    expect(size).toBeDefined();
    expect({ width: technical.width, height: technical.height }).toEqual(size);
    expect(technical.orientation).toBe(manifestOrientation(x));
    if (x.Make !== null) expect(technical.make).toBe(String(x.Make).trim());
    if (x.Model !== null) expect(technical.model).toBe(String(x.Model).trim());
    if (x.GPS && x.GPSLatitude !== null && x.GPSLongitude !== null) {
      expect(technical.gps?.lat).toBeCloseTo(x.GPSLatitude, 6);
      expect(technical.gps?.lon).toBeCloseTo(x.GPSLongitude, 6);
    } else if (!x.GPS) {
      expect(technical.gps).toBeUndefined();
    }
    expect(technical.mimeType).toBe(entry.mime);
  });

  it.each(META_ENTRIES.filter((e) => e.exiftool?.tag_groups['DateTimeOriginal'] === 'ExifIFD'))('$path: dateTimeOriginal from EXIF', (entry) => {
    const iso = exifDateToIso(entry.exiftool!.DateTimeOriginal!);
    const { technical, fields } = result(entry);
    if (iso === undefined) return; // zero date in the file
    expect(technical.dateTimeOriginal?.startsWith(iso)).toBe(true);
    expect(fields['55']).toBe(iso.slice(0, 10));
  });
});

describe.skipIf(!HAVE_SAMPLES)('readMetadata on broken and odd input', () => {
  const bad = HAVE_SAMPLES ? entriesUnder('bad') : [];

  it.each(bad)('$path: a result with warnings, or EmptyFile; never a hang', async (entry) => {
    const outcome = await settleWithin(readMetadata(samplePath(entry)), 25_000);
    if (entry.bytes === 0) {
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && isMediaError(outcome.error, 'EmptyFile')).toBe(true);
      return;
    }
    if (!outcome.ok) throw outcome.error;
    const manifestError = entry.exiftool?.exiftool_error;
    if (manifestError) expect(outcome.value.warnings).toContain(manifestError);
  });

  it('raises UnreadableFile for a missing file and for a folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'magpie-meta-'));
    try {
      await expect(readMetadata(path.join(dir, 'missing.jpg'))).rejects.toMatchObject({ value: 'UnreadableFile' });
      await expect(readMetadata(dir)).rejects.toMatchObject({ value: 'UnreadableFile' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports video facts (formats/video/Apple_iPhone_6_with_gps.mov)', async () => {
    const entry = loadManifest().find((e) => e.path === 'formats/video/Apple_iPhone_6_with_gps.mov')!;
    const { technical } = await readMetadata(samplePath(entry));
    expect(technical).toMatchObject({
      mimeType: entry.mime,
      width: entry.exiftool!.ImageWidth,
      height: entry.exiftool!.ImageHeight,
    });
    expect(technical.duration).toBeGreaterThan(3);
    expect(technical.gps?.lat).toBeCloseTo(entry.exiftool!.GPSLatitude!, 4);
    // Track facts (issue 16), as `exiftool -G1 -n` prints them for this file.
    expect(technical.video).toEqual({ codec: 'avc1', frameRate: 29.988, bitRate: 867181 });
    expect(technical.audio).toEqual({ codec: 'mp4a', sampleRate: 44100, channels: 1 });
  });

  it('reports the audio of a sound file and the pages of a PDF (issue 16)', async () => {
    const sound = await readMetadata(samplePath('formats/audio/alac_11s.m4a'));
    expect(sound.technical).toMatchObject({ duration: 11.288, audio: { codec: 'alac', sampleRate: 22050, channels: 2 } });
    expect(sound.technical.video).toBeUndefined();
    const pdf = await readMetadata(samplePath('formats/pdf/pdflatex-4-pages.pdf'));
    expect(pdf.technical.pageCount).toBe(4);
    expect(pdf.technical.video).toBeUndefined();
    expect(pdf.technical.audio).toBeUndefined();
  });
});
