import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from './testing/samples.ts';
import { decodeBmp } from './decoders/bmp.ts';
import { decodeOfficeThumbnail } from './decoders/office.ts';
import { decodeSvg } from './decoders/svg.ts';
import type { DecodeRequest } from './decoders/types.ts';

let tmp = '';
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'magpie-bmp-office-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
const request = (filePath: string): DecodeRequest => ({ filePath, maxSide: 1600, timeoutMs: 10_000, signal: new AbortController().signal });

describe('BMP decoder', () => {
  it('decodes an 8-bit bitmap through its colour table', async () => {
    // The sample's pixels are all index 0, whose colour is white.
    const sample = await decodeBmp(request(samplePath('formats/other-images/exiftool_BMP.bmp')));
    expect(sample.picture).toMatchObject({ kind: 'raw', width: 8, height: 8, channels: 3 });
    expect(new Set(sample.picture.kind === 'raw' ? sample.picture.data : [])).toEqual(new Set([255]));
    // A 2×1 bitmap whose indices 0 and 1 are red and green in its table.
    const file = Buffer.alloc(54 + 2 * 4 + 4);
    file.write('BM', 0, 'latin1');
    file.writeUInt32LE(file.length, 2);
    file.writeUInt32LE(54 + 8, 10);
    file.writeUInt32LE(40, 14);
    file.writeInt32LE(2, 18);
    file.writeInt32LE(1, 22);
    file.writeUInt16LE(1, 26);
    file.writeUInt16LE(8, 28);
    file.writeUInt32LE(2, 46);
    file.set([0, 0, 255, 0, 0, 255, 0, 0], 54); // BGR0: red, green
    file.set([0, 1, 0, 0], 62);
    const bmp = path.join(tmp, 'palette.bmp');
    await writeFile(bmp, file);
    const result = await decodeBmp(request(bmp));
    expect([...(result.picture.kind === 'raw' ? result.picture.data : [])]).toEqual([255, 0, 0, 0, 255, 0]);
  });

  it('decodes a 24-bit bitmap to the pixels it was made from', async () => {
    // A 3×2 bitmap: rows bottom-up, BGR, rows padded to 4 bytes.
    const width = 3;
    const height = 2;
    const rowBytes = 12;
    const file = Buffer.alloc(54 + rowBytes * height);
    file.write('BM', 0, 'latin1');
    file.writeUInt32LE(file.length, 2);
    file.writeUInt32LE(54, 10);
    file.writeUInt32LE(40, 14);
    file.writeInt32LE(width, 18);
    file.writeInt32LE(height, 22);
    file.writeUInt16LE(1, 26);
    file.writeUInt16LE(24, 28);
    file.writeUInt32LE(rowBytes * height, 34);
    // Bottom row: blue pixels; top row: red pixels.
    for (let x = 0; x < width; x++) file.set([255, 0, 0], 54 + x * 3);
    for (let x = 0; x < width; x++) file.set([0, 0, 255], 54 + rowBytes + x * 3);
    const bmp = path.join(tmp, 'two-rows.bmp');
    await writeFile(bmp, file);
    const result = await decodeBmp(request(bmp));
    expect(result.picture).toMatchObject({ kind: 'raw', width: 3, height: 2, channels: 3 });
    const data = result.picture.kind === 'raw' ? result.picture.data : Buffer.alloc(0);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
    expect([...data.subarray(9, 12)]).toEqual([0, 0, 255]);
  });

  it('refuses a header that claims more pixels than the limit, and a broken header', async () => {
    const huge = Buffer.alloc(54);
    huge.write('BM', 0, 'latin1');
    huge.writeUInt32LE(40, 14);
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    huge.writeUInt16LE(24, 28);
    const file = path.join(tmp, 'huge.bmp');
    await writeFile(file, huge);
    await expect(decodeBmp(request(file))).rejects.toMatchObject({ name: 'DecoderFailure', reason: 'ImageTooLarge' });
    const broken = path.join(tmp, 'broken.bmp');
    await writeFile(broken, Buffer.from('BM not really'));
    await expect(decodeBmp(request(broken))).rejects.toMatchObject({ name: 'DecoderFailure', reason: 'CorruptImage' });
  });
});

describe('office package decoder', () => {
  it.each([
    ['formats/office/exiftool_OOXML.docx', 'docProps/thumbnail.jpeg'],
    ['formats/office/exiftool_OpenDoc.ods', 'Thumbnails/thumbnail.png'],
  ])('%s gives its stored thumbnail (%s)', async (file, entry) => {
    const result = await decodeOfficeThumbnail(request(samplePath(file)));
    expect(result.source).toBe(entry);
    expect(result.picture.kind).toBe('encoded');
    const meta = await sharp(result.picture.kind === 'encoded' ? result.picture.data : Buffer.alloc(0)).metadata();
    expect(meta.width).toBeGreaterThan(0);
  });

  it('refuses a package without a thumbnail and a file that is not a package', async () => {
    // A package saved without a thumbnail: a ZIP with one unrelated entry (written with yazl).
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from('<xml/>'), 'content.xml');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const bare = path.join(tmp, 'bare.docx');
    await writeFile(bare, Buffer.concat(chunks));
    await expect(decodeOfficeThumbnail(request(bare))).rejects.toMatchObject({ name: 'DecoderFailure', reason: 'UnsupportedImage' });
    const text = path.join(tmp, 'text.docx');
    await writeFile(text, await readFile(samplePath('bad/not-an-image.txt')));
    await expect(decodeOfficeThumbnail(request(text))).rejects.toMatchObject({ name: 'DecoderFailure', reason: 'CorruptImage' });
  });
});

describe('SVG decoder', () => {
  it('drops the metadata a drawing cannot be parsed with (formats/other-images/exiftool_XMP.svg)', async () => {
    const result = await decodeSvg(request(samplePath('formats/other-images/exiftool_XMP.svg')));
    const text = result.picture.kind === 'encoded' ? result.picture.data.toString('utf8') : '';
    expect(text).not.toMatch(/<metadata|c2pa:manifest/);
    expect(text).toMatch(/<desc[\s\S]*<\/svg>/);
    // libvips now reads the drawing: 4 × 3 in at 72 dpi.
    expect(await sharp(Buffer.from(text)).metadata()).toMatchObject({ format: 'svg', width: 288, height: 216 });
    await expect(sharp(samplePath('formats/other-images/exiftool_XMP.svg')).metadata()).rejects.toThrow(/c2pa/);
  });
});
