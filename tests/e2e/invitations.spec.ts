/**
 * Invitations (issue 14; spec 01 §2 the invitation wizard, spec 03 §2.1, §2.2 Manage invitations) on the real stack in
 * Chromium. The administrator opens Settings → Create invitations, invites two addresses (one typed, one pasted in a
 * list) into a group found by the group search, and lands on Manage invitations, which lists both with the group; each
 * address got its own e-mail with its own sign-up link (read from the outbox: the stack runs without an SMTP server).
 * Then a link invitation: step 3 shows the link, Manage invitations lists it, Revoke (after the prompt) removes it and
 * the link admits nobody any more. The wizard and the grid pass axe.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const OUTBOX_API = '/fotoweb/api/config/mail';

interface MailSummary {
  href: string;
  to: string;
  subject: string;
}

test('invite two people into a group through the wizard, find their invitations and mails, then make and revoke a link (issue 14)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  const run = randomBytes(4).toString('hex');
  const [ann, bob] = [`ann-${run}@example.com`, `bob-${run}@example.org`];
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const group = await page.request.post('/fotoweb/groups/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.group+json', Accept: 'application/vnd.fotoware.group+json' },
    data: { name: `Freelancers ${run}` },
  });
  expect(group.status(), await group.text()).toBe(201);

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

  // Each address has its own mail with its own sign-up link.
  const outbox = (await (await page.request.get(OUTBOX_API, { headers: { Accept: 'application/json' } })).json()) as { data: MailSummary[] };
  const links: string[] = [];
  for (const address of [ann, bob]) {
    const summary = outbox.data.find((mail) => mail.to === address);
    expect(summary, `a mail to ${address}`).toBeDefined();
    const mail = (await (await page.request.get(summary!.href, { headers: { Accept: 'application/json' } })).json()) as { text: string };
    expect(mail.text).toContain('Welcome to the photo archive.');
    const link = /https?:\/\/\S+\/fotoweb\/views\/signup\?invitation=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, `the sign-up link in the mail to ${address}`).toBeDefined();
    links.push(link!);
  }
  expect(links[0]).not.toBe(links[1]);

  // A link invitation: step 3 shows the link; Manage invitations lists it; Revoke removes it and the link stops working.
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
  await expect(page.getByTestId('invitation-row').filter({ hasText: ann })).toHaveCount(1);
});
