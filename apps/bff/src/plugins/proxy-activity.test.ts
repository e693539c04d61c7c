/**
 * The BFF in front of the activity log (issue 15, spec 03 §2.1 activity exports): the list and the CSV download reach
 * the DAM from a session and come back as the DAM sent them (the file's type and name, the rows), a bad filter is
 * refused by the BFF's route table before the DAM, and the DAM's 403 passes through. Who may read the log is the DAM's.
 * The logging settings are read and changed through a session (CSRF), a bad body refused by the route table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityList } from '@magpie/api-types';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

const ACTIVITY = '/fotoweb/api/activity';
let sut: TestStack;
let admin: TestBrowser;

beforeAll(async () => {
  sut = await createTestStack();
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

describe('the activity log through the BFF (issue 15)', () => {
  it('lists the log, and downloads it as CSV with its file name', async () => {
    const page = await admin.request({ method: 'GET', url: `${ACTIVITY}?action=login.` });
    expect(page.statusCode, page.body).toBe(200);
    const log = page.json() as ActivityList;
    expect(log.data[0]).toMatchObject({ action: 'login.succeeded', user: { name: 'admin' } });

    const file = await admin.request({ method: 'GET', url: log.export.csv });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,time,user id,user name,user full name,action,target kind,target id,target name,target href,details');
    expect(lines[1]).toContain(',admin,');
    expect(lines[1]).toContain(',login.succeeded,');
  });

  it('refuses a bad filter before the DAM, and passes the DAM’s 403 on', async () => {
    const bad = await admin.request({ method: 'GET', url: `${ACTIVITY}/export?from=yesterday` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest' });

    await sut.dam.createUser('bff-activity-plain', 'plain user password 1');
    const plain = new TestBrowser(sut.bff);
    expect((await plain.login('bff-activity-plain', 'plain user password 1')).statusCode).toBe(200);
    const refused = await plain.request({ method: 'GET', url: `${ACTIVITY}/export` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('manageActivityExports') });
  });

  it('reads and changes what the log records through a session, and refuses a bad body before the DAM', async () => {
    const SETTINGS = `${ACTIVITY}/settings`;
    const settings = (await admin.request({ method: 'GET', url: SETTINGS })).json() as { enabled: boolean; categories: Record<string, boolean> };
    expect(settings).toMatchObject({ enabled: true, categories: { logins: true } });
    const put = (body: unknown) => admin.request({ method: 'PUT', url: SETTINGS, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const bad = await put({ enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest' });
    const saved = await put(settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(settings);
    const row = (await admin.request({ method: 'GET', url: `${ACTIVITY}?action=site.activitySettingsChanged` })).json() as ActivityList;
    expect(row.data[0]).toMatchObject({ user: { name: 'admin' }, details: { after: settings } });
  });
});
