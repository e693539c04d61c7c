/**
 * Sign-ups (issue 14; spec 01 §2 approve-user modal, §3 "Sign-up", §5; spec 03 §2.10, §3.7, §4, §5 "Sign-up details",
 * §7, §8): the public form and sign-up through each invitation type (the address and domain checks), used-up, revoked,
 * expired and unknown links, open sign-up, the extra fields, the pending list, its count, PATCH, approval with groups
 * (the new user logs in, in those groups) and the license limit, rejection, the applicants' mail, the settings, and the
 * public endpoints' rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationList, InvitationsCreated, Signup, SignupForm, SignupList, SignupSettings } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../../tests/support/smtp.ts';
import { waitUntil } from '../../testing/dam-process.ts';

const SIGNUP = '/fotoweb/signup/';
const SIGNUPS = '/fotoweb/signups/';
const SETTINGS = '/fotoweb/api/config/signups';
const PASSWORD = 'a fine long password';

let dam: TestDam;
const requests = requestsFor(() => dam);
let approver: { id: number; token: string; groupId: number };
let press: number;
let secret: number;

beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_SIGNUP_RATE_LIMIT: '1000' });
  approver = await dam.createMemberWith('approver', ['approvePendingSignups']);
  press = await dam.createGroupWith('Press', []);
  secret = await dam.createGroupWith('Secret', []);
  await dam.ctx.repos.users.addToGroups(approver.id, [press]);
  dam.ctx.auth.forgetCallers();
});
afterAll(async () => {
  await dam?.close();
});

const groupHref = (id: number) => `/fotoweb/api/groups/${id}`;
const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;

/** Makes an invitation as the site owner; answers its link's token (a users invitation: the one of its first address). */
async function invitation(body: Record<string, unknown>, target: TestDam = dam): Promise<string> {
  const headers = { ...bearer(target.adminToken), 'content-type': 'application/json' };
  const res = await target.app.inject({ method: 'POST', url: '/fotoweb/invitations/', headers, payload: JSON.stringify(body) });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as InvitationsCreated;
  if (created.invitationLink) return tokenOf(created.invitationLink);
  const listed = (await target.app.inject({ method: 'GET', url: '/fotoweb/invitations/', headers: bearer(target.adminToken) })).json() as InvitationList;
  const email = (body.emails as string[])[0]!;
  return tokenOf(listed.data.find((row) => row.email === email)!.invitationViewHref!);
}

/** The public form (no token: open sign-up), as a visitor. */
const form = (token?: string, target: TestDam = dam, address = '203.0.113.7') =>
  target.app.inject({ method: 'GET', url: token === undefined ? SIGNUP : `${SIGNUP}?invitation=${token}`, headers: { 'x-forwarded-for': address } });
/** A sign-up, as a visitor. */
const submit = (body: Record<string, unknown>, target: TestDam = dam, address = '203.0.113.7') =>
  target.app.inject({ method: 'POST', url: SIGNUP, headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, payload: JSON.stringify(body) });
const person = (email: string, extra: Record<string, unknown> = {}) => ({ email, firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD, ...extra });

const pending = async (token = approver.token) => (await requests.get<SignupList>(SIGNUPS, token)).data;
const signupOf = async (email: string) => (await pending(dam.adminToken)).find((row) => row.email === email)!;
const putSettings = (settings: SignupSettings, token = dam.adminToken) =>
  dam.app.inject({ method: 'PUT', url: SETTINGS, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(settings) });
const mails = (purpose: string) => dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', purpose).orderBy('id').execute();

describe('the public sign-up form (getSignupForm)', () => {
  it('answers each invitation type: the preset address, the domain, the fields and the password rules', async () => {
    const users = await invitation({ emails: ['form-user@example.com'] });
    const res = await form(users);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      type: 'users',
      email: 'form-user@example.com',
      organizationDomain: null,
      fields: [],
      approveAutomatically: false,
      passwordRules: { minLength: 10, maxLength: 1024 },
    } satisfies Partial<SignupForm>);
    expect(Date.parse(res.json().expires)).toBeGreaterThan(Date.now());
    expect((await form(await invitation({ organizationDomain: 'form.example' }))).json()).toMatchObject({ type: 'organization', email: null, organizationDomain: 'form.example' });
    expect((await form(await invitation({ link: true, approveAutomatically: true }))).json()).toMatchObject({ type: 'link', approveAutomatically: true });
  });

  it('refuses unknown (404), malformed (400), revoked, expired and used (410) links', async () => {
    expect((await form('A'.repeat(43))).json()).toMatchObject({ value: 'InvitationNotFound' });
    expect((await form('A'.repeat(43))).statusCode).toBe(404);
    expect((await form('short')).statusCode).toBe(400);

    const revoked = await invitation({ link: true, description: 'form revoked' });
    const listed = (await requests.get<InvitationList>('/fotoweb/invitations/')).data.find((row) => row.description === 'form revoked')!;
    expect((await requests.post(listed.revoke, {})).statusCode).toBe(204);
    expect((await form(revoked)).statusCode).toBe(410);
    expect((await form(revoked)).json()).toMatchObject({ value: 'InvitationRevoked' });

    const expired = await invitation({ link: true, description: 'form expired' });
    await dam.ctx.database.db
      .updateTable('invitations')
      .set({ expires: new Date(Date.now() - 1) })
      .where('description', '=', 'form expired')
      .execute();
    expect((await form(expired)).json()).toMatchObject({ value: 'InvitationExpired' });
    expect((await form(expired)).statusCode).toBe(410);

    const used = await invitation({ emails: ['used-once@example.com'] });
    expect((await submit(person('used-once@example.com', { invitation: used }))).statusCode).toBe(201);
    expect((await form(used)).json()).toMatchObject({ value: 'InvitationUsed' });
    expect((await submit(person('used-once@example.com', { invitation: used }))).statusCode).toBe(410);
  });

  it('is closed without an invitation until the site opens sign-up (403 SignupClosed)', async () => {
    expect((await form()).statusCode).toBe(403);
    expect((await form()).json()).toMatchObject({ value: 'SignupClosed' });
    expect((await submit(person('open-early@example.com'))).json()).toMatchObject({ value: 'SignupClosed' });
    expect((await putSettings({ openSignup: true, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
    expect((await form()).json()).toMatchObject({ type: 'open', email: null, organizationDomain: null, expires: null });
    const res = await submit(person('open@example.com'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    expect(await signupOf('open@example.com')).toMatchObject({ invitationType: 'open', groups: [] });
    expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
  });
});

describe('signing up (submitSignup)', () => {
  it('through a users invitation: only with the invited address, once; the invitation leaves the list', async () => {
    const token = await invitation({ emails: ['Invited@Example.com'], groups: [groupHref(press)], description: 'one person' });
    const wrong = await submit(person('someone-else@example.com', { invitation: token }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'email', message: 'Sign up with the address the invitation was sent to (Invited@Example.com).' }]);
    const res = await submit(person('invited@example.com', { invitation: token }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
    expect(await signupOf('invited@example.com')).toMatchObject({ invitationType: 'users', groups: [{ href: groupHref(press), name: 'Press' }] });
    expect((await requests.get<InvitationList>('/fotoweb/invitations/')).data.find((row) => row.description === 'one person')).toBeUndefined();
    // Only a scrypt hash of the password is kept.
    const stored = await dam.ctx.database.db.selectFrom('signups').select('password_hash').where('email', '=', 'invited@example.com').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('through an organization invitation: addresses at its domain only, as many as come', async () => {
    const token = await invitation({ organizationDomain: 'org.example' });
    const outside = await submit(person('me@elsewhere.example', { invitation: token }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().issues).toEqual([{ path: 'email', message: 'This invitation is for addresses at org.example.' }]);
    expect((await submit(person('sub@mail.org.example', { invitation: token }))).statusCode).toBe(400);
    expect((await submit(person('first@ORG.example', { invitation: token }))).statusCode).toBe(201);
    expect((await submit(person('second@org.example', { invitation: token }))).statusCode).toBe(201);
    expect((await form(token)).statusCode).toBe(200);
  });

  it('through a link invitation: any address, many people', async () => {
    const token = await invitation({ link: true });
    expect((await submit(person('link-one@example.net', { invitation: token }))).statusCode).toBe(201);
    expect((await submit(person('link-two@example.org', { invitation: token }))).statusCode).toBe(201);
  });

  it('refuses weak passwords (WeakPassword), addresses in use (409 SignupExists) and bad bodies (400)', async () => {
    const token = await invitation({ link: true });
    const weak = await submit(person('weak@example.com', { invitation: token, password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ value: 'WeakPassword', issues: [{ path: 'password' }] });
    expect((await submit(person('weak@example.com', { invitation: token, password: 'weak@example.com and more' }))).json()).toMatchObject({ value: 'WeakPassword' });

    await dam.createUser('taken-name@example.com');
    expect((await submit(person('TAKEN-name@example.com', { invitation: token }))).json()).toMatchObject({ value: 'SignupExists' });
    expect((await submit(person('link-twice@example.com', { invitation: token }))).statusCode).toBe(201);
    const twice = await submit(person('Link-Twice@example.com', { invitation: token }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ value: 'SignupExists' });

    expect((await submit({ ...person('bad@example.com'), email: 'not an address', invitation: token })).statusCode).toBe(400);
    expect((await submit({ email: 'bad@example.com', invitation: token })).statusCode).toBe(400);
    expect((await submit({ ...person('bad@example.com', { invitation: token }), firstName: '   ' })).json()).toMatchObject({
      value: 'InvalidRequest',
      issues: [{ path: 'firstName' }],
    });
  });

  it('checks the extra fields: required, regex with its help text, dropdown choices, ticked checkboxes, unknown and repeated ids', async () => {
    const fields: SignupSettings['fields'] = [
      { id: 'company', label: 'Company', dataType: 'text', values: [], required: true, validation: { helpText: 'Give your company as letters.', regex: '^[A-Za-z ]+$' } },
      { id: 'role', label: 'Role', dataType: 'dropdown', values: ['Photographer', 'Editor'], required: false, validation: null },
      { id: 'terms', label: 'I accept the terms', dataType: 'checkbox', values: [], required: true, validation: null },
    ];
    expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields })).statusCode).toBe(200);
    const token = await invitation({ link: true });
    expect((await form(token)).json().fields).toEqual(fields);

    const missing = await submit(person('fields@example.com', { invitation: token, password: 'short', userData: [{ id: 'terms', value: 'false' }] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'userData.0.value', message: 'I accept the terms must be ticked.' },
        { path: 'userData', message: 'Give your company as letters.' },
        { path: 'password', message: expect.any(String) },
      ]),
    );
    const wrong = await submit(
      person('fields@example.com', {
        invitation: token,
        userData: [
          { id: 'company', value: 'ACME 42' },
          { id: 'role', value: 'Boss' },
          { id: 'terms', value: 'yes' },
          { id: 'shoe', value: '42' },
          { id: 'role', value: 'Editor' },
        ],
      }),
    );
    expect(wrong.json().issues).toEqual([
      { path: 'userData.0.value', message: 'Give your company as letters.' },
      { path: 'userData.1.value', message: 'Role must be one of its choices.' },
      { path: 'userData.2.value', message: 'I accept the terms is true or false.' },
      { path: 'userData.3.id', message: '"shoe" is no field of the sign-up form.' },
      { path: 'userData.4.id', message: 'Role is answered twice.' },
    ]);
    const good = await submit(
      person('fields@example.com', {
        invitation: token,
        userData: [
          { id: 'company', value: 'ACME' },
          { id: 'terms', value: 'true' },
        ],
      }),
    );
    expect(good.statusCode, good.body).toBe(201);
    expect((await signupOf('fields@example.com')).userData).toEqual([
      { id: 'company', value: 'ACME' },
      { id: 'terms', value: 'true' },
    ]);
    expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
  });
});

describe('an expression that backtracks for ever', () => {
  it('is cut off within its time budget: the value is refused, the server goes on', async () => {
    const fields = [{ id: 'code', label: 'Code', dataType: 'text' as const, values: [], required: true, validation: { helpText: 'Letters a.', regex: '^(a+)+$' } }];
    expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields })).statusCode).toBe(200);
    try {
      const token = await invitation({ link: true });
      const started = Date.now();
      const res = await submit(person('redos@example.com', { invitation: token, userData: [{ id: 'code', value: `${'a'.repeat(60)}!` }] }));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'userData.0.value', message: 'Code could not be checked; give a shorter or simpler value.' }]);
      expect((await submit(person('redos@example.com', { invitation: token, userData: [{ id: 'code', value: 'aaaa' }] }))).statusCode).toBe(201);
    } finally {
      expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
    }
  });
});

describe('pending sign-ups: list, count, corrections (spec 03 §2.10, §7, §8)', () => {
  it('mails every approver with an address (through a nested group too) when a sign-up waits, and nobody else', async () => {
    const db = dam.ctx.database.db;
    await db.updateTable('users').set({ email: 'approver@example.com' }).where('id', '=', approver.id).execute();
    // Someone in a group nested in an approvers' group holds the permission; someone in an unrelated group does not.
    const deputies = await dam.createGroupWith('Deputies', []);
    await db.insertInto('group_groups').values({ group_id: approver.groupId, member_group_id: deputies }).execute();
    const deputy = await dam.ctx.repos.users.create({ username: 'deputy', fullName: 'Dee Puty', email: 'deputy@example.com', passwordHash: null });
    const bystander = await dam.ctx.repos.users.create({ username: 'bystander', fullName: 'By Stander', email: 'bystander@example.com', passwordHash: null });
    await dam.ctx.repos.users.addToGroups(deputy.id, [deputies]);
    await dam.ctx.repos.users.addToGroups(bystander.id, [press]);
    const before = (await mails('signup-pending')).length;

    const token = await invitation({ link: true });
    expect((await submit(person('waiting-for-you@example.com', { invitation: token, firstName: 'Grace', lastName: 'Hopper' }))).statusCode).toBe(201);
    const sent = (await mails('signup-pending')).slice(before);
    expect(sent.map((mail) => mail.to_address).sort()).toEqual(['approver@example.com', 'deputy@example.com']);
    const deputyMail = sent.find((mail) => mail.to_address === 'deputy@example.com')!;
    expect(deputyMail.subject).toBe('Grace Hopper is waiting for approval');
    expect(deputyMail.text_body).toContain('Hello Dee Puty,');
    expect(deputyMail.text_body).toContain('Grace Hopper (waiting-for-you@example.com) signed up through a link invitation');
    expect(deputyMail.text_body).toContain('http://localhost:8080/fotoweb/views/admin/signups');
    expect(deputyMail.html_body).toContain('<a href="http://localhost:8080/fotoweb/views/admin/signups">');

    // An invitation that approves at once makes a user and mails no approver.
    const automatic = await invitation({ link: true, approveAutomatically: true });
    expect((await submit(person('straight-in@example.com', { invitation: automatic }))).statusCode).toBe(201);
    expect((await mails('signup-pending')).length).toBe(before + 2);
  });

  it('lists them oldest first with the fields and adminCanAssignGroups, and counts them, for approvers only', async () => {
    const list = await requests.get<SignupList>(SIGNUPS, approver.token);
    expect(list.adminCanAssignGroups).toBe(true);
    expect(list.count).toBe(list.data.length);
    expect(list.data.length).toBeGreaterThan(3);
    const created = list.data.map((row) => Date.parse(row.createdDate));
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    const first = list.data[0]!;
    expect(first.href).toBe(`${SIGNUPS}${first.id}/`);
    expect(first).toMatchObject({ approve: `${first.href}approve`, reject: `${first.href}reject` });
    expect(JSON.stringify(list)).not.toContain('scrypt');
    expect(await requests.get(`${SIGNUPS}count`, approver.token)).toEqual({ signupCount: list.count });

    const nobody = await dam.createUser('signups-nobody');
    for (const url of [SIGNUPS, `${SIGNUPS}count`]) {
      const refused = await requests.call('GET', url, undefined, nobody.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('approvePendingSignups');
    }
  });

  it('corrects names and answers (PATCH); refuses answers that break the fields (400) and unknown sign-ups (404)', async () => {
    const token = await invitation({ link: true });
    expect((await submit(person('patch-me@example.com', { invitation: token }))).statusCode).toBe(201);
    const row = await signupOf('patch-me@example.com');
    const res = await requests.call('PATCH', row.href, { firstName: '  Augusta ', lastName: 'King' }, approver.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King', email: 'patch-me@example.com' } satisfies Partial<Signup>);
    const bad = await requests.call('PATCH', row.href, { userData: [{ id: 'nothing', value: 'x' }] }, approver.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest', message: expect.stringMatching(/^Field validation failed/), issues: [{ path: 'userData.0.id' }] });
    expect((await requests.call('PATCH', row.href, { firstName: '' }, approver.token)).statusCode).toBe(400);
    expect((await requests.call('PATCH', `${SIGNUPS}00000000-0000-4000-8000-000000000000/`, { firstName: 'X' }, approver.token)).statusCode).toBe(404);
    expect((await requests.call('PATCH', `${SIGNUPS}not-a-uuid/`, { firstName: 'X' }, approver.token)).statusCode).toBe(400);
    expect((await requests.call('PATCH', row.href, { firstName: 'X' }, (await dam.createUser('patch-nobody')).token)).statusCode).toBe(403);
  });
});

describe('approving and rejecting (spec 01 §2, spec 03 §4, §7, §8)', () => {
  it('approves with groups: the user logs in with the address and password, is in those groups, and is mailed; the invitation names them', async () => {
    const token = await invitation({ organizationDomain: 'approve.example', groups: [groupHref(secret)], description: 'approve org' });
    expect((await submit(person('Joiner@approve.example', { invitation: token, userData: [] }))).statusCode).toBe(201);
    const row = await signupOf('Joiner@approve.example');
    expect(row.groups).toEqual([{ href: groupHref(secret), name: 'Secret' }]);

    // The approver is not in Secret but may keep the sign-up's own group, and adds Press (theirs).
    const res = await requests.post(row.approve, { groups: [groupHref(secret), groupHref(press), groupHref(10001)] }, approver.token);
    expect(res.statusCode, res.body).toBe(201);
    const approved = res.json();
    expect(approved).toEqual({ href: expect.stringMatching(/^\/fotoweb\/api\/users\/\d+$/), username: 'Joiner@approve.example' });
    expect(res.headers.location).toBe(approved.href);
    const userId = Number(approved.href.split('/').pop());
    expect((await dam.ctx.repos.users.explicitGroupIdsOf(userId)).sort()).toEqual([press, secret].sort());
    const user = (await dam.ctx.repos.users.findById(userId))!;
    expect(user).toMatchObject({ email: 'Joiner@approve.example', first_name: 'Ada', last_name: 'Lovelace', license_level: 35, is_enabled: true, kind: 'person' });

    const session = await dam.login('Joiner@approve.example', PASSWORD);
    const me = (await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(session.access_token) })).json();
    expect(me.user).toMatchObject({ userName: 'Joiner@approve.example', email: 'Joiner@approve.example' });

    expect((await pending()).find((signup) => signup.id === row.id)).toBeUndefined();
    const again = await requests.post(row.approve, {}, approver.token);
    expect(again.statusCode).toBe(404);
    const decided = await dam.ctx.database.db.selectFrom('signups').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'approved', user_id: userId, decided_by: approver.id, password_hash: null });

    const invitations = (await requests.get<InvitationList>('/fotoweb/invitations/')).data;
    expect(invitations.find((inv) => inv.description === 'approve org')!.redeemedBy).toEqual([{ id: userId, name: 'Ada Lovelace', username: 'Joiner@approve.example' }]);

    const mail = (await mails('signup-approved')).find((m) => m.to_address === 'Joiner@approve.example')!;
    expect(mail).toMatchObject({ subject: 'Your Magpie account is ready', status: 'held', requested_by: approver.id });
    expect(mail.text_body).toContain('Log in as "Joiner@approve.example"');
    expect(mail.text_body).toContain('http://localhost:8080/fotoweb/views/login');
  });

  it("approves without a body into the sign-up's own groups", async () => {
    const token = await invitation({ link: true, groups: [groupHref(secret)] });
    expect((await submit(person('no-body@example.com', { invitation: token }))).statusCode).toBe(201);
    const res = await requests.post((await signupOf('no-body@example.com')).approve, undefined, approver.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(await dam.ctx.repos.users.explicitGroupIdsOf(Number(res.json().href.split('/').pop()))).toEqual([secret]);
  });

  it('refuses groups that cannot be given (400 group validation failed), and a sign-up that is gone (404)', async () => {
    const token = await invitation({ link: true });
    expect((await submit(person('bad-groups@example.com', { invitation: token }))).statusCode).toBe(201);
    const row = await signupOf('bad-groups@example.com');
    const twice = await requests.post(row.approve, { groups: [groupHref(press), groupHref(press)] }, approver.token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([{ path: 'groups.1', message: 'A group is given twice.' }]);
    const bad = await requests.post(row.approve, { groups: [groupHref(secret), '/fotoweb/api/groups/999999', '/fotoweb/api/groups/10000', 'nonsense'] }, approver.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest', message: expect.stringMatching(/^Group validation failed/) });
    expect(bad.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['groups.0', 'groups.1', 'groups.2', 'groups.3']);
    expect(bad.json().issues[0].message).toBe('You may not give people the group Secret: you are not a member of it.');
    // Nothing was made.
    expect((await pending()).find((signup) => signup.id === row.id)).toBeDefined();
    expect((await requests.post(`${SIGNUPS}00000000-0000-4000-8000-000000000000/approve`, {}, approver.token)).statusCode).toBe(404);
    expect((await requests.post(row.approve, {}, (await dam.createUser('approve-nobody')).token)).statusCode).toBe(403);
  });

  it("keeps the invitation's groups when approvers do not choose them (adminCanAssignGroups off)", async () => {
    expect((await putSettings({ openSignup: false, adminCanAssignGroups: false, fields: [] })).statusCode).toBe(200);
    try {
      const token = await invitation({ link: true, groups: [groupHref(press)] });
      expect((await submit(person('fixed-groups@example.com', { invitation: token }))).statusCode).toBe(201);
      const list = await requests.get<SignupList>(SIGNUPS, approver.token);
      expect(list.adminCanAssignGroups).toBe(false);
      const row = list.data.find((signup) => signup.email === 'fixed-groups@example.com')!;
      const other = await requests.post(row.approve, { groups: [] }, approver.token);
      expect(other.statusCode).toBe(400);
      expect(other.json().issues).toEqual([{ path: 'groups', message: expect.stringContaining('Approvers do not choose groups') }]);
      const same = await requests.post(row.approve, { groups: [groupHref(press)] }, approver.token);
      expect(same.statusCode, same.body).toBe(201);
    } finally {
      expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
    }
  });

  it('rejects: 204, the applicant is mailed, the password hash is erased; again is 404', async () => {
    const token = await invitation({ link: true });
    expect((await submit(person('reject-me@example.com', { invitation: token }))).statusCode).toBe(201);
    const row = await signupOf('reject-me@example.com');
    expect((await requests.post(row.reject, { no: 1 }, approver.token)).statusCode).toBe(400);
    const res = await requests.post(row.reject, {}, approver.token);
    expect(res.statusCode, res.body).toBe(204);
    expect((await pending()).find((signup) => signup.id === row.id)).toBeUndefined();
    expect((await requests.post(row.reject, undefined, approver.token)).statusCode).toBe(404);
    const decided = await dam.ctx.database.db.selectFrom('signups').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'rejected', password_hash: null, decided_by: approver.id, user_id: null });
    const mail = (await mails('signup-rejected')).find((m) => m.to_address === 'reject-me@example.com')!;
    expect(mail.subject).toBe('Your Magpie sign-up');
    expect(mail.text_body).toContain('was not approved');
    // The address may sign up again.
    expect((await submit(person('reject-me@example.com', { invitation: token }))).statusCode).toBe(201);
  });

  it('makes the account at once through an invitation that approves automatically', async () => {
    const token = await invitation({ link: true, approveAutomatically: true, groups: [groupHref(press)] });
    const res = await submit(person('auto@example.com', { invitation: token }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'approved' });
    const session = await dam.login('auto@example.com', PASSWORD);
    expect(session.access_token).toEqual(expect.any(String));
    const user = (await dam.ctx.repos.users.findByUsername('auto@example.com'))!;
    expect(await dam.ctx.repos.users.explicitGroupIdsOf(user.id)).toEqual([press]);
    expect((await pending(dam.adminToken)).find((signup) => signup.email === 'auto@example.com')).toBeUndefined();
    expect((await mails('signup-approved')).map((m) => m.to_address)).toContain('auto@example.com');
  });
});

describe('the license limit (MAGPIE_LICENSE_SEATS)', () => {
  let limited: TestDam;
  beforeAll(async () => {
    // admin takes one Standard seat; one more is free.
    limited = await createTestDam({ MAGPIE_LICENSE_SEATS: '35=2' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('approves into the last seat, then answers 409 out_of_licenses; a pre-approved sign-up waits instead', async () => {
    const token = await invitation({ link: true }, limited);
    for (const email of ['seat-one@example.com', 'seat-two@example.com']) expect((await submit(person(email, { invitation: token }), limited)).statusCode).toBe(201);
    const list = (await limited.app.inject({ method: 'GET', url: SIGNUPS, headers: bearer(limited.adminToken) })).json() as SignupList;
    const approve = (email: string) =>
      limited.app.inject({
        method: 'POST',
        url: list.data.find((row) => row.email === email)!.approve,
        headers: { ...bearer(limited.adminToken), 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await approve('seat-one@example.com')).statusCode).toBe(201);
    const refused = await approve('seat-two@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ value: 'out_of_licenses', message: expect.stringContaining('out_of_licenses') });
    // Nothing was made, the sign-up still waits.
    expect(await limited.ctx.repos.users.findByUsername('seat-two@example.com')).toBeUndefined();
    expect(((await limited.app.inject({ method: 'GET', url: `${SIGNUPS}count`, headers: bearer(limited.adminToken) })).json() as { signupCount: number }).signupCount).toBe(1);

    const auto = await invitation({ link: true, approveAutomatically: true }, limited);
    const res = await submit(person('seat-auto@example.com', { invitation: auto }), limited);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });
  });
});

describe('the public endpoints are rate-limited per client address', () => {
  let strict: TestDam;
  beforeAll(async () => {
    strict = await createTestDam({ MAGPIE_SIGNUP_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('counts failed look-ups and every sign-up; answers 429 with Retry-After; other addresses go on; a valid form is free', async () => {
    const token = await invitation({ link: true }, strict);
    for (let i = 0; i < 5; i++) expect((await form(token, strict, '198.51.100.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await form('B'.repeat(43), strict, '198.51.100.1')).statusCode).toBe(404);
    const blocked = await form(token, strict, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ value: 'TooManyRequests' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await form(token, strict, '198.51.100.2')).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) expect((await submit(person(`limited-${i}@example.com`, { invitation: token }), strict, '198.51.100.3')).statusCode).toBe(201);
    expect((await submit(person('limited-3@example.com', { invitation: token }), strict, '198.51.100.3')).statusCode).toBe(429);
    expect((await submit(person('limited-3@example.com', { invitation: token }), strict, '198.51.100.4')).statusCode).toBe(201);
  });
});

describe('the sign-up settings', () => {
  it('are read by approvers and settings managers, changed by settings managers only, and checked whole', async () => {
    expect((await requests.call('GET', SETTINGS, undefined, approver.token)).json()).toEqual({ openSignup: false, adminCanAssignGroups: true, fields: [] });
    const refused = await putSettings({ openSignup: true, adminCanAssignGroups: true, fields: [] }, approver.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('manageSettings');
    expect((await requests.call('GET', SETTINGS, undefined, (await dam.createUser('settings-nobody')).token)).statusCode).toBe(403);

    const bad = await putSettings({
      openSignup: true,
      adminCanAssignGroups: true,
      fields: [
        { id: 'a', label: 'A', dataType: 'text', values: [], required: false, validation: { helpText: 'x', regex: '(' } },
        { id: 'A', label: 'Again', dataType: 'dropdown', values: [], required: false, validation: null },
        { id: 'c', label: 'C', dataType: 'checkbox', values: ['x'], required: false, validation: null },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['fields.0.validation.regex', 'fields.1.id', 'fields.1.values', 'fields.2.values']);
    expect((await requests.call('GET', SETTINGS, undefined, approver.token)).json()).toMatchObject({ openSignup: false });
  });
});

describe('the descriptors of sign-ups (the settings view, "Create an account")', () => {
  /** `GET /fotoweb/` of `target` as a guest (no token), or with `token`. */
  const publicDescriptor = async (token: string | undefined, target: TestDam = dam) => {
    const res = await target.app.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: 'application/json', ...(token ? bearer(token) : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { views?: { signup?: string | null } };
  };
  const viewsOf = async (token: string) => (await requests.call('GET', '/fotoweb/me', undefined, token)).json().views as Record<string, unknown>;

  it('links the open sign-up page in the public descriptor only while open sign-up is on', async () => {
    expect((await publicDescriptor(approver.token)).views).toEqual({ signup: null });
    expect((await putSettings({ openSignup: true, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
    try {
      expect((await publicDescriptor(approver.token)).views).toEqual({ signup: '/fotoweb/views/signup' });
      // The link it names is the open sign-up form.
      expect((await form()).json()).toMatchObject({ type: 'open' });
      // Guest-disabled mode (the harness's): no public descriptor without a token; the login view then asks the form.
      expect((await dam.app.inject({ method: 'GET', url: '/fotoweb/', headers: { accept: 'application/json' } })).statusCode).toBe(401);
    } finally {
      expect((await putSettings({ openSignup: false, adminCanAssignGroups: true, fields: [] })).statusCode).toBe(200);
    }
    expect((await publicDescriptor(approver.token)).views).toEqual({ signup: null });
    expect((await form()).statusCode).toBe(403);
  });

  it('tells guests too, while guest access is on', async () => {
    const guests = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
    try {
      expect((await publicDescriptor(undefined, guests)).views).toEqual({ signup: null });
      const headers = { ...bearer(guests.adminToken), 'content-type': 'application/json' };
      const open = { openSignup: true, adminCanAssignGroups: true, fields: [] };
      expect((await guests.app.inject({ method: 'PUT', url: SETTINGS, headers, payload: JSON.stringify(open) })).statusCode).toBe(200);
      expect(await publicDescriptor(undefined, guests)).toMatchObject({ isGuest: true, views: { signup: '/fotoweb/views/signup' } });
    } finally {
      await guests.close();
    }
  });

  it('offers the sign-up settings view to holders of manageSettings only', async () => {
    const manager = await dam.createMemberWith('signup-settings-manager', ['manageSettings']);
    expect(await viewsOf(dam.adminToken)).toMatchObject({ signupSettings: '/fotoweb/views/admin/signup-settings' });
    expect(await viewsOf(manager.token)).toMatchObject({ signupSettings: '/fotoweb/views/admin/signup-settings' });
    // Approvers read the settings (the fields) but do not change them: no view.
    expect(await viewsOf(approver.token)).toMatchObject({ signupSettings: null, signUpAdmin: '/fotoweb/views/admin/signups' });
    expect(await viewsOf((await dam.createUser('signup-settings-nobody')).token)).toMatchObject({ signupSettings: null });
  });
});

describe('sign-up mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let mailing: TestDam;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailing = await createTestDam({ SMTP_URL: smtp.url, MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>', MAGPIE_PUBLIC_URL: 'https://dam.example.com' });
  });
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('delivers the approval to the applicant with the login link, and the rejection', async () => {
    const token = await invitation({ link: true }, mailing);
    for (const email of ['smtp-yes@example.com', 'smtp-no@example.com']) expect((await submit(person(email, { invitation: token }), mailing)).statusCode).toBe(201);
    const list = (await mailing.app.inject({ method: 'GET', url: SIGNUPS, headers: bearer(mailing.adminToken) })).json() as SignupList;
    const post = (url: string) => mailing.app.inject({ method: 'POST', url, headers: { ...bearer(mailing.adminToken), 'content-type': 'application/json' }, payload: '{}' });
    expect((await post(list.data.find((row) => row.email === 'smtp-yes@example.com')!.approve)).statusCode).toBe(201);
    expect((await post(list.data.find((row) => row.email === 'smtp-no@example.com')!.reject)).statusCode).toBe(204);
    const received = await waitUntil('both decisions at the SMTP server', 20_000, () => (smtp.received.length >= 2 ? smtp.received : undefined));
    const yes = received.find((mail) => mail.envelope.to[0] === 'smtp-yes@example.com')!;
    expect(yes.parsed.subject).toBe('Your Magpie account is ready');
    expect(yes.parsed.text).toContain('https://dam.example.com/fotoweb/views/login');
    expect(yes.parsed.html).toContain('<a href="https://dam.example.com/fotoweb/views/login">');
    const no = received.find((mail) => mail.envelope.to[0] === 'smtp-no@example.com')!;
    expect(no.parsed.subject).toBe('Your Magpie sign-up');
  });
});
