/**
 * Search alerts (issue 15; spec 01 §3 Alert, §5 "Alert creation is offered only for archives with the Alert
 * permission", §7 `/fotoweb/me/alerts/`; dam.yaml `listAlerts` … `markNotificationsRead`): the calls and their errors,
 * and the sweep that tells users of new assets by mail (with thumbnails, through a real SMTP server) and in the app:
 * once per new asset, never twice, also with two sweeps at once, nothing for an alert whose user lost access, nothing
 * before an alert's interval has passed.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertList, NotificationList } from '@magpie/api-types';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../../tests/support/smtp.ts';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';
import { forgetFinishedSweeps } from '../../jobs/sweeps.ts';
import { ALERT_SWEEP_JOB, ALERT_SWEEP_RUNS_KEPT_MS } from '../../services/alerts.service.ts';

const ALERTS = '/fotoweb/me/alerts/';
const NOTIFICATIONS = '/fotoweb/me/notifications/';
const PHOTOS = '/fotoweb/archives/5000-Photos/';

let dam: TestDam;
let smtp: TestSmtpServer;
const { call } = requestsFor(() => dam);
/** A user holding View, Preview and Alert on Photos, with an address. */
let watcher: { id: number; token: string };

/** Uploads a sample photo into Photos/<folder> as the administrator; answers its asset URL. */
async function upload(file: string, folder: string, filename?: string): Promise<string> {
  const status = await dam.upload(dam.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', file), { folder, ...(filename ? { filename } : {}) });
  expect(status.status, JSON.stringify(status.error)).toBe('done');
  return status.result!.assetUrl;
}

/** Makes every alert due now. */
const makeDue = () =>
  dam.ctx.database.db
    .updateTable('alerts')
    .set({ next_run: new Date(Date.now() - 1000) })
    .execute();

const notificationsOf = async (token: string) => (await call('GET', NOTIFICATIONS, undefined, token)).json() as NotificationList;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dam = await createTestDam({ SMTP_URL: smtp.url, MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>' });
  watcher = await dam.createUser('watcher');
  await dam.ctx.database.db.updateTable('users').set({ email: 'watcher@example.com', full_name: 'Wanda Watcher' }).where('id', '=', watcher.id).execute();
  await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: watcher.id, permissions: ['View', 'Preview', 'Alert'] });
});
afterAll(async () => {
  await dam?.close();
  await smtp?.close();
});

describe('the alert calls (spec 01 §7)', () => {
  it('creates an alert (Location), lists, reads, changes (PATCH and PUT) and deletes it', async () => {
    const created = await call('POST', ALERTS, { collection: PHOTOS, interval: 'every_week', dtSearchString: '  harbour  ' }, watcher.token);
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json() as Alert;
    expect(created.headers.location).toBe(alert.href);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(alert).toEqual({
      href: expect.stringMatching(/^\/fotoweb\/me\/alerts\/\d+$/),
      collection: PHOTOS,
      interval: 'every_week',
      dtSearchString: 'harbour',
      collectionName: 'Photos',
      searchHref: `${PHOTOS}?q=harbour`,
      created: expect.any(String),
      lastChecked: null,
    });
    expect(((await call('GET', ALERTS, undefined, watcher.token)).json() as AlertList).data).toEqual([alert]);
    expect((await call('GET', alert.href, undefined, watcher.token)).json()).toEqual(alert);

    const patched = await call('PATCH', alert.href, { interval: 'immediate' }, watcher.token);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ interval: 'immediate', dtSearchString: 'harbour' });
    const put = await call('PUT', alert.href, { collection: PHOTOS, interval: 'every_day', dtSearchString: 'sunset OR dusk' }, watcher.token);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ interval: 'every_day', dtSearchString: 'sunset OR dusk', searchHref: `${PHOTOS}?q=sunset%20OR%20dusk` });

    // Another user does not see it; the owner deletes it; it is gone.
    const other = await dam.createUser('alert-stranger');
    expect((await call('GET', alert.href, undefined, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', alert.href, undefined, other.token)).statusCode).toBe(404);
    expect(((await call('GET', ALERTS, undefined, other.token)).json() as AlertList).data).toEqual([]);
    expect((await call('DELETE', alert.href, undefined, watcher.token)).statusCode).toBe(204);
    expect((await call('GET', alert.href, undefined, watcher.token)).statusCode).toBe(404);
  });

  it('offers alertHref on collections with Alert, and the descriptor links alerts only where some archive grants it', async () => {
    const archive = (await call('GET', PHOTOS, undefined, watcher.token, 'application/vnd.fotoware.collectioninfo+json')).json();
    expect(archive.alertHref).toBe(ALERTS);
    const viewer = await dam.createUser('alert-viewer');
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Preview'] });
    expect((await call('GET', PHOTOS, undefined, viewer.token, 'application/vnd.fotoware.collectioninfo+json')).json().alertHref).toBeNull();
    const descriptor = (await call('GET', '/fotoweb/me/', undefined, watcher.token, 'application/vnd.fotoware.full-api-descriptor+json')).json();
    expect(descriptor).toMatchObject({ alerts: ALERTS, notifications: NOTIFICATIONS });
    // spec 02 §6: no archive grants the viewer Alert, so no alert control is offered; notifications stay readable.
    const viewersDescriptor = (await call('GET', '/fotoweb/me/', undefined, viewer.token, 'application/vnd.fotoware.full-api-descriptor+json')).json();
    expect(viewersDescriptor).toMatchObject({ alerts: null, notifications: NOTIFICATIONS });
  });

  it('takes an advanced search (key=value criteria) as the collection’s searchQuery expression', async () => {
    const searched = (await call('GET', `${PHOTOS}?fn=criteria-only.jpg&dt=image`, undefined, watcher.token, 'application/vnd.fotoware.collectioninfo+json')).json();
    expect(searched.searchString).toContain('fn=criteria-only.jpg');
    const created = await call('POST', ALERTS, { collection: PHOTOS, interval: 'every_day', dtSearchString: searched.searchQuery }, watcher.token);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ dtSearchString: searched.searchQuery });
    expect((await call('DELETE', created.json().href, undefined, watcher.token)).statusCode).toBe(204);
  });

  it('refuses bad input with a FotoWeb error body and stores nothing', async () => {
    const before = ((await call('GET', ALERTS, undefined, watcher.token)).json() as AlertList).data.length;
    const refused = async (body: unknown, status: number, value: string) => {
      const res = await call('POST', ALERTS, body, watcher.token);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ value });
      return res.json();
    };
    await refused({ collection: PHOTOS, interval: 'every_minute' }, 400, 'InvalidRequest');
    expect((await refused({ collection: PHOTOS, dtSearchString: 'title:(' }, 400, 'InvalidRequest')).message).toContain('does not parse');
    await refused({ collection: '/fotoweb/me/pins/' }, 400, 'InvalidRequest');
    await refused({ collection: '/fotoweb/archives/5999-Nowhere/' }, 404, 'NotFound');
    await refused({ collection: `${PHOTOS}no-such-folder/` }, 404, 'NotFound');
    await refused({}, 400, 'InvalidRequest');

    // Without Alert on the archive: 403; without View: 404 (the archive is not revealed).
    const viewer = await dam.createUser('alert-no-permission');
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Preview'] });
    const forbidden = await call('POST', ALERTS, { collection: PHOTOS }, viewer.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('Alert');
    const { MetadataSetId } = (await call('GET', '/fotoweb/api/config/archives/5000', undefined, dam.adminToken)).json();
    const privateArchive = await call('POST', '/fotoweb/api/config/archives', { Name: 'Board room', MetadataSetId, Pool: 'default', MemberList: [] }, dam.adminToken);
    expect(privateArchive.statusCode, privateArchive.body).toBe(201);
    const hidden = await call('POST', ALERTS, { collection: privateArchive.json().collectionHref }, watcher.token);
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json()).toMatchObject({ value: 'NotFound', message: 'The collection was not found.' });

    // The same collection and search twice: 409; a bad change leaves the alert as it was.
    const first = (await call('POST', ALERTS, { collection: PHOTOS, dtSearchString: 'boats' }, watcher.token)).json() as Alert;
    await refused({ collection: PHOTOS, dtSearchString: 'boats' }, 409, 'AlertExists');
    expect((await call('PATCH', first.href, { interval: 'hourly' }, watcher.token)).statusCode).toBe(400);
    expect((await call('PATCH', first.href, { collection: '/fotoweb/archives/5000-Photos/other/' }, watcher.token)).statusCode).toBe(400);
    expect((await call('PATCH', first.href, {}, watcher.token)).statusCode).toBe(400);
    expect((await call('GET', first.href, undefined, watcher.token)).json()).toEqual(first);
    expect((await call('GET', ALERTS, undefined, '')).statusCode).toBe(401);
    expect(((await call('GET', ALERTS, undefined, watcher.token)).json() as AlertList).data.length).toBe(before + 1);
    expect((await call('DELETE', first.href, undefined, watcher.token)).statusCode).toBe(204);
  });
});

describe('the alert sweep', () => {
  it('tells the user once per new matching asset, by mail with thumbnails and in the app, and never twice', async () => {
    // An alert on the folder "harbour" for every new asset, and one on the archive for a search.
    await upload('Canon_40D.jpg', 'harbour', 'before-the-alert.jpg');
    const folderAlert = (await call('POST', ALERTS, { collection: `${PHOTOS}harbour/`, interval: 'immediate' }, watcher.token)).json() as Alert;
    expect(folderAlert.collectionName).toBe('Photos/harbour');
    const searchAlert = (await call('POST', ALERTS, { collection: PHOTOS, interval: 'immediate', dtSearchString: 'fn:boat-two.jpg' }, watcher.token)).json() as Alert;
    const unread = (await notificationsOf(watcher.token)).unreadCount;

    // Nothing new yet: the sweep records its look and tells nobody.
    await makeDue();
    // Each due alert is looked at once per sweep, immediate ones too (they are due again only for the next sweep).
    expect(await dam.ctx.alerts.sweep()).toEqual({ looked: 2, notified: 0 });
    expect((await call('GET', folderAlert.href, undefined, watcher.token)).json().lastChecked).not.toBeNull();

    await upload('Canon_DIGITAL_IXUS_400.jpg', 'harbour', 'boat-one.jpg');
    await upload('Fujifilm_FinePix_E500.jpg', 'harbour', 'boat-two.jpg');
    await upload('Kodak_CX7530.jpg', 'elsewhere', 'not-in-the-folder.jpg');
    await makeDue();
    // Two sweeps at once (as on two DAM processes): the alert is claimed by one of them.
    const [a, b] = await Promise.all([dam.ctx.alerts.sweep(), dam.ctx.alerts.sweep()]);
    expect(a.notified + b.notified).toBe(2);
    expect(a.looked + b.looked).toBe(2);

    const list = await notificationsOf(watcher.token);
    expect(list.unreadCount).toBe(unread + 2);
    // The search alert found the one asset matching its search, anywhere in the archive.
    expect(list.data.find((n) => n.alert === searchAlert.href)).toMatchObject({
      title: '1 new asset in Photos',
      text: 'matching “fn:boat-two.jpg”',
      link: `${PHOTOS}?q=fn%3Aboat-two.jpg`,
      assetCount: 1,
    });
    expect(list.data.find((n) => n.alert === folderAlert.href)).toMatchObject({
      title: '2 new assets in Photos/harbour',
      text: 'boat-one.jpg, boat-two.jpg',
      link: `${PHOTOS}harbour/`,
      assetCount: 2,
      read: false,
      alert: folderAlert.href,
    });
    await smtp.waitForMessages(2);
    const mail = smtp.received.find((m) => m.parsed.subject === '2 new assets in Photos/harbour');
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(['1 new asset in Photos', '2 new assets in Photos/harbour']);
    expect(mail!.envelope.to).toEqual(['watcher@example.com']);
    expect(mail!.parsed.subject).toBe('2 new assets in Photos/harbour');
    expect(mail!.parsed.text).toContain('Hello Wanda Watcher,');
    expect(mail!.parsed.text).toContain('- boat-one.jpg: http://localhost:8080/fotoweb/archives/5000-Photos/harbour/boat-one.jpg.info');
    expect(mail!.parsed.text).not.toContain('not-in-the-folder');
    expect(mail!.parsed.html).toContain('<img src="cid:');
    const thumbnails = mail!.parsed.attachments.filter((part) => part.contentId);
    expect(thumbnails).toHaveLength(2);
    expect(thumbnails.every((part) => part.mimeType === 'image/jpeg' && part.disposition === 'inline')).toBe(true);

    // Looked at again with nothing new: no second notification, no second mail.
    await makeDue();
    await dam.ctx.alerts.sweep();
    expect((await notificationsOf(watcher.token)).unreadCount).toBe(unread + 2);
    expect(smtp.received).toHaveLength(2);

    // Mark all read.
    expect((await call('POST', `${NOTIFICATIONS}read`, undefined, watcher.token)).statusCode).toBe(204);
    expect((await notificationsOf(watcher.token)).unreadCount).toBe(0);
    for (const alert of [folderAlert, searchAlert]) expect((await call('DELETE', alert.href, undefined, watcher.token)).statusCode).toBe(204);
  });

  it('finds nothing for a user who lost Alert or View, and waits for the interval', async () => {
    const fan = await dam.createUser('alert-fan');
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: fan.id, permissions: ['View', 'Preview', 'Alert'] });
    const daily = await call('POST', ALERTS, { collection: `${PHOTOS}quay/`, interval: 'every_day' }, fan.token);
    expect(daily.statusCode, daily.body).toBe(404);
    await upload('Nikon_D70.jpg', 'quay', 'first.jpg');
    const alert = (await call('POST', ALERTS, { collection: `${PHOTOS}quay/`, interval: 'every_day' }, fan.token)).json() as Alert;
    await upload('Olympus_C8080WZ.jpg', 'quay', 'second.jpg');

    // Not due for a day: the sweep passes it by.
    await dam.ctx.alerts.sweep();
    expect((await notificationsOf(fan.token)).data).toEqual([]);

    // Due, but the user lost Alert: it finds nothing, and moves on (the asset is not reported later either).
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: fan.id, permissions: ['View', 'Preview'] });
    dam.ctx.auth.forgetCallers();
    await makeDue();
    await dam.ctx.alerts.sweep();
    expect((await notificationsOf(fan.token)).data).toEqual([]);
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: fan.id, permissions: ['View', 'Preview', 'Alert'] });
    await makeDue();
    await dam.ctx.alerts.sweep();
    expect((await notificationsOf(fan.token)).data).toEqual([]);

    // With access again, a new asset is reported; the user has no address, so no mail is queued.
    const mails = smtp.received.length;
    await upload('Pentax_K10D.jpg', 'quay', 'third.jpg');
    await makeDue();
    await dam.ctx.alerts.sweep();
    expect((await notificationsOf(fan.token)).data.map((n) => n.title)).toEqual(['1 new asset in Photos/quay']);
    expect((await call('GET', alert.href, undefined, fan.token)).json().lastChecked).not.toBeNull();
    expect(smtp.received.length).toBe(mails);
  });

  it('forgets its finished runs after an hour, keeping the newer ones and any that failed', async () => {
    const db = dam.ctx.database.db;
    const old = new Date(Date.now() - 2 * ALERT_SWEEP_RUNS_KEPT_MS);
    const recent = new Date(Date.now() - 60_000);
    const rows = await db
      .insertInto('jobs')
      .values([
        { kind: ALERT_SWEEP_JOB, payload: '{}', status: 'done', finished: old },
        { kind: ALERT_SWEEP_JOB, payload: '{}', status: 'done', finished: recent },
        { kind: ALERT_SWEEP_JOB, payload: '{}', status: 'failed', finished: old },
      ])
      .returning('id')
      .execute();
    expect(await forgetFinishedSweeps(db, ALERT_SWEEP_JOB, ALERT_SWEEP_RUNS_KEPT_MS)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('jobs')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual([rows[1]!.id, rows[2]!.id]);
  });
});
