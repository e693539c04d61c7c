import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SAMPLES_DIR } from '../testing/harness.ts';
import { adminToken, childPids, commandLine, isRunning, killDamProcess, sendUpload, startDamProcess, uploadStatus, waitUntil, type DamProcess } from '../testing/dam-process.ts';

/** The batch: six of the largest sample photos (1.3–2.4 MB), so that an ingest lasts long enough to be caught. */
const PHOTOS = ['Apple_iPhone_5.jpg', 'HMD_Nokia_8.3_5G.jpg', 'Apple_iPhone_6_HDR.jpg', 'Olympus_FE230.jpg', 'BlackBerry_Z10.jpg', 'Nokia_Lumia_800.jpg'];
/** Issue 9: "every upload ends `done` within a minute" after one of the two processes is killed. */
const ALL_DONE_WITHIN_MS = 60_000;

const processes: Array<DamProcess | undefined> = [];
const dirs: string[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  for (const dam of processes) await killDamProcess(dam);
  for (const client of clients) await client.end().catch(() => undefined);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new empty database on the run's PostgreSQL cluster, as the test harness makes one. */
async function newDatabase(clusterUrl: string): Promise<string> {
  const name = `magpie_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return clusterUrl.replace(/\/[^/]*$/, `/${name}`);
}

describe.runIf(inject('postgresUrl'))('two DAM processes sharing one PostgreSQL database and one data folder (issue 9)', () => {
  it('finishes every upload exactly once when one process is killed with SIGKILL in the middle of an ingest', async () => {
    const databaseUrl = await newDatabase(inject('postgresUrl')!);
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-two-'));
    dirs.push(dataDir);
    const env = { MAGPIE_DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    // One after the other: the first migrates and sets up the database.
    const victim = await startDamProcess({ ...env, MAGPIE_WORKERS: '2' });
    processes.push(victim);
    const survivor = await startDamProcess({ ...env, MAGPIE_WORKERS: '1' });
    processes.push(survivor);
    const db = new pg.Client({ connectionString: databaseUrl });
    clients.push(db);
    await db.connect();
    const token = await adminToken(survivor.url);

    // The uploads go through the survivor (so that the kill interrupts none of this test's requests); both
    // processes' workers take the ingest jobs. The victim is killed as soon as it is seen running one with its
    // ExifTool started (it is reading the file's metadata, or further on).
    const victimsExiftools = () => childPids(victim.pid).filter((pid) => /exiftool/.test(commandLine(pid) ?? ''));
    const heldByVictim = async () =>
      (await db.query<{ id: number }>(`SELECT id FROM jobs WHERE status = 'running' AND locked_by LIKE $1 ORDER BY id`, [`%:${victim.pid}:%`])).rows.map((r) => r.id);
    const uploads: Promise<string[]> = (async () => {
      const ids: string[] = [];
      for (const photo of PHOTOS) ids.push(await sendUpload(survivor.url, token, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos', photo)));
      return ids;
    })();
    const exiftools = await waitUntil(
      'the victim to run an ingest',
      60_000,
      async () => {
        const running = victimsExiftools();
        return running.length > 0 && (await heldByVictim()).length > 0 ? running : undefined;
      },
      10,
    );
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();
    const interrupted = await heldByVictim();
    expect(interrupted.length, 'the victim was killed while it held an ingest job').toBeGreaterThan(0);

    const ids = await uploads;
    const statuses = await waitUntil(
      'every upload to finish',
      ALL_DONE_WITHIN_MS,
      async () => {
        const all = await Promise.all(ids.map((id) => uploadStatus(survivor.url, token, id)));
        return all.every((s) => s.status === 'done' || s.status === 'failed') ? all : undefined;
      },
      250,
    );
    const finishedAfterMs = Date.now() - killedAt;

    // Every upload done, each with its own asset: one asset per file, under its own name, no duplicate.
    expect(statuses.map((s) => s.status)).toEqual(PHOTOS.map(() => 'done'));
    expect(statuses.map((s) => s.result?.assetUrl).sort()).toEqual(PHOTOS.map((p) => `/fotoweb/archives/5000-Photos/${p}.info`).sort());
    const assets = (await db.query<{ id: number; filename: string; storage_key: string }>('SELECT id, filename, storage_key FROM assets ORDER BY filename')).rows;
    expect(assets.map((a) => a.filename)).toEqual([...PHOTOS].sort());
    const uploadRows = (await db.query<{ asset_id: number }>('SELECT asset_id FROM uploads WHERE id = ANY($1)', [ids])).rows;
    expect(uploadRows.map((u) => u.asset_id).sort()).toEqual(assets.map((a) => a.id).sort());
    for (const asset of assets) expect(fs.existsSync(path.join(dataDir, 'files', asset.storage_key)), asset.storage_key).toBe(true);
    // Nothing the killed runs stored is left untracked (issue 10): every original and preview folder is an asset's
    // file (the folders are named by the file id in its storage key), and no upload still records an original.
    const fileIds = assets.map((a) => a.storage_key.split('/')[2]!).sort();
    expect(fs.readdirSync(path.join(dataDir, 'files/originals/5000')).sort()).toEqual(fileIds);
    expect(fs.readdirSync(path.join(dataDir, 'files/previews')).filter((name) => !fileIds.includes(name))).toEqual([]);
    expect((await db.query('SELECT id FROM uploads WHERE original_key IS NOT NULL')).rows).toEqual([]);

    // The interrupted jobs were taken over and finished; nothing is left running or queued.
    const jobs = (await db.query<{ id: number; status: string; attempts: number; locked_by: string | null }>('SELECT id, status, attempts, locked_by FROM jobs ORDER BY id')).rows;
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    for (const id of interrupted) expect(jobs.find((j) => j.id === id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    expect(finishedAfterMs).toBeLessThan(ALL_DONE_WITHIN_MS);

    // The victim's ExifTool processes died with it.
    expect(exiftools.filter(isRunning)).toEqual([]);
  }, 240_000);

  it('tells an immediate alert of each new asset once, with both processes sweeping alerts (issue 15)', async () => {
    const databaseUrl = await newDatabase(inject('postgresUrl')!);
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-two-alerts-'));
    dirs.push(dataDir);
    // Both processes offer an alert sweep every 200 ms; the jobs table keeps one queued or running at a time, and the
    // sweep claims alerts with FOR UPDATE SKIP LOCKED.
    const env = { MAGPIE_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MAGPIE_ALERT_SWEEP_MS: '200' };
    const first = await startDamProcess(env);
    processes.push(first);
    const second = await startDamProcess(env);
    processes.push(second);
    const db = new pg.Client({ connectionString: databaseUrl });
    clients.push(db);
    await db.connect();
    await db.query(`UPDATE users SET email = 'owner@example.com' WHERE username = 'admin'`);
    const token = await adminToken(first.url);
    const created = await fetch(`${second.url}/fotoweb/me/alerts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ collection: '/fotoweb/archives/5000-Photos/', interval: 'immediate' }),
    });
    expect(created.status).toBe(201);

    // Uploads through both processes, one after the other, while the sweeps run.
    const photos = PHOTOS.slice(0, 4);
    const ids: Array<[DamProcess, string]> = [];
    for (const [index, photo] of photos.entries()) {
      const via = index % 2 === 0 ? first : second;
      ids.push([via, await sendUpload(via.url, token, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos', photo))]);
    }
    await waitUntil(
      'every upload to finish',
      60_000,
      async () => (await Promise.all(ids.map(([via, id]) => uploadStatus(via.url, token, id)))).every((s) => s.status === 'done'),
      250,
    );

    // Every asset is told exactly once: the notifications' counts add up to the uploads, each with its one mail.
    const told = async () => (await db.query<{ n: string }>('SELECT coalesce(sum(asset_count), 0) AS n FROM notifications')).rows[0]!.n;
    await waitUntil('the alert to tell of every asset', 30_000, async () => Number(await told()) >= photos.length, 100);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(Number(await told())).toBe(photos.length);
    const notifications = (await db.query<{ id: number }>('SELECT id FROM notifications')).rows;
    const mails = (await db.query<{ to_address: string }>(`SELECT to_address FROM mail_messages WHERE purpose = 'alert'`)).rows;
    expect(mails).toHaveLength(notifications.length);
    expect(mails.every((mail) => mail.to_address === 'owner@example.com')).toBe(true);
  }, 180_000);
});
