import type { Alert, Notification } from '@magpie/api-types';
import type { NotificationRow } from '../db/schema.ts';
import type { AlertWithArchive } from '../repositories/alerts.repository.ts';
import { alertHref, collectionHref, collectionSearchHref } from './hrefs.ts';

/** An alert as the API answers it (spec 01 §3 Alert, with Magpie's `collectionName`, `searchHref`, `created`, `lastChecked`). */
export function presentAlert(row: AlertWithArchive): Alert {
  const archive = { id: row.archive_id, name: row.archive_name };
  return {
    href: alertHref(row.id),
    collection: collectionHref(archive, row.folder_path),
    interval: row.interval,
    dtSearchString: row.search_string,
    collectionName: row.folder_path ? `${row.archive_name}/${row.folder_path}` : row.archive_name,
    searchHref: collectionSearchHref(archive, row.folder_path, row.search_string),
    created: new Date(row.created).toISOString(),
    lastChecked: row.last_run ? new Date(row.last_run).toISOString() : null,
  };
}

/** A notification as `listNotifications` answers it. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    link: row.link,
    assetCount: row.asset_count,
    created: new Date(row.created).toISOString(),
    read: row.read_at !== null,
    alert: row.alert_id === null ? null : alertHref(row.alert_id),
  };
}
