/**
 * Webhooks (issue 16; spec 03 §2.1 "Webhooks"): a receiver started by the test (node:http on 127.0.0.1) gets signed
 * FotoWeb payloads when an asset is ingested, edited and deleted, only for the events its webhook asked for; while it is
 * down the failed attempt is recorded and the delivery is retried after the configured back-off (advanced by the test),
 * and it gets the payload once it is up again; a delivery that keeps failing is given up after its last attempt; two
 * runs of one attempt send it once; registration refuses what is not http(s) and unknown events with FotoWeb's error
 * body, and needs manageWebhooks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, Webhook, WebhookCreated, WebhookDelivery, WebhookDeliveryList, WebhookList, WebhookPayload } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';
import type { JobRow } from '../../db/schema.ts';
import { queueWebhookDeliveries, WEBHOOK_DELIVERY_JOB, WEBHOOK_DELIVERY_RETENTION_MS, webhookSignature } from '../../services/webhooks.service.ts';

let sut: TestDam;
const { upload, get, patch, post } = requestsFor(() => sut);
const HOOKS = '/fotoweb/api/webhooks';
/** The back-off of this DAM: 60 s, twice (three attempts); the tests advance it instead of waiting. */
const RETRY_MS = 60_000;

/** What the receiver got: the headers and the exact body. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that can be stopped and started again on the same port. */
class Receiver {
  private server: http.Server | undefined;
  port = 0;
  /** The status it answers. */
  status = 204;
  readonly received: Received[] = [];

  async start(): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server!;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/asset`;
  }

  /** The payloads received for `path`'s webhook, parsed, after checking each one's signature with `secret`. */
  payloads(secret: string): WebhookPayload[] {
    return this.received.map((got) => {
      const timestamp = String(got.headers['x-magpie-timestamp']);
      expect(got.headers['x-magpie-signature']).toBe(webhookSignature(secret, timestamp, got.body));
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(120);
      expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
      return JSON.parse(got.body) as WebhookPayload;
    });
  }
}

/** Waits until `check` answers true (polled every 100 ms), at most `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 15_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const all = new Receiver();
const deletions = new Receiver();
let allHook: WebhookCreated;
let deletionsHook: WebhookCreated;

async function register(body: unknown, token = sut.adminToken) {
  return sut.app.inject({ method: 'POST', url: HOOKS, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function deliveries(hook: Webhook): Promise<WebhookDelivery[]> {
  const res = await sut.app.inject({ method: 'GET', url: hook.deliveries, headers: bearer(sut.adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as WebhookDeliveryList).data;
}
/** Makes queued webhook retries due now (instead of after the back-off) and wakes the worker. */
async function advanceRetries(): Promise<void> {
  await sut.ctx.database.db
    .updateTable('jobs')
    .set({ run_after: new Date(0) })
    .where('kind', '=', WEBHOOK_DELIVERY_JOB)
    .where('status', '=', 'queued')
    .execute();
  sut.ctx.worker.notify();
}
async function runTask(type: string, body: unknown) {
  const res = await post('/fotoweb/me/background-tasks/', body, sut.adminToken, `application/vnd.fotoware.${type}-request+json`);
  expect(res.statusCode, res.body).toBe(201);
  await sut.ctx.worker.drain();
}

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_WEBHOOK_RETRY_MS: `${RETRY_MS},${RETRY_MS}`, MAGPIE_PUBLIC_URL: 'https://dam.example.com' });
  await all.start();
  await deletions.start();
});
afterAll(async () => {
  await sut?.close();
  for (const receiver of [all, deletions]) await receiver.stop().catch(() => undefined);
});

describe('registering webhooks', () => {
  it('answers 201 with the secret once; the list never shows it', async () => {
    const res = await register({ url: all.url, events: ['asset.ingested', 'asset.modified', 'asset.deleted'] });
    expect(res.statusCode, res.body).toBe(201);
    allHook = res.json() as WebhookCreated;
    expect(res.headers.location).toBe(allHook.href);
    expect(allHook).toMatchObject({ url: all.url, enabled: true, createdBy: 'admin', lastDelivery: null });
    expect(allHook.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    deletionsHook = (await register({ url: deletions.url, events: ['asset.deleted'] })).json() as WebhookCreated;

    const list = await sut.app.inject({ method: 'GET', url: HOOKS, headers: bearer(sut.adminToken) });
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as WebhookList).data;
    expect(listed.map((hook) => hook.id)).toEqual([allHook.id, deletionsHook.id]);
    expect(listed[0]).not.toHaveProperty('secret');
    expect(list.body).not.toContain(allHook.secret);
  });

  it('refuses what is not http(s), unknown events and bad bodies with 400 and FotoWeb’s error body', async () => {
    for (const body of [
      { url: 'ftp://example.com/hook', events: ['asset.ingested'] },
      { url: 'javascript:alert(1)', events: ['asset.ingested'] },
      { url: 'file:///etc/passwd', events: ['asset.ingested'] },
      { url: 'not a url', events: ['asset.ingested'] },
      { url: 'https://example.com/hook', events: ['asset.exploded'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['asset.deleted', 'asset.deleted'] },
      { url: 'https://example.com/hook', events: ['asset.deleted'], enabled: 'yes' },
      { events: ['asset.deleted'] },
    ]) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ value: 'InvalidRequest', heading: 'Invalid request' });
    }
  });

  it('needs manageWebhooks', async () => {
    const plain = await sut.createUser('hooks-plain');
    for (const res of [
      await sut.app.inject({ method: 'GET', url: HOOKS, headers: bearer(plain.token) }),
      await register({ url: 'https://example.com/hook', events: ['asset.deleted'] }, plain.token),
      await sut.app.inject({ method: 'DELETE', url: allHook.href, headers: bearer(plain.token) }),
      await sut.app.inject({ method: 'GET', url: allHook.deliveries, headers: bearer(plain.token) }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageWebhooks') });
    }
    const manager = await sut.createMemberWith('hooks-manager', ['manageWebhooks']);
    const res = await sut.app.inject({ method: 'GET', url: HOOKS, headers: bearer(manager.token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('deliveries', () => {
  let assetUrl: string;

  it('sends a signed payload when an asset is ingested, edited and deleted, for the events asked for', async () => {
    assetUrl = await upload(sample('iptc-xmp/Bush-dog.jpg'), 'hooks');
    await until(() => all.received.length === 1, 15_000, 'the ingest delivery');
    const [ingested] = all.payloads(allHook.secret);
    const asset = await get<Asset>(assetUrl);
    expect(ingested).toMatchObject({ event: 'asset.ingested', type: 'asset', 'operation-name': 'upload', href: `https://dam.example.com${assetUrl}` });
    expect(ingested!.asset.href).toBe(assetUrl);
    expect(ingested!.asset.uniqueid).toBe(asset.uniqueid);
    expect(ingested!.data.asset).toEqual(ingested!.asset);
    expect(ingested!['file-size']).toBe(String(asset.filesize));
    expect(ingested!['pixel-width']).toBe(String(asset.attributes.imageattributes!.pixelwidth));
    expect(all.received[0]!.headers['x-magpie-delivery']).toBe(ingested!.id);
    expect(all.received[0]!.headers['user-agent']).toBe('Magpie-Webhooks/1');

    expect((await patch(assetUrl, { 5: { value: 'A hooked dog' } })).statusCode).toBe(200);
    await until(() => all.received.length === 2, 15_000, 'the edit delivery');
    const modified = all.payloads(allHook.secret)[1]!;
    expect(modified).toMatchObject({ event: 'asset.modified', 'operation-name': 'updateMetadata', title: 'A hooked dog' });
    expect(modified.asset.metadata['5']).toEqual({ value: 'A hooked dog' });

    expect(deletions.received).toHaveLength(0);
    await runTask('delete', { assets: [{ href: assetUrl }] });
    await until(() => all.received.length === 3 && deletions.received.length === 1, 15_000, 'the delete deliveries');
    const deleted = all.payloads(allHook.secret)[2]!;
    expect(deleted).toMatchObject({ event: 'asset.deleted', 'operation-name': 'delete', title: 'A hooked dog' });
    expect(deleted.asset.uniqueid).toBe(asset.uniqueid);
    // The other webhook's payload is signed with its own secret.
    expect(deletions.payloads(deletionsHook.secret)[0]).toMatchObject({ event: 'asset.deleted' });
    expect(() => deletions.payloads(allHook.secret)).toThrow();

    const list = (await sut.app.inject({ method: 'GET', url: HOOKS, headers: bearer(sut.adminToken) })).json() as WebhookList;
    expect(list.data[0]!.lastDelivery).toMatchObject({ event: 'asset.deleted', status: 'delivered', attempts: 1, lastAttempt: { attempt: 1, statusCode: 204, error: null } });
    const history = await deliveries(allHook);
    expect(history.map((delivery) => delivery.event)).toEqual(['asset.deleted', 'asset.modified', 'asset.ingested']);
    expect(history.every((delivery) => delivery.status === 'delivered' && delivery.attemptLog?.length === 1)).toBe(true);
  });

  it('records the failed attempt while the receiver is down and delivers once it is up again and the retry comes', async () => {
    assetUrl = await upload(sample('photos/Apple_iPhone_4.jpg'), 'hooks');
    await until(() => all.received.length === 4, 15_000, 'the second ingest delivery');
    await all.stop();
    expect((await patch(assetUrl, { 5: { value: 'Sent while down' } })).statusCode).toBe(200);
    let failed: WebhookDelivery | undefined;
    await until(
      async () => {
        failed = (await deliveries(allHook)).find((delivery) => delivery.event === 'asset.modified' && delivery.status === 'retrying');
        return failed !== undefined;
      },
      15_000,
      'the failed attempt',
    );
    expect(failed).toMatchObject({ attempts: 1, lastAttempt: { attempt: 1, statusCode: null } });
    // Refused, or a kept-alive connection found closed: either way no answer came.
    expect(failed!.lastAttempt!.error).toMatch(/ECONNREFUSED|UND_ERR_SOCKET|closed|refused/i);
    // The configured back-off: the next attempt 60 s after the first.
    const wait = Date.parse(failed!.nextAttempt!) - Date.parse(failed!.lastAttempt!.at);
    expect(wait).toBeGreaterThan(RETRY_MS - 5_000);
    expect(wait).toBeLessThan(RETRY_MS + 5_000);
    expect(all.received).toHaveLength(4);

    await all.start();
    await advanceRetries();
    await until(() => all.received.length === 5, 15_000, 'the retried delivery');
    const retried = all.payloads(allHook.secret)[4]!;
    expect(retried).toMatchObject({ id: failed!.id, event: 'asset.modified', title: 'Sent while down' });
    await until(async () => (await deliveries(allHook)).find((delivery) => delivery.id === failed!.id)?.status === 'delivered', 5_000, 'the delivered status');
    const done = (await deliveries(allHook)).find((delivery) => delivery.id === failed!.id)!;
    expect(done.attempts).toBe(2);
    expect(done.attemptLog!.map((attempt) => attempt.statusCode)).toEqual([null, 204]);
  });

  it('gives a delivery up after its last attempt, recording each answer', async () => {
    all.status = 500;
    try {
      expect((await patch(assetUrl, { 5: { value: 'Refused thrice' } })).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await until(() => all.received.length === 5 + attempt, 15_000, `attempt ${attempt}`);
        if (attempt < 3) {
          await until(
            async () => (await deliveries(allHook))[0]!.status === 'retrying' && (await deliveries(allHook))[0]!.attempts === attempt,
            5_000,
            `retrying after attempt ${attempt}`,
          );
          await advanceRetries();
        }
      }
      await until(async () => (await deliveries(allHook))[0]!.status === 'failed', 5_000, 'the failed status');
      const given = (await deliveries(allHook))[0]!;
      expect(given).toMatchObject({ event: 'asset.modified', status: 'failed', attempts: 3, nextAttempt: null });
      expect(given.attemptLog!.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
        [500, 'The receiver answered 500.'],
        [500, 'The receiver answered 500.'],
        [500, 'The receiver answered 500.'],
      ]);
      await sut.ctx.worker.drain();
      expect(all.received).toHaveLength(8);
    } finally {
      all.status = 204;
    }
  });

  it('sends a failed delivery again on request: the same event and asset with a new id; never one still being tried', async () => {
    const given = (await deliveries(allHook))[0]!;
    expect(given.status).toBe('failed');
    const redeliver = (hook: Webhook, id: string, token = sut.adminToken) => sut.app.inject({ method: 'POST', url: `${hook.deliveries}/${id}/redeliver`, headers: bearer(token) });
    const before = all.received.length;
    const res = await redeliver(allHook, given.id);
    expect(res.statusCode, res.body).toBe(202);
    const copy = res.json() as WebhookDelivery;
    expect(copy).toMatchObject({ event: 'asset.modified', assetId: given.assetId, status: 'pending', attempts: 0, lastAttempt: null });
    expect(copy.id).not.toBe(given.id);
    await until(() => all.received.length === before + 1, 15_000, 'the redelivery');
    const sent = all.payloads(allHook.secret).at(-1)!;
    const original = JSON.parse(all.received[before - 1]!.body) as WebhookPayload;
    expect(sent).toMatchObject({ id: copy.id, event: 'asset.modified', title: 'Refused thrice' });
    expect(sent.asset).toEqual(original.asset);
    await until(async () => (await deliveries(allHook)).find((delivery) => delivery.id === copy.id)?.status === 'delivered', 5_000, 'the delivered copy');
    // The original keeps its three failed attempts.
    expect((await deliveries(allHook)).find((delivery) => delivery.id === given.id)).toMatchObject({ status: 'failed', attempts: 3 });

    // Not while it is still being tried (409); unknown, or another webhook's (404); not a UUID (400); manageWebhooks (403).
    await sut.ctx.worker.stop();
    try {
      const row = (await sut.ctx.repos.assets.findByPath(5000, 'hooks', 'Apple_iPhone_4.jpg'))!;
      await queueWebhookDeliveries(sut.ctx.database.db, 'asset.deleted', row.id);
      const pending = (await deliveries(allHook)).find((delivery) => delivery.status === 'pending')!;
      const busy = await redeliver(allHook, pending.id);
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toMatchObject({ value: 'Conflict' });
    } finally {
      sut.ctx.worker.start();
    }
    await sut.ctx.worker.drain();
    expect((await redeliver(deletionsHook, given.id)).statusCode).toBe(404);
    expect((await redeliver(allHook, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await redeliver(allHook, 'not-a-uuid')).statusCode).toBe(400);
    const plain = await sut.createUser('hooks-redeliver-plain');
    expect((await redeliver(allHook, given.id, plain.token)).statusCode).toBe(403);
  });

  it('sends one attempt once, however many runs of it there are', async () => {
    await sut.ctx.worker.stop();
    try {
      const row = (await sut.ctx.repos.assets.findByPath(5000, 'hooks', 'Apple_iPhone_4.jpg'))!;
      expect(await queueWebhookDeliveries(sut.ctx.database.db, 'asset.modified', row.id)).toBe(1);
      const job = await sut.ctx.database.db.selectFrom('jobs').selectAll().where('kind', '=', WEBHOOK_DELIVERY_JOB).where('status', '=', 'queued').executeTakeFirstOrThrow();
      const claimed: JobRow = { ...job, attempts: 1, status: 'running' };
      const before = all.received.length;
      await Promise.all([sut.ctx.webhooks.deliver(claimed, new AbortController().signal), sut.ctx.webhooks.deliver(claimed, new AbortController().signal)]);
      await sut.ctx.webhooks.deliver(claimed, new AbortController().signal);
      expect(all.received.length - before).toBe(1);
    } finally {
      sut.ctx.worker.start();
    }
    // The queued job runs as attempt 1 too: already made, nothing is sent again.
    await sut.ctx.worker.drain();
    expect((await deliveries(allHook))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('keeps finished deliveries for the retention, then deletes them', async () => {
    const db = sut.ctx.database.db;
    const finished = await db.selectFrom('webhook_deliveries').select(['id', 'status']).where('webhook_id', '=', allHook.id).execute();
    expect(finished.length).toBeGreaterThan(0);
    expect(await sut.ctx.webhooks.purgeExpired()).toBe(0);
    // A retrying delivery is kept whatever its age.
    const retrying = finished[0]!.id;
    await db.updateTable('webhook_deliveries').set({ status: 'retrying' }).where('id', '=', retrying).execute();
    const everyFinished = await db.selectFrom('webhook_deliveries').select('id').where('status', 'in', ['delivered', 'failed']).execute();
    expect(await sut.ctx.webhooks.purgeExpired(Date.now() + WEBHOOK_DELIVERY_RETENTION_MS + 60_000)).toBe(everyFinished.length);
    expect((await db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', allHook.id).execute()).map((row) => row.id)).toEqual([retrying]);
    expect(await db.selectFrom('webhook_attempts').select('delivery_id').where('delivery_id', '!=', retrying).execute()).toEqual([]);
    expect(await db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', deletionsHook.id).execute()).toEqual([]);
    await db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', retrying).execute();
  });

  it('deletes a webhook with its deliveries', async () => {
    const res = await sut.app.inject({ method: 'DELETE', url: deletionsHook.href, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(204);
    const gone = await sut.app.inject({ method: 'GET', url: deletionsHook.deliveries, headers: bearer(sut.adminToken) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ value: 'NotFound' });
    expect(await sut.ctx.database.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', deletionsHook.id).execute()).toEqual([]);
    const again = await sut.app.inject({ method: 'DELETE', url: deletionsHook.href, headers: bearer(sut.adminToken) });
    expect(again.statusCode).toBe(404);
  });
});
