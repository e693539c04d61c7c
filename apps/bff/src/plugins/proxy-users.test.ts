/**
 * The BFF in front of issue 11's DAM routes (users, groups, the own password): lists with their query, membership
 * changes `{add, remove}` with the vendor media type, the batch delete's JSON body on a DELETE, and the DAM's
 * refusals reach the DAM, or the browser, unchanged; a body outside the contract is refused by the BFF before the
 * DAM (bff.yaml "Proxy"). The BFF holds no rule of its own: password strength, cycles and name clashes are the DAM's.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, MEDIA_TYPES, SESSION_COOKIE } from '@magpie/api-types';
import { buildBffApp } from '../app.ts';
import { ADMIN_PASSWORD, createTestStack, deadUrl, testConfig, TestBrowser, type TestStack } from '../testing/stack.ts';

let sut: TestStack;
let admin: TestBrowser;

/** A new user's body as the user form sends it. */
const newUser = (username: string) => ({
  username,
  address: { firstName: 'Grace', lastName: `Hopper ${username}`, email: `${username}@example.com` },
  account: { password: 'compiler pioneer 1952' },
});

/** Creates a user straight at the DAM (as the admin); answers its href. */
async function createUser(username: string): Promise<string> {
  const res = await sut.dam.app.inject({
    method: 'POST',
    url: '/fotoweb/users/',
    headers: { authorization: `Bearer ${sut.dam.adminToken}`, 'content-type': MEDIA_TYPES.user, accept: MEDIA_TYPES.user },
    payload: JSON.stringify(newUser(username)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { href: string }).href;
}

/** Creates a group straight at the DAM (as the admin); answers its href. */
async function createGroup(name: string): Promise<string> {
  const res = await sut.dam.app.inject({
    method: 'POST',
    url: '/fotoweb/groups/',
    headers: { authorization: `Bearer ${sut.dam.adminToken}`, 'content-type': MEDIA_TYPES.group, accept: MEDIA_TYPES.group },
    payload: JSON.stringify({ name }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { href: string }).href;
}

/** The status of a user's href straight at the DAM (200 while it lives, 404 once deleted). */
async function damStatusOf(href: string): Promise<number> {
  const res = await sut.dam.app.inject({ method: 'GET', url: href, headers: { authorization: `Bearer ${sut.dam.adminToken}`, accept: MEDIA_TYPES.user } });
  return res.statusCode;
}

beforeAll(async () => {
  sut = await createTestStack();
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

describe('users and groups through the BFF (issue 11)', () => {
  it('passes a list GET on with its query (q, sortfield, sortdir) and answers the vendor list', async () => {
    await createUser('bff-list-ada');
    await createUser('bff-list-adam');
    await createUser('bff-list-grace');
    const res = await admin.request({ method: 'GET', url: '/fotoweb/users/?q=bff-list-ada&sortfield=username&sortdir=desc', headers: { accept: MEDIA_TYPES.userList } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.fotoware\.user-list\+json/);
    const list = res.json() as { data: Array<{ username: string }> };
    // The DAM searched and sorted: only the two "ada" users, in descending order.
    expect(list.data.map((u) => u.username)).toEqual(['bff-list-adam', 'bff-list-ada']);

    const groups = await admin.request({ method: 'GET', url: '/fotoweb/groups/?q=Everyone', headers: { accept: MEDIA_TYPES.groupList } });
    expect(groups.statusCode, groups.body).toBe(200);
    expect((groups.json() as { data: Array<{ name: string }> }).data.map((g) => g.name)).toContain('Everyone');
  });

  it('passes a PATCH {add, remove} with the vendor media type on, and the DAM applies both', async () => {
    const user = await createUser('bff-member');
    const [editors, readers] = [await createGroup('BFF Editors'), await createGroup('BFF Readers')];
    const memberOf = `${user}/member-of`;
    const first = await admin.request({
      method: 'PATCH',
      url: memberOf,
      headers: { 'content-type': MEDIA_TYPES.groupListUpdate },
      payload: JSON.stringify({ add: [readers] }),
    });
    expect(first.statusCode, first.body).toBe(204);
    const res = await admin.request({
      method: 'PATCH',
      url: memberOf,
      headers: { 'content-type': MEDIA_TYPES.groupListUpdate },
      payload: JSON.stringify({ add: [editors], remove: [readers] }),
    });
    expect(res.statusCode, res.body).toBe(204);
    const after = await admin.request({ method: 'GET', url: memberOf, headers: { accept: MEDIA_TYPES.memberOf } });
    expect(after.statusCode, after.body).toBe(200);
    const hrefs = (after.json() as { groups: Array<{ href: string; name: string }> }).groups.map((g) => g.href);
    expect(hrefs).toContain(editors);
    expect(hrefs).not.toContain(readers);
  });

  it('passes a DELETE with a JSON body (deleteUsers) on with its body: the DAM deletes exactly the users it names', async () => {
    const [gone1, gone2, kept] = [await createUser('bff-delete-1'), await createUser('bff-delete-2'), await createUser('bff-delete-kept')];
    const res = await admin.request({
      method: 'DELETE',
      url: '/fotoweb/users/',
      headers: { 'content-type': MEDIA_TYPES.userList, accept: 'application/json' },
      payload: JSON.stringify({ users: [gone1, gone2] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: [gone1, gone2], skipped: [] });
    expect([await damStatusOf(gone1), await damStatusOf(gone2), await damStatusOf(kept)]).toEqual([404, 404, 200]);
  });

  it('passes a DELETE body on over real HTTP too (a browser sends it with Content-Length)', async () => {
    const bff = await sut.anotherBff();
    await bff.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bff.server.address() as AddressInfo).port}`;
    const browser = new TestBrowser(bff);
    expect((await browser.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const gone = await createUser('bff-delete-http');
    const res = await fetch(`${base}/fotoweb/users/`, {
      method: 'DELETE',
      headers: {
        cookie: browser.cookieHeader(),
        [CSRF_HEADER]: browser.cookies.get(CSRF_COOKIE)!,
        'content-type': `${MEDIA_TYPES.userList}; charset=utf-8`,
        accept: 'application/json',
      },
      body: JSON.stringify({ users: [gone] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ deleted: [gone], skipped: [] });
    expect(await damStatusOf(gone)).toBe(404);
  });

  it('passes the DAM’s 409s through untouched (status, type and body byte for byte)', async () => {
    await createUser('bff-taken');
    const [outer, inner] = [await createGroup('BFF Outer'), await createGroup('BFF Inner')];
    const nest = await sut.dam.app.inject({
      method: 'PATCH',
      url: `${outer}/groups`,
      headers: { authorization: `Bearer ${sut.dam.adminToken}`, 'content-type': MEDIA_TYPES.groupListUpdate },
      payload: JSON.stringify({ add: [inner] }),
    });
    expect(nest.statusCode, nest.body).toBe(204);
    const cases = [
      { method: 'POST', url: '/fotoweb/users/', type: MEDIA_TYPES.user, body: newUser('bff-taken'), value: 'UserExists' },
      // Outer holds Inner: making Outer a member of Inner would be a cycle.
      { method: 'PATCH', url: `${inner}/groups`, type: MEDIA_TYPES.groupListUpdate, body: { add: [outer] }, value: 'CircularGroupMembers' },
      { method: 'PATCH', url: `${outer}/member-of`, type: MEDIA_TYPES.groupListUpdate, body: { add: [inner] }, value: 'CircularMemberOf' },
    ] as const;
    for (const [i, c] of cases.entries()) {
      // The same request id on both paths, so the DAM's two answers can be compared whole.
      const headers = { 'content-type': c.type, accept: 'application/json', 'x-request-id': `bff-409-${i}` };
      const through = await admin.request({ method: c.method, url: c.url, headers, payload: JSON.stringify(c.body) });
      const direct = await sut.dam.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...headers, authorization: `Bearer ${sut.dam.adminToken}` },
        payload: JSON.stringify(c.body),
      });
      expect(direct.statusCode, direct.body).toBe(409);
      expect(through.statusCode).toBe(409);
      expect(through.json()).toMatchObject({ value: c.value, message: expect.any(String), requestId: `bff-409-${i}` });
      expect(through.body).toBe(direct.body);
      expect(through.headers['content-type']).toBe(direct.headers['content-type']);
      // The DAM refused the session's request, not the session: it stays.
      expect(through.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses a body outside the route’s schema with 400 before the DAM (a dead DAM answers the same) and nothing changes', async () => {
    const user = await createUser('bff-refused');
    const group = await createGroup('BFF Refused');
    const down = await buildBffApp(testConfig({ damUrl: await deadUrl() }));
    try {
      const browser = new TestBrowser(down);
      for (const [name, value] of admin.cookies) browser.cookies.set(name, value);
      const cases = [
        { method: 'PATCH', url: `${user}/member-of`, type: MEDIA_TYPES.groupListUpdate, body: { add: [group], remove: [group] }, path: 'remove' },
        { method: 'DELETE', url: '/fotoweb/users/', type: MEDIA_TYPES.userList, body: { users: [] }, path: 'users' },
        { method: 'PATCH', url: '/fotoweb/users/', type: MEDIA_TYPES.userListUpdate, body: { users: [user], data: {} }, path: 'data' },
        { method: 'POST', url: '/fotoweb/groups/', type: MEDIA_TYPES.group, body: { name: 'x', permissions: ['manageEverything'] }, path: 'permissions.0' },
        { method: 'POST', url: '/fotoweb/me/password', type: 'application/json', body: { currentPassword: '', newPassword: 'long enough password' }, path: 'currentPassword' },
      ] as const;
      for (const c of cases) {
        for (const app of [admin, browser]) {
          const res = await app.request({ method: c.method, url: c.url, headers: { 'content-type': c.type }, payload: JSON.stringify(c.body) });
          expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({ value: 'InvalidRequest', issues: expect.arrayContaining([expect.objectContaining({ path: c.path })]) });
        }
      }
      // The same delete with a body of the wrong media type: 415 at the BFF.
      const wrongType = await admin.request({ method: 'DELETE', url: '/fotoweb/users/', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ users: [user] }) });
      expect(wrongType.statusCode).toBe(415);
      expect(await damStatusOf(user)).toBe(200);
      const memberOf = await admin.request({ method: 'GET', url: `${user}/member-of`, headers: { accept: MEDIA_TYPES.memberOf } });
      expect((memberOf.json() as { groups: Array<{ href: string }> }).groups.map((g) => g.href)).not.toContain(group);
    } finally {
      await down.close();
    }
  });
});

describe('changing one’s own password through the BFF (issue 11)', () => {
  it('passes the change on; the DAM’s refusals (weak, wrong) reach the browser as the DAM wrote them', async () => {
    await createUser('bff-pat');
    const pat = new TestBrowser(sut.bff);
    expect((await pat.login('bff-pat', 'compiler pioneer 1952')).statusCode).toBe(200);
    const change = (body: unknown) => pat.request({ method: 'POST', url: '/fotoweb/me/password', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    // Strength is the DAM's rule (the BFF only checks the shape): a short one passes the BFF and the DAM refuses it.
    const weak = await change({ currentPassword: 'compiler pioneer 1952', newPassword: 'short' });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json()).toMatchObject({ value: 'WeakPassword', message: expect.any(String) });
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'nanoseconds of wire 1' });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(wrong.json()).toMatchObject({ value: 'WrongPassword' });

    const done = await change({ currentPassword: 'compiler pioneer 1952', newPassword: 'nanoseconds of wire 1' });
    expect(done.statusCode, done.body).toBe(204);
    // The session that changed it stays; the new password logs in, the old one no longer does.
    expect((await pat.request({ method: 'GET', url: '/fotoweb/views/session' })).json()).toMatchObject({ authenticated: true });
    expect((await new TestBrowser(sut.bff).login('bff-pat', 'nanoseconds of wire 1')).statusCode).toBe(200);
    expect((await new TestBrowser(sut.bff).login('bff-pat', 'compiler pioneer 1952')).statusCode).toBe(401);
  });
});
