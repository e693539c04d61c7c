import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileType, doctypeFor, type Doctype } from './doctype.ts';
import { entriesUnder, filesOnDisk, HAVE_SAMPLES, loadManifest, samplePath } from './testing/samples.ts';

let tmp = '';
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'magpie-doctype-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Expected doctype per folder of formats/ (other-images: vector formats are graphic, the rest image). */
const FOLDER_DOCTYPE: Record<string, Doctype> = {
  'formats/audio': 'audio',
  'formats/video': 'movie',
  'formats/pdf': 'document',
  'formats/office': 'document',
  'formats/png': 'image',
  'formats/webp': 'image',
  'formats/heic': 'image',
  'formats/avif': 'image',
  'formats/tiff': 'image',
  'formats/gif': 'image',
  'formats/raw': 'image',
  'formats/orientation-tiny': 'image',
};
/** Manifest MIME types (ExifTool's) of vector/page-description formats. */
const GRAPHIC_MIMES = new Set(['image/svg+xml', 'application/postscript']);

describe.skipIf(!HAVE_SAMPLES)('detectFileType on the samples', () => {
  const formats = HAVE_SAMPLES ? entriesUnder('formats') : [];

  it('knows a doctype for every folder of formats/', () => {
    const folders = new Set(filesOnDisk('formats').map((p) => path.dirname(p)));
    expect([...folders].filter((f) => f !== 'formats/other-images' && !(f in FOLDER_DOCTYPE))).toEqual([]);
  });

  it.each(formats)('$path → doctype of its folder', async (entry) => {
    const expected = entry.category === 'formats/other-images' ? (GRAPHIC_MIMES.has(entry.mime) ? 'graphic' : 'image') : FOLDER_DOCTYPE[entry.category];
    const sut = await detectFileType(samplePath(entry));
    expect(sut.doctype).toBe(expected);
    // Where ExifTool and file-type agree on the family, the MIME type matches exactly for the common formats.
    if (['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'].includes(entry.mime)) {
      expect(sut.mime).toBe(entry.mime);
    }
  });

  it.each(HAVE_SAMPLES ? [...entriesUnder('photos'), ...entriesUnder('iptc-xmp', ['iptc-xmp/sidecars'])] : [])('$path → image', async (entry) => {
    const sut = await detectFileType(samplePath(entry));
    expect(sut.doctype).toBe('image');
    if (entry.mime === 'image/jpeg') expect(sut).toEqual({ mime: 'image/jpeg', ext: 'jpg', doctype: 'image' });
  });

  it.each(HAVE_SAMPLES ? entriesUnder('iptc-xmp/sidecars').filter((e) => e.mime === 'application/rdf+xml') : [])('$path (XMP sidecar) → generic', async (entry) => {
    expect(await detectFileType(samplePath(entry))).toEqual({ mime: 'application/rdf+xml', ext: 'xmp', doctype: 'generic' });
  });

  it('decides by content, not by name: a JPEG named .txt is an image', async () => {
    const jpeg = loadManifest().find((e) => e.mime === 'image/jpeg' && e.category === 'photos')!;
    const renamed = path.join(tmp, 'holiday.txt');
    await copyFile(samplePath(jpeg), renamed);
    expect(await detectFileType(renamed)).toEqual({ mime: 'image/jpeg', ext: 'jpg', doctype: 'image' });
  });

  it('decides by content, not by name: text named .jpg is generic', async () => {
    const text = loadManifest().find((e) => e.path === 'bad/not-an-image.txt')!;
    const renamed = path.join(tmp, 'photo.jpg');
    await copyFile(samplePath(text), renamed);
    expect(await detectFileType(renamed)).toEqual({ mime: 'text/plain', ext: 'txt', doctype: 'generic' });
  });

  it.each(HAVE_SAMPLES ? entriesUnder('bad') : [])('$path: a type or EmptyFile', async (entry) => {
    if (entry.bytes === 0) {
      await expect(detectFileType(samplePath(entry))).rejects.toMatchObject({ value: 'EmptyFile' });
    } else {
      const sut = await detectFileType(samplePath(entry));
      expect(['image', 'movie', 'audio', 'document', 'graphic', 'generic']).toContain(sut.doctype);
    }
  });
});

describe('detectFileType on crafted content', () => {
  it.each([
    { name: 'drawing.bin', content: '<?xml version="1.0"?>\n<!-- by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>', mime: 'image/svg+xml', doctype: 'graphic' },
    { name: 'drawing2.txt', content: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>', mime: 'image/svg+xml', doctype: 'graphic' },
    { name: 'figure.dat', content: '%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n', mime: 'application/postscript', doctype: 'graphic' },
    { name: 'print.dat', content: '%!PS-Adobe-3.0\n%%Pages: 1\n', mime: 'application/postscript', doctype: 'graphic' },
    { name: 'notes.jpg', content: 'Just some notes, æøå.\n', mime: 'text/plain', doctype: 'generic' },
    { name: 'data.xml', content: '<?xml version="1.0"?><catalog/>', mime: 'application/xml', doctype: 'generic' },
  ])('$name → $mime ($doctype)', async ({ name, content, mime, doctype }) => {
    const file = path.join(tmp, name);
    await writeFile(file, content);
    expect(await detectFileType(file)).toMatchObject({ mime, doctype });
  });

  it('treats binary noise as generic octet-stream', async () => {
    const file = path.join(tmp, 'noise.bin');
    await writeFile(file, Buffer.from([0x00, 0x13, 0x37, 0xfe, 0x01, 0x02, 0x00, 0x99]));
    expect(await detectFileType(file)).toEqual({ mime: 'application/octet-stream', ext: 'bin', doctype: 'generic' });
  });

  it('raises EmptyFile for 0 bytes and UnreadableFile for a missing file or a folder', async () => {
    const empty = path.join(tmp, 'empty.jpg');
    await writeFile(empty, '');
    await expect(detectFileType(empty)).rejects.toMatchObject({ name: 'MediaError', value: 'EmptyFile' });
    await expect(detectFileType(path.join(tmp, 'missing.jpg'))).rejects.toMatchObject({ value: 'UnreadableFile' });
    await expect(detectFileType(tmp)).rejects.toMatchObject({ value: 'UnreadableFile' });
  });

  it('maps MIME types and extensions to doctypes', () => {
    expect(doctypeFor('image/x-nikon-nef', 'nef')).toBe('image');
    expect(doctypeFor('application/vnd.oasis.opendocument.text', 'odt')).toBe('document');
    expect(doctypeFor('application/x-cfb', 'cfb')).toBe('document');
    expect(doctypeFor('application/illustrator', 'ai')).toBe('graphic');
    expect(doctypeFor('video/mp2t', 'mts')).toBe('movie');
    expect(doctypeFor('audio/x-flac', 'flac')).toBe('audio');
    expect(doctypeFor('application/zip', 'zip')).toBe('generic');
  });
});
