/**
 * Sign-ups (issue 14; spec 01 §2 approve-user modal, §3 "Sign-up"; spec 03 §2.1 Pending sign-ups with its badge, §2.10,
 * §3.7, §4, §5 "Sign-up details", §9 the date format) on the real stack in Chromium. The administrator gives the sign-up
 * form two extra fields and makes a link invitation through the API; a visitor in a fresh browser opens the link, fills
 * the form (the staff number refused by its rule first, then right; a department chosen) and is told the account waits
 * for approval. The administrator sees the count on the settings cog, opens Pending sign-ups, corrects the last name in
 * the details modal, approves into a group found by the group search; the cog's count goes down, and the new user logs
 * in, a member of that group. Then a sign-up is rejected after the prompt, and, with approvers not choosing groups,
 * another is approved after a prompt instead of the modal. Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const SETTINGS_API = '/fotoweb/api/config/signups';
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** The pending count as the DAM answers it. */
async function pendingCount(page: Page): Promise<number> {
  const answer = await page.request.get('/fotoweb/signups/count', { headers: { Accept: 'application/json' } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { signupCount: number }).signupCount;
}

/** The pending orders other specs left (the cog's badge counts them too, spec 03 §2.1 "the sum of the pending counts"). */
async function pendingOrders(page: Page): Promise<number> {
  const answer = await page.request.get('/fotoweb/orders/pending/', { headers: { Accept: 'application/vnd.fotoware.count+json' } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

test('a visitor signs up through a link invitation, the administrator approves them into a group, and they log in (issue 14)', async ({ page, credentials, browser, baseURL }) => {
  test.setTimeout(180_000);
  const run = randomBytes(4).toString('hex');
  const email = `signup-${run}@example.com`;
  const password = `kestrel feather ${run}`;
  const groupName = `Sign-up journey ${run}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const csrf = await csrfHeader(page);

  // The form's extra fields (kept as they were once the test ends), a group to approve into, and a link invitation.
  const before = await page.request.get(SETTINGS_API, { headers: { Accept: 'application/json' } });
  expect(before.status(), await before.text()).toBe(200);
  const settings = await before.json();
  try {
    const put = await page.request.put(SETTINGS_API, {
      headers: { ...csrf, ...JSON_HEADERS },
      data: {
        ...settings,
        adminCanAssignGroups: true,
        fields: [
          {
            id: 'staffNumber',
            label: 'Staff number',
            dataType: 'text',
            values: [],
            required: true,
            validation: { regex: '^[A-Z]{2}-[0-9]{4}$', helpText: 'Two capital letters, a dash and four digits, as AB-1234.' },
          },
          { id: 'department', label: 'Department', dataType: 'dropdown', values: ['Photo desk', 'Editorial'], required: true, validation: null },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    const group = await page.request.post('/fotoweb/groups/', {
      headers: { ...csrf, 'Content-Type': 'application/vnd.fotoware.group+json', Accept: 'application/vnd.fotoware.group+json' },
      data: { name: groupName },
    });
    expect(group.status(), await group.text()).toBe(201);
    const invitation = await page.request.post('/fotoweb/invitations/', { headers: { ...csrf, ...JSON_HEADERS }, data: { link: true, description: `Sign-up journey ${run}` } });
    expect(invitation.status(), await invitation.text()).toBe(201);
    const { invitationLink } = (await invitation.json()) as { invitationLink: string };
    const link = new URL(invitationLink);
    const waiting = await pendingCount(page);

    // The visitor, in a browser of their own, opens the link and signs up.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    const view = visitor.getByTestId('signup-view');
    await expect(view).toHaveAttribute('data-state', 'ready');
    await expect(visitor.getByTestId('signup-password-help')).toHaveText('At least 10 characters, without your e-mail address.');
    await expectAccessible(visitor, undefined, 'sign-up page');
    const submit = visitor.getByTestId('signup-submit');
    await expect(submit).toBeDisabled();
    await visitor.getByTestId('signup-email').fill(email);
    await visitor.getByTestId('signup-firstName').fill('Grace');
    await visitor.getByTestId('signup-lastName').fill('Hoper');
    await visitor.getByTestId('signup-password').fill(password);
    await visitor.getByTestId('signup-confirmPassword').fill(password);
    await visitor.getByTestId('signup-answer-department').selectOption('Editorial');
    await visitor.getByTestId('signup-answer-staffNumber').fill('1234');
    await visitor.getByTestId('signup-answer-staffNumber').blur();
    await expect(visitor.getByTestId('signup-answer-staffNumber-error')).toHaveText('Two capital letters, a dash and four digits, as AB-1234.');
    await expect(submit).toBeDisabled();
    await expectAccessible(visitor, undefined, 'sign-up form with a problem');
    await visitor.getByTestId('signup-answer-staffNumber').fill('GH-1906');
    await expect(submit).toBeEnabled();
    await submit.click(ACT);
    await expect(view).toHaveAttribute('data-state', 'pending');
    await expect(visitor.getByTestId('signup-pending')).toContainText('Your account waits for approval');
    await expectAccessible(visitor, undefined, 'sign-up sent');

    // The administrator: the cog's badge, Pending sign-ups with its count.
    expect(await pendingCount(page)).toBe(waiting + 1);
    await page.goto('/fotoweb/archives/');
    await expect(page.getByTestId('settings-badge')).toHaveText(String(waiting + 1 + (await pendingOrders(page))));
    await page.getByTestId('settings-menu-trigger').click(ACT);
    const entry = page.getByTestId('settings-menu').getByRole('menuitem', { name: /Pending sign-ups/ });
    await expect(entry).toContainText(String(waiting + 1));
    await entry.click(ACT);
    await expect(page).toHaveURL(/\/fotoweb\/views\/admin\/signups$/);
    const row = page.getByTestId('signup-row').filter({ hasText: email });
    await expect(row.getByTestId('signup-row-name')).toHaveText('Grace Hoper');
    await expect(row.getByTestId('signup-row-date')).toHaveText(/^\d{2} [A-Z][a-z]{2}, \d{2}:\d{2} \(\d{4}\)$/);
    await expectAccessible(page, '[data-testid="signups-view"]', 'pending sign-ups');

    // The details: the address read-only, the answers; the last name corrected (Save waits for a valid form).
    await row.getByTestId('signup-info').click(ACT);
    const details = page.getByTestId('signup-details-dialog');
    await expect(details.getByTestId('signup-details-email')).toHaveValue(email);
    await expect(details.getByTestId('signup-details-email')).toHaveAttribute('readonly', '');
    await expect(details.getByTestId('signup-details-answer-staffNumber')).toHaveValue('GH-1906');
    await expect(details.getByTestId('signup-details-answer-department')).toHaveValue('Editorial');
    await details.getByTestId('signup-details-lastName').fill('');
    await expect(details.getByTestId('signup-details-lastName-error')).toHaveText('Last name is required.');
    await expect(details.getByTestId('signup-details-save')).toBeDisabled();
    await expectAccessible(page, '[data-testid="signup-details-dialog"]', 'sign-up details');
    await details.getByTestId('signup-details-lastName').fill('Hopper');
    await details.getByTestId('signup-details-save').click(ACT);
    await expect(details).toHaveCount(0);
    await expect(row.getByTestId('signup-row-name')).toHaveText('Grace Hopper');

    // Approve into the group found by the search; Everyone and Registered Users are fixed.
    await row.getByTestId('signup-approve').click(ACT);
    const approve = page.getByTestId('approve-user-dialog');
    await expect(approve.getByTestId('approve-default-group')).toHaveText(['Everyone', 'Registered Users']);
    await approve.getByTestId('approve-group-search').fill(`journey ${run}`);
    await approve.getByTestId('approve-group-result').filter({ hasText: groupName }).click(ACT);
    await expect(approve.getByTestId('approve-group-item')).toHaveText([groupName]);
    await expect(approve.getByTestId('approve-group-result').filter({ hasText: groupName })).toHaveCount(0);
    await expectAccessible(page, '[data-testid="approve-user-dialog"]', 'approve-user modal');
    const approval = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/approve'));
    await approve.getByTestId('approve-user-ok').click(ACT);
    const approved = await approval;
    expect(approved.status()).toBe(201);
    expect(approved.request().postDataJSON()).toEqual({ groups: [expect.stringMatching(/\/groups\//)] });
    const user = ((await approved.json()) as { href: string }).href;
    await expect(approve).toHaveCount(0);
    await expect(page.getByTestId('signups-notice')).toContainText('Grace Hopper is a user now');
    await expect(page.getByTestId('signup-row').filter({ hasText: email })).toHaveCount(0);
    const orders = await pendingOrders(page);
    await expect
      .poll(async () => ((await page.getByTestId('settings-badge').count()) === 0 ? 0 : Number(await page.getByTestId('settings-badge').textContent())))
      .toBe(waiting + orders);

    // The new user logs in with the address and the password, and is in the group.
    await visitor.getByTestId('signup-login').click(ACT);
    await logIn(visitor, { username: email, password });
    await expect(visitor.getByTestId('archives-view')).toBeVisible();
    const memberOf = await page.request.get(`${user.replace(/\/$/, '')}/member-of`, { headers: { Accept: 'application/vnd.fotoware.memberof+json' } });
    expect(memberOf.status(), await memberOf.text()).toBe(200);
    expect(((await memberOf.json()) as { groups: Array<{ name: string }> }).groups.map((group) => group.name)).toContain(groupName);
    await visitorContext.close();

    // Two more sign-ups through the same link (sent straight to the public API): one rejected after the prompt; with
    // approvers not choosing groups, the other approved after a prompt into the groups of its invitation.
    const others = [`reject-${run}@example.com`, `prompt-${run}@example.com`];
    for (const [index, address] of others.entries()) {
      const sent = await page.request.post('/fotoweb/signup/', {
        headers: { ...csrf, ...JSON_HEADERS },
        data: {
          invitation: link.searchParams.get('invitation'),
          email: address,
          firstName: index === 0 ? 'Rex' : 'Pam',
          lastName: 'Tester',
          password,
          userData: [
            { id: 'staffNumber', value: 'RT-0001' },
            { id: 'department', value: 'Photo desk' },
          ],
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    const turnOff = await page.request.put(SETTINGS_API, { headers: { ...csrf, ...JSON_HEADERS }, data: { ...settings, adminCanAssignGroups: false, fields: [] } });
    expect(turnOff.status(), await turnOff.text()).toBe(200);
    await page.reload();
    const rejected = page.getByTestId('signup-row').filter({ hasText: others[0] });
    await rejected.getByTestId('signup-reject').click(ACT);
    const rejectPrompt = page.getByTestId('signup-reject-confirm');
    await expect(rejectPrompt).toContainText(`Rex Tester (${others[0]}) gets no account`);
    await expectAccessible(page, '[data-testid="signup-reject-confirm"]', 'reject prompt');
    await rejectPrompt.getByTestId('signup-reject-confirm-ok').click(ACT);
    await expect(rejected).toHaveCount(0);
    const prompted = page.getByTestId('signup-row').filter({ hasText: others[1] });
    await prompted.getByTestId('signup-approve').click(ACT);
    const approvePrompt = page.getByTestId('signup-approve-confirm');
    await expect(approvePrompt).toContainText('becomes a user in the groups of their invitation');
    await expect(page.getByTestId('approve-user-dialog')).toHaveCount(0);
    await approvePrompt.getByTestId('signup-approve-confirm-ok').click(ACT);
    await expect(prompted).toHaveCount(0);
    await expect(page.getByTestId('signups-notice')).toContainText('Pam Tester is a user now');
    expect(await pendingCount(page)).toBe(waiting);
  } finally {
    await page.request.put(SETTINGS_API, { headers: { ...csrf, ...JSON_HEADERS }, data: settings });
  }
});
