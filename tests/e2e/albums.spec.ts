/**
 * Albums (issue 13; FotoWeb API, Albums; spec 01 §2 selection and relocation, §7 `PATCH album`; spec 02 §6
 * SetPosterAsset) on the real stack in Chromium: the user selects three photos with a click and a shift-click, adds them
 * to a new album from the selection bar, opens the album from the notice, moves the last photo to the top, makes it
 * the cover, shares it by a link that expires tomorrow, opens the link in a fresh browser without an account and
 * sees the photos, revokes the link (which then says it does not work), renames it, pins it and finds it under Pins,
 * finds the album with its cover under Albums, archives and restores it, deletes it and
 * restores it from the deleted albums. The album page and the Albums view pass axe.
 *
 * A second journey shares an album with a person for contribution from the Share dialog's people search; that person,
 * in their own browser, finds it under Shared with me (with its owner's name), opens it, and adds a photo to it with
 * Add to album. The Share dialog and the shared list pass axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };

/** Logs in on the archives page; answers this run's tag and the first archive the user uploads to. */
async function signedIn(page: Page, credentials: { username: string; password: string }): Promise<{ tag: string; archive: string }> {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  return { tag: randomBytes(3).toString('hex'), archive: targets.data[0]!.href };
}

test('make an album from a shift-click range, reorder it, set its cover, share it by link, pin it, archive, delete and restore it (issue 13)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { tag, archive } = await signedIn(page, credentials);
  const folder = `albums-${tag}`;
  for (const name of ['a', 'b', 'c']) await uploadInto(page, archive, folder, uniquePhoto(`album-${name}-${tag}`));

  await page.goto(`${archive}${folder}/`);
  await expect(page.getByTestId('collection-view')).toBeVisible();
  const thumbnails = page.getByTestId('asset-thumbnail');
  await expect(thumbnails).toHaveCount(3);
  const order = await thumbnails.evaluateAll((items) => items.map((item) => item.getAttribute('data-href')!));

  // A click with Ctrl selects the first, Shift+click the range to the third.
  await thumbnails.nth(0).click({ modifiers: ['ControlOrMeta'], ...ACT });
  await thumbnails.nth(2).click({ modifiers: ['Shift'], ...ACT });
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '3');
  await page.getByTestId('album-add-open').click(ACT);
  const dialog = page.getByTestId('album-add-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'choosing');
  await dialog.getByTestId('album-add-name').fill(`Trip ${tag}`);
  await dialog.getByTestId('album-add-save').click(ACT);
  await expect(dialog).toHaveCount(0);
  const notice = page.getByTestId('album-added');
  await expect(notice).toContainText(`3 assets added to Trip ${tag}`);

  // The album: the three photos in the order they were selected in, then the last one moved to the top.
  await notice.getByRole('link', { name: `Trip ${tag}` }).click(ACT);
  await expect(page.getByTestId('collection-name')).toHaveText(`Trip ${tag}`);
  await expect(page).toHaveURL(/\/fotoweb\/users\/[0-9]+\/albums\/[0-9]+\/$/);
  const albumUrl = page.url();
  await expect(thumbnails).toHaveCount(3);
  expect(await thumbnails.evaluateAll((items) => items.map((item) => item.getAttribute('data-href')!))).toEqual(order);
  await thumbnails.nth(2).click({ modifiers: ['ControlOrMeta'], ...ACT });
  await page.getByTestId('album-move-top').click(ACT);
  await expect.poll(() => thumbnails.evaluateAll((items) => items.map((item) => item.getAttribute('data-href')!))).toEqual([order[2], order[0], order[1]]);

  // The first photo becomes the cover; Clear cover appears.
  await page.keyboard.press('Escape');
  await thumbnails.nth(0).click({ modifiers: ['ControlOrMeta'], ...ACT });
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '1');
  await page.getByTestId('album-set-cover').click(ACT);
  await expect(page.getByTestId('album-clear-cover')).toBeVisible();
  await expectAccessible(page, '[data-testid="collection-view"]', 'album page');

  // Shared by a link that expires tomorrow; a fresh browser without an account opens it and sees the photos.
  await page.getByTestId('album-share').click(ACT);
  const share = page.getByTestId('share-dialog');
  await expect(share).toHaveAttribute('data-state', 'ready');
  await expect(share.getByTestId('share-no-links')).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const tomorrowText = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await share.getByTestId('share-expires').fill(tomorrowText);
  await share.getByTestId('share-create').click(ACT);
  const link = share.getByTestId('share-link');
  await expect(link).toHaveCount(1);
  await expect(link.getByTestId('share-link-facts')).toContainText('expires after');
  await expectAccessible(page, '[data-testid="share-dialog"]', 'Share dialog');
  const linkUrl = (await link.getAttribute('data-url'))!;
  await share.getByTestId('share-close').click(ACT);
  await expect(share).toHaveCount(0);

  const visitor = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const visit = await visitor.newPage();
  await visit.goto(linkUrl);
  const shared = visit.getByTestId('shared-album-view');
  await expect(shared).toHaveAttribute('data-state', 'shown.idle');
  await expect(visit.getByTestId('shared-name')).toHaveText(`Trip ${tag}`);
  await expect(visit.getByTestId('shared-asset')).toHaveCount(3);
  await expect
    .poll(() =>
      visit
        .getByTestId('shared-asset')
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(visit.getByTestId('shared-download')).toHaveCount(0);
  await expectAccessible(visit, '[data-testid="shared-album-view"]', 'shared album page');

  // Revoked: the same link now says it does not work, and shows nothing of the album.
  await page.getByTestId('album-share').click(ACT);
  await expect(share.getByTestId('share-link')).toHaveCount(1);
  await share.getByTestId('share-link-revoke').click(ACT);
  await expect(share.getByTestId('share-no-links')).toBeVisible();
  await share.getByTestId('share-close').click(ACT);
  await visit.reload();
  await expect(shared).toHaveAttribute('data-state', 'missing');
  await expect(visit.getByText('This link does not work')).toBeVisible();
  await expect(visit.getByTestId('shared-asset')).toHaveCount(0);
  await visitor.close();

  // Renamed with the album dialog.
  await page.getByTestId('album-rename').click(ACT);
  await page.getByTestId('album-dialog').getByTestId('album-name').fill(`Trip ${tag} (final)`);
  await page.getByTestId('album-dialog').getByTestId('album-save').click(ACT);
  await expect(page.getByTestId('album-dialog')).toHaveCount(0);
  await expect(page.getByTestId('collection-name')).toHaveText(`Trip ${tag} (final)`);

  // Pinned from its heading, and found under Pins.
  await page.getByTestId('collection-pin').click(ACT);
  await expect(page.getByTestId('collection-pin')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('pins-link').click(ACT);
  await expect(
    page
      .getByTestId('pins-view')
      .getByTestId('collection-tile')
      .filter({ hasText: `Trip ${tag} (final)` }),
  ).toBeVisible();

  // Under Albums, with its cover image.
  await page.getByTestId('albums-link').click(ACT);
  const albums = page.getByTestId('albums-view');
  await expect(albums).toBeVisible();
  const tile = albums.getByTestId('collection-tile').filter({ hasText: `Trip ${tag}` });
  await expect(tile).toContainText('3 assets');
  await expect(tile.locator('img')).toHaveAttribute('src', /\/fotoweb\/cache\/previews\//);
  await expectAccessible(page, '[data-testid="albums-view"]', 'Albums view');

  // Archive, find it under Archived, restore it.
  await tile.getByRole('link').click(ACT);
  await page.getByTestId('album-archive').click(ACT);
  await expect(page.getByTestId('album-state')).toContainText('archived');
  await page.getByTestId('albums-link').click(ACT);
  await expect(albums.getByTestId('collection-tile').filter({ hasText: `Trip ${tag}` })).toHaveCount(0);
  await page.getByTestId('albums-tab-archived').click(ACT);
  await albums
    .getByTestId('collection-tile')
    .filter({ hasText: `Trip ${tag}` })
    .getByRole('link')
    .click(ACT);
  await page.getByTestId('album-archive').click(ACT);
  await expect(page.getByTestId('album-state')).toHaveCount(0);

  // Delete (after the confirmation) lands on Albums; Deleted lists it, and Restore brings it back.
  await page.getByTestId('album-delete').click(ACT);
  await page.getByTestId('album-delete-confirm').getByRole('button', { name: 'Delete album' }).click(ACT);
  await expect(albums).toBeVisible();
  await page.getByTestId('albums-tab-deleted').click(ACT);
  await albums
    .getByTestId('collection-tile')
    .filter({ hasText: `Trip ${tag}` })
    .getByRole('link')
    .click(ACT);
  await expect(page.getByTestId('album-state')).toContainText('deleted');
  await page.getByTestId('album-restore').click(ACT);
  await expect(page.getByTestId('album-state')).toHaveCount(0);
  expect(page.url()).toBe(albumUrl);
});

test('share an album with a person to contribute: they find it under Shared with me, read its comments, open it and add a photo to it (issue 13)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { tag, archive } = await signedIn(page, credentials);
  const folder = `shared-${tag}`;
  const first = await uploadInto(page, archive, folder, uniquePhoto(`shared-a-${tag}`));
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  const album = (await (await page.request.post('/fotoweb/me/albums/', { headers, data: { name: `Team ${tag}` } })).json()) as { href: string };
  expect((await page.request.post(album.href, { headers, data: { data: [{ href: first }] } })).status()).toBe(200);
  const person = { username: `sharee-${tag}`, password: `sharee-password-${tag}` };
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...headers, 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username: person.username, address: { firstName: 'Sam', lastName: `Sharee ${tag}`, email: `${person.username}@example.com` }, account: { password: person.password } },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The owner leaves a comment on the album (Ctrl+Enter posts it).
  await page.goto(album.href);
  await page.getByTestId('album-comments-toggle').click(ACT);
  await expect(page.getByTestId('album-comments-empty')).toBeVisible();
  await page.getByTestId('album-comment-input').fill('Pick the cover from these, please.');
  await page.getByTestId('album-comment-input').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('album-comment-text')).toHaveText(['Pick the cover from these, please.']);
  await expect(page.getByTestId('album-comment-input')).toHaveValue('');
  await expect(page.getByTestId('album-comments-count')).toHaveText('1');

  // The owner finds the person, adds them to view and add assets, and saves.
  await page.getByTestId('album-share').click(ACT);
  const dialog = page.getByTestId('share-dialog');
  const people = dialog.getByTestId('share-people');
  await expect(people.getByTestId('share-people-item')).toHaveCount(0);
  await people.getByTestId('share-people-search').fill(`Sharee ${tag}`);
  await people
    .getByTestId('share-people-result')
    .filter({ hasText: `Sharee ${tag}` })
    .click(ACT);
  await people.getByTestId('share-people-add').click(ACT);
  await expect(people.getByTestId('share-people-item')).toHaveCount(1);
  await dialog.getByTestId('share-people-rights').selectOption('contribute');
  await dialog.getByTestId('share-people-save').click(ACT);
  await expect(dialog.getByTestId('share-people-saved')).toBeVisible();
  await expect(people.getByTestId('share-people-item')).toContainText('can add assets');
  await expectAccessible(page, '[data-testid="share-dialog"]', 'share dialog with people');
  await dialog.getByTestId('share-close').click(ACT);

  // The person, in their own browser: Shared with me lists it with its owner; it opens with the photo.
  const theirs = await (await browser.newContext({ baseURL })).newPage();
  await theirs.goto('/fotoweb/views/albums');
  await logIn(theirs, person);
  await theirs.getByTestId('albums-tab-shared').click(ACT);
  const tile = theirs.getByTestId('collection-tile').filter({ hasText: `Team ${tag}` });
  await expect(tile.getByTestId('collection-tile-byline')).toContainText('by ');
  await expectAccessible(theirs, '[data-testid="albums-view"]', 'albums shared with me');
  await tile.getByRole('link').click(ACT);
  await expect(theirs.getByTestId('collection-name')).toHaveText(`Team ${tag}`);
  await expect(theirs.getByTestId('album-owner')).toContainText('shared by');
  await expect(theirs.getByTestId('asset-thumbnail')).toHaveCount(1);
  await expect(theirs.getByTestId('album-share')).toHaveCount(0);
  // They read the owner's comment; without albums.comment they write none, and delete none.
  await expect(theirs.getByTestId('album-comments-count')).toHaveText('1');
  await theirs.getByTestId('album-comments-toggle').click(ACT);
  await expect(theirs.getByTestId('album-comment')).toContainText('Pick the cover from these, please.');
  await expect(theirs.getByTestId('album-comment-form')).toHaveCount(0);
  await expect(theirs.getByTestId('album-comment-delete')).toHaveCount(0);
  await expectAccessible(theirs, '[data-testid="album-comments"]', 'album comments of a shared album');

  // They add a second photo from its folder with Add to album, choosing the shared album.
  const second = await uploadInto(page, archive, folder, uniquePhoto(`shared-b-${tag}`));
  await theirs.goto(`${archive}${folder}/`);
  await expect(theirs.getByTestId('asset-thumbnail')).toHaveCount(2);
  await theirs.locator(`[data-testid="asset-thumbnail"][data-href="${second}"]`).click({ modifiers: ['ControlOrMeta'], ...ACT });
  await theirs.getByTestId('album-add-open').click(ACT);
  const add = theirs.getByTestId('album-add-dialog');
  await add
    .getByTestId('album-add-choice')
    .filter({ hasText: `Team ${tag}` })
    .getByRole('radio')
    .check(ACT);
  await add.getByTestId('album-add-save').click(ACT);
  await expect(theirs.getByTestId('album-added')).toContainText(`1 asset added to Team ${tag}`);
  await theirs.context().close();
  await page.reload();
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(2);
});

test('show an album on the home page: a visitor without an account finds it under Public albums and opens it (issue 13)', async ({ page, credentials, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { tag, archive } = await signedIn(page, credentials);
  const photo = await uploadInto(page, archive, `public-${tag}`, uniquePhoto(`public-${tag}`));
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  const album = (await (await page.request.post('/fotoweb/me/albums/', { headers, data: { name: `Open day ${tag}` } })).json()) as { href: string };
  expect((await page.request.post(album.href, { headers, data: { data: [{ href: photo }] } })).status()).toBe(200);

  await page.goto(album.href);
  const toggle = page.getByTestId('album-public');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click(ACT);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // A visitor in a fresh browser: the archives page lists it under Public albums; it opens without an account.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/fotoweb/archives/');
  const section = visitor.getByTestId('public-albums');
  const tile = section.getByTestId('collection-tile').filter({ hasText: `Open day ${tag}` });
  await expect(tile).toBeVisible();
  await expectAccessible(visitor, '[data-testid="public-albums"]', 'public albums');
  await tile.getByRole('link').click(ACT);
  await expect(visitor.getByTestId('collection-name')).toHaveText(`Open day ${tag}`);
  await expect(visitor.getByTestId('album-owner')).toContainText('shared by');
  await expect(visitor.getByTestId('guest-login')).toBeVisible();
  await visitor.context().close();

  // Taken off the home page, it is no longer listed.
  await toggle.click(ACT);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const list = (await (await page.request.get('/fotoweb/albums/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ name: string }> };
  expect(list.data.map((entry) => entry.name)).not.toContain(`Open day ${tag}`);
});
