/**
 * ZIP downloads of a selection (issue 13): prepared for the assets one may download, streamed with an exact
 * Content-Length, the files byte-identical inside, named below the folder they share; refusals; a 10,000-file ZIP
 * streamed without being held in memory.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadCreated } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';
import { zipSize, zipStream, type ZipEntry } from '../../storage/zip.ts';
import { readZip, unzip } from '../../testing/zip.ts';
import { zipEntryNames } from '../../services/downloads.service.ts';

let sut: TestDam;
const { upload, post } = requestsFor(() => sut);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function storedBytes(href: string): Promise<Buffer> {
  const match = /^\/fotoweb\/archives\/([0-9]+)-[^/]+\/(.+)\/([^/]+)\.info$/.exec(href)!;
  const row = await sut.ctx.repos.assets.findByPath(Number(match[1]), decodeURIComponent(match[2]!), decodeURIComponent(match[3]!));
  return fsp.readFile(sut.ctx.files.localPath(row!.storage_key));
}

function download(href: string, token = sut.adminToken) {
  return sut.app.inject({ method: 'GET', url: href, headers: bearer(token) });
}

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('ZIP downloads (POST /fotoweb/me/downloads/)', () => {
  it('streams the selection as one ZIP of exact size: the files byte-identical, below the folder they share', async () => {
    const a = await upload(sample('photos/orientation/Landscape_1.jpg'), 'zip/day1');
    const b = await upload(sample('photos/orientation/Landscape_2.jpg'), 'zip/day2');
    const c = await upload(sample('iptc-xmp/BlueSquare.jpg'), 'zip/day2');
    const res = await post('/fotoweb/me/downloads/', { assets: [a, b, c].map((href) => ({ href })) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as DownloadCreated;
    expect(created).toMatchObject({ name: 'magpie-3-assets.zip', assetCount: 3, href: expect.stringMatching(/^\/fotoweb\/me\/downloads\/[A-Za-z0-9_-]+\/magpie-3-assets\.zip$/) });
    expect(res.headers.location).toBe(created.href);

    const zip = await download(created.href);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('magpie-3-assets.zip');
    expect(Number(zip.headers['content-length'])).toBe(created.size);
    expect(zip.rawPayload.length).toBe(created.size);
    const files = await unzip(zip.rawPayload);
    expect([...files.keys()]).toEqual(['day1/Landscape_1.jpg', 'day2/Landscape_2.jpg', 'day2/BlueSquare.jpg']);
    expect(sha256(files.get('day1/Landscape_1.jpg')!)).toBe(sha256(await storedBytes(a)));
    expect(sha256(files.get('day2/BlueSquare.jpg')!)).toBe(sha256(await storedBytes(c)));

    // One asset: named after it, the file at the top.
    const one = (await post('/fotoweb/me/downloads/', { assets: [{ href: c }] })).json() as DownloadCreated;
    expect(one.name).toBe('BlueSquare.zip');
    expect([...(await unzip((await download(one.href)).rawPayload)).keys()]).toEqual(['BlueSquare.jpg']);
  });

  it('refuses hrefs one cannot see (400) and assets without Download (403); a download is its creator’s, for a day', async () => {
    const href = await upload(sample('photos/orientation/Portrait_1.jpg'), 'zip/refusals');
    const unknown = await post('/fotoweb/me/downloads/', { assets: [{ href }, { href: '/fotoweb/archives/5000-Photos/zip/none.jpg.info' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'assets.1.href', message: expect.any(String) }]);
    expect((await post('/fotoweb/me/downloads/', { assets: [] })).statusCode).toBe(400);
    // An archive whose only member may view and preview, not download.
    const vault = await sut.ctx.repos.archives.create({ name: 'Vault' });
    const viewer = await sut.createUser('zip-viewer');
    await sut.ctx.repos.archives.setAcl(vault.id, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Preview'] });
    const locked = (await sut.upload(sut.adminToken, `/fotoweb/archives/${vault.id}-Vault/`, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_4.jpg'))).result!.assetUrl;
    const refused = await post('/fotoweb/me/downloads/', { assets: [{ href: locked }] }, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Download');
    // Assets of several archives are checked together (one look-up per archive): each refusal names its own place,
    // and a file name is matched without regard to case.
    const mixed = await post('/fotoweb/me/downloads/', { assets: [{ href: locked }, { href: '/fotoweb/archives/5000-Photos/zip/none.jpg.info' }, { href }] }, viewer.token);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().issues).toEqual([{ path: 'assets.1.href', message: expect.any(String) }]);
    const upper = await post('/fotoweb/me/downloads/', { assets: [{ href: href.replace(/Portrait_1\.jpg/, 'PORTRAIT_1.JPG') }] });
    expect(upper.statusCode, upper.body).toBe(201);

    const created = (await post('/fotoweb/me/downloads/', { assets: [{ href }] })).json() as DownloadCreated;
    expect((await download(created.href, viewer.token)).statusCode).toBe(404);
    expect((await download(created.href.replace(/\/[^/]+\/([^/]+)$/, '/unknownid/$1'))).statusCode).toBe(404);
    await sql`UPDATE downloads SET expires = now() - interval '1 second'`.execute(sut.ctx.database.db);
    expect((await download(created.href)).statusCode).toBe(404);
  });

  it('leaves out an asset deleted since it was prepared', async () => {
    const keep = await upload(sample('photos/orientation/Portrait_2.jpg'), 'zip/later');
    const gone = await upload(sample('photos/orientation/Portrait_3.jpg'), 'zip/later');
    const created = (await post('/fotoweb/me/downloads/', { assets: [{ href: keep }, { href: gone }] })).json() as DownloadCreated;
    const row = await sut.ctx.repos.assets.findByPath(5000, 'zip/later', 'Portrait_3.jpg');
    await sut.ctx.repos.assets.update(row!.id, { deleted: new Date(), deleted_by: 'admin' });
    const zip = await download(created.href);
    expect(zip.statusCode).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect([...(await unzip(zip.rawPayload)).keys()]).toEqual(['Portrait_2.jpg']);
  });

  it('streams a ZIP of 10,000 files one file at a time, of the size it announced', async () => {
    await sut.ctx.files.writeFile('tmp/zip-test/one.txt', 'x'.repeat(1000));
    const entries: ZipEntry[] = Array.from({ length: 10_000 }, (_, i) => ({ name: `f/${i}.txt`, key: 'tmp/zip-test/one.txt', size: 1000, mtime: new Date(0) }));
    const target = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-zip-')), 'big.zip');
    const size = await zipSize(entries);
    await pipeline(zipStream(sut.ctx.files, entries), fs.createWriteStream(target));
    expect((await fsp.stat(target)).size).toBe(size);
    const files = await readZip(target);
    expect(files).toHaveLength(10_000);
    expect(files.every(({ bytes }) => bytes.length === 1000)).toBe(true);
    await fsp.rm(path.dirname(target), { recursive: true, force: true });
  });

  it('ends the stream in error, never hangs, when a file is missing', async () => {
    const entries: ZipEntry[] = [{ name: 'missing.jpg', key: 'originals/1/none/original.jpg', size: 10, mtime: new Date(0) }];
    await expect(pipeline(zipStream(sut.ctx.files, entries), fs.createWriteStream(path.join(os.tmpdir(), `magpie-missing-${process.pid}.zip`)))).rejects.toThrow();
  });

  it('names files below their shared folder, with the archive first across archives, and never twice', () => {
    expect(zipEntryNames([{ archiveName: 'Photos', folderPath: 'a/b', filename: 'x.jpg' }])).toEqual(['x.jpg']);
    expect(
      zipEntryNames([
        { archiveName: 'Photos', folderPath: 'a/b', filename: 'x.jpg' },
        { archiveName: 'Photos', folderPath: 'a/c', filename: 'x.jpg' },
      ]),
    ).toEqual(['b/x.jpg', 'c/x.jpg']);
    expect(
      zipEntryNames([
        { archiveName: 'Photos', folderPath: '', filename: 'x.jpg' },
        { archiveName: 'Press', folderPath: '', filename: 'X.JPG' },
      ]),
    ).toEqual(['Photos/x.jpg', 'Press/X.JPG']);
    expect(
      zipEntryNames([
        { archiveName: 'Photos', folderPath: 'a', filename: 'x.jpg' },
        { archiveName: 'Photos', folderPath: 'a', filename: 'X.jpg' },
      ]),
    ).toEqual(['x.jpg', 'X (2).jpg']);
  });
});
