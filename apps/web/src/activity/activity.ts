/**
 * The Activity exports room's words and the pure helpers of its page (issue 15, spec 03 §2.1 "Activity exports"): what
 * each action is called, the action filter's choices, the filters as a query, and how a row's details read.
 */
import type { ActivityAction, ActivityCategory, ActivityEntry, ActivitySettings } from '@magpie/api-types';
import type { ActivityFilters } from '@magpie/machines';

/** Each action as people read it. */
export const ACTIVITY_ACTION_LABELS: Readonly<Record<ActivityAction, string>> = {
  'asset.uploaded': 'Uploaded',
  'asset.metadataEdited': 'Edited metadata',
  'asset.fileChanged': 'Replaced the file',
  'asset.renamed': 'Renamed',
  'asset.moved': 'Moved',
  'asset.copied': 'Copied',
  'asset.deleted': 'Deleted',
  'asset.restored': 'Restored',
  'asset.purged': 'Deleted for good',
  'asset.rolledBack': 'Rolled back',
  'archive.created': 'Created an archive',
  'archive.changed': 'Changed an archive',
  'archive.permissionsChanged': 'Changed an archive’s permissions',
  'archive.deleted': 'Deleted an archive',
  'user.created': 'Created a user',
  'user.changed': 'Changed a user',
  'user.deleted': 'Deleted a user',
  'group.created': 'Created a group',
  'group.changed': 'Changed a group',
  'group.deleted': 'Deleted a group',
  'group.membersChanged': 'Changed a group’s members',
  'signup.approved': 'Approved a sign-up',
  'signup.rejected': 'Rejected a sign-up',
  'order.approved': 'Approved an order',
  'order.rejected': 'Rejected an order',
  'site.ownerHandedOver': 'Handed the site over',
  'site.customCssSaved': 'Saved the custom CSS',
  'site.customCssCleared': 'Cleared the custom CSS',
  'site.titleBarButtonsChanged': 'Changed the title-bar buttons',
  'site.footerChanged': 'Changed the footer',
  'site.consentSettingsChanged': 'Changed the consent settings',
  'site.signupSettingsChanged': 'Changed the sign-up settings',
  'site.orderSettingsChanged': 'Changed the order settings',
  'site.activitySettingsChanged': 'Changed what the activity log records',
  'site.apiClientRegistered': 'Registered an API client',
  'site.apiClientDeleted': 'Deleted an API client',
  'site.apiKeyCreated': 'Created an API key',
  'site.apiKeyRevoked': 'Revoked an API key',
  'site.webhookRegistered': 'Registered a webhook',
  'site.webhookDeleted': 'Deleted a webhook',
  'site.processingProfileCreated': 'Created a processing profile',
  'site.processingProfileChanged': 'Changed a processing profile',
  'site.processingProfileDeleted': 'Deleted a processing profile',
  'site.watermarkCreated': 'Created a watermark',
  'site.watermarkChanged': 'Changed a watermark',
  'site.watermarkDeleted': 'Deleted a watermark',
  'consent.formCreated': 'Recorded a consent form',
  'consent.formChanged': 'Changed a consent form',
  'consent.formLinked': 'Linked a consent form to an asset',
  'consent.formUnlinked': 'Unlinked a consent form from an asset',
  'consent.formDeleted': 'Deleted a consent form',
  'login.succeeded': 'Logged in',
  'login.failed': 'Failed to log in',
};

/** The action filter's choices: everything, each kind (`asset.`: every asset action), then each action. */
export const ACTION_FILTER_CHOICES: ReadonlyArray<{ readonly value: string; readonly label: string }> = [
  { value: '', label: 'Every action' },
  { value: 'asset.', label: 'Assets: every action' },
  { value: 'archive.', label: 'Archives: every action' },
  { value: 'user.', label: 'Users: every action' },
  { value: 'group.', label: 'Groups: every action' },
  { value: 'signup.', label: 'Sign-ups: every action' },
  { value: 'order.', label: 'Orders: every action' },
  { value: 'login.', label: 'Logins: every action' },
  { value: 'consent.', label: 'Consent forms: every action' },
  { value: 'site.', label: 'Site settings: every action' },
  ...Object.entries(ACTIVITY_ACTION_LABELS).map(([value, label]) => ({ value, label: `${label} (${value})` })),
];

/** The list's href for `filters` (only those set), on `base` (`/fotoweb/api/activity`). */
export function activityHref(base: string, filters: ActivityFilters): string {
  const query = new URLSearchParams();
  for (const key of ['from', 'to', 'action', 'target'] as const) {
    const value = filters[key].trim();
    if (value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text === '' ? base : `${base}?${text}`;
}

/** The filters a page address carries (`?from=…&to=…&action=…&target=…`), each '' when absent. */
export function filtersFromSearch(search: string): ActivityFilters {
  const query = new URLSearchParams(search);
  return { from: query.get('from') ?? '', to: query.get('to') ?? '', action: query.get('action') ?? '', target: query.get('target') ?? '' };
}

/** A row's details in a few words: the fields changed, where it went, the permissions, or the raw JSON. */
export function describeDetails(entry: ActivityEntry): string {
  const details = entry.details as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(details.fields) && details.fields.length > 0) parts.push(`fields ${details.fields.join(', ')}`);
  const place = (value: unknown) => {
    const p = value as { folderPath?: string; filename?: string } | undefined;
    return p ? [p.folderPath, p.filename].filter(Boolean).join('/') : '';
  };
  if (details.from && details.to) parts.push(`from ${place(details.from)} to ${place(details.to)}`);
  if (details.source) parts.push(`copy of ${place(details.source)}`);
  if (Array.isArray(details.permissions)) parts.push(`permissions ${details.permissions.join(', ') || 'none'}`);
  if (typeof details.comment === 'string' && !details.from) parts.push(details.comment);
  if (typeof details.bytes === 'number') parts.push(details.bytes === 0 ? 'now empty' : `${details.bytes.toLocaleString('en')} bytes`);
  if (entry.action === 'site.activitySettingsChanged' && details.after) parts.push(describeLogging(details.after as ActivitySettings));
  if (parts.length > 0) return parts.join('; ');
  return Object.keys(details).length > 0 ? JSON.stringify(details) : '';
}

/** The categories of the activity log's settings, in the order the Logging section lists them, as people read them. */
export const ACTIVITY_CATEGORY_LABELS: ReadonlyArray<{ readonly category: ActivityCategory; readonly label: string; readonly hint: string }> = [
  { category: 'assets', label: 'Assets', hint: 'Uploads, edits, moves, deletions, restores and consent forms' },
  { category: 'archives', label: 'Archives', hint: 'Archives created, changed or deleted, and their permissions' },
  { category: 'usersAndGroups', label: 'Users and groups', hint: 'Users and groups created, changed or deleted, and group members' },
  { category: 'decisions', label: 'Sign-ups and orders', hint: 'Sign-ups and orders approved or rejected' },
  { category: 'logins', label: 'Logins', hint: 'Successful and failed logins' },
  { category: 'settings', label: 'Site settings', hint: 'Appearance, footer, consent, sign-up and order settings, the site owner' },
];

/** What settings of the activity log record, in a few words (`recording off`, `not recording: Logins`, `recording everything`). */
export function describeLogging(settings: ActivitySettings): string {
  if (!settings.enabled) return 'recording off';
  const off = ACTIVITY_CATEGORY_LABELS.filter(({ category }) => settings.categories[category] === false).map(({ label }) => label);
  return off.length === 0 ? 'recording everything' : `not recording: ${off.join(', ')}`;
}

/** A moment as the table shows it: the local date and time to the second. */
export function formatActivityTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
