/**
 * Invitations (issue 14; spec 01 §2, §3, §5, §8; spec 03 §2.2, §3.6, §4, §7, §8): the three types and their mail, the
 * management list and revoking, every "data validation failed" problem with nothing created half-way, the group
 * picker and which groups a caller may grant, the descriptor's links, and the invitation mail through a real SMTP
 * server. Sign-ups through these invitations are in routes/signups/signups.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FullApiDescriptor, GrantableGroupList, Invitation, InvitationList, InvitationsCreated } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../../tests/support/smtp.ts';
import { waitUntil } from '../../testing/dam-process.ts';

const INVITATIONS = '/fotoweb/invitations/';
const PUBLIC_URL = 'https://dam.example.com';

let dam: TestDam;
const requests = requestsFor(() => dam);
/** A member of a group holding inviteUsers, also in Press. */
let inviter: { id: number; token: string; groupId: number };
let press: number;
/** A group the inviter is not in. */
let secret: number;

beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_MAX_INVITATION_EMAILS: '3', MAGPIE_PUBLIC_URL: PUBLIC_URL });
  inviter = await dam.createMemberWith('inviter', ['inviteUsers']);
  await dam.ctx.repos.users.update(inviter.id, { full_name: 'Ivy <Inviter>', first_name: 'Ivy', last_name: '<Inviter>' });
  press = await dam.createGroupWith('Press', []);
  secret = await dam.createGroupWith('Secret service', ['manageUsers']);
  await dam.ctx.repos.users.addToGroups(inviter.id, [press]);
  dam.ctx.auth.forgetCallers();
});
afterAll(async () => {
  await dam?.close();
});

const groupHref = (id: number) => `/fotoweb/api/groups/${id}`;
const invite = (body: unknown, token = inviter.token) => requests.post(INVITATIONS, body, token);
const list = async (url = INVITATIONS, token = inviter.token) => requests.get<InvitationList>(url, token);
const invitationRows = () => dam.ctx.database.db.selectFrom('invitations').selectAll().execute();
const mails = (purpose: string) => dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', purpose).orderBy('id').execute();
const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;

describe('creating invitations (spec 01 §3)', () => {
  it('users type: one invitation and one e-mail per address, each with its own link; no link in the answer', async () => {
    const res = await invite({
      groups: [groupHref(press)],
      emails: ['ada@example.com', 'Grace@Example.org'],
      organizationDomain: '',
      link: false,
      message: 'Welcome to the <press> archive!',
      description: 'Spring interns',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ totalInvitationsCreated: 2, invitationLink: null, type: 'users' } satisfies InvitationsCreated);

    const found = (await list()).data.filter((row) => row.description === 'Spring interns');
    expect(found.map((row) => row.email).sort()).toEqual(['Grace@Example.org', 'ada@example.com']);
    for (const row of found) {
      expect(row).toMatchObject({ type: 'users', organization: null, groupNames: ['Press'], groups: [{ href: groupHref(press), name: 'Press' }], redeemedBy: [] });
      expect(row.invitationViewHref).toMatch(new RegExp(`^${PUBLIC_URL}/fotoweb/views/signup\\?invitation=[A-Za-z0-9_-]{43}$`));
      expect(row.revoke).toBe(`${row.invitationAdminHref}revoke`);
      expect(row.createdBy).toBe('Ivy <Inviter>');
      // 30 days (MAGPIE_INVITATION_TTL_DAYS) from now.
      expect(Date.parse(row.expires!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    }
    // Only the token's hash is stored; the link's token is nowhere in the table.
    const stored = await invitationRows();
    for (const row of found) expect(JSON.stringify(stored)).not.toContain(tokenOf(row.invitationViewHref!));

    // One mail per address, held in the outbox (no SMTP_URL), each carrying that address's link and the message.
    const sent = (await mails('invitation')).filter((mail) => ['ada@example.com', 'Grace@Example.org'].includes(mail.to_address));
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      const link = found.find((row) => row.email === mail.to_address)!.invitationViewHref!;
      expect(mail).toMatchObject({ status: 'held', subject: 'Ivy <Inviter> invites you to Magpie', requested_by: inviter.id });
      expect(mail.text_body).toContain(link);
      expect(mail.text_body).toContain('> Welcome to the <press> archive!');
      expect(mail.html_body).toContain('Welcome to the &lt;press&gt; archive!');
      expect(mail.html_body).toContain(`href="${link}"`);
    }
  });

  it('organization type: one invitation whose link admits the domain; link type: one invitation for anyone with the link', async () => {
    const organization = await invite({ emails: [], organizationDomain: 'Example.COM', link: false, description: 'Example staff' });
    expect(organization.statusCode, organization.body).toBe(201);
    const orgAnswer = organization.json() as InvitationsCreated;
    expect(orgAnswer).toMatchObject({ totalInvitationsCreated: 1, type: 'organization' });
    expect(orgAnswer.invitationLink).toMatch(new RegExp(`^${PUBLIC_URL}/fotoweb/views/signup\\?invitation=`));

    const link = await invite({ link: true, description: 'Trade fair', groups: [groupHref(press)] });
    expect(link.statusCode, link.body).toBe(201);
    const linkAnswer = link.json() as InvitationsCreated;
    expect(linkAnswer).toMatchObject({ totalInvitationsCreated: 1, type: 'link' });

    const rows = (await list()).data;
    const org = rows.find((row) => row.description === 'Example staff')!;
    expect(org).toMatchObject({ type: 'organization', email: null, organization: 'example.com', groupNames: [], invitationViewHref: orgAnswer.invitationLink });
    const fair = rows.find((row) => row.description === 'Trade fair')!;
    expect(fair).toMatchObject({ type: 'link', email: null, organization: null, groupNames: ['Press'], invitationViewHref: linkAnswer.invitationLink });
    // Neither sends mail.
    expect((await mails('invitation')).filter((mail) => mail.text_body.includes(tokenOf(linkAnswer.invitationLink!)))).toEqual([]);
  });

  it('pre-approved invitations say so (approveAutomatically)', async () => {
    const res = await invite({ link: true, description: 'VIP', approveAutomatically: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list()).data.find((row) => row.description === 'VIP')).toMatchObject({ approveAutomatically: true });
  });

  it.each([
    ['a malformed address among good ones', { emails: ['good@example.com', 'not an address', 'other@example.com'] }, [{ path: 'emails.1', message: 'email not valid' }]],
    ['the same address twice, whatever its case', { emails: ['twice@example.com', 'TWICE@example.com'] }, [{ path: 'emails.1', message: 'email in list' }]],
    ['no address, domain or link', { emails: [], organizationDomain: '', link: false }, [{ path: 'emails', message: 'email list empty' }]],
    ['a domain that is not host.tld', { organizationDomain: 'localhost' }, [{ path: 'organizationDomain', message: 'domain not valid' }]],
    ['a domain with a bad label', { organizationDomain: '-bad-.example.com' }, [{ path: 'organizationDomain', message: 'domain not valid' }]],
    ['two kinds at once', { emails: ['x@example.com'], link: true }, [{ path: '', message: expect.stringContaining('one kind of invitation at a time') }]],
    ['a group given twice', { link: true, groups: ['/fotoweb/api/groups/1', '/fotoweb/api/groups/1'] }, [{ path: 'groups.1', message: 'A group is given twice.' }]],
  ])('refuses %s with 400 and the issue, creating nothing (checked before the DAM)', async (_what, body, issues) => {
    const before = (await invitationRows()).length;
    const mailsBefore = (await mails('invitation')).length;
    const res = await invite(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest', issues: expect.arrayContaining(issues.map((issue) => expect.objectContaining(issue))) });
    expect((await invitationRows()).length).toBe(before);
    expect((await mails('invitation')).length).toBe(mailsBefore);
  });

  it("refuses what only the DAM can tell (over the maximum, an existing user's address, unknown, guest and ungrantable groups) with every problem, creating nothing", async () => {
    await dam.createUser('existing');
    await dam.ctx.repos.users.update((await dam.ctx.repos.users.findByUsername('existing'))!.id, { email: 'Existing@Example.com' });
    const before = (await invitationRows()).length;
    const mailsBefore = (await mails('invitation')).length;
    const res = await invite({
      emails: ['one@example.com', 'existing@example.com', 'three@example.com', 'four@example.com'],
      groups: [groupHref(press), '/fotoweb/api/groups/999999', '/fotoweb/api/groups/10000', groupHref(secret), '/fotoweb/api/users/15000', groupHref(10001)],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ value: 'InvalidRequest', heading: 'Invalid request', message: expect.stringMatching(/^Data validation failed: /) });
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'emails', message: expect.stringContaining('At most 3 addresses') },
        { path: 'emails.1', message: 'existing@example.com already has an account.' },
        { path: 'groups.1', message: expect.stringContaining('names no group') },
        { path: 'groups.2', message: expect.stringContaining('visitors who have not signed in') },
        { path: 'groups.3', message: 'You may not give people the group Secret service: you are not a member of it.' },
        { path: 'groups.4', message: expect.stringContaining('not') },
      ]),
    );
    // Everyone (10001) is implicit: naming it is no problem.
    expect(body.issues.map((issue: { path: string }) => issue.path)).not.toContain('groups.5');
    expect(body.issues.map((issue: { path: string }) => issue.path)).not.toContain('groups.0');
    expect((await invitationRows()).length).toBe(before);
    expect((await mails('invitation')).length).toBe(mailsBefore);
  });

  it('lets a holder of manageUsers grant any group', async () => {
    const res = await invite({ link: true, description: 'Owner link', groups: [groupHref(secret)] }, dam.adminToken);
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(INVITATIONS, dam.adminToken)).data.find((row) => row.description === 'Owner link')!.groupNames).toEqual(['Secret service']);
  });

  it('needs inviteUsers (403) and a token (401)', async () => {
    const outsider = await dam.createUser('no-invite');
    expect((await invite({ link: true }, outsider.token)).json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('inviteUsers') });
    expect((await invite({ link: true }, outsider.token)).statusCode).toBe(403);
    expect((await requests.call('GET', INVITATIONS, undefined, outsider.token)).statusCode).toBe(403);
    expect((await dam.app.inject({ method: 'GET', url: INVITATIONS })).statusCode).toBe(401);
  });
});

describe('the invitation list and revoking (spec 03 §2.2, §3.6, §4, §7, §8)', () => {
  it('revokes with {} or no body: 204, the row leaves the list; again, or an unknown id, is 404; a body with keys is 400', async () => {
    await invite({ link: true, description: 'To revoke' });
    const row = (await list()).data.find((r) => r.description === 'To revoke')!;
    expect((await requests.post(row.revoke, { x: 1 }, inviter.token)).statusCode).toBe(400);
    const revoked = await requests.post(row.revoke, {}, inviter.token);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await list()).data.find((r) => r.description === 'To revoke')).toBeUndefined();
    const again = await requests.post(row.revoke, undefined, inviter.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ value: 'NotFound', message: 'The invitation was not found.' });
    expect((await requests.post(`${INVITATIONS}2147483647/revoke`, {}, inviter.token)).statusCode).toBe(404);
    expect((await requests.post(`${INVITATIONS}abc/revoke`, {}, inviter.token)).statusCode).toBe(400);

    await invite({ link: true, description: 'Revoked without a body' });
    const other = (await list()).data.find((r) => r.description === 'Revoked without a body')!;
    expect((await requests.post(other.revoke, undefined, inviter.token)).statusCode).toBe(204);
  });

  it('leaves expired invitations out, and pages newest first with paging.next', async () => {
    await invite({ link: true, description: 'Soon expired' });
    await dam.ctx.database.db
      .updateTable('invitations')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('description', '=', 'Soon expired')
      .execute();
    const all = await list();
    expect(all.data.find((row) => row.description === 'Soon expired')).toBeUndefined();
    expect(all.count).toBe(all.data.length);
    const created = all.data.map((row) => Date.parse(row.created));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(all.paging.next).toBeNull();

    const id = Number(/\/(\d+)\/$/.exec(all.data[1]!.invitationAdminHref)![1]);
    const older = await list(`${INVITATIONS}?before=${id}`);
    expect(older.data[0]).toEqual(all.data[2]);
    expect((await requests.call('GET', `${INVITATIONS}?before=x`, undefined, inviter.token)).statusCode).toBe(400);
  });

  it('shows null as the link when this server can no longer rebuild it (another secret)', async () => {
    await invite({ link: true, description: 'Old key' });
    await dam.ctx.database.db.updateTable('invitations').set({ token_salt: 'AAAAAAAAAAAAAAAAAAAAAA' }).where('description', '=', 'Old key').execute();
    expect((await list()).data.find((row: Invitation) => row.description === 'Old key')!.invitationViewHref).toBeNull();
  });
});

describe('the group picker (spec 01 §5 group search)', () => {
  const pick = (q: string | undefined, token: string) => requests.call('GET', `/fotoweb/groups/grantable${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, undefined, token);

  it('answers the groups the caller is in, by name, without built-ins; manageUsers holders every group', async () => {
    const mine = (await pick(undefined, inviter.token)).json() as GrantableGroupList;
    expect(mine.data.map((group) => group.name)).toEqual(['inviter group', 'Press']);
    expect(mine.data[1]).toEqual({ href: groupHref(press), name: 'Press' });
    expect(((await pick('PRE', inviter.token)).json() as GrantableGroupList).data.map((g) => g.name)).toEqual(['Press']);
    expect(((await pick('%', inviter.token)).json() as GrantableGroupList).data).toEqual([]);
    const all = ((await pick(undefined, dam.adminToken)).json() as GrantableGroupList).data.map((group) => group.name);
    expect(all).toEqual(expect.arrayContaining(['Administrators', 'Press', 'Secret service']));
    expect(all).not.toEqual(expect.arrayContaining(['Everyone']));
    expect(all).not.toContain('Registered Users');
    expect(all).not.toContain('Guests');
  });

  it('is for holders of inviteUsers, approvePendingSignups or manageUsers (403 otherwise)', async () => {
    const approver = await dam.createMemberWith('picker-approver', ['approvePendingSignups']);
    expect((await pick('a', approver.token)).statusCode).toBe(200);
    const nobody = await dam.createUser('picker-nobody');
    const refused = await pick('a', nobody.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('inviteUsers');
    expect((await pick('x'.repeat(201), inviter.token)).statusCode).toBe(400);
  });
});

describe('the descriptor (spec 03 §2.1, §6)', () => {
  const descriptor = async (token: string) => (await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(token) })).json() as FullApiDescriptor;

  it('offers the invitation links and views only to holders of inviteUsers, the sign-up ones to approvers', async () => {
    const mine = await descriptor(inviter.token);
    expect(mine).toMatchObject({ invitations: INVITATIONS, groups_grantable: '/fotoweb/groups/grantable{?q}', signups: null, signups_count: null, signup_settings: null });
    expect(mine.views).toMatchObject({ createInvitations: '/fotoweb/views/invitations', manageInvitations: '/fotoweb/views/admin/invitations', signUpAdmin: null });

    const approver = await dam.createMemberWith('descriptor-approver', ['approvePendingSignups']);
    const theirs = await descriptor(approver.token);
    expect(theirs).toMatchObject({ invitations: null, signups: '/fotoweb/signups/', signups_count: '/fotoweb/signups/count', groups_grantable: '/fotoweb/groups/grantable{?q}' });
    expect(theirs.views).toMatchObject({ createInvitations: null, manageInvitations: null, signUpAdmin: '/fotoweb/views/admin/signups' });

    const owner = await descriptor(dam.adminToken);
    expect(owner).toMatchObject({ invitations: INVITATIONS, signups: '/fotoweb/signups/', signup_settings: '/fotoweb/api/config/signups' });

    const nobody = await descriptor((await dam.createUser('descriptor-nobody')).token);
    expect(nobody).toMatchObject({ invitations: null, signups: null, signups_count: null, groups_grantable: null, signup_settings: null });
    expect(nobody.views).toMatchObject({ createInvitations: null, manageInvitations: null, signUpAdmin: null });
  });
});

describe('invitation mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let mailing: TestDam;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailing = await createTestDam({ SMTP_URL: smtp.url, MAGPIE_MAIL_FROM: 'Magpie <dam@example.com>', MAGPIE_PUBLIC_URL: PUBLIC_URL });
  });
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('delivers one message per address with its sign-up link', async () => {
    const res = await mailing.app.inject({
      method: 'POST',
      url: INVITATIONS,
      headers: { ...bearer(mailing.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ emails: ['smtp-one@example.com', 'smtp-two@example.com'], message: 'See you there' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const received = await waitUntil('both invitations at the SMTP server', 20_000, () => (smtp.received.length >= 2 ? smtp.received : undefined));
    const listed = (await mailing.app.inject({ method: 'GET', url: INVITATIONS, headers: bearer(mailing.adminToken) })).json() as InvitationList;
    expect(received.map((mail) => mail.envelope.to[0]).sort()).toEqual(['smtp-one@example.com', 'smtp-two@example.com']);
    for (const mail of received) {
      const link = listed.data.find((row) => row.email === mail.envelope.to[0])!.invitationViewHref!;
      expect(mail.parsed.subject).toMatch(/invites you to Magpie$/);
      expect(mail.parsed.text).toContain(link);
      expect(mail.parsed.text).toContain('> See you there');
      expect(mail.parsed.html).toContain(`<a href="${link}">`);
    }
  });
});
