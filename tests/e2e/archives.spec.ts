/**
 * Administrators shape the archives (issue 12; spec 03 §2.11, §2.12, §3.8–§3.11, §4, §5, §8): on the real stack in
 * Chromium,
 *
 * 1. the administrator opens "Add new archive" on the archives listing and creates the archive "Press" whose access
 *    list gives one group View, Preview and UploadFile with an AutoSearch filter (a file-name pattern), chosen in the
 *    Add member dialog (a filter that does not parse is first refused by the DAM, and the dialog names the member);
 * 2. a user of that group logs in, sees "Press" (and no Add tile), uploads two files into it and sees only the one
 *    the filter matches;
 * 3. a user outside the group does not see "Press";
 * 4. a second archive named " press " is refused with "archive name must be unique" and the dialog stays open;
 * 5. deleting "Press" while it holds assets is refused with the server's reason, in the dialog;
 * 6. the access list, reordered with the keyboard (drag and drop), keeps its order after a reload;
 * 7. an archive's downloads go through a processing profile chosen on the Export/Import tab, with the watermark
 *    chosen there (issue 16): its photo's "Download original" gives the profile's PNG, stamped.
 *
 * The dialog and the Add member dialog pass axe. Users and groups carry this run's id; the archive is "Press", so the
 * journey expects a fresh stack (the e2e run starts one).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto, uploadToCollection } from './metadataAssets.ts';
import { solidPng } from './png.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
const ACT = { timeout: 15_000 };
const ARCHIVE = 'Press';

/** A page in a browser context of its own (another person's browser), at the stack's address. */
async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Creates a user through the DAM's API (as the signed-in administrator of `page`) and answers its href. */
async function createUser(page: Page, username: string, password: string, lastName: string): Promise<{ href: string; fullName: string }> {
  const res = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Pat', lastName, email: `${username}@example.com` }, account: { password } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { href: string; fullName: string };
  return user;
}

/** The archive dialog once its configuration loads finished (spec 03 §2.11 loading state). */
async function openedDialog(page: Page, title: 'Add archive' | 'Archive details'): Promise<Locator> {
  const dialog = page.getByTestId('archive-dialog');
  await expect(dialog.getByTestId('archive-dialog-title')).toHaveText(title);
  await expect(dialog).toHaveAttribute('data-save-state', 'open');
  return dialog;
}

/** The access-list rows, top to bottom, by name. */
async function memberNames(dialog: Locator): Promise<string[]> {
  return dialog.getByTestId('access-member').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name') ?? ''));
}

test('the administrator creates the archive Press with a filtered group, whose members see and upload only what it allows (spec 03 §2.11, §2.12, §4, §5)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const run = randomBytes(4).toString('hex');
  const groupName = `Press desk ${run}`;
  const pia = { username: `pia-${run}`, password: `pia-${randomBytes(8).toString('hex')}` };
  const otto = { username: `otto-${run}`, password: `otto-${randomBytes(8).toString('hex')}` };
  const filter = `fn:magpie-e2e-press-public-${run}*`;
  const visible = uniquePhoto(`press-public-${run}`);
  const hidden = uniquePhoto(`press-private-${run}`);

  // ------------------------------------------------------------------ the group and its people, through the API
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const group = await page.request.post('/fotoweb/groups/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.group+json', Accept: 'application/vnd.fotoware.group+json' },
    data: { name: groupName, description: `Made by run ${run}` },
  });
  expect(group.status(), await group.text()).toBe(201);
  const { userMembersHref } = (await group.json()) as { userMembersHref: string };
  const piaUser = await createUser(page, pia.username, pia.password, `Desk ${run}`);
  await createUser(page, otto.username, otto.password, `Outside ${run}`);
  const joined = await page.request.patch(userMembersHref, {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.group-list-update+json' },
    data: { add: [piaUser.href] },
  });
  expect(joined.status(), await joined.text()).toBe(204);

  // ------------------------------------------------------------------ 1. the administrator adds the archive
  await page.getByTestId('add-archive-tile').click(ACT);
  let dialog = await openedDialog(page, 'Add archive');
  // A new archive has one pool to live in and no metadata view yet; saving now names both problems of the form.
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog.getByTestId('archive-problem')).toHaveText(['archive name is required', 'metadata set is required']);
  await dialog.getByTestId('archive-name').fill(ARCHIVE);
  await dialog.getByTestId('archive-metadata-view').selectOption({ index: 1 });
  await expect(dialog.getByTestId('archive-problems')).toHaveCount(0);
  await expect(dialog.getByTestId('archive-pool')).toHaveValue('default');
  // What this server has none of shows disabled, never offered.
  await dialog.getByTestId('archive-tab-export').click(ACT);
  await expect(dialog.getByTestId('archive-quick-renditions')).toBeDisabled();
  await expect(dialog.getByTestId('archive-processing-type').locator('option[value="2"]')).toBeDisabled();

  await dialog.getByTestId('archive-tab-access').click(ACT);
  await expect(dialog.getByTestId('access-list-empty')).toBeVisible();
  await dialog.getByTestId('access-list-add').click(ACT);
  const picker = page.getByTestId('add-member-dialog');
  await picker.getByRole('tab', { name: 'Groups' }).click(ACT);
  await picker.getByTestId('add-member-group-search').fill(groupName);
  const groupRow = picker.getByTestId('add-member-groups').getByTestId('add-member-row').filter({ hasText: groupName });
  await expect(picker.getByTestId('add-member-groups').getByTestId('add-member-row')).toHaveCount(1);
  await groupRow.getByTestId('add-member-check').click(ACT);
  await expect(groupRow.getByRole('checkbox')).toBeChecked();
  await expect(picker.getByTestId('add-member-selected-title')).toHaveText('Selected (1)');
  await expectAccessible(page, '[data-testid="add-member-dialog"]', 'Add member dialog');
  await picker.getByTestId('add-member-add').click(ACT);
  await expect(picker).toBeHidden();

  const row = dialog.getByTestId('access-member').filter({ hasText: groupName });
  await expect(row).toHaveAttribute('data-chosen', 'true');
  const permissions = dialog.getByTestId('member-permissions');
  // spec 03 §4: a new member has View and Preview.
  await expect(permissions).toHaveAttribute('data-permissions', 'View Preview');
  await permissions.getByTestId('archive-permission-UploadFile').click(ACT);
  await expect(permissions).toHaveAttribute('data-permissions', 'View Preview UploadFile');
  // A filter that does not parse is refused by the DAM (400 InvalidSearchExpression in `issues`): the dialog names the
  // member and stays open (spec 03 §4, §8).
  await dialog.getByTestId('access-member-autosearch').fill('fn:"unclosed');
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog.getByTestId('archive-problem')).toHaveText([new RegExp(`^${groupName}: The AutoSearch filter does not parse`)]);
  await expect(dialog).toHaveAttribute('data-save-state', 'open');
  await dialog.getByTestId('access-member-autosearch').fill(filter);
  await expect(dialog.getByTestId('archive-problems')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectAccessible(page, '[data-testid="archive-dialog"]', 'archive dialog, access list');
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog).toBeHidden();
  const tile = page.getByTestId('collection-tile').filter({ hasText: ARCHIVE });
  await expect(tile).toBeVisible();

  // What the DAM stored: the group with exactly those permissions and the filter.
  const stored = await page.request.get('/fotoweb/api/config/archives', { headers: { Accept: 'application/json' } });
  const press = ((await stored.json()) as { data: { Name: string; href: string; MemberList: { Name: string; Permissions: string[]; AutoSearch: string }[] }[] }).data.find(
    (archive) => archive.Name === ARCHIVE,
  )!;
  expect(press.MemberList).toEqual([expect.objectContaining({ Name: groupName, Permissions: ['View', 'Preview', 'UploadFile'], AutoSearch: filter })]);

  // ------------------------------------------------------------------ 2. a member of the group uploads and sees what the filter allows
  const piaPage = await otherBrowser(browser, baseURL);
  await piaPage.goto('/fotoweb/archives/');
  await logIn(piaPage, pia);
  await expect(piaPage.getByTestId('archives-view')).toBeVisible();
  await expect(piaPage.getByTestId('add-archive-tile')).toHaveCount(0);
  await expect(piaPage.getByTestId('archive-details')).toHaveCount(0);
  await piaPage.getByTestId('collection-tile').filter({ hasText: ARCHIVE }).getByRole('link').click(ACT);
  await expect(piaPage.getByTestId('collection-view')).toBeVisible();
  await piaPage.getByTestId('upload-button').click(ACT);
  const popover = piaPage.getByTestId('upload-popover');
  await popover.getByTestId('upload-file-input').setInputFiles([visible, hidden]);
  for (const file of [visible, hidden]) {
    await expect(popover.getByTestId('upload-file-row').filter({ hasText: file.name })).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  }
  await popover.getByTestId('upload-close').click(ACT);
  await expect(piaPage.getByTestId('asset-thumbnail').filter({ hasText: visible.name })).toBeVisible({ timeout: 30_000 });
  await piaPage.reload();
  await expect(piaPage.getByTestId('asset-thumbnail').filter({ hasText: visible.name })).toBeVisible({ timeout: 30_000 });
  await expect(piaPage.getByTestId('asset-thumbnail')).toHaveCount(1);
  await piaPage.context().close();

  // The administrator, who holds every permission, sees both.
  await tile.getByRole('link').click(ACT);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(2, { timeout: 30_000 });
  await page.goto('/fotoweb/archives/');

  // ------------------------------------------------------------------ 3. someone outside the group does not see Press
  const ottoPage = await otherBrowser(browser, baseURL);
  await ottoPage.goto('/fotoweb/archives/');
  await logIn(ottoPage, otto);
  await expect(ottoPage.getByTestId('collection-tile').filter({ hasText: 'Photos' })).toBeVisible();
  await expect(ottoPage.getByTestId('collection-tile').filter({ hasText: ARCHIVE })).toHaveCount(0);
  await ottoPage.context().close();

  // ------------------------------------------------------------------ 4. a duplicate name is refused; the dialog stays open
  await page.getByTestId('add-archive-tile').click(ACT);
  dialog = await openedDialog(page, 'Add archive');
  await dialog.getByTestId('archive-name').fill(' press ');
  await dialog.getByTestId('archive-metadata-view').selectOption({ index: 1 });
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog.getByTestId('archive-problem')).toHaveText(['archive name must be unique']);
  await expect(dialog.getByTestId('archive-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toHaveAttribute('data-save-state', 'open');
  // The pointer leaves Save first: the theme lightens a hovered solid button below 4.5:1 (white on brand.solid/90).
  await page.mouse.move(0, 0);
  await expectAccessible(page, '[data-testid="archive-dialog"]', 'archive dialog with a problem');
  await dialog.getByTestId('archive-cancel').click(ACT);
  await expect(dialog).toBeHidden();

  // ------------------------------------------------------------------ 5. an archive with assets is not deleted
  await page.getByRole('button', { name: `Archive details: ${ARCHIVE}` }).click(ACT);
  dialog = await openedDialog(page, 'Archive details');
  await expect(dialog.getByTestId('archive-name')).toHaveValue(ARCHIVE);
  await dialog.getByTestId('archive-delete').click(ACT);
  await page.getByTestId('archive-delete-confirm-ok').click(ACT);
  await expect(dialog.getByTestId('archive-delete-error')).toContainText('holds 2 assets');
  await expect(dialog).toBeVisible();

  // ------------------------------------------------------------------ 6. the reordered access list keeps its order
  await dialog.getByTestId('archive-tab-access').click(ACT);
  await dialog.getByTestId('access-list-add').click(ACT);
  await picker.getByTestId('add-member-user-search').fill(pia.username);
  const userRows = picker.getByTestId('add-member-users').getByTestId('add-member-row');
  await expect(userRows).toHaveCount(1);
  await userRows.getByTestId('add-member-check').click(ACT);
  await picker.getByTestId('add-member-add').click(ACT);
  await expect.poll(() => memberNames(dialog)).toEqual([groupName, piaUser.fullName]);
  // The newly added member is chosen; the first one stays where it was until moved.
  await expect(dialog.getByTestId('access-member').nth(1)).toHaveAttribute('data-chosen', 'true');
  // Keyboard drag and drop (dnd-kit): pick up the second row's handle, move it up, drop it.
  const handle = dialog.getByTestId('access-member').nth(1).getByTestId('access-member-handle');
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion).toHaveText(`Picked up ${piaUser.fullName} at position 2 of 2.`);
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion).toHaveText(`${piaUser.fullName} moved at position 1 of 2.`);
  await page.keyboard.press('Space');
  await expect(liveRegion).toHaveText(`${piaUser.fullName} dropped at position 1 of 2.`);
  await expect.poll(() => memberNames(dialog)).toEqual([piaUser.fullName, groupName]);
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: `Archive details: ${ARCHIVE}` }).click(ACT);
  dialog = await openedDialog(page, 'Archive details');
  await dialog.getByTestId('archive-tab-access').click(ACT);
  await expect.poll(() => memberNames(dialog)).toEqual([piaUser.fullName, groupName]);
  // The first row is chosen when the list opens (spec 03 §2.12).
  await expect(dialog.getByTestId('access-member').first()).toHaveAttribute('data-chosen', 'true');
  await dialog.getByTestId('archive-dialog-close').click(ACT);
  await expect(dialog).toBeHidden();

  // ------------------------------------------------------------------ 7. deleting it moves its assets to another archive
  const view = ((await (await page.request.get('/fotoweb/api/config/archives/5000', { headers: { Accept: 'application/json' } })).json()) as { MetadataSetId: string })
    .MetadataSetId;
  const store = await page.request.post('/fotoweb/api/config/archives', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
    data: { Name: `${ARCHIVE} store`, MetadataSetId: view, Pool: 'default', MemberList: [] },
  });
  expect(store.status(), await store.text()).toBe(201);
  const storeHref = ((await store.json()) as { href: string }).href;
  await page.reload();
  await page.getByRole('button', { name: `Archive details: ${ARCHIVE}`, exact: true }).click(ACT);
  dialog = await openedDialog(page, 'Archive details');
  await dialog.getByTestId('archive-delete').click(ACT);
  await page.getByTestId('archive-delete-move-to').selectOption({ label: `${ARCHIVE} store` });
  await expectAccessible(page, '[data-testid="archive-delete-confirm"]', 'delete confirmation with the move');
  await page.getByTestId('archive-delete-confirm-ok').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Archive details: ${ARCHIVE}`, exact: true })).toHaveCount(0);
  const moved = (await (await page.request.get(storeHref, { headers: { Accept: 'application/json' } })).json()) as { assetCount: number };
  expect(moved.assetCount).toBe(2);
});

test('the archives listing loads the next page when scrolled within 400 px of the bottom (spec 03 §2.11, §9)', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  // A server whose archives come in pages: 24, then 12 (Magpie answers one page; FotoWeb servers page them).
  // The descriptor's `archives` list of a signed-in user (dam.yaml FullApiDescriptor).
  const list = '/fotoweb/me/archives/';
  const real = await page.request.get(list, { headers: { Accept: 'application/vnd.fotoware.collectionlist+json' } });
  const [template] = ((await real.json()) as { data: Record<string, unknown>[] }).data;
  const archive = (n: number) => ({
    ...template,
    id: String(7000 + n),
    name: `Paged ${String(n).padStart(2, '0')}`,
    href: `/fotoweb/archives/${7000 + n}-Paged/`,
    posterImages: [],
  });
  const pages = new Map<string, { data: unknown[]; next: string | null }>([
    ['', { data: Array.from({ length: 24 }, (_, n) => archive(n)), next: `${list}?p=1` }],
    ['1', { data: Array.from({ length: 12 }, (_, n) => archive(24 + n)), next: null }],
  ]);
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === list,
    (route) => {
      const p = new URL(route.request().url()).searchParams.get('p') ?? '';
      asked.push(p);
      const answer = pages.get(p)!;
      return route.fulfill({
        json: { data: answer.data, paging: { first: list, prev: null, next: answer.next, last: `${list}?p=1` } },
        headers: { 'Content-Type': 'application/vnd.fotoware.collectionlist+json' },
      });
    },
  );
  await page.reload();
  const tiles = page.getByTestId('collection-tile');
  await expect(tiles).toHaveCount(24);
  // The first page fills more than the window: nothing more is asked until the user scrolls near the bottom.
  await page.waitForTimeout(500);
  expect(asked).toEqual(['']);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 100_000);
  await expect(tiles).toHaveCount(36);
  await expect(tiles.last()).toContainText('Paged 35');
  expect(asked).toEqual(['', '1']);
});

test('an administrator makes a metadata view as a copy from the archive dialog, which then chooses it (issue 12)', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const name = `Copied fields ${randomBytes(3).toString('hex')}`;
  await page.getByRole('button', { name: 'Archive details: Photos' }).click(ACT);
  const archiveDialog = page.getByTestId('archive-dialog');
  const chosen = archiveDialog.getByTestId('archive-metadata-view');
  const before = await chosen.inputValue();
  await archiveDialog.getByTestId('archive-new-view').click(ACT);
  const newView = page.getByTestId('new-view-dialog');
  await expect(newView.getByTestId('new-view-source')).toHaveValue(before);
  await newView.getByTestId('new-view-name').fill(name);
  await newView.getByTestId('new-view-save').click(ACT);
  await expect(newView).toHaveCount(0);
  await expect(chosen).not.toHaveValue(before);
  await expect(chosen.locator('option:checked')).toHaveText(name);
  // The view exists on the server; the archive keeps its own until the dialog is saved.
  const views = (await (await page.request.get('/fotoweb/api/config/metadataviews', { headers: { Accept: 'application/json' } })).json()) as {
    data: Array<{ Name: string; UsedBy: unknown[] }>;
  };
  expect(views.data.find((view) => view.Name === name)).toMatchObject({ UsedBy: [] });
  await archiveDialog.getByTestId('archive-cancel').click(ACT);
  await expect(archiveDialog).toHaveCount(0);
});

test('an administrator sends an archive’s downloads through a processing profile, and its photo downloads as the profile’s PNG (issue 16)', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const run = randomBytes(3).toString('hex');
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  const profile = await page.request.post('/fotoweb/api/processing-profiles', {
    headers,
    data: { name: `Download PNG ${run}`, size: 300, format: 'png', quality: 90, watermark: true },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  // A 40 × 20 px red watermark, stamped opaque in the middle at half the image's width.
  const red = await page.request.post('/fotoweb/api/watermarks', { headers, data: { name: `Red ${run}`, position: 'center', opacity: 100, scale: 50, image: RED_PNG } });
  expect(red.status(), await red.text()).toBe(201);
  const watermark = (await red.json()) as { id: string; href: string };
  const photos = (await (await page.request.get('/fotoweb/api/config/archives/5000', { headers })).json()) as { MetadataSetId: string; SortId: number };
  const name = `Processed ${run}`;
  // First in the listing (the lowest sort id), so its tile shows without scrolling; after Photos again at the end,
  // for the journeys that open the first archive.
  const created = await page.request.post('/fotoweb/api/config/archives', {
    headers,
    data: { Name: name, MetadataSetId: photos.MetadataSetId, Pool: 'default', Path: null, MemberList: [], SortId: -1_000_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const archiveId = ((await created.json()) as { Id: number }).Id;
  try {
    const profileId = ((await profile.json()) as { id: string }).id;
    await sendDownloadsThroughProfile(page, { archiveId, name, profile: { id: profileId, name: `Download PNG ${run}` }, watermark: { id: watermark.id, name: `Red ${run}` }, run });
  } finally {
    // Back after Photos, without the watermark, which goes: no other journey meets either.
    const stored = (await (await page.request.get(`/fotoweb/api/config/archives/${archiveId}`, { headers })).json()) as Record<string, unknown>;
    const moved = await page.request.put(`/fotoweb/api/config/archives/${archiveId}`, {
      headers,
      data: { ...stored, SortId: photos.SortId, Renditions: { ...(stored['Renditions'] as object), WatermarkId: null } },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    expect((await page.request.delete(watermark.href, { headers: await csrfHeader(page) })).status()).toBe(204);
  }
});

/** The download processing journey in the archive `archiveId` (see the test above). */
async function sendDownloadsThroughProfile(
  page: Page,
  { archiveId, name, profile, watermark, run }: { archiveId: number; name: string; profile: { id: string; name: string }; watermark: { id: string; name: string }; run: string },
): Promise<void> {
  const headers = { Accept: 'application/json' };
  await page.reload();
  await page.getByRole('button', { name: `Archive details: ${name}` }).click(ACT);
  const dialog = await openedDialog(page, 'Archive details');
  await dialog.getByTestId('archive-tab-export').click(ACT);
  await dialog.getByTestId('archive-watermark').selectOption({ label: watermark.name });
  await dialog.getByTestId('archive-processing-type').selectOption('1');
  const chosen = dialog.getByTestId('archive-processing-profile');
  await chosen.selectOption({ label: profile.name });
  await expect(dialog.getByTestId('archive-export-import')).toContainText('Images are downloaded as the profile makes them');
  await expectAccessible(page, '[data-testid="archive-dialog"]', 'archive dialog, download processing');
  await dialog.getByTestId('archive-save').click(ACT);
  await expect(dialog).toHaveCount(0);
  const saved = (await (await page.request.get(`/fotoweb/api/config/archives/${archiveId}`, { headers })).json()) as { DownloadProcessing: unknown; Renditions: unknown };
  expect(saved.DownloadProcessing).toMatchObject({ ProcessingType: 1, SpecificProcessingProfile: profile.id });
  expect(saved.Renditions).toMatchObject({ WatermarkId: watermark.id });

  await page.goto(`/fotoweb/archives/${archiveId}-${encodeURIComponent(name)}/`);
  await expect(page.getByTestId('collection-view')).toBeVisible(ACT);
  const [asset] = await uploadToCollection(page, [uniquePhoto(`processed-${run}`)]);
  await page.goto(asset!);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('asset-download').click(ACT);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`magpie-e2e-processed-${run}.png`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // The PNG's width and height (IHDR): its longest side is the profile's 300 px.
  const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  expect(Math.max(width, height)).toBe(300);
  // Stamped: the middle of the image is the watermark's red (decoded in the page, as the browser draws it).
  const middle = await page.evaluate(
    async ({ data, x, y }) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data];
    },
    { data: bytes.toString('base64'), x: Math.floor(width / 2), y: Math.floor(height / 2) },
  );
  expect(middle).toEqual([255, 0, 0, 255]);
}

/** A 40 × 20 px opaque red PNG, base64. */
const RED_PNG = solidPng(40, 20, [255, 0, 0, 255]).toString('base64');
