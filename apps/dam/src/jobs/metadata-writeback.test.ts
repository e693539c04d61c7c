import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Asset } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import { getExiftool } from '../media/exiftool.ts';
import { GROUPED_READ_ARGS } from '../media/tags.ts';
import type { JobRow } from '../db/schema.ts';
import { metadataWritebackJob, postgresAssetLock } from './metadata-writeback.job.ts';
import { sql } from 'kysely';

/** One sample as ExifTool read it (manifest.json). */
interface Sample {
  path: string;
  mime: string;
  bytes: number;
  sha256: string;
  bad_input: boolean;
  exiftool: { Make?: string | null; Model?: string | null };
}
const MANIFEST = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as Sample[];
/** The smallest well-formed sample of a media type. */
const smallest = (mime: string) => MANIFEST.filter((s) => s.mime === mime && !s.bad_input).sort((a, b) => a.bytes - b.bytes)[0]!;

/** Formats ExifTool writes (by the manifest's media type), and whether Magpie writes an IPTC IIM block there. */
const WRITABLE = [
  { mime: 'image/jpeg', iptc: true },
  { mime: 'image/tiff', iptc: true },
  { mime: 'application/vnd.adobe.photoshop', iptc: true },
  { mime: 'image/png', iptc: false },
  { mime: 'image/webp', iptc: false },
  { mime: 'image/heic', iptc: false },
  { mime: 'image/heif', iptc: false },
  { mime: 'image/avif', iptc: false },
  { mime: 'image/jxl', iptc: false },
  { mime: 'image/jp2', iptc: false },
  { mime: 'image/gif', iptc: false },
  { mime: 'image/x-adobe-dng', iptc: true },
  { mime: 'image/x-canon-cr2', iptc: false },
  { mime: 'image/x-nikon-nef', iptc: false },
  { mime: 'application/pdf', iptc: false },
  { mime: 'video/mp4', iptc: false },
  { mime: 'video/quicktime', iptc: false },
];
/** Formats ExifTool cannot write. */
const UNWRITABLE = ['image/bmp', 'image/svg+xml', 'image/x-tiff-big', 'audio/mpeg', 'audio/ogg'];

const EDIT = { title: 'Fjord at dawn — Ålesund', keywords: ['fjord', 'morning', 'Ålesund'], description: 'A fjord seen from the quay.\nSecond line.' };

let sut: TestDam;

async function uploadAndEdit(sample: Sample, folder: string): Promise<{ url: string; file: string }> {
  const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, sample.path), { folder });
  expect(status.status).toBe('done');
  const url = status.result!.assetUrl;
  const res = await sut.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/vnd.fotoware.assetupdate+json' },
    payload: JSON.stringify({ metadata: { 5: { value: EDIT.title }, 25: { value: EDIT.keywords }, 120: { value: EDIT.description } } }),
  });
  expect(res.statusCode).toBe(200);
  await sut.ctx.worker.drain();
  const row = (await sut.ctx.repos.assets.findByPath(5000, folder, path.basename(sample.path)))!;
  return { url, file: sut.ctx.files.localPath(row.storage_key) };
}

const getAsset = async (url: string) => (await sut.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${sut.adminToken}` } })).json() as Asset;
const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('metadata write-back (issue 5: writeback round trip)', () => {
  it.each(WRITABLE)('writes the edit into a $mime original, read back with ExifTool', async ({ mime, iptc }) => {
    const sample = smallest(mime);
    const { url, file } = await uploadAndEdit(sample, `writeback-${mime.replace('/', '-')}`);
    const asset = await getAsset(url);
    expect(asset.metadataWriteback).toEqual({ status: 'written', message: null });
    expect(asset.filesize).toBe(fs.statSync(file).size);
    expect(asset.contentHash).toBe(sample.sha256);

    const tags = (await getExiftool().readRaw(file, { readArgs: [...GROUPED_READ_ARGS] })) as Record<string, unknown>;
    expect(tags['XMP-dc:Title']).toBe(EDIT.title);
    expect(asList(tags['XMP-dc:Subject'])).toEqual(EDIT.keywords);
    expect(tags['XMP-dc:Description']).toBe(EDIT.description);
    if (iptc) {
      expect(tags['IPTC:ObjectName']).toBe(EDIT.title);
      expect(asList(tags['IPTC:Keywords'])).toEqual(EDIT.keywords);
      expect(tags['IPTC:Caption-Abstract']).toBe(EDIT.description);
    }
    // What the edit did not touch stays as ExifTool first read it.
    if (sample.exiftool.Make) expect(String(tags['IFD0:Make'] ?? tags['XMP-tiff:Make'] ?? '')).toBe(sample.exiftool.Make);
    if (sample.exiftool.Model) expect(String(tags['IFD0:Model'] ?? tags['XMP-tiff:Model'] ?? '')).toBe(sample.exiftool.Model);
  });

  it.each(UNWRITABLE)('keeps the edit in the database for %s and says the file cannot take it', async (mime) => {
    const sample = smallest(mime);
    const { url, file } = await uploadAndEdit(sample, `writeback-${mime.replace('/', '-')}`);
    const asset = await getAsset(url);
    expect(asset.metadataWriteback?.status).toBe('unsupported');
    expect(asset.metadataWriteback?.message).toMatch(/kept in Magpie only/);
    expect(asset.metadata).toMatchObject({ 5: { value: EDIT.title }, 25: { value: EDIT.keywords }, 120: { value: EDIT.description } });
    expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(sample.sha256);
  });

  it('re-encodes the IIM block in UTF-8: fields not edited keep their text, not their old encoding', async () => {
    const sample = MANIFEST.find((s) => s.path === 'iptc-xmp/metapm_PhotoMechanic.jpg')! as Sample & { exiftool: { Description: { XMP: string; IPTC: string } } };
    expect(sample.exiftool.Description.IPTC).not.toBe(sample.exiftool.Description.XMP); // the IIM copy was written in another encoding
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, sample.path), { folder: 'writeback-iim' });
    const res = await sut.app.inject({
      method: 'PATCH',
      url: status.result!.assetUrl,
      headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/vnd.fotoware.assetupdate+json' },
      payload: JSON.stringify({ metadata: { 5: { value: EDIT.title } } }),
    });
    expect(res.statusCode).toBe(200);
    await sut.ctx.worker.drain();
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'writeback-iim', path.basename(sample.path)))!;
    const tags = (await getExiftool().readRaw(sut.ctx.files.localPath(row.storage_key), { readArgs: [...GROUPED_READ_ARGS] })) as Record<string, unknown>;
    expect(tags['IPTC:CodedCharacterSet']).toBe('\u001b%G');
    expect(tags['IPTC:ObjectName']).toBe(EDIT.title);
    expect(tags['IPTC:Caption-Abstract']).toBe(sample.exiftool.Description.XMP);
    expect(tags['XMP-dc:Description']).toBe(sample.exiftool.Description.XMP);
  });

  it('writes Rating (320) to XMP-xmp:Rating and keeps fields without a file tag (230 notes) in the database only', async () => {
    const sample = MANIFEST.filter((s) => s.mime === 'image/jpeg' && !s.bad_input).sort((a, b) => a.bytes - b.bytes)[2]!;
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, sample.path), { folder: 'writeback-rating' });
    const note = 'Internal note, not for the file';
    const res = await sut.app.inject({
      method: 'PATCH',
      url: status.result!.assetUrl,
      headers: { authorization: `Bearer ${sut.adminToken}`, 'content-type': 'application/vnd.fotoware.assetupdate+json' },
      payload: JSON.stringify({ metadata: { 320: { value: '4' }, 230: { value: note } } }),
    });
    expect(res.statusCode).toBe(200);
    await sut.ctx.worker.drain();
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'writeback-rating', path.basename(sample.path)))!;
    expect(row.metadata).toMatchObject({ 320: '4', 230: note });
    const tags = (await getExiftool().readRaw(sut.ctx.files.localPath(row.storage_key), { readArgs: [...GROUPED_READ_ARGS] })) as Record<string, unknown>;
    expect(tags['XMP-xmp:Rating']).toBe(4);
    expect(Object.values(tags)).not.toContain(note);
    expect((await getAsset(status.result!.assetUrl)).metadataWriteback?.status).toBe('written');
  });

  it('retries a failed write, and on the last attempt records failed with the reason while the database keeps the values', async () => {
    const sample = MANIFEST.filter((s) => s.mime === 'image/jpeg' && !s.bad_input).sort((a, b) => a.bytes - b.bytes)[1]!;
    const { url, file } = await uploadAndEdit(sample, 'writeback-failure');
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'writeback-failure', path.basename(sample.path)))!;
    await sut.ctx.repos.assets.update(row.id, { writeback_fields: JSON.stringify(['5']), writeback_status: 'pending' });
    fs.renameSync(file, `${file}.away`);
    const writeback = metadataWritebackJob({ assets: sut.ctx.repos.assets, files: sut.ctx.files });
    const job = (attempts: number) => ({ id: 0, kind: 'metadata-writeback', payload: { assetId: row.id }, attempts, max_attempts: 5 }) as unknown as JobRow;
    try {
      await expect(writeback(job(1))).rejects.toThrow(/could not write/);
      expect((await getAsset(url)).metadataWriteback?.status).toBe('pending');
      await writeback(job(5));
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    const asset = await getAsset(url);
    expect(asset.metadataWriteback).toEqual({ status: 'failed', message: expect.stringMatching(/kept in Magpie/) });
    expect(asset.metadata['5']).toEqual({ value: EDIT.title });
  });
});

describe.runIf(inject('postgresUrl'))('write-backs of one asset across DAM processes (PostgreSQL)', () => {
  it('hold a second write of the same asset until the first ends, and let other assets through', async () => {
    // Two locks on one pool stand for two DAM processes: each transaction is its own PostgreSQL session.
    const lock = postgresAssetLock(sut.ctx.database.db);
    const waiting = async () =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(sut.ctx.database.db)).rows[0]!.n);
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const first = lock(424242, async () => {
      events.push('first starts');
      started();
      await gate;
      events.push('first ends');
    });
    await firstStarted;
    const second = lock(424242, async () => {
      events.push('second starts');
    });
    await expect.poll(waiting).toBe(1);
    await lock(424243, async () => {
      events.push('other asset');
    });
    expect(events).toEqual(['first starts', 'other asset']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'other asset', 'first ends', 'second starts']);
    expect(await waiting()).toBe(0);
  });
});
