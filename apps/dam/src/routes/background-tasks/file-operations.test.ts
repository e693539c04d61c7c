/**
 * File operations as background tasks (issue 13; fotoweb-api-notes §6.2; spec 01 §7): rename, move, copy, rotate and
 * delete to the trash, on real files; the trash (`/fotoweb/me/trash/`: restore, purge, the retention sweep); the
 * `move_to` / `copy_to` destination lists; a task resumed after a crash; bad input.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskAssetResult, TaskStatus, TrashList } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';

let sut: TestDam;
const { upload, get, post, userWith } = requestsFor(() => sut);
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const TYPE = (name: string) => `application/vnd.fotoware.${name}-request+json`;
/** The second archive (made in beforeAll) and its href. */
let other: { id: number; href: string };

/** Creates a task, runs the queue and answers the task's status (the creation must succeed). */
async function runTask(type: string, body: unknown, token = sut.adminToken): Promise<TaskStatus> {
  const res = await post('/fotoweb/me/background-tasks/', body, token, TYPE(type));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['content-type']).toContain(`application/vnd.fotoware.${type}-response+json`);
  await sut.ctx.worker.drain();
  const poll = await sut.app.inject({ method: 'GET', url: res.json().location, headers: bearer(token) });
  expect(poll.statusCode).toBe(200);
  return poll.json() as TaskStatus;
}

const status = async (url: string, token = sut.adminToken) => (await sut.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode;
const hrefs = (list: string[]) => ({ assets: list.map((href) => ({ href })) });
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
/** The stored original of an asset (by href), as a local path. */
async function storedFile(href: string): Promise<string> {
  const row = await assetRow(href);
  return sut.ctx.files.localPath(row!.storage_key);
}
async function assetRow(href: string) {
  const asset = await get<{ archiveId: number; filename: string; href: string } & Record<string, unknown>>(href);
  const folder = decodeURIComponent(
    href
      .replace(/^\/fotoweb\/archives\/[^/]+\//, '')
      .split('/')
      .slice(0, -1)
      .join('/'),
  );
  return sut.ctx.repos.assets.findByPath(asset.archiveId, folder, asset.filename);
}
async function trash(token = sut.adminToken): Promise<TrashList> {
  const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/trash/', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrashList;
}
function updateTrash(body: unknown, token = sut.adminToken) {
  return sut.app.inject({ method: 'PATCH', url: '/fotoweb/me/trash/', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function count(collection: string): Promise<number> {
  return (await get<{ assetCount: number }>(collection)).assetCount;
}

beforeAll(async () => {
  sut = await createTestDam();
  const archive = await sut.ctx.repos.archives.create({ name: 'Press' });
  other = { id: archive.id, href: `/fotoweb/archives/${archive.id}-Press/` };
  await sut.ctx.repos.archives.ensureFolder(5000, 'ops/inbox');
});
afterAll(async () => {
  await sut?.close();
});

describe('file operations (rename, move, copy, rotate, delete)', () => {
  it('advertises move_to, copy_to and the trash, and lists the archives one may move or copy into', async () => {
    const descriptor = await get<Record<string, unknown>>('/fotoweb/me/');
    expect(descriptor).toMatchObject({ move_to: '/fotoweb/me/move-to/', copy_to: '/fotoweb/me/copy-to/', trash: '/fotoweb/me/trash/' });
    const names = async (url: string, token = sut.adminToken) => (await get<{ data: Array<{ name: string; canMoveTo: boolean; canCopyTo: boolean }> }>(url, token)).data;
    expect((await names('/fotoweb/me/move-to/')).map((c) => c.name)).toEqual(expect.arrayContaining(['Photos', 'Press']));
    expect((await names('/fotoweb/me/move-to/')).every((c) => c.canMoveTo)).toBe(true);
    const mover = await userWith('ops-lister', ['View', 'CopyTo']);
    expect(await names('/fotoweb/me/move-to/', mover.token)).toEqual([]);
    expect((await names('/fotoweb/me/copy-to/', mover.token)).map((c) => [c.name, c.canCopyTo, c.canMoveTo])).toEqual([['Photos', true, false]]);
  });

  it('renames an asset: its new href answers with the same metadata, the old one 404, a revision says so, search finds the new name', async () => {
    const href = await upload(sample('iptc-xmp/Bush-dog.jpg'), 'ops');
    const before = await get<{ metadata: unknown; revisioncount: number }>(href);
    const task = await runTask('rename', { assets: [{ href }], 'job-filename': 'Wild dog.jpg' });
    expect(task.task).toMatchObject({ type: 'rename', status: 'done' });
    const [result] = task.job.result as TaskAssetResult[];
    expect(result).toMatchObject({ href, done: true, 'result-filename': 'Wild dog.jpg', 'result-href': `${PHOTOS}ops/Wild%20dog.jpg.info` });
    expect(await status(href)).toBe(404);
    const renamed = await get<{ filename: string; metadata: unknown; revisioncount: number; revisions: { href: string } }>(result!['result-href']!);
    expect(renamed.filename).toBe('Wild dog.jpg');
    expect(renamed.metadata).toEqual(before.metadata);
    const revisions = await get<{ data: Array<{ comment: string | null }> }>(renamed.revisions.href);
    expect(revisions.data.map((r) => r.comment)).toContain('Renamed from "Bush-dog.jpg"');
    const found = await get<{ assets: { data: Array<{ filename: string }> } }>(`${PHOTOS}?q=${encodeURIComponent('Wild')}`);
    expect(found.assets.data.map((a) => a.filename)).toContain('Wild dog.jpg');
  });

  it('refuses bad names, a changed extension, a taken name, two assets and a caller without Rename', async () => {
    const href = await upload(sample('photos/orientation/Landscape_1.jpg'), 'ops');
    const taken = await upload(sample('photos/orientation/Portrait_1.jpg'), 'ops');
    const rename = (name: string, assets = [href], token = sut.adminToken) =>
      post('/fotoweb/me/background-tasks/', { assets: assets.map((h) => ({ href: h })), 'job-filename': name }, token, TYPE('rename'));
    for (const bad of ['a/b.jpg', 'what?.jpg', 'x*.jpg', '<b>.jpg', 'c:d.jpg', 'p|q.jpg', '"q".jpg', 'back\\slash.jpg']) {
      const res = await rename(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().issues[0].path).toBe('job-filename');
    }
    expect((await rename('Landscape.png')).json().issues[0].message).toContain('.jpg');
    expect((await rename('Portrait_1.JPG')).json().issues[0].message).toContain('already taken');
    expect((await rename('x.jpg', [href, taken])).statusCode).toBe(400);
    const reader = await userWith('ops-reader', ['View', 'Preview']);
    expect((await rename('x.jpg', [href], reader.token)).statusCode).toBe(403);
    expect(await status(href)).toBe(200);
  });

  it('moves assets into a folder and into another archive: each exists once at its new place with its metadata and revisions', async () => {
    const a = await upload(sample('iptc-xmp/BlueSquare.jpg'), 'ops');
    const b = await upload(sample('iptc-xmp/iptc-staff-photographer-example.jpg'), 'ops');
    const idOf = async (href: string) => (await assetRow(href))!.id;
    const [idA, idB] = [await idOf(a), await idOf(b)];
    const metadataB = (await get<{ metadata: unknown }>(b)).metadata;
    const photosBefore = await count(PHOTOS);
    const into = await runTask('move', { ...hrefs([a]), 'job-destination': `${PHOTOS}ops/inbox/` });
    expect(into.job.result[0]).toMatchObject({ done: true, 'result-href': `${PHOTOS}ops/inbox/BlueSquare.jpg.info` });
    expect(await idOf(`${PHOTOS}ops/inbox/BlueSquare.jpg.info`)).toBe(idA);
    expect(await status(a)).toBe(404);
    expect(await count(PHOTOS)).toBe(photosBefore);

    const across = await runTask('move', { ...hrefs([b]), 'job-destination': other.href });
    const moved = across.job.result[0]!['result-href']!;
    expect(moved).toBe(`${other.href}iptc-staff-photographer-example.jpg.info`);
    expect(await idOf(moved)).toBe(idB);
    expect((await get<{ metadata: unknown }>(moved)).metadata).toEqual(metadataB);
    expect(fs.existsSync(await storedFile(moved))).toBe(true);
    expect(await count(PHOTOS)).toBe(photosBefore - 1);
    expect(await count(other.href)).toBe(1);
    const revisions = await get<{ data: Array<{ comment: string | null }> }>(moved.replace(/\.info$/, '/__revisions/'));
    expect(revisions.data.map((r) => r.comment)).toContain('Moved from "Photos/ops"');
  });

  it('refuses a move into the same folder, to a non-collection, without MoveFrom or MoveTo; a name taken there fails that asset only', async () => {
    const href = await upload(sample('photos/orientation/Landscape_3.jpg'), 'ops');
    const move = (destination: string, token = sut.adminToken, assets = [href]) =>
      post('/fotoweb/me/background-tasks/', { ...hrefs(assets), 'job-destination': destination }, token, TYPE('move'));
    const same = await move(`${PHOTOS}ops/`);
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([{ path: 'assets.0.href', message: expect.stringContaining('already in that folder') }]);
    expect((await move(href)).json().issues[0].path).toBe('job-destination');
    expect((await move(`${PHOTOS}no/such/folder/`)).json().issues[0].path).toBe('job-destination');
    const noMoveFrom = await userWith('ops-mover', ['View', 'MoveTo']);
    expect((await move(`${PHOTOS}ops/inbox/`, noMoveFrom.token)).statusCode).toBe(403);
    const noMoveTo = await userWith('ops-mover-2', ['View', 'MoveFrom']);
    expect((await move(`${PHOTOS}ops/inbox/`, noMoveTo.token)).statusCode).toBe(403);
    expect((await move(other.href, noMoveTo.token)).statusCode).toBe(404);

    // A file of that name is there: this asset fails and stays; the other moves.
    const blocker = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Landscape_4.jpg'), { folder: 'ops/inbox', filename: 'Landscape_3.jpg' });
    expect(blocker.status).toBe('done');
    const second = await upload(sample('photos/orientation/Landscape_5.jpg'), 'ops');
    const task = await runTask('move', { ...hrefs([href, second]), 'job-destination': `${PHOTOS}ops/inbox/` });
    expect(task.job.status).toBe('done');
    expect(task.job.result.map((r) => [r.done, r.error?.value ?? null])).toEqual([
      [false, 'NameTaken'],
      [true, null],
    ]);
    expect(await status(href)).toBe(200);
    expect(await status(second)).toBe(404);
  });

  it('copies an asset into another archive as a new asset with the same bytes and metadata; the original stays', async () => {
    const href = await upload(sample('photos/orientation/Portrait_3.jpg'), 'ops');
    const task = await runTask('copy', { ...hrefs([href]), 'job-destination': other.href });
    const copy = task.job.result[0]!['result-href']!;
    expect(copy).toBe(`${other.href}Portrait_3.jpg.info`);
    expect(await status(href)).toBe(200);
    expect((await assetRow(copy))!.id).not.toBe((await assetRow(href))!.id);
    expect((await get<{ metadata: unknown }>(copy)).metadata).toEqual((await get<{ metadata: unknown }>(href)).metadata);
    expect((await assetRow(copy))!.content_hash).toBe((await assetRow(href))!.content_hash);
    const twice = await runTask('copy', { ...hrefs([href]), 'job-destination': other.href });
    expect(twice.job.result[0]!['result-filename']).toBe('Portrait_3 (2).jpg');
    const copier = await userWith('ops-copier', ['View', 'CopyTo']);
    expect((await post('/fotoweb/me/background-tasks/', { ...hrefs([href]), 'job-destination': `${PHOTOS}ops/inbox/` }, copier.token, TYPE('copy'))).statusCode).toBe(403);
  });

  it("rotates a JPEG's pixels into a new file revision with upright previews; a file that is not an image fails with its reason", async () => {
    const href = await upload(sample('photos/orientation/Landscape_6.jpg'), 'rotate');
    const source = await storedFile(href);
    // Landscape_6 is stored turned, with EXIF orientation 6: upright it is landscape.
    const { info: upright } = await sharp(source).autoOrient().toBuffer({ resolveWithObject: true });
    expect(upright.width).toBeGreaterThan(upright.height);
    const before = await get<{ revisioncount: number }>(href);
    const task = await runTask('rotate', { direction: 'cw', ...hrefs([href]) });
    expect(task.job.result[0]).toMatchObject({ done: true, error: null });
    const after = await get<{ revisioncount: number; attributes: { imageattributes: { pixelwidth: number; pixelheight: number } }; previews: Array<{ href: string }> }>(href);
    const turned = await storedFile(href);
    expect(turned).not.toBe(source);
    const meta = await sharp(turned).metadata();
    expect([meta.width, meta.height]).toEqual([upright.height, upright.width]);
    expect(meta.orientation ?? 1).toBe(1);
    // The pixels are the source turned 90° clockwise (compared small, as JPEG encoding differs a little).
    const small = async (image: Sharp): Promise<Buffer> => image.resize(16, 16, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const expected = await small(sharp(await sharp(source).autoOrient().toBuffer()).rotate(90));
    const actual = await small(sharp(turned));
    const difference = expected.reduce((sum: number, value: number, i: number) => sum + Math.abs(value - actual[i]!), 0) / expected.length;
    expect(difference).toBeLessThan(8);
    expect(after.revisioncount).toBeGreaterThan(before.revisioncount);
    expect(await status(after.previews[0]!.href)).toBe(200);

    const pdf = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'formats/pdf/crazyones-pdfa.pdf'), { folder: 'rotate' });
    expect(pdf.status).toBe('done');
    const failed = await runTask('rotate', { direction: '180', ...hrefs([pdf.result!.assetUrl]) });
    expect(failed.job.status).toBe('failed');
    expect(failed.job.result[0]).toMatchObject({ done: false, error: { value: 'NotAnImage' } });
    const noRotate = await userWith('ops-no-rotate', ['View']);
    expect((await post('/fotoweb/me/background-tasks/', { direction: 'ccw', ...hrefs([href]) }, noRotate.token, TYPE('rotate'))).statusCode).toBe(403);
    expect((await post('/fotoweb/me/background-tasks/', { direction: 'left', ...hrefs([href]) }, sut.adminToken, TYPE('rotate'))).statusCode).toBe(400);
  });
});

describe('the trash', () => {
  it('deletes to the trash (out of lists, search, albums and counts) and restores a byte-identical file', async () => {
    const href = await upload(sample('iptc-xmp/exiftool_GPS.jpg'), 'trash');
    const file = await storedFile(href);
    const hash = sha256(file);
    const album = (await post('/fotoweb/me/albums/', { name: 'Trash album' })).json().href as string;
    expect((await post(album, { data: [{ href }] })).statusCode).toBe(200);
    const inFolder = await count(`${PHOTOS}trash/`);

    const task = await runTask('delete', hrefs([href]));
    expect(task.job.result[0]).toMatchObject({ href, done: true });
    expect(await status(href)).toBe(404);
    expect(await count(`${PHOTOS}trash/`)).toBe(inFolder - 1);
    expect((await get<{ assets: { data: unknown[] } }>(album)).assets.data).toHaveLength(0);
    const listed = await trash();
    const entry = listed.data.find((e) => e.href === href)!;
    expect(entry).toMatchObject({ filename: 'exiftool_GPS.jpg', archiveName: 'Photos', folderPath: 'trash', deletedBy: 'admin' });
    expect(Date.parse(entry.purgeAfter) - Date.parse(entry.deleted)).toBe(30 * 24 * 3600 * 1000);
    expect(await status(entry.previews[0]!.href)).toBe(200);
    // The name is free while it is in the trash.
    expect((await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Landscape_2.jpg'), { folder: 'trash', filename: 'Other.jpg' })).status).toBe(
      'done',
    );

    const restored = await updateTrash({ restore: [entry.id] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as TrashList).data.some((e) => e.id === entry.id)).toBe(false);
    expect(await status(href)).toBe(200);
    expect(sha256(await storedFile(href))).toBe(hash);
    expect(await count(`${PHOTOS}trash/`)).toBe(inFolder + 1);
    expect((await get<{ assets: { data: unknown[] } }>(album)).assets.data).toHaveLength(1);
  });

  it('refuses to restore over a taken name (409, nothing restored), and unknown or foreign entries (400)', async () => {
    const href = await upload(sample('photos/orientation/Portrait_5.jpg'), 'trash2');
    await runTask('delete', hrefs([href]));
    const entry = (await trash()).data.find((e) => e.href === href)!;
    expect((await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_5.jpg'), { folder: 'trash2' })).status).toBe('done');
    const clash = await updateTrash({ restore: [entry.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().value).toBe('NameTaken');
    expect((await trash()).data.some((e) => e.id === entry.id)).toBe(true);
    const unknown = await updateTrash({ restore: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'restore.0', message: expect.any(String) }]);
    expect((await updateTrash({})).statusCode).toBe(400);
    const outsider = await userWith('trash-outsider', ['View', 'Preview']);
    expect((await trash(outsider.token)).data).toEqual([]);
    expect((await updateTrash({ purge: [entry.id] }, outsider.token)).statusCode).toBe(400);
    expect(await status(entry.previews[0]!.href, outsider.token)).toBe(404);
    const noDelete = await userWith('trash-no-delete', ['View']);
    expect((await post('/fotoweb/me/background-tasks/', hrefs([href.replace('Portrait_5', 'Portrait_5')]), noDelete.token, TYPE('delete'))).statusCode).toBe(403);
  });

  it('purges an entry for good (row, revisions and files), and the sweep purges what is older than the retention', async () => {
    const first = await upload(sample('photos/orientation/Landscape_7.jpg'), 'purge');
    const second = await upload(sample('photos/orientation/Landscape_0.jpg'), 'purge');
    const files = [await storedFile(first), await storedFile(second)];
    await runTask('delete', hrefs([first, second]));
    const entries = (await trash()).data.filter((e) => e.folderPath === 'purge');
    const one = entries.find((e) => e.href === first)!;
    const purged = await updateTrash({ purge: [one.id] });
    expect(purged.statusCode).toBe(200);
    expect((purged.json() as TrashList).data.some((e) => e.id === one.id)).toBe(false);
    expect(fs.existsSync(files[0]!)).toBe(false);
    expect(await sut.ctx.repos.assets.findById(one.id)).toBeUndefined();
    expect(await sut.ctx.trash.purgeExpired()).toBe(0);
    expect(fs.existsSync(files[1]!)).toBe(true);
    expect(await sut.ctx.trash.purgeExpired(Date.now() + 31 * 24 * 3600 * 1000)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(files[1]!)).toBe(false);
    expect((await trash()).data.some((e) => e.href === second)).toBe(false);
  });

  it('resumes a task after a crash: an asset changed before the crash is reported done, not changed twice', async () => {
    const a = await upload(sample('photos/orientation/Portrait_6.jpg'), 'resume');
    const b = await upload(sample('photos/orientation/Portrait_7.jpg'), 'resume');
    // The task is queued while no worker runs; the process that ran it moved `a` (here without a revision, to tell
    // the two apart), then died before recording it; a worker then takes the task up again.
    await sut.ctx.worker.stop();
    const res = await post('/fotoweb/me/background-tasks/', { ...hrefs([a, b]), 'job-destination': `${PHOTOS}ops/inbox/` }, sut.adminToken, TYPE('move'));
    expect(res.statusCode).toBe(201);
    await sut.ctx.repos.assets.update((await assetRow(a))!.id, { folder_path: 'ops/inbox' });
    sut.ctx.worker.start();
    await sut.ctx.worker.drain();
    const poll = (await sut.app.inject({ method: 'GET', url: res.json().location, headers: bearer(sut.adminToken) })).json() as TaskStatus;
    expect(poll.job.status).toBe('done');
    expect(poll.job.result.map((r) => [r.done, r['result-href']])).toEqual([
      [true, `${PHOTOS}ops/inbox/Portrait_6.jpg.info`],
      [true, `${PHOTOS}ops/inbox/Portrait_7.jpg.info`],
    ]);
    const moves = async (href: string) =>
      (await get<{ data: Array<{ comment: string | null }> }>(href.replace(/\.info$/, '/__revisions/'))).data.filter((r) => r.comment?.startsWith('Moved from')).length;
    expect(await moves(`${PHOTOS}ops/inbox/Portrait_6.jpg.info`)).toBe(0);
    expect(await moves(`${PHOTOS}ops/inbox/Portrait_7.jpg.info`)).toBe(1);
  });
});
