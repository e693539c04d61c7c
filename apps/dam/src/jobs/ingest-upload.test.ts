import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { INGEST_UPLOAD_JOB, type UploadDestination } from '../services/uploads.service.ts';
import { originalKey, previewFolderKey, uploadKeys } from '../storage/keys.ts';
import { siteOwnerCaller } from '../testing/callers.ts';

/** Each test uploads another photo: the archive refuses the same content twice. */
const photo = (name: string) => path.join(SAMPLES_DIR, 'photos/small', name);
const PHOTOS: UploadDestination = { kind: 'collection', archiveId: 5000, folderPath: '' };
const DAY_MS = 24 * 3600 * 1000;

let sut: TestDam;
let caller: Caller;
beforeAll(async () => {
  sut = await createTestDam();
  caller = await siteOwnerCaller(sut.ctx.repos.users);
});
afterAll(async () => {
  await sut?.close();
});

/**
 * An upload whose ingest job a run claimed and then died in (its process killed): the job stays `running` under the
 * dead worker and the upload `inProgress`. `die` does what the run got done before dying. Afterwards the dead run's
 * heartbeat is an hour old, so the next worker takes the job over; the worker is running again.
 */
async function uploadWhoseRunDied(file: string, folder: string, die: (uploadId: string) => Promise<void>): Promise<{ id: string; bytes: Buffer }> {
  const bytes = await fsp.readFile(file);
  await sut.ctx.worker.stop();
  try {
    const ticket = await sut.ctx.uploads.create(caller, PHOTOS, { filename: path.basename(file), fileSize: bytes.length, folder });
    for (let i = 0; i < ticket.numChunks; i++) {
      await sut.ctx.uploads.putChunk(caller, ticket.id, i, Readable.from([bytes.subarray(i * ticket.chunkSize, (i + 1) * ticket.chunkSize)]));
    }
    const job = (await sut.ctx.repos.jobs.claim('worker-that-dies'))!;
    expect(job.kind).toBe(INGEST_UPLOAD_JOB);
    expect(await sut.ctx.repos.uploads.transition(ticket.id, ['pending'], 'inProgress')).toBe(true);
    await die(ticket.id);
    await sql`UPDATE jobs SET locked_at = now() - interval '1 hour', heartbeat_at = now() - interval '1 hour' WHERE id = ${job.id}`.execute(sut.ctx.database.db);
    return { id: ticket.id, bytes };
  } finally {
    sut.ctx.worker.start();
  }
}

/** What a run stores for a file before the asset row exists: the original under `key`, and previews. */
async function storeAsTheDeadRunDid(uploadId: string, fileId: string, key: string): Promise<void> {
  expect(await sut.ctx.repos.uploads.recordOriginalKey(uploadId, key)).toBe(true);
  await sut.ctx.files.writeFile(`${previewFolderKey(fileId)}/200.jpg`, 'a preview');
  await sut.ctx.files.putOriginal(key, await sut.ctx.uploads.stageForIngest(uploadId));
}

describe('the original an ingest stores is never lost track of (issue 9 leftover)', () => {
  it('a run whose job was taken from it stores nothing more: the ingest stops before the original is stored and the source stays', async () => {
    const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-aborted-'));
    onTestFinished(() => fsp.rm(folder, { recursive: true, force: true }));
    const source = path.join(folder, 'Bush-dog.jpg');
    await fsp.copyFile(path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'), source);
    const lost = new AbortController();
    let recorded: string | undefined;
    const ingest = sut.ctx.ingest.ingest({
      sourcePath: source,
      archive: (await sut.ctx.repos.archives.findById(5000))!,
      folderPath: 'aborted',
      filename: 'Bush-dog.jpg',
      userName: 'admin',
      signal: lost.signal,
      // The job's lock is lost while the file is analysed.
      beforeStoring: async (key) => {
        recorded = key;
        lost.abort();
      },
    });
    await expect(ingest).rejects.toMatchObject({ name: 'AbortError' });
    expect(recorded).toBeDefined();
    expect(await sut.ctx.files.size(recorded!)).toBeUndefined();
    expect(await sut.ctx.files.list(previewFolderKey(recorded!.split('/')[2]!))).toEqual([]);
    expect((await fsp.stat(source)).size).toBeGreaterThan(0);
    expect(await sut.ctx.repos.assets.count({ archiveId: 5000, folderPath: 'aborted' })).toBe(0);
  });

  it('is recorded on the upload before anything is stored for it, and the record goes once the asset holds it', async () => {
    const bytes = await fsp.readFile(photo('Kodak_CX7530.jpg'));
    const ticket = await sut.ctx.uploads.create(caller, PHOTOS, { filename: 'Kodak_CX7530.jpg', fileSize: bytes.length, folder: 'recorded' });
    const staged = path.join(await sut.ctx.files.makeTempDir('test'), 'file');
    await fsp.writeFile(staged, bytes);
    const archive = (await sut.ctx.repos.archives.findById(5000))!;
    const seen: Array<{ key: string; original?: number; previews: string[] }> = [];
    const asset = await sut.ctx.ingest.ingest({
      sourcePath: staged,
      archive,
      folderPath: 'recorded',
      filename: 'Kodak_CX7530.jpg',
      userName: 'admin',
      beforeStoring: async (key) => {
        seen.push({ key, original: await sut.ctx.files.size(key), previews: await sut.ctx.files.list(previewFolderKey(key.split('/')[2]!)) });
        expect(await sut.ctx.repos.uploads.recordOriginalKey(ticket.id, key)).toBe(true);
      },
    });
    // Called once, when neither the original nor a preview was stored yet; the asset holds the recorded key.
    expect(seen).toEqual([{ key: asset.storage_key, original: undefined, previews: [] }]);
    expect(await sut.ctx.files.size(asset.storage_key)).toBe(bytes.length);
    expect((await sut.ctx.repos.uploads.findById(ticket.id))!.original_key).toBe(asset.storage_key);

    // Through the API: the record is cleared when the upload is done.
    const done = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', photo('Fujifilm_FinePix_E500.jpg'), { folder: 'recorded' });
    expect(done.status).toBe('done');
    const row = await sut.ctx.database.db.selectFrom('uploads').selectAll().where('filename', '=', 'Fujifilm_FinePix_E500.jpg').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', original_key: null });
  });

  it('a run that died after storing the original and its previews, before the asset row: the run taking over removes them and makes the asset once', async () => {
    const key = originalKey(5000, 'dead-run-1', 'Bush-dog.jpg');
    const { id, bytes } = await uploadWhoseRunDied(path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'), 'died', (uploadId) => storeAsTheDeadRunDid(uploadId, 'dead-run-1', key));
    expect(await sut.ctx.files.size(key)).toBe(bytes.length);
    await sut.ctx.worker.drain();

    const state = await sut.ctx.uploads.status(caller, id);
    expect(state).toMatchObject({ status: 'done', error: null, asset: { folderPath: 'died', filename: 'Bush-dog.jpg' } });
    const asset = (await sut.ctx.repos.assets.findByPath(5000, 'died', 'Bush-dog.jpg'))!;
    expect(asset.storage_key).not.toBe(key);
    expect(await sut.ctx.files.size(asset.storage_key)).toBe(bytes.length);
    // The dead run's original and previews are gone, and nothing records them.
    expect(await sut.ctx.files.size(key)).toBeUndefined();
    expect(await sut.ctx.files.list('originals/5000')).not.toContain('dead-run-1');
    expect(await sut.ctx.files.list('previews')).not.toContain('dead-run-1');
    expect((await sut.ctx.repos.uploads.findById(id))!.original_key).toBeNull();
    expect(await sut.ctx.repos.assets.count({ archiveId: 5000, folderPath: 'died' })).toBe(1);
    expect(await sut.ctx.files.size(uploadKeys.assembled(id))).toBeUndefined();
  });

  it('a run that died after recording the asset: the run taking over finishes the upload with that asset', async () => {
    let made: { id: number; storage_key: string } | undefined;
    const { id } = await uploadWhoseRunDied(photo('Nikon_COOLPIX_P1.jpg'), 'made', async (uploadId) => {
      const archive = (await sut.ctx.repos.archives.findById(5000))!;
      made = await sut.ctx.ingest.ingest({
        sourcePath: await sut.ctx.uploads.stageForIngest(uploadId),
        archive,
        folderPath: 'made',
        filename: 'Nikon_COOLPIX_P1.jpg',
        userName: 'admin',
        beforeStoring: async (key) => void (await sut.ctx.repos.uploads.recordOriginalKey(uploadId, key)),
      });
    });
    await sut.ctx.worker.drain();
    expect(await sut.ctx.uploads.status(caller, id)).toMatchObject({ status: 'done', asset: { folderPath: 'made', filename: 'Nikon_COOLPIX_P1.jpg' } });
    expect((await sut.ctx.repos.uploads.findById(id))!).toMatchObject({ asset_id: made!.id, original_key: null });
    expect(await sut.ctx.repos.assets.count({ archiveId: 5000, folderPath: 'made' })).toBe(1);
    expect(await sut.ctx.files.size(made!.storage_key)).toBeGreaterThan(0);
  });

  it('when every run died, giving up removes what the last one stored', async () => {
    const key = originalKey(5000, 'dead-run-2', 'Ricoh_Caplio_RR330.jpg');
    const { id } = await uploadWhoseRunDied(photo('Ricoh_Caplio_RR330.jpg'), 'given-up', async (uploadId) => {
      await storeAsTheDeadRunDid(uploadId, 'dead-run-2', key);
      // That was its last attempt: the next claim gives the job up instead of running it.
      await sql`UPDATE jobs SET attempts = max_attempts WHERE kind = ${INGEST_UPLOAD_JOB} AND status = 'running' AND locked_by = 'worker-that-dies'`.execute(sut.ctx.database.db);
    });
    await sut.ctx.worker.drain();
    expect(await sut.ctx.uploads.status(caller, id)).toMatchObject({ status: 'failed', error: { value: 'IngestFailed' } });
    expect(await sut.ctx.files.size(key)).toBeUndefined();
    expect(await sut.ctx.files.list('previews')).not.toContain('dead-run-2');
    expect((await sut.ctx.repos.uploads.findById(id))!.original_key).toBeNull();
  });

  it('the upload sweep removes an original a finished upload still records when no asset holds it, and keeps one an asset holds', async () => {
    // What a lost job could leave: finished uploads that still record an original.
    const orphanKey = originalKey(5000, 'dead-run-3', 'lost.jpg');
    const lost = await sut.ctx.uploads.create(caller, PHOTOS, { filename: 'lost.jpg', fileSize: 10, folder: 'swept' });
    await sut.ctx.repos.uploads.transition(lost.id, ['awaitingData'], 'failed', { error: { value: 'IngestFailed', message: 'lost' } });
    expect(await sut.ctx.repos.uploads.recordOriginalKey(lost.id, orphanKey)).toBe(true);
    await sut.ctx.files.writeFile(orphanKey, 'an original');
    await sut.ctx.files.writeFile(`${previewFolderKey('dead-run-3')}/200.jpg`, 'a preview');

    const kept = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', photo('Olympus_C8080WZ.jpg'), { folder: 'swept' });
    const keptAsset = (await sut.ctx.repos.assets.findByPath(5000, 'swept', 'Olympus_C8080WZ.jpg'))!;
    const keptRow = await sut.ctx.database.db.selectFrom('uploads').select('id').where('asset_id', '=', keptAsset.id).executeTakeFirstOrThrow();
    expect(kept.status).toBe('done');
    await sql`UPDATE uploads SET original_key = ${keptAsset.storage_key} WHERE id = ${keptRow.id}`.execute(sut.ctx.database.db);

    // Not before the uploads have been finished for the expiry time: a run may still be busy with them.
    expect((await sut.ctx.uploads.expireAbandoned()).orphans).toEqual([]);
    expect(await sut.ctx.files.size(orphanKey)).toBe(11);

    const sweep = await sut.ctx.uploads.expireAbandoned(new Date(Date.now() + DAY_MS + 60_000));
    expect(sweep.orphans).toEqual([orphanKey]);
    expect(await sut.ctx.files.size(orphanKey)).toBeUndefined();
    expect(await sut.ctx.files.list('previews')).not.toContain('dead-run-3');
    expect(await sut.ctx.files.size(keptAsset.storage_key)).toBeGreaterThan(0);
    for (const id of [lost.id, keptRow.id]) expect((await sut.ctx.repos.uploads.findById(id))!.original_key).toBeNull();
  });
});

describe('metadata given with an upload (migration 0011)', () => {
  it('waits on the upload row; an upload made before 0011 has its old metadata.json read once and recorded', async () => {
    const fields = [{ id: 5, value: 'Given on upload' }];
    const current = await sut.ctx.uploads.create(caller, PHOTOS, { filename: 'a.jpg', fileSize: 10, metadata: { fields } });
    expect((await sut.ctx.repos.uploads.findById(current.id))!.metadata).toEqual(fields);
    expect(await sut.ctx.files.list(uploadKeys.folder(current.id))).toEqual([]);

    // An upload made before 0011: no fields on its row (NULL), its fields in the file beside its chunks.
    const bytes = await fsp.readFile(photo('Samsung_Digimax_i50_MP3.jpg'));
    await sut.ctx.worker.stop();
    let id: string;
    try {
      const old = await sut.ctx.uploads.create(caller, PHOTOS, { filename: 'Samsung_Digimax_i50_MP3.jpg', fileSize: bytes.length, folder: 'legacy' });
      id = old.id;
      await sql`UPDATE uploads SET metadata = NULL WHERE id = ${id}`.execute(sut.ctx.database.db);
      await sut.ctx.files.writeFile(uploadKeys.legacyMetadata(id), JSON.stringify([{ id: 5, value: 'From the old file' }]));
      for (let i = 0; i < old.numChunks; i++) await sut.ctx.uploads.putChunk(caller, id, i, Readable.from([bytes.subarray(i * old.chunkSize, (i + 1) * old.chunkSize)]));
    } finally {
      sut.ctx.worker.start();
    }
    await sut.ctx.worker.drain();
    expect((await sut.ctx.uploads.status(caller, id)).status).toBe('done');
    const asset = (await sut.ctx.repos.assets.findByPath(5000, 'legacy', 'Samsung_Digimax_i50_MP3.jpg'))!;
    expect(asset.metadata['5']).toBe('From the old file');
    expect((await sut.ctx.repos.uploads.findById(id))!.metadata).toEqual([{ id: 5, value: 'From the old file' }]);
    expect(await sut.ctx.files.list(uploadKeys.folder(id))).toEqual([]);
  });
});
