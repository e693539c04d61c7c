import type { ActivityAction, ActivityEntry, ActivityList, ActivityListQuery } from '@magpie/api-types';
import type { ActivityRow } from '../db/schema.ts';
import { activityExportHref, activityPageHref } from './hrefs.ts';

/** One row of the log as the API shows it (dam.yaml `ActivityEntry`). */
export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: { id: row.user_id, name: row.user_name, fullName: row.user_full_name },
    action: row.action as ActivityAction,
    target: { kind: row.target_kind as ActivityEntry['target']['kind'], id: row.target_id, href: row.target_href, name: row.target_name },
    details: row.details,
  };
}

/**
 * A page of the log (dam.yaml `ActivityList`): `rows` newest first, of which at most `pageSize` are shown; one more row
 * than that means an older page, linked from `paging.next` with the same filters. `export` links every page of them.
 */
export function presentActivityList(rows: readonly ActivityRow[], pageSize: number, query: ActivityListQuery, retentionDays: number): ActivityList {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const { before: _before, ...filters } = query;
  return {
    data: page.map(presentActivity),
    paging: { next: rows.length > pageSize && last ? activityPageHref(filters, last.id) : null },
    export: { csv: activityExportHref(filters, 'csv'), jsonl: activityExportHref(filters, 'jsonl') },
    retentionDays,
  };
}

/** The columns of the CSV export, in order. */
const CSV_COLUMNS = ['id', 'time', 'user id', 'user name', 'user full name', 'action', 'target kind', 'target id', 'target name', 'target href', 'details'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a CR or a LF (quotes doubled inside), else as it
 * is. A field starting with `=`, `+`, `-` or `@` gets a leading `'`, so a spreadsheet opening the export never runs a
 * name someone typed as a formula (OWASP "CSV injection").
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV export's header row (CRLF-terminated). */
export const ACTIVITY_CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/** One row of the CSV export (CRLF-terminated), in {@link CSV_COLUMNS} order. */
export function activityCsvLine(row: ActivityRow): string {
  return (
    [
      row.id,
      row.at.toISOString(),
      row.user_id,
      row.user_name,
      row.user_full_name,
      row.action,
      row.target_kind,
      row.target_id,
      row.target_name,
      row.target_href,
      Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : '',
    ]
      .map(csvField)
      .join(',') + '\r\n'
  );
}

/** One line of the JSON-lines export: the row as {@link presentActivity} shows it, then LF. */
export function activityJsonLine(row: ActivityRow): string {
  return `${JSON.stringify(presentActivity(row))}\n`;
}
