/**
 * Activity exports (issue 15, spec 03 §2.1): on the real stack in Chromium, the administrator edits an asset's title,
 * opens Settings → Activity exports, sees who edited it (their name, the asset, the field), narrows the log with the
 * filters, downloads the CSV for the filters and finds the row in the file; then switches logins off in the Logging
 * section (spec 03 §3.12), sees it stay off after a reload and the change in the log, and switches them on again. The
 * page passes axe in light and dark mode.
 */
import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from './fixtures.ts';
import { openFirstArchive, uniquePhoto, uploadToCollection } from './metadataAssets.ts';
import { keepSession, openSignedIn } from './model/signIn.ts';

const ACT = { timeout: 15_000 };
/** IPTC Title (dam.yaml field ids). */
const TITLE = '5';

test.afterEach(async ({ page }) => keepSession(page));

test('an edit shows in Activity exports, and the CSV download for the filters holds it', async ({ page, credentials }) => {
  const run = Date.now().toString(36);
  const title = `Audited ${run}`;
  await openSignedIn(page, credentials);
  await openFirstArchive(page);
  const [href] = await uploadToCollection(page, [uniquePhoto(`activity-${run}`)]);
  const fileName = `magpie-e2e-activity-${run}.jpg`;

  // 1. Edit the title in the asset view.
  await page.goto(href!);
  const field = page.getByTestId('metadata-panel').locator(`[data-testid="field-editor"][data-field-id="${TITLE}"]`);
  await field.getByTestId('field-edit').click(ACT);
  await field.getByTestId('field-input').fill(title);
  await field.getByTestId('field-save').click(ACT);
  await expect(field.getByTestId('field-value')).toHaveText(title);

  // 2. Settings → Activity exports: the edit is the newest row, with who, what and the field.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Activity exports' }).click(ACT);
  await expect(page).toHaveURL(/\/fotoweb\/views\/activity-exports$/);
  const view = page.getByTestId('activity-view');
  await expect(view).toHaveAttribute('data-state', 'loaded');
  const edited = view.locator('[data-testid="activity-row"][data-action="asset.metadataEdited"]').first();
  await expect(edited).toContainText(fileName);
  await expect(edited).toContainText('Edited metadata');
  await expect(edited).toContainText(`fields ${TITLE}`);
  await expect(edited).toContainText(credentials.username);
  await expectAccessible(page, '[data-testid="activity-view"]', 'Activity exports');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '[data-testid="activity-view"]', 'Activity exports in dark mode');
  await page.emulateMedia({ colorScheme: 'light' });

  // 3. Filter to this asset's metadata edits: one row.
  await view.getByTestId('activity-action').selectOption('asset.metadataEdited');
  await view.getByTestId('activity-target').fill(fileName);
  await view.getByTestId('activity-apply').click(ACT);
  await expect(view).toHaveAttribute('data-state', 'loaded');
  await expect(view.getByTestId('activity-row')).toHaveCount(1);
  await expect(view.getByTestId('activity-row')).toContainText(fileName);
  // Nothing matches a day long gone: the empty state says so.
  await view.getByTestId('activity-to').fill('2001-01-01');
  await view.getByTestId('activity-apply').click(ACT);
  await expect(view.getByTestId('empty-state')).toContainText('No activity');
  await view.getByTestId('activity-to').fill('');
  await view.getByTestId('activity-apply').click(ACT);
  await expect(view.getByTestId('activity-row')).toHaveCount(1);

  // 4. Download CSV for these filters: the file holds the row.
  const downloading = page.waitForEvent('download');
  await view.getByTestId('activity-download-csv').click(ACT);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('id,time,user id,user name,user full name,action,target kind,target id,target name,target href,details');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${credentials.username},`);
  expect(lines[1]).toContain(',asset.metadataEdited,asset,');
  expect(lines[1]).toContain(fileName);
  expect(lines[1]).toContain(title);

  // 5. Logging: switch logins off and save; the page shows it after a reload, and the log names the change. Then on again.
  const logging = page.getByTestId('activity-logging');
  const logins = logging.getByTestId('activity-logging-logins');
  await expect(logging).toHaveAttribute('data-state', 'ready.idle');
  await expect(logins).toHaveAttribute('data-state', 'checked');
  await expect(logging.getByTestId('activity-logging-save')).toBeDisabled();
  await logins.click(ACT);
  await logging.getByTestId('activity-logging-save').click(ACT);
  await expect(logging.getByTestId('activity-logging-saved')).toBeVisible(ACT);
  await page.reload();
  await expect(page.getByTestId('activity-logging')).toHaveAttribute('data-state', 'ready.idle', ACT);
  await expect(logins).toHaveAttribute('data-state', 'unchecked');
  await expectAccessible(page, '[data-testid="activity-logging"]', 'Logging section');
  await view.getByTestId('activity-action').selectOption('site.activitySettingsChanged');
  await view.getByTestId('activity-apply').click(ACT);
  await expect(view.getByTestId('activity-row').first()).toContainText('not recording: Logins');
  await logins.click(ACT);
  await logging.getByTestId('activity-logging-save').click(ACT);
  await expect(logging.getByTestId('activity-logging-saved')).toBeVisible(ACT);
  await expect(logins).toHaveAttribute('data-state', 'checked');
  await view.getByTestId('activity-refresh').click(ACT);
  await expect(view.getByTestId('activity-row').first()).toContainText('recording everything');
});
