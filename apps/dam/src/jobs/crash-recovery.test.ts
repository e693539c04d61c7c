import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadDamConfig } from '../config.ts';
import { createDamContext, type DamContext } from '../context.ts';
import { createTestDam, SAMPLES_DIR, seedEmbeddedDatabase } from '../testing/harness.ts';
import { INGEST_UPLOAD_JOB, type UploadDestination, type UploadState } from '../services/uploads.service.ts';
import { assetHref } from '../presenters/hrefs.ts';
import { uploadKeys } from '../storage/keys.ts';
import { siteOwnerCaller } from '../testing/callers.ts';

const PHOTOS: UploadDestination = { kind: 'collection', archiveId: 5000, folderPath: '' };
/** The status's `result.assetUrl` as the route presents it. */
const assetUrlOf = (state: UploadState) => (state.asset ? assetHref(state.asset.archive, state.asset.folderPath, state.asset.filename) : undefined);

const silent = { info() {}, error() {} };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

// These tests reopen an embedded database directory, which only PGlite has.
describe.runIf(!inject('postgresUrl'))('background jobs survive a crash (embedded PGlite)', () => {
  it('picks up an ingest that was running when the process died, at the next start', async () => {
    const dataDir = await tempDir('magpie-crash-');
    await seedEmbeddedDatabase(dataDir);
    const env = { MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'pw', LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0' };
    let ctx: DamContext = await createDamContext(loadDamConfig(env), silent);
    const caller = await siteOwnerCaller(ctx.repos.users);
    const photo = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');
    const bytes = await fsp.readFile(photo);
    const ticket = await ctx.uploads.create(caller, PHOTOS, { filename: 'Bush-dog.jpg', fileSize: bytes.length });
    const { Readable } = await import('node:stream');
    for (let i = 0; i < ticket.numChunks; i++) {
      await ctx.uploads.putChunk(caller, ticket.id, i, Readable.from([bytes.subarray(i * ticket.chunkSize, (i + 1) * ticket.chunkSize)]));
    }
    // A worker claims the job and the process dies before it finishes: the job stays "running", locked.
    const claimed = await ctx.repos.jobs.claim('worker-that-crashes');
    expect(claimed?.kind).toBe(INGEST_UPLOAD_JOB);
    expect((await ctx.uploads.status(caller, ticket.id)).status).toBe('pending');
    await ctx.database.close();

    ctx = await createDamContext(loadDamConfig({ ...env, MAGPIE_WORKERS: '1' }), silent);
    ctx.worker.start();
    await ctx.worker.drain();
    const status = await ctx.uploads.status(caller, ticket.id);
    expect(status.status).toBe('done');
    expect(assetUrlOf(status)).toBe('/fotoweb/archives/5000-Photos/Bush-dog.jpg.info');
    await ctx.close();
  });

  it('finishes an upload whose asset the interrupted run had already made, without making a second one', async () => {
    const dataDir = await tempDir('magpie-crash-');
    await seedEmbeddedDatabase(dataDir);
    const env = { MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'pw', LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0' };
    let ctx: DamContext = await createDamContext(loadDamConfig(env), silent);
    const caller = await siteOwnerCaller(ctx.repos.users);
    const bytes = await fsp.readFile(path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'));
    const ticket = await ctx.uploads.create(caller, PHOTOS, { filename: 'Bush-dog.jpg', fileSize: bytes.length });
    const { Readable } = await import('node:stream');
    await ctx.uploads.putChunk(caller, ticket.id, 0, Readable.from([bytes]));
    // The run that dies: it claimed the job, began the upload and made the asset, but never marked the upload done.
    expect((await ctx.repos.jobs.claim('worker-that-crashes'))?.kind).toBe(INGEST_UPLOAD_JOB);
    await ctx.repos.uploads.transition(ticket.id, ['pending'], 'inProgress');
    const staged = path.join(await ctx.files.makeTempDir('crash'), 'file');
    await fsp.copyFile(ctx.files.localPath(uploadKeys.assembled(ticket.id)), staged);
    const archive = (await ctx.repos.archives.findByName('Photos'))!;
    const made = await ctx.ingest.ingest({ sourcePath: staged, archive, folderPath: '', filename: 'Bush-dog.jpg', userName: 'admin' });
    await ctx.database.close();

    ctx = await createDamContext(loadDamConfig({ ...env, MAGPIE_WORKERS: '1' }), silent);
    ctx.worker.start();
    await ctx.worker.drain();
    const status = await ctx.uploads.status(caller, ticket.id);
    expect(status.status).toBe('done');
    expect(assetUrlOf(status)).toBe('/fotoweb/archives/5000-Photos/Bush-dog.jpg.info');
    expect(await ctx.repos.assets.count({ archiveId: archive.id })).toBe(1);
    expect((await ctx.repos.assets.findByPath(archive.id, '', 'Bush-dog.jpg'))?.id).toBe(made.id);
    expect(await fsp.stat(ctx.files.localPath(uploadKeys.folder(ticket.id))).catch(() => undefined)).toBeUndefined();
    await ctx.close();
  });
});

describe("job queue on this run's database", () => {
  it('never hands one job to two workers (FOR UPDATE SKIP LOCKED)', async () => {
    const sut = await createTestDam({ MAGPIE_WORKERS: '0' });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await sut.ctx.repos.jobs.enqueue('noop', { i }));
    const claims = await Promise.all(Array.from({ length: 8 }, (_, w) => sut.ctx.repos.jobs.claim(`w${w}`)));
    const claimed = claims.filter(Boolean).map((j) => j!.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(ids.sort());
    await sut.close();
  });
});

describe.runIf(!inject('postgresUrl'))('import CLI', () => {
  it('imports a folder recursively and adds nothing twice on a re-run', async () => {
    const dataDir = await tempDir('magpie-import-');
    const source = await tempDir('magpie-import-src-');
    await fsp.mkdir(path.join(source, 'dogs'));
    await fsp.copyFile(path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'), path.join(source, 'dogs/Bush-dog.jpg'));
    await fsp.copyFile(path.join(SAMPLES_DIR, 'photos/orientation/Portrait_6.jpg'), path.join(source, 'portrait.jpg'));
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../cli/import.ts'), source], {
        env: { ...process.env, MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'pw', DAM_URL: 'http://127.0.0.1:9' },
        cwd: path.join(import.meta.dirname, '../../../..'),
      });
    const first = await run();
    expect(first.stdout).toMatch(/Added 2, already there 0, failed 0/);
    const second = await run();
    expect(second.stdout).toMatch(/Added 0, already there 2, failed 0/);
    const ctx = await createDamContext(loadDamConfig({ MAGPIE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0' }), silent);
    const archive = (await ctx.repos.archives.findByName('Photos'))!;
    expect(await ctx.repos.assets.count({ archiveId: archive.id })).toBe(2);
    expect(await ctx.repos.assets.findByPath(archive.id, 'dogs', 'Bush-dog.jpg')).toBeDefined();
    await ctx.close();
  }, 120_000);
});
