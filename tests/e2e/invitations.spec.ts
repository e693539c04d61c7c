/**
 * Invitations (issue 14; spec 01 §2 the invitation wizard and approve-user modal, spec 03 §2.1, §2.2 Manage invitations,
 * §2.10) on the real stack in Chromium, with mail that really leaves the server (the DAM sends through the test SMTP
 * server of global-setup.ts; the test reads what it received, as each person would in their mail reader).
 *
 * The administrator gives a group an archive, opens Settings → Create invitations, invites two addresses (one typed,
 * one pasted in a list) into that group found by the group search, and lands on Manage invitations, which lists both
 * with the group. The SMTP server received one mail per address, each with its own sign-up link, and the outbox lists
 * them as sent through that server. One invitee opens her link in a browser of her own, signs up with the site's extra
 * field and waits; the administrator sees the count on the cog, approves her with her invitation's group; she gets the
 * "account is ready" mail, follows its link, logs in and finds the group's archive. Then a link invitation: step 3
 * shows the link, Manage invitations lists it, Revoke (after the prompt) removes it and the link admits nobody any
 * more. Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { linkIn, mailTo, smtpServerAddress } from './mailbox.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const SIGNUP_SETTINGS_API = '/fotoweb/api/config/signups';
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

test('invite two people into a group through the wizard; their mails arrive, one signs up, is approved and finds the group’s archive; then make and revoke a link (issue 14)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const run = randomBytes(4).toString('hex');
  const [ann, bob] = [`ann-${run}@example.com`, `bob-${run}@example.org`];
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const csrf = await csrfHeader(page);
  const group = await page.request.post('/fotoweb/groups/', {
    headers: { ...csrf, 'Content-Type': 'application/vnd.fotoware.group+json', Accept: 'application/vnd.fotoware.group+json' },
    data: { name: `Freelancers ${run}` },
  });
  expect(group.status(), await group.text()).toBe(201);
  // The group's archive: what an invitee approved into the group finds once logged in.
  const groupId = Number(/\/(\d+)\/?$/.exec(((await group.json()) as { href: string }).href)?.[1]);
  const photos = await page.request.get('/fotoweb/api/config/archives/5000', { headers: { Accept: 'application/json' } });
  const { MetadataSetId } = (await photos.json()) as { MetadataSetId: number };
  const archiveName = `Freelance desk ${run}`;
  const archive = await page.request.post('/fotoweb/api/config/archives', {
    headers: { ...csrf, ...JSON_HEADERS },
    data: { Name: archiveName, MetadataSetId, Pool: 'default', MemberList: [{ Id: groupId, MemberType: 'group', Permissions: ['View', 'Preview'] }] },
  });
  expect(archive.status(), await archive.text()).toBe(201);

  // Step 1: two addresses (one typed and Enter, one in a pasted list with a name and a bad token) and a message.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Create invitations' }).click(ACT);
  const wizard = page.getByTestId('invite-wizard');
  await expect(wizard).toHaveAttribute('data-state', 'details');
  await wizard.getByTestId('invite-next').click(ACT);
  await expect(wizard.getByTestId('invite-email-error')).toHaveText('email list empty');
  await wizard.getByTestId('invite-email').fill(ann);
  await wizard.getByTestId('invite-email').press('Enter');
  await wizard.getByTestId('invite-email').fill('not-an-address');
  await wizard.getByTestId('invite-email').press('Enter');
  await expect(wizard.getByTestId('invite-email-error')).toHaveText('email not valid');
  await wizard.getByTestId('invite-email').fill('');
  await wizard.getByTestId('invite-email').evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `Bob <${bob}>; nonsense, ${ann}`);
  await expect(wizard.getByTestId('invite-email-item')).toHaveText([ann, bob]);
  await expect(wizard.getByTestId('invite-paste-skipped')).toBeVisible();
  await wizard.getByTestId('invite-message').fill('Welcome to the photo archive.');
  await wizard.getByTestId('invite-description').fill(`Spring freelancers ${run}`);
  await expectAccessible(page, '[data-testid="invite-wizard"]', 'invitation wizard, step 1');
  await wizard.getByTestId('invite-next').click(ACT);

  // Step 2: Registered Users stays; the group search finds the group; it is added once.
  await expect(wizard).toHaveAttribute('data-state', 'groups');
  await expect(wizard.getByTestId('invite-cancel')).toHaveText('Back');
  await expect(wizard.getByTestId('invite-group-item')).toHaveText(['Registered Users']);
  await wizard.getByTestId('invite-group-search').fill(`Freelancers ${run}`);
  await wizard
    .getByTestId('invite-group-result')
    .filter({ hasText: `Freelancers ${run}` })
    .click(ACT);
  await expect(wizard.getByTestId('invite-group-item')).toHaveText(['Registered Users', `Freelancers ${run}`]);
  await expect(wizard.getByTestId('invite-group-result').filter({ hasText: `Freelancers ${run}` })).toBeDisabled();
  await expectAccessible(page, '[data-testid="invite-wizard"]', 'invitation wizard, step 2');
  await wizard.getByTestId('invite-submit').click(ACT);

  // Manage invitations: both, as User invitations, with the group; a notice says they went.
  await expect(page).toHaveURL(/\/fotoweb\/views\/admin\/invitations$/);
  await expect(page.getByTestId('invitations-notice')).toContainText('2 invitations sent.');
  const rows = page.getByTestId('invitation-row');
  const annRow = rows.filter({ hasText: ann });
  await expect(annRow.getByTestId('invitation-type')).toHaveText('User');
  await expect(rows.filter({ hasText: bob })).toHaveCount(1);
  await annRow.getByTestId('invitation-expand').click(ACT);
  const details = page.getByTestId('invitation-details');
  await expect(details).toContainText(`Freelancers ${run}`);
  await expect(details).toContainText(`Spring freelancers ${run}`);
  await expect(details).toContainText('nobody yet');
  await expectAccessible(page, '[data-testid="invitations-view"]', 'manage invitations');

  // The SMTP server received one mail per address, each with the message and its own sign-up link.
  const links: string[] = [];
  for (const address of [ann, bob]) {
    const [mail] = await mailTo(address, /invites you to Magpie$/);
    expect(mail!.from).toBe('e2e@magpie.test');
    expect(mail!.text).toContain('Welcome to the photo archive.');
    expect(mail!.html).toContain('Welcome to the photo archive.');
    links.push(linkIn(mail!, '/fotoweb/views/signup'));
  }
  expect(links[0]).not.toBe(links[1]);

  // The outbox lists them as sent through that server.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Outbox' }).click(ACT);
  const outbox = page.getByTestId('outbox-view');
  await expect(outbox.getByTestId('outbox-delivery')).toContainText(`Mail leaves through ${smtpServerAddress()} as Magpie <e2e@magpie.test>.`);
  const annMail = outbox.getByTestId('outbox-row').filter({ hasText: ann });
  await expect(annMail.getByTestId('outbox-status')).toHaveText('Sent');
  await expectAccessible(page, '[data-testid="outbox-view"]', 'outbox with sent mail');

  // Ann signs up through her link, in a browser of her own, with the site's extra field, and waits for approval.
  const settings = await (await page.request.get(SIGNUP_SETTINGS_API, { headers: { Accept: 'application/json' } })).json();
  const annContext = await browser.newContext({ baseURL });
  try {
    const withField = await page.request.put(SIGNUP_SETTINGS_API, {
      headers: { ...csrf, ...JSON_HEADERS },
      data: { ...settings, adminCanAssignGroups: true, fields: [{ id: 'portfolio', label: 'Portfolio', dataType: 'text', values: [], required: true, validation: null }] },
    });
    expect(withField.status(), await withField.text()).toBe(200);
    const annPage = await annContext.newPage();
    await annPage.goto(links[0]!);
    const signup = annPage.getByTestId('signup-view');
    await expect(signup).toHaveAttribute('data-state', 'ready');
    await expect(annPage.getByTestId('signup-email')).toHaveValue(ann);
    await annPage.getByTestId('signup-firstName').fill('Ann');
    await annPage.getByTestId('signup-lastName').fill(`Lens ${run}`);
    const password = `heron wading ${run}`;
    await annPage.getByTestId('signup-password').fill(password);
    await annPage.getByTestId('signup-confirmPassword').fill(password);
    await annPage.getByTestId('signup-answer-portfolio').fill('https://ann.example.com');
    await annPage.getByTestId('signup-submit').click(ACT);
    await expect(signup).toHaveAttribute('data-state', 'pending');
    await expectAccessible(annPage, undefined, 'sign-up sent');

    // The administrator sees the count on the cog and approves her; her invitation's group is already chosen.
    await page.goto('/fotoweb/archives/');
    await expect(page.getByTestId('settings-badge')).toBeVisible();
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page
      .getByTestId('settings-menu')
      .getByRole('menuitem', { name: /Pending sign-ups/ })
      .click(ACT);
    const row = page.getByTestId('signup-row').filter({ hasText: ann });
    await row.getByTestId('signup-approve').click(ACT);
    const approve = page.getByTestId('approve-user-dialog');
    await expect(approve.getByTestId('approve-group-item')).toHaveText([`Freelancers ${run}`]);
    await approve.getByTestId('approve-user-ok').click(ACT);
    await expect(page.getByTestId('signups-notice')).toContainText(`Ann Lens ${run} is a user now`);

    // Her "account is ready" mail links to the login view; she logs in and finds the group's archive.
    const [ready] = await mailTo(ann, 'Your Magpie account is ready');
    await annPage.goto(linkIn(ready!, '/fotoweb/views/login'));
    await logIn(annPage, { username: ann, password });
    await annPage.goto('/fotoweb/archives/');
    await expect(annPage.getByTestId('collection-tile').filter({ hasText: archiveName })).toBeVisible();
    await expectAccessible(annPage, undefined, 'the new user’s archives');
  } finally {
    await annContext.close();
    await page.request.put(SIGNUP_SETTINGS_API, { headers: { ...csrf, ...JSON_HEADERS }, data: settings });
  }

  // A link invitation: step 3 shows the link; Manage invitations lists it; Revoke removes it and the link stops working.
  await page.goto('/fotoweb/views/admin/invitations');
  await page.getByTestId('invitations-create').click(ACT);
  await wizard.getByTestId('invite-type-link').click(ACT);
  await wizard.getByTestId('invite-description').fill(`Open day ${run}`);
  await wizard.getByTestId('invite-next').click(ACT);
  await wizard.getByTestId('invite-submit').click(ACT);
  await expect(wizard).toHaveAttribute('data-state', 'link');
  const link = await wizard.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/fotoweb\/views\/signup\?invitation=/);
  await expectAccessible(page, '[data-testid="invite-wizard"]', 'invitation wizard, step 3');
  await wizard.getByTestId('invite-cancel').click(ACT);
  const linkRow = page.getByTestId('invitation-row').filter({ has: page.locator(`[data-link="${link}"]`) });
  await expect(linkRow.getByTestId('invitation-type')).toHaveText('Link');
  const token = new URL(link).searchParams.get('invitation')!;
  expect((await page.request.get(`/fotoweb/signup/?invitation=${token}`, { headers: { Accept: 'application/json' } })).status()).toBe(200);
  await linkRow.getByTestId('invitation-revoke').click(ACT);
  await page.getByTestId('invitation-revoke-confirm').getByRole('button', { name: 'Revoke' }).click(ACT);
  await expect(linkRow).toHaveCount(0);
  expect((await page.request.get(`/fotoweb/signup/?invitation=${token}`, { headers: { Accept: 'application/json' } })).status()).toBe(410);
  // Bob's invitation is still open; Ann's, used up by her sign-up, is no longer listed.
  await expect(page.getByTestId('invitation-row').filter({ hasText: bob })).toHaveCount(1);
  await expect(page.getByTestId('invitation-row').filter({ hasText: ann })).toHaveCount(0);
});
