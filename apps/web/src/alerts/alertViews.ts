/**
 * The pure part of the header's alerts popover (issue 15; spec 01 §2 Alert editing, §3 Alert, §5, §6, §8, §9): what
 * the collection on screen means for an alert, the words for an interval, the alert editor's state as one word, the
 * failed request as the `alertEditor` machine reads it, and when a notification came.
 */
import type { Alert as DamAlert, Collection } from '@magpie/api-types';
import { ApiError } from '@magpie/api-types/client';
import { unescapeHtml, type AlertInterval } from '@magpie/machines';
import type { StateValue } from 'xstate';

/** How often the header asks for new notifications while the app is open, in ms (Magpie; issue 15). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** An interval in words, as a picker and the read mode show it (spec 01 §3 intervals). */
export const ALERT_INTERVAL_LABELS: Readonly<Record<AlertInterval, string>> = {
  immediate: 'As soon as assets arrive',
  every_hour: 'Every hour',
  every_6_hours: 'Every 6 hours',
  every_day: 'Every day',
  every_week: 'Every week',
  every_month: 'Every month',
};

/** The words for `interval`; an interval this client does not know shows as it came. */
export function alertIntervalLabel(interval: string): string {
  return (ALERT_INTERVAL_LABELS as Readonly<Record<string, string>>)[interval] ?? interval;
}

/** The search an alert watches, in words: `“sunset”`, or "Every new asset" for an empty search. */
export function alertSearchLabel(dtSearchString: string): string {
  const text = dtSearchString.trim();
  return text === '' ? 'Every new asset' : `“${text}”`;
}

/**
 * What the collection on screen offers an alert: the archive's or folder's own href (without the search or the sort,
 * which is what an alert's `collection` names), its name, its permissions (spec 01 §3 Collection `permissions`) and
 * the search on screen as an alert's `dtSearchString` (see {@link alertSearchOf}; empty when no search runs).
 */
export interface AlertSubject {
  readonly href: string;
  readonly name: string;
  readonly permissions: readonly string[];
  readonly searchText: string;
}

/** `href` without its `?query` and `;matrix` parameters: `/fotoweb/archives/5000-Photos/;o=+?q=x` → `…5000-Photos/`. */
function collectionBase(href: string): string {
  return href.split('?')[0]!.replace(/;[^/]*$/, '');
}

/** A key=value criterion of the advanced search as the DAM echoes it in `searchString` (`fn=x`, `dt=image&…`). */
const CRITERION_ECHO = /(^|&)[A-Za-z][\w.-]*=/;

/**
 * The search of `collection` as an alert's `dtSearchString`, which the DAM reads as a search expression: the text the
 * user typed (`searchString`) when the search is expression text only; the collection's `searchQuery` (the same
 * search as one expression, e.g. `fn:"x" AND dt:"image"`) when the advanced search's key=value criteria are in it,
 * since their query-string echo is no expression (spec 01 §7 alerts, spec 02 §3 search criteria).
 */
export function alertSearchOf(collection: Pick<Collection, 'searchString' | 'searchQuery'>): string {
  const text = (collection.searchString ?? '').trim();
  const expression = (collection.searchQuery ?? '').trim();
  return CRITERION_ECHO.test(text) && expression !== '' ? expression : text;
}

/**
 * The {@link AlertSubject} of the collection on screen (`useView().collection`), or undefined without one. The href is
 * the collection's `matchingHref` (the DAM's URL of the archive or folder itself), else its `href` without query and
 * sort.
 */
export function alertSubjectOf(collection: Collection | undefined): AlertSubject | undefined {
  if (!collection) return undefined;
  return {
    href: collection.matchingHref || collectionBase(collection.href),
    name: collection.name,
    permissions: collection.permissions ?? [],
    searchText: alertSearchOf(collection),
  };
}

/** One string per subject, to key the editor on: a new collection, search or permission set starts a new editor. */
export function alertSubjectKey(subject: AlertSubject | undefined): string {
  return subject ? JSON.stringify([subject.href, subject.searchText, subject.permissions]) : 'none';
}

/** The user's alert on `subject`'s collection and search (spec 01 §3: collection + dtSearchString), if any. */
export function findAlert<T extends Pick<DamAlert, 'collection' | 'dtSearchString'>>(alerts: readonly T[], subject: AlertSubject): T | undefined {
  return alerts.find((alert) => alert.collection === subject.href && alert.dtSearchString.trim() === subject.searchText);
}

/**
 * The `alertEditor` machine's `popover` region as one word, the `data-state` of the editor: `closed`, or the open
 * state (`offering`, `creating`, `read`, `edit`, `saving`, `deleting`; `choosing` never rests).
 */
export function alertEditorStateName(value: StateValue): string {
  const popover = typeof value === 'object' ? value['popover'] : undefined;
  if (popover === undefined || typeof popover === 'string') return popover ?? 'closed';
  return String(popover['open'] ?? 'open');
}

/** The machine's `confirmation` region as one word: `hidden`, `shown` (popover open) or `closing` (the 5 s run). */
export function alertConfirmationStateName(value: StateValue): string {
  const confirmation = typeof value === 'object' ? value['confirmation'] : undefined;
  return typeof confirmation === 'string' ? confirmation : 'hidden';
}

/** True while the editor waits for the DAM (the popover cannot close then; the machine refuses CLOSE too). */
export function isAlertRequestRunning(stateName: string): boolean {
  return stateName === 'creating' || stateName === 'saving' || stateName === 'deleting';
}

/**
 * A failed alert request as the machine's `alertNotice` reads it (spec 01 §8 "4xx carry responseJSON with heading and
 * value"): the DAM's error body (`message`, `value`, `heading`) with the status, so the notice says the server's
 * words; anything else (no connection) as `{status: 0}`, so the notice falls back to the machine's message.
 */
export function alertRequestError(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) return { ...(error.body ?? {}), status: error.status };
  return { status: 0 };
}

/**
 * When a notification came, for its list: "just now" under a minute, "5 min ago", "3 h ago" within the day, else the
 * date and time (`29 Nov 2026, 10:04`) in the reader's time zone. `now` in ms since the epoch.
 */
export function notificationTime(iso: string, now: number): string {
  const date = new Date(iso);
  const at = date.getTime();
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return date.toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The bell's accessible name: "Alerts", with the unread notifications when there are any. */
export function alertsButtonLabel(unread: number): string {
  if (unread <= 0) return 'Alerts';
  return `Alerts, ${unread} unread notification${unread === 1 ? '' : 's'}`;
}

/**
 * The confirmation after creating an alert (spec 01 §2 Alert editing, §9): "Alert created for “<query>”", or "Alert
 * created for every new asset" for an empty search. `confirmationQuery` is the machine's: cut to 50 characters and
 * HTML-escaped. React escapes every text node itself, so the text is decoded once here; rendered as a text node it
 * shows `harbour & "sunset"`, never `harbour &amp; &quot;sunset&quot;`, and never runs as markup.
 */
export function alertConfirmationText(confirmationQuery: string): string {
  const query = unescapeHtml(confirmationQuery);
  return query === '' ? 'Alert created for every new asset' : `Alert created for “${query}”`;
}
