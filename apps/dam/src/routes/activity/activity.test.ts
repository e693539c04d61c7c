/**
 * Activity exports (issue 15, spec 03 §2.1): every recorded action makes its row with the right user and target, the
 * list's filters and paging, the CSV and JSON-lines exports (parsed back), who may read them, bad filters, retention;
 * settings changes, consent forms and sign-up decisions; the logging switch (a category off records nothing of it, the
 * switch itself is always recorded), who may change it and bad settings.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityList, FullApiDescriptor, TaskStatus } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';
import { recordActivity } from '../../services/activity.service.ts';
import { ACTIVITY_PAGE_SIZE } from '../../services/activity.service.ts';

let sut: TestDam;
const { upload, get, patch, post } = requestsFor(() => sut);
const ACTIVITY = '/fotoweb/api/activity';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
let auditor: { id: number; token: string };
let plain: { id: number; token: string };

beforeAll(async () => {
  sut = await createTestDam();
  auditor = await sut.createMemberWith('auditor', ['manageActivityExports']);
  plain = await sut.createUser('activity-plain');
  await sut.ctx.repos.archives.ensureFolder(5000, 'act/inbox');
});
afterAll(() => sut?.close());

/** The page of the log at `query` as the auditor reads it (must answer 200). */
async function list(query = '', token = auditor.token): Promise<ActivityList> {
  const res = await sut.app.inject({ method: 'GET', url: `${ACTIVITY}${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ActivityList;
}
/** The newest row of `action`. */
async function latest(action: string): Promise<ActivityEntry> {
  const [row] = (await list(`?action=${action}`)).data;
  expect(row, action).toBeDefined();
  return row!;
}
async function runTask(type: string, body: unknown): Promise<TaskStatus> {
  const res = await post('/fotoweb/me/background-tasks/', body, sut.adminToken, `application/vnd.fotoware.${type}-request+json`);
  expect(res.statusCode, res.body).toBe(201);
  await sut.ctx.worker.drain();
  return (await get<TaskStatus>(res.json().location)) as TaskStatus;
}

/** RFC 4180: fields separated by commas, records by CRLF, quoted fields may hold commas, quotes (doubled) and newlines. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

describe('what the activity log records (who and which target)', () => {
  let href: string;

  it('an upload, a metadata edit with the fields and their old and new values, and a rollback', async () => {
    href = await upload(sample('iptc-xmp/Bush-dog.jpg'), 'act');
    const uploaded = await latest('asset.uploaded');
    expect(uploaded).toMatchObject({ user: { name: 'admin', id: expect.any(Number) }, target: { kind: 'asset', href, name: 'Bush-dog.jpg' } });

    expect((await patch(href, { 5: { value: 'Audited title' } })).statusCode).toBe(200);
    const edited = await latest('asset.metadataEdited');
    expect(edited).toMatchObject({ user: { name: 'admin' }, target: { kind: 'asset', href, name: 'Bush-dog.jpg' }, details: { fields: ['5'] } });
    expect((edited.details.changes as Array<{ field: number; after: unknown }>)[0]).toMatchObject({ field: 5, after: 'Audited title' });

    const revisions = (await get(href)).revisions.href;
    const last = (await get<{ data: Array<{ number: number }> }>(revisions)).data[0]!.number;
    expect((await post(`${revisions}${last}/rollback`)).statusCode).toBe(200);
    expect(await latest('asset.rolledBack')).toMatchObject({
      user: { name: 'admin' },
      target: { href },
      details: { fields: ['5'], comment: expect.stringMatching(/^Undid revision/) },
    });
  });

  it('a rename, a move, a copy, a delete, a restore and a purge', async () => {
    await runTask('rename', { assets: [{ href }], 'job-filename': 'Audited dog.jpg' });
    const renamed = await latest('asset.renamed');
    expect(renamed).toMatchObject({ user: { name: 'admin' }, target: { name: 'Audited dog.jpg', href: `${PHOTOS}act/Audited%20dog.jpg.info` } });
    expect(renamed.details).toMatchObject({ from: { filename: 'Bush-dog.jpg' }, to: { filename: 'Audited dog.jpg' } });
    href = `${PHOTOS}act/Audited%20dog.jpg.info`;

    await runTask('move', { assets: [{ href }], 'job-destination': `${PHOTOS}act/inbox/` });
    expect(await latest('asset.moved')).toMatchObject({
      target: { href: `${PHOTOS}act/inbox/Audited%20dog.jpg.info` },
      details: { from: { folderPath: 'act' }, to: { folderPath: 'act/inbox' } },
    });
    href = `${PHOTOS}act/inbox/Audited%20dog.jpg.info`;

    await runTask('copy', { assets: [{ href }], 'job-destination': `${PHOTOS}act/` });
    const copied = await latest('asset.copied');
    expect(copied).toMatchObject({ user: { name: 'admin' }, target: { href: `${PHOTOS}act/Audited%20dog.jpg.info` }, details: { source: { folderPath: 'act/inbox' } } });

    await runTask('delete', { assets: [{ href }] });
    const deleted = await latest('asset.deleted');
    expect(deleted).toMatchObject({ user: { name: 'admin' }, target: { name: 'Audited dog.jpg' } });
    const id = Number(deleted.target.id);

    const restore = await sut.app.inject({
      method: 'PATCH',
      url: '/fotoweb/me/trash/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ restore: [id] }),
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await latest('asset.restored')).toMatchObject({ user: { name: 'admin' }, target: { id: String(id), href } });

    await runTask('delete', { assets: [{ href }] });
    const purge = await sut.app.inject({
      method: 'PATCH',
      url: '/fotoweb/me/trash/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ purge: [id] }),
    });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(await latest('asset.purged')).toMatchObject({ user: { name: 'admin' }, target: { id: String(id), name: 'Audited dog.jpg' } });
  });

  it('users and groups made, changed and deleted, and the name of a deleted user kept', async () => {
    const made = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/users/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'logged-user', address: { firstName: 'Lou', lastName: 'Logged', email: 'lou@example.com' }, account: { password: 'analytical engine' } }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const user = made.json() as { href: string; id: number };
    expect(await latest('user.created')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'user', href: user.href, name: 'Lou Logged' } });

    const changed = await sut.app.inject({
      method: 'PATCH',
      url: user.href,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'audited' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await latest('user.changed')).toMatchObject({ target: { href: user.href }, details: { fields: ['description'] } });

    expect((await sut.app.inject({ method: 'DELETE', url: user.href, headers: bearer(sut.adminToken) })).statusCode).toBe(204);
    expect(await latest('user.deleted')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'user', href: user.href, name: 'logged-user' } });

    const group = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/groups/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Auditors', permissions: ['audit'] }),
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(await latest('group.created')).toMatchObject({ target: { kind: 'group', name: 'Auditors' }, details: { permissions: ['audit'] } });
  });

  it('logins, successful and failed, with the name that was typed', async () => {
    await sut.createUser('login-lena', 'lena-password');
    await sut.login('login-lena', 'lena-password');
    expect(await latest('login.succeeded')).toMatchObject({ user: { name: 'login-lena', id: expect.any(Number) }, target: { kind: 'user' } });
    await expect(sut.login('login-lena', 'wrong')).rejects.toThrow();
    expect(await latest('login.failed')).toMatchObject({ user: { name: 'login-lena' } });
    await expect(sut.login('nobody-here', 'wrong')).rejects.toThrow();
    expect(await latest('login.failed')).toMatchObject({ user: { name: 'nobody-here', id: null }, target: { kind: 'site' } });
  });
});

describe('reading the log: filters, paging, exports', () => {
  it('filters by action, kind, user, target and dates, newest first', async () => {
    const all = await list();
    expect(all.data.length).toBeGreaterThan(5);
    expect(all.data.map((r) => r.id)).toEqual([...all.data.map((r) => r.id)].sort((a, b) => b - a));
    expect((await list('?action=asset.')).data.every((r) => r.action.startsWith('asset.'))).toBe(true);
    const lena = (await list('?action=login.succeeded')).data[0]!.user.id!;
    const ofLena = await list(`?user=${lena}`);
    expect(ofLena.data.length).toBeGreaterThan(0);
    expect(ofLena.data.every((r) => r.user.id === lena)).toBe(true);
    expect(
      (await list('?target=audited%20DOG')).data.every((r) => r.target.name.toLowerCase().includes('audited dog') || (r.target.href ?? '').toLowerCase().includes('audited dog')),
    ).toBe(true);
    expect((await list('?target=audited%20DOG')).data.length).toBeGreaterThan(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).data.length).toBe(all.data.length);
    expect((await list('?to=2000-01-01')).data).toEqual([]);
    expect(all.export).toEqual({ csv: `${ACTIVITY}/export?format=csv`, jsonl: `${ACTIVITY}/export?format=jsonl` });
    expect((await list('?action=asset.&target=dog')).export.csv).toBe(`${ACTIVITY}/export?action=asset.&target=dog&format=csv`);
    expect(all.retentionDays).toBe(365);
  });

  it('pages by keyset with the same filters', async () => {
    const db = sut.ctx.database.db;
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 5; i++) await recordActivity(db, { userId: auditor.id }, 'group.changed', { kind: 'site', name: `paging ${i}` });
    const first = await list('?action=group.changed');
    expect(first.data).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.paging.next).toBe(`${ACTIVITY}?action=group.changed&before=${first.data.at(-1)!.id}`);
    const second = await list(first.paging.next!.slice(ACTIVITY.length));
    expect(second.data.length).toBeGreaterThanOrEqual(5);
    expect(second.data[0]!.id).toBeLessThan(first.data.at(-1)!.id);
    expect(second.paging.next).toBeNull();
  });

  it('exports CSV with a header, RFC 4180 quoting and a file name, and JSON lines', async () => {
    const tricky = 'Comma, "quote"\nand newline';
    await recordActivity(sut.ctx.database.db, { userId: auditor.id }, 'archive.changed', { kind: 'site', name: tricky }, { note: 'a,b' });
    const res = await sut.app.inject({ method: 'GET', url: `${ACTIVITY}/export?action=archive.changed`, headers: bearer(auditor.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row, ...rest] = parseCsv(res.body);
    expect(header).toEqual(['id', 'time', 'user id', 'user name', 'user full name', 'action', 'target kind', 'target id', 'target name', 'target href', 'details']);
    expect(rest).toEqual([]);
    expect(row).toEqual([
      expect.stringMatching(/^\d+$/),
      expect.any(String),
      String(auditor.id),
      'auditor',
      expect.any(String),
      'archive.changed',
      'site',
      '',
      tricky,
      '',
      '{"note":"a,b"}',
    ]);

    const everything = parseCsv((await sut.app.inject({ method: 'GET', url: `${ACTIVITY}/export`, headers: bearer(auditor.token) })).body);
    expect(everything.length - 1).toBeGreaterThan(ACTIVITY_PAGE_SIZE + 10);

    const jsonl = await sut.app.inject({ method: 'GET', url: `${ACTIVITY}/export?format=jsonl&action=archive.changed`, headers: bearer(auditor.token) });
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = jsonl.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ActivityEntry);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'archive.changed', target: { name: tricky }, details: { note: 'a,b' } });
  });

  it('keeps a spreadsheet from running a name as a formula', async () => {
    await recordActivity(sut.ctx.database.db, 'system', 'archive.deleted', { kind: 'site', name: '=HYPERLINK("x")' });
    const [, row] = parseCsv((await sut.app.inject({ method: 'GET', url: `${ACTIVITY}/export?action=archive.deleted`, headers: bearer(auditor.token) })).body);
    expect(row![8]).toBe(`'=HYPERLINK("x")`);
    expect(row![3]).toBe('system');
  });

  it('deletes rows older than the retention', async () => {
    const db = sut.ctx.database.db;
    await recordActivity(db, 'system', 'site.ownerHandedOver', { kind: 'site', name: 'ancient' });
    await db
      .updateTable('activity_log')
      .set({ at: new Date('2001-01-01T00:00:00Z') })
      .where('target_name', '=', 'ancient')
      .execute();
    expect(await sut.ctx.activity.purgeExpired()).toBe(1);
    expect((await list('?target=ancient')).data).toEqual([]);
  });
});

describe('who may read it, and bad filters', () => {
  it('refuses guests (401) and users without the permission (403); audit holders and the site owner read it', async () => {
    expect((await sut.app.inject({ method: 'GET', url: ACTIVITY })).statusCode).toBe(401);
    const refused = await sut.app.inject({ method: 'GET', url: ACTIVITY, headers: bearer(plain.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/manageActivityExports/) });
    const exportRefused = await sut.app.inject({ method: 'GET', url: `${ACTIVITY}/export`, headers: bearer(plain.token) });
    expect(exportRefused.statusCode).toBe(403);
    expect(exportRefused.json()).toMatchObject({ value: 'Forbidden' });
    const audit = await sut.createMemberWith('audit-holder', ['audit']);
    await list('', audit.token);
    await list('', sut.adminToken);
  });

  it('offers views.activityExports only to those who may read the log', async () => {
    const views = async (token: string) => (await get<FullApiDescriptor>('/fotoweb/me/', token)).views as Record<string, unknown>;
    expect((await views(auditor.token)).activityExports).toBe('/fotoweb/views/activity-exports');
    expect((await views(sut.adminToken)).activityExports).toBe('/fotoweb/views/activity-exports');
    expect((await views(plain.token)).activityExports).toBeNull();
  });

  it('answers a bad filter with 400 and the FotoWeb error body', async () => {
    for (const query of ['?from=yesterday', '?to=2026-02-30', '?from=2026-02-01&to=2026-01-01', '?user=abc', '?action=DROP%20TABLE', '?before=0', '?format=xml']) {
      const url = query === '?format=xml' ? `${ACTIVITY}/export${query}` : `${ACTIVITY}${query}`;
      const res = await sut.app.inject({ method: 'GET', url, headers: bearer(auditor.token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ value: 'InvalidRequest', message: expect.any(String) });
    }
  });
});

describe('settings, consent forms and sign-up decisions', () => {
  const { call } = requestsFor(() => sut);

  it('custom CSS saved and cleared (its size, never its text) and title-bar buttons changed', async () => {
    const css = 'body { color: rebeccapurple; }';
    expect((await call('POST', '/fotoweb/appearance/css', { cssContent: css })).statusCode).toBe(200);
    const saved = await latest('site.customCssSaved');
    expect(saved).toMatchObject({ user: { name: 'admin' }, target: { kind: 'site', name: 'Custom CSS' }, details: { bytes: css.length, previousBytes: 0 } });
    expect(JSON.stringify(saved.details)).not.toContain('rebeccapurple');
    expect((await call('POST', '/fotoweb/appearance/css', { cssContent: '' })).statusCode).toBe(200);
    expect(await latest('site.customCssCleared')).toMatchObject({ details: { bytes: 0, previousBytes: css.length } });

    const button = { index: 1, tooltip: 'Help desk', href: 'https://example.com/help', target: '_blank', icon: 'help' };
    expect((await call('PUT', '/fotoweb/appearance/title-bar-buttons', { data: [button] })).statusCode).toBe(200);
    expect(await latest('site.titleBarButtonsChanged')).toMatchObject({
      target: { kind: 'site' },
      details: { count: 1, previousCount: 0, buttons: [{ index: 1, tooltip: 'Help desk', href: 'https://example.com/help' }] },
    });
  });

  it('the footer, the consent settings, the sign-up and the order settings changed', async () => {
    expect((await call('PUT', '/fotoweb/api/footer', { markdown: 'Made by **Magpie**' })).statusCode).toBe(200);
    expect(await latest('site.footerChanged')).toMatchObject({ user: { name: 'admin' }, details: { length: 18, previousLength: 0 } });

    const consentSettings = '/fotoweb/api/config/consentForms/ConsentFormSettings';
    const stored = (await call('GET', consentSettings)).json() as Record<string, unknown>;
    const consentChanged = await call('PUT', consentSettings, { ...stored, enableConsentForms: true, companyName: 'Audit Photo' });
    expect(consentChanged.statusCode, consentChanged.body).toBe(200);
    const consent = await latest('site.consentSettingsChanged');
    expect(consent.details).toMatchObject({ enableConsentForms: true, fields: expect.arrayContaining(['enableConsentForms', 'companyName']) });
    expect(consent.details.fields).toHaveLength(2);

    const signup = await call('PUT', '/fotoweb/api/config/signups', { openSignup: true, adminCanAssignGroups: false, fields: [] });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(await latest('site.signupSettingsChanged')).toMatchObject({ details: { openSignup: true, adminCanAssignGroups: false, fields: [] } });

    const order = await call('PUT', '/fotoweb/order-config', { fields: [], termsAndConditions: 'Be nice.' });
    expect(order.statusCode, order.body).toBe(200);
    expect(await latest('site.orderSettingsChanged')).toMatchObject({ details: { fields: [], termsLength: 8 } });
    // No terms again, so that the orders below are submitted without accepting any.
    expect((await call('PUT', '/fotoweb/order-config', { fields: [], termsAndConditions: '' })).statusCode).toBe(200);
    expect(await latest('site.orderSettingsChanged')).toMatchObject({ details: { termsLength: 0 } });
  });

  it('API clients, API keys, webhooks, processing profiles and watermarks made, changed and removed (issue 16)', async () => {
    const self = `/fotoweb/api/users/${(await sut.ctx.repos.users.findByUsername('admin'))!.id}`;
    const client = await call('POST', '/fotoweb/api/config/applications', { name: 'Audit sync', actingAs: self });
    expect(client.statusCode, client.body).toBe(201);
    const { clientId, href: clientHref } = client.json() as { clientId: string; href: string };
    expect(await latest('site.apiClientRegistered')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'site', name: 'Audit sync' }, details: { clientId } });
    expect(JSON.stringify(await latest('site.apiClientRegistered'))).not.toContain((client.json() as { clientSecret: string }).clientSecret);
    expect((await call('DELETE', clientHref)).statusCode).toBe(204);
    expect(await latest('site.apiClientDeleted')).toMatchObject({ target: { name: 'Audit sync' }, details: { clientId } });

    const key = await call('POST', '/fotoweb/api/api-keys', { name: 'Audit key', actingAs: self });
    expect(key.statusCode, key.body).toBe(201);
    const created = key.json() as { href: string; key: string };
    const keyRow = await latest('site.apiKeyCreated');
    expect(keyRow).toMatchObject({ target: { kind: 'site', name: 'Audit key' }, details: { actsAs: 'admin' } });
    expect(JSON.stringify(keyRow)).not.toContain(created.key);
    expect((await call('DELETE', created.href)).statusCode).toBe(204);
    expect(await latest('site.apiKeyRevoked')).toMatchObject({ target: { name: 'Audit key' }, details: { keyId: (keyRow.details as { keyId: number }).keyId } });

    const hook = await call('POST', '/fotoweb/api/webhooks', { url: 'https://example.com/audit-hook', events: ['asset.deleted'], enabled: false });
    expect(hook.statusCode, hook.body).toBe(201);
    const hookRow = await latest('site.webhookRegistered');
    expect(hookRow).toMatchObject({ target: { kind: 'site', name: 'https://example.com/audit-hook' }, details: { events: ['asset.deleted'] } });
    expect(JSON.stringify(hookRow)).not.toContain((hook.json() as { secret: string }).secret);
    expect((await call('DELETE', (hook.json() as { href: string }).href)).statusCode).toBe(204);
    expect(await latest('site.webhookDeleted')).toMatchObject({ target: { name: 'https://example.com/audit-hook' } });

    const profile = await call('POST', '/fotoweb/api/processing-profiles', { name: 'Audit 500', size: 500, format: 'jpg', quality: 80 });
    expect(profile.statusCode, profile.body).toBe(201);
    const profileHref = (profile.json() as { href: string }).href;
    expect(await latest('site.processingProfileCreated')).toMatchObject({ target: { name: 'Audit 500' }, details: { profile: { size: 500, format: 'jpg' } } });
    expect((await call('PUT', profileHref, { name: 'Audit 600', size: 600, format: 'webp', quality: 80 })).statusCode).toBe(200);
    expect(await latest('site.processingProfileChanged')).toMatchObject({
      target: { name: 'Audit 600' },
      details: { before: { name: 'Audit 500', size: 500 }, after: { size: 600, format: 'webp' } },
    });
    expect((await call('DELETE', profileHref)).statusCode).toBe(204);
    expect(await latest('site.processingProfileDeleted')).toMatchObject({ target: { name: 'Audit 600' } });
    // A refused change records nothing.
    expect((await call('DELETE', profileHref)).statusCode).toBe(404);
    expect((await list('?action=site.processingProfileDeleted')).data).toHaveLength(1);

    // A 1 × 1 px white PNG.
    const image = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWP4////fwAJ+wP9CNHoHgAAAABJRU5ErkJggg==';
    const mark = await call('POST', '/fotoweb/api/watermarks', { name: 'Audit mark', position: 'tile', opacity: 30, scale: 10, image });
    expect(mark.statusCode, mark.body).toBe(201);
    const markHref = (mark.json() as { href: string }).href;
    const markRow = await latest('site.watermarkCreated');
    expect(markRow).toMatchObject({ target: { kind: 'site', name: 'Audit mark' }, details: { watermark: { position: 'tile', opacity: 30 } } });
    expect(JSON.stringify(markRow)).not.toContain(image);
    expect((await call('PUT', markHref, { name: 'Audit mark 2', position: 'center', opacity: 30, scale: 10 })).statusCode).toBe(200);
    expect(await latest('site.watermarkChanged')).toMatchObject({ target: { name: 'Audit mark 2' }, details: { before: { position: 'tile' }, after: { position: 'center' } } });
    expect((await call('DELETE', markHref)).statusCode).toBe(204);
    expect(await latest('site.watermarkDeleted')).toMatchObject({ target: { name: 'Audit mark 2' } });
  });

  it('consent forms created, changed, linked, unlinked and deleted', async () => {
    const photo = (await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', 'Canon_40D.jpg'), { folder: 'act-consent' })).result!.assetUrl;
    const other = (await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', 'Nikon_D70.jpg'), { folder: 'act-consent' })).result!.assetUrl;
    const idOf = async (href: string) => Number((await get<{ uniqueid: string }>(href)).uniqueid);
    const created = await call('POST', '/fotoweb/consent/forms/', { assets: [photo], personName: 'Ada Model', state: 'Signed', signed: '2026-01-10' });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json() as { href: string };
    const formCreated = await latest('consent.formCreated');
    expect(formCreated).toMatchObject({
      user: { name: 'admin' },
      target: { kind: 'consentForm', href: form.href, name: 'Ada Model' },
      details: { state: 'Signed', assets: [await idOf(photo)] },
    });

    const changed = await call('PUT', form.href, { personName: 'Ada Model', state: 'Revoked', signed: '2026-01-10' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await latest('consent.formChanged')).toMatchObject({ target: { href: form.href }, details: { fields: ['state'], state: 'Revoked' } });

    expect((await call('POST', `${form.href}/assets`, { href: other })).statusCode).toBe(200);
    expect(await latest('consent.formLinked')).toMatchObject({ target: { href: form.href, name: 'Ada Model' }, details: { asset: await idOf(other) } });
    expect([200, 204]).toContain((await call('DELETE', `${form.href}/assets/${await idOf(other)}`)).statusCode);
    expect(await latest('consent.formUnlinked')).toMatchObject({ target: { href: form.href }, details: { asset: await idOf(other) } });

    expect((await call('DELETE', form.href)).statusCode).toBe(204);
    expect(await latest('consent.formDeleted')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'consentForm', href: form.href, name: 'Ada Model' } });
  });

  it('sign-ups approved and rejected, with the applicant’s address', async () => {
    const signUp = async (email: string) => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/fotoweb/signup/',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        payload: JSON.stringify({ email, firstName: 'Ada', lastName: 'Applicant', password: 'a fine long password' }),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const list = (await get<{ data: Array<{ email: string; href: string; approve: string; reject: string }> }>('/fotoweb/signups/')).data;
      return list.find((row) => row.email === email)!;
    };
    const yes = await signUp('approved@activity.example');
    expect((await call('POST', yes.approve, {})).statusCode).toBeLessThan(300);
    expect(await latest('signup.approved')).toMatchObject({
      user: { name: 'admin' },
      target: { kind: 'signup', name: 'approved@activity.example' },
      details: { user: expect.any(Number) },
    });
    const no = await signUp('rejected@activity.example');
    expect((await call('POST', no.reject, {})).statusCode).toBeLessThan(300);
    expect(await latest('signup.rejected')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'signup', name: 'rejected@activity.example' } });
  });
});

describe('the logging switch (spec 03 §3.12 activity logging)', () => {
  const { call } = requestsFor(() => sut);
  const SETTINGS = `${ACTIVITY}/settings`;
  const ALL_ON = { enabled: true, categories: { assets: true, archives: true, usersAndGroups: true, decisions: true, logins: true, settings: true } };
  let keeper: { id: number; token: string };
  const put = (body: unknown, token = keeper.token) =>
    sut.app.inject({ method: 'PUT', url: SETTINGS, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const count = async (action: string) => (await list(`?action=${action}`)).data.length;

  beforeAll(async () => {
    keeper = await sut.createMemberWith('log-keeper', ['manageActivityLogging']);
  });

  it('starts with everything on, and tells the descriptor who may switch it', async () => {
    const res = await sut.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(keeper.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(ALL_ON);
    const permissions = async (token: string) => (await get<FullApiDescriptor>('/fotoweb/me/', token)).permissions as unknown as Record<string, boolean>;
    expect(await permissions(keeper.token)).toMatchObject({ canManageActivityLogging: true, canReadActivityLog: false });
    expect(await permissions(auditor.token)).toMatchObject({ canManageActivityLogging: false, canReadActivityLog: true });
    expect(await permissions(plain.token)).toMatchObject({ canManageActivityLogging: false, canReadActivityLog: false });
    expect(((await get<FullApiDescriptor>('/fotoweb/me/', keeper.token)).views as Record<string, unknown>).activityExports).toBe('/fotoweb/views/activity-exports');
  });

  it('records nothing of a category switched off, and always records the switch itself', async () => {
    const off = { ...ALL_ON, categories: { ...ALL_ON.categories, logins: false } };
    const res = await put(off);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(off);
    expect(await latest('site.activitySettingsChanged')).toMatchObject({ user: { name: 'log-keeper' }, details: { before: ALL_ON, after: off } });

    const logins = await count('login.');
    await sut.createUser('quiet-login', 'quiet-password');
    await sut.login('quiet-login', 'quiet-password');
    await expect(sut.login('quiet-login', 'wrong')).rejects.toThrow();
    expect(await count('login.')).toBe(logins);
    // Other categories still record.
    expect((await call('PUT', '/fotoweb/api/footer', { markdown: 'Still recorded' })).statusCode).toBe(200);
    expect((await latest('site.footerChanged')).details).toMatchObject({ length: 14 });

    // Everything off: nothing is recorded, but switching it back on is.
    expect((await put({ ...ALL_ON, enabled: false })).statusCode).toBe(200);
    const footers = await count('site.footerChanged');
    expect((await call('PUT', '/fotoweb/api/footer', { markdown: 'Not recorded' })).statusCode).toBe(200);
    expect(await count('site.footerChanged')).toBe(footers);
    expect((await put(ALL_ON)).statusCode).toBe(200);
    expect(await latest('site.activitySettingsChanged')).toMatchObject({ details: { before: { enabled: false }, after: ALL_ON } });
    await sut.login('quiet-login', 'quiet-password');
    expect(await latest('login.succeeded')).toMatchObject({ user: { name: 'quiet-login' } });
  });

  it('refuses callers without manageActivityLogging (403) and bad settings (400), changing nothing', async () => {
    expect((await sut.app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    for (const token of [plain.token, auditor.token]) {
      const read = await sut.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(token) });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/manageActivityLogging/) });
      const write = await put({ ...ALL_ON, enabled: false }, token);
      expect(write.statusCode).toBe(403);
    }
    const bad = [
      {},
      { enabled: true },
      { ...ALL_ON, enabled: 'no' },
      { ...ALL_ON, categories: { ...ALL_ON.categories, logins: 0 } },
      { ...ALL_ON, categories: { ...ALL_ON.categories, secrets: false } },
      { ...ALL_ON, extra: true },
    ];
    for (const body of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ value: 'InvalidRequest', message: expect.any(String) });
    }
    expect((await sut.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(keeper.token) })).json()).toEqual(ALL_ON);
  });
});

describe('archives and the site owner', () => {
  it('an archive changed, and its permissions changed with the access list before and after', async () => {
    const config = '/fotoweb/api/config/archives/5000';
    const save = (body: unknown) =>
      sut.app.inject({ method: 'PUT', url: config, headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const photos = (await sut.app.inject({ method: 'GET', url: config, headers: bearer(sut.adminToken) })).json();
    expect((await save({ ...photos, Description: 'Audited photos' })).statusCode).toBe(200);
    expect(await latest('archive.changed')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'archive', id: '5000', name: 'Photos' } });

    const members = [...photos.MemberList, { Id: plain.id, MemberType: 'user', Permissions: ['View', 'Preview'] }];
    const widened = await save({ ...photos, MemberList: members });
    expect(widened.statusCode, widened.body).toBe(200);
    const changed = await latest('archive.permissionsChanged');
    const { before, after } = changed.details.accessList as { before: Array<{ id: number }>; after: Array<{ id: number; permissions: string[] }> };
    expect(before.some((m) => m.id === plain.id)).toBe(false);
    expect(after.find((m) => m.id === plain.id)).toMatchObject({ permissions: expect.arrayContaining(['View', 'Preview']) });
  });

  it('orders approved and rejected, with the orderer', async () => {
    const { call } = requestsFor(() => sut);
    const decide = async (decision: 'approve' | 'reject') => {
      expect((await call('POST', '/fotoweb/me/cart', { data: [{ href: `${PHOTOS}act/Audited%20dog.jpg.info` }] })).statusCode).toBe(204);
      const submitted = await call('POST', '/fotoweb/me/orders/', {});
      expect(submitted.statusCode, submitted.body).toBe(201);
      const href = submitted.json().orderLocation as string;
      expect((await call('POST', `${href}/${decision}`, {})).statusCode).toBe(200);
      return href;
    };
    const approved = await decide('approve');
    expect(await latest('order.approved')).toMatchObject({
      user: { name: 'admin' },
      target: { kind: 'order', href: approved, name: expect.stringMatching(/^ORD-/) },
      details: { orderer: 'admin' },
    });
    const rejected = await decide('reject');
    expect(await latest('order.rejected')).toMatchObject({ target: { kind: 'order', href: rejected }, details: { orderer: 'admin' } });
  });

  it('the site owner’s hand-over, naming the new owner', async () => {
    const heir = await sut.createUser('activity-heir');
    const res = await sut.app.inject({
      method: 'PUT',
      url: '/fotoweb/users/site-owner',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/vnd.fotoware.user-reference+json' },
      payload: JSON.stringify({ user: `/fotoweb/api/users/${heir.id}` }),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await latest('site.ownerHandedOver')).toMatchObject({ user: { name: 'admin' }, target: { kind: 'user', id: String(heir.id), href: `/fotoweb/api/users/${heir.id}` } });
  });
});
