/**
 * Search alerts end to end (issue 15 "Alerts"; spec 01 §2 Alert editing, §3, §5, §6, §7) on the real stack in Chromium,
 * with mail that really leaves the server (the test SMTP server of global-setup.ts) and the alert sweep running every
 * second (stack.ts `MAGPIE_ALERT_SWEEP_MS`).
 *
 * The administrator makes an archive where a user holds View, Preview and Alert. The user searches it for a file
 * name, opens the bell and creates an alert for that search (edit mode follows), makes it immediate and saves (read
 * mode). The administrator uploads a matching photo and one that does not match; the user's mail arrives with the one
 * photo's thumbnail and link, the bell counts an unread notification that leads to the search, and "Mark all read"
 * clears it. A user whom no archive grants Alert gets no bell at all (spec 02 §6). Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { linkIn, mailTo } from './mailbox.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** Makes a user with an address; answers their id. */
async function makeUser(admin: Page, username: string, email: string, password: string): Promise<number> {
  const created = await admin.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(admin)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Ada', lastName: 'Alerted', email }, account: { password } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return Number(/(\d+)\/?$/.exec(((await created.json()) as { href: string }).href)![1]);
}

test('a user creates an alert from a search; a matching upload sends the mail and the in-app notice (issue 15)', async ({ page, credentials, browser, baseURL }) => {
  test.setTimeout(180_000);
  const run = randomBytes(4).toString('hex');
  const username = `alerted-${run}`;
  const email = `${username}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);

  // An archive where the user may view and set alerts, and another user who may only view it.
  const userId = await makeUser(page, username, email, password);
  const viewerName = `no-alerts-${run}`;
  const viewerId = await makeUser(page, viewerName, `${viewerName}@example.com`, password);
  const photos = await page.request.get('/fotoweb/api/config/archives/5000', { headers: { Accept: 'application/json' } });
  const { MetadataSetId } = (await photos.json()) as { MetadataSetId: number };
  const archiveName = `Alerts ${run}`;
  const created = await page.request.post('/fotoweb/api/config/archives', {
    headers: { ...(await csrfHeader(page)), ...JSON_HEADERS },
    data: {
      Name: archiveName,
      MetadataSetId,
      Pool: 'default',
      MemberList: [
        { Id: userId, MemberType: 'user', Permissions: ['View', 'Preview', 'Alert'] },
        { Id: viewerId, MemberType: 'user', Permissions: ['View', 'Preview'] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const collection = ((await created.json()) as { collectionHref: string }).collectionHref;
  const photo = uniquePhoto(`alert-${run}`);
  const search = `fn:${photo.name}`;

  const context = await browser.newContext({ baseURL });
  try {
    const ada = await context.newPage();
    await ada.goto(`${collection}?q=${encodeURIComponent(search)}`);
    await logIn(ada, { username, password });
    await expect(ada.getByTestId('collection-view')).toBeVisible();

    // The bell: create the alert for this search (edit mode follows), make it immediate, save (read mode).
    await ada.getByTestId('alerts-button').click(ACT);
    const popover = ada.getByTestId('alerts-popover');
    const editor = popover.getByTestId('alert-editor');
    await expect(editor).toHaveAttribute('data-state', 'offering');
    await expectAccessible(ada, '[data-testid="alerts-popover"]', 'alerts popover, no alert yet');
    await editor.getByTestId('alert-create').click(ACT);
    await expect(editor).toHaveAttribute('data-state', 'edit');
    await expect(popover.getByTestId('alert-confirmation')).toContainText(search);
    await editor.getByTestId('alert-interval').selectOption('immediate');
    await editor.getByTestId('alert-save').click(ACT);
    await expect(editor).toHaveAttribute('data-state', 'read');
    await expect(editor.getByTestId('alert-search')).toContainText(search);
    await expect(popover.getByTestId('alert-list-item')).toHaveCount(1);
    await expectAccessible(ada, '[data-testid="alerts-popover"]', 'alerts popover, alert saved');
    await popover.getByTestId('alerts-close').click(ACT);

    // The administrator uploads the matching photo and another one.
    await uploadInto(page, collection, 'incoming', uniquePhoto(`other-${run}`));
    const assetUrl = await uploadInto(page, collection, 'incoming', photo);

    // The mail: one new asset, with its thumbnail inline and links to the asset and the search.
    const [mail] = await mailTo(email, `1 new asset in ${archiveName}`);
    expect(mail!.text).toContain(`Your alert found 1 new asset in ${archiveName} matching “${search}”`);
    expect(mail!.text).toContain(photo.name);
    expect(mail!.text).not.toContain(`other-${run}`);
    expect(mail!.html).toMatch(/<img src="cid:asset-\d+@magpie"/);
    expect(linkIn(mail!, assetUrl)).toBe(assetUrl);

    // In the app: the bell counts it; the notification leads to the search; "Mark all read" clears the count.
    await ada.reload();
    await expect(ada.getByTestId('alerts-unread')).toHaveText('1', { timeout: 20_000 });
    await expect(ada.getByTestId('alerts-button')).toHaveAccessibleName(/1 unread/);
    await ada.getByTestId('alerts-button').click(ACT);
    const notice = popover.getByTestId('notification-item').first();
    await expect(notice).toContainText(`1 new asset in ${archiveName}`);
    await expect(notice).toHaveAttribute('data-read', 'false');
    await expectAccessible(ada, '[data-testid="alerts-popover"]', 'alerts popover with a notification');
    await popover.getByTestId('notifications-mark-read').click(ACT);
    await expect(ada.getByTestId('alerts-unread')).toHaveCount(0);
    await notice.getByRole('link').first().click(ACT);
    await expect(ada).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(search).replace(/[.]/g, '\\.')}`));
    await expect(ada.getByTestId('asset-thumbnail').filter({ hasText: photo.name })).toBeVisible();
  } finally {
    await context.close();
  }

  // A user whom no archive grants Alert gets no alert control at all (spec 02 §6), though the archive is on screen.
  const viewerContext = await browser.newContext({ baseURL });
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto(collection);
    await logIn(viewer, { username: viewerName, password });
    await expect(viewer.getByTestId('user-menu-trigger')).toBeVisible();
    await expect(viewer.getByTestId('asset-thumbnail').filter({ hasText: photo.name })).toBeVisible();
    await expect(viewer.getByTestId('alerts-button')).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }
});
