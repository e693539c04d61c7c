/**
 * Webhook deliveries with two DAM processes sharing one PostgreSQL database (issue 16): both workers claim delivery
 * jobs (`FOR UPDATE SKIP LOCKED`), and every delivery reaches the receiver exactly once, at attempt 1. Runs with
 * MAGPIE_TEST_DB=postgres only (PGlite is one process's database).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SAMPLES_DIR } from '../../testing/harness.ts';
import { adminToken, killDamProcess, sendUpload, startDamProcess, uploadStatus, waitUntil, type DamProcess } from '../../testing/dam-process.ts';

const PHOTOS = ['Apple_iPhone_4.jpg', 'Apple_iPhone_5.jpg', 'BlackBerry_Z10.jpg', 'Olympus_FE230.jpg'];
/** Webhooks registered: each ingest makes one delivery per webhook. */
const HOOKS = 3;

const processes: Array<DamProcess | undefined> = [];
const dirs: string[] = [];
let server: http.Server | undefined;
afterAll(async () => {
  for (const dam of processes) await killDamProcess(dam);
  server?.closeAllConnections();
  server?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(inject('postgresUrl'))('webhook deliveries with two DAM processes (issue 16)', () => {
  it('delivers every event to every webhook exactly once', async () => {
    const clusterUrl = inject('postgresUrl')!;
    const name = `magpie_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-hooks-'));
    dirs.push(dataDir);

    // A receiver that answers after 150 ms, so that deliveries overlap across the four worker loops.
    const received: string[] = [];
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['x-magpie-delivery']));
        setTimeout(() => response.writeHead(204).end(), 150);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

    const env = { MAGPIE_DATA_DIR: dataDir, DATABASE_URL: clusterUrl.replace(/\/[^/]*$/, `/${name}`), MAGPIE_WORKERS: '2' };
    const first = await startDamProcess(env);
    processes.push(first);
    const second = await startDamProcess(env);
    processes.push(second);
    const token = await adminToken(first.url);
    for (let i = 0; i < HOOKS; i++) {
      const res = await fetch(`${second.url}/fotoweb/api/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url, events: ['asset.ingested'] }),
      });
      expect(res.status).toBe(201);
    }

    const ids: string[] = [];
    for (const photo of PHOTOS) ids.push(await sendUpload(first.url, token, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos', photo)));
    await waitUntil('every upload done', 120_000, async () => {
      for (const id of ids) if ((await uploadStatus(first.url, token, id)).status !== 'done') return false;
      return true;
    });
    await waitUntil('every delivery', 60_000, () => received.length >= PHOTOS.length * HOOKS);
    // A moment for any second sending to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toHaveLength(PHOTOS.length * HOOKS);
    expect(new Set(received).size).toBe(PHOTOS.length * HOOKS);

    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      const rows = (await db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_deliveries')).rows;
      expect(rows).toHaveLength(PHOTOS.length * HOOKS);
      expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    } finally {
      await db.end();
    }
  });
});
