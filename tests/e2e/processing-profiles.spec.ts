/**
 * Processing profiles (issue 16 "processing profiles (size, format, quality …) are configured by administrators"),
 * on the real stack in Chromium: the administrator opens Settings → Processing profiles; a blank name is refused in
 * the form first; "Web 400" (400 px, jpg, quality 80) is created and listed; a second "web 400" is refused in the
 * dialog with the DAM's 409 message next to the name; an asset's JSON (`GET` through `page.request`) lists the
 * profile in `renditions`, and the asset page's "Download as…" gets it through the rendition service (a JPEG whose
 * longest side is 400 px); the profile is edited (original size, webp, quality 70); it is deleted after a
 * confirmation saying assets stop offering it, and the asset no longer lists it. The page, the dialog, the menu and
 * the confirmation pass axe.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { csrfHeader, openFirstArchive, uniquePhoto, uploadToCollection } from './metadataAssets.ts';
import { openSignedIn } from './model/signIn.ts';

const ACT = { timeout: 15_000 };
const NAME = 'Web 400';
const PROFILES = '/fotoweb/api/processing-profiles';

interface Rendition {
  readonly profile: string;
  readonly display_name: string;
  readonly href: string;
}

/** A JPEG's width and height (px) from its first start-of-frame marker (ITU T.81 B.2.2), or undefined. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/** The renditions the asset at `href` lists (its JSON, as the DAM answers it through the BFF). */
async function renditionsOf(page: Page, href: string): Promise<Rendition[]> {
  const response = await page.request.get(href, { headers: { Accept: 'application/vnd.fotoware.asset+json' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { renditions: Rendition[] }).renditions;
}

/** Deletes a "Web 400" a previous run left behind, so the journey starts from a stack without it. */
async function removeLeftovers(page: Page): Promise<void> {
  const list = await page.request.get(PROFILES, { headers: { Accept: 'application/json' } });
  expect(list.status()).toBe(200);
  const headers = await csrfHeader(page);
  for (const profile of ((await list.json()) as { data: { name: string; href: string }[] }).data) {
    if (profile.name.toLowerCase() === NAME.toLowerCase()) expect((await page.request.delete(profile.href, { headers })).status()).toBe(204);
  }
}

test('the administrator creates, edits and deletes a processing profile, and assets list it as a rendition meanwhile', async ({ page, credentials }) => {
  await openSignedIn(page, credentials);
  await removeLeftovers(page);
  await openFirstArchive(page);
  const [asset] = await uploadToCollection(page, [uniquePhoto(`profiles-${Date.now().toString(36)}`)]);
  expect(asset).toMatch(/^\/fotoweb\/archives\//);

  // 1. Settings → Processing profiles.
  await page.getByTestId('settings-menu-trigger').click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Processing profiles' }).click(ACT);
  const view = page.getByTestId('processing-profiles-view');
  await expect(view.getByRole('heading', { name: 'Processing profiles' })).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/processing-profiles$/);
  await expectAccessible(page, undefined, 'processing profiles page');

  // 2. New profile: a blank name is refused next to the field, with no call; then "Web 400", 400 px, jpg, quality 80.
  await view.getByTestId('processing-profile-create').click(ACT);
  const dialog = page.getByTestId('processing-profile-dialog');
  await expect(dialog.getByRole('heading', { name: 'New processing profile' })).toBeVisible();
  await dialog.getByTestId('processing-profile-save').click(ACT);
  await expect(dialog.getByTestId('processing-profile-name-error')).toHaveText('Give the profile a name.');
  await expectAccessible(page, '[data-testid="processing-profile-dialog"]', 'processing profile dialog with a problem');
  await dialog.getByTestId('processing-profile-name').fill(NAME);
  await dialog.getByTestId('processing-profile-original-size').click(ACT);
  await dialog.getByTestId('processing-profile-size').fill('400');
  await dialog.getByTestId('processing-profile-format').selectOption('jpg');
  await dialog.getByTestId('processing-profile-quality').fill('80');
  await expectAccessible(page, '[data-testid="processing-profile-dialog"]', 'processing profile dialog');
  await dialog.getByTestId('processing-profile-save').click(ACT);
  await expect(dialog).toBeHidden();
  const row = view.getByTestId('processing-profile-row').filter({ has: page.getByTestId('processing-profile-row-name').getByText(NAME, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('processing-profile-row-size')).toHaveText('400 px');
  await expect(row.getByTestId('processing-profile-row-format')).toHaveText('jpg');
  await expect(row.getByTestId('processing-profile-row-quality')).toHaveText('80');
  const id = await row.getAttribute('data-profile-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // 3. The same name again: the DAM answers 409 and its message shows next to the name, the dialog stays open.
  await view.getByTestId('processing-profile-create').click(ACT);
  await dialog.getByTestId('processing-profile-name').fill(NAME.toLowerCase());
  await dialog.getByTestId('processing-profile-save').click(ACT);
  await expect(dialog.getByTestId('processing-profile-name-error')).toHaveText('A processing profile named "web 400" exists already.');
  await expectAccessible(page, '[data-testid="processing-profile-dialog"]', 'processing profile dialog with the DAM refusal');
  await dialog.getByTestId('processing-profile-cancel').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(view.getByTestId('processing-profile-row').filter({ hasText: NAME })).toHaveCount(1);

  // 4. The asset lists the profile among its renditions, after its original.
  const listed = await renditionsOf(page, asset!);
  expect(listed[0]?.profile).toBe('ORIGINAL');
  expect(listed.find((rendition) => rendition.profile === id)).toMatchObject({ display_name: NAME });

  // 4b. The asset page offers it under "Download as…": the rendition service makes a 400 px JPEG the browser downloads.
  await page.goto(asset!);
  await expect(page.getByTestId('asset-title')).toBeVisible(ACT);
  await page.getByTestId('asset-download-as').click(ACT);
  const item = page.getByTestId('asset-download-as-menu').getByRole('menuitem', { name: NAME });
  await expectAccessible(page, '[data-testid="asset-download-as-menu"]', 'download as menu');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await item.click(ACT);
  const download = await downloading;
  expect(download.url()).toMatch(/\/fotoweb\/me\/background-tasks\//);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const size = jpegSize(bytes);
  expect(size && Math.max(size.width, size.height)).toBe(400);
  await expect(page.getByTestId('asset-download-as-error')).toHaveCount(0);

  // Back to the profiles page.
  await page.goto('/fotoweb/views/processing-profiles');
  await expect(view.getByRole('heading', { name: 'Processing profiles' })).toBeVisible(ACT);

  // 5. Edit: original size, webp, quality 70.
  await row.getByTestId('processing-profile-edit').click(ACT);
  await expect(dialog.getByRole('heading', { name: `Edit “${NAME}”` })).toBeVisible();
  await expect(dialog.getByTestId('processing-profile-size')).toHaveValue('400');
  await dialog.getByTestId('processing-profile-original-size').click(ACT);
  await dialog.getByTestId('processing-profile-format').selectOption('webp');
  await dialog.getByTestId('processing-profile-quality').fill('70');
  await dialog.getByTestId('processing-profile-save').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('processing-profile-row-size')).toHaveText('Original size');
  await expect(row.getByTestId('processing-profile-row-format')).toHaveText('webp');
  await expect(row.getByTestId('processing-profile-row-quality')).toHaveText('70');
  expect(await row.getAttribute('data-profile-id')).toBe(id);

  // 6. Delete, after a confirmation that says assets stop offering the rendition.
  await row.getByTestId('processing-profile-delete').click(ACT);
  const confirm = page.getByTestId('processing-profile-delete-confirm');
  await expect(confirm).toContainText('Assets stop offering this rendition');
  await expectAccessible(page, '[data-testid="processing-profile-delete-confirm"]', 'delete processing profile confirmation');
  await page.getByTestId('processing-profile-delete-confirm-ok').click(ACT);
  await expect(view.getByTestId('processing-profiles-notice')).toContainText(`“${NAME}” is deleted.`);
  await expect(row).toHaveCount(0);
  expect((await renditionsOf(page, asset!)).some((rendition) => rendition.profile === id)).toBe(false);
});
