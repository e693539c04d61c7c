import type { Kysely } from 'kysely';
import type { ActivityAction, ActivityCategory, ActivityList, ActivityListQuery, ActivitySettings } from '@magpie/api-types';
import { inTransaction } from '../db/transaction.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { ActivityRepository, type ActivityFilter } from '../repositories/activity.repository.ts';
import { archiveConfigHref, assetHref, groupHref, orderHref, signupHref, userHref } from '../presenters/hrefs.ts';
import { consentFormHref } from '../presenters/consent.presenter.ts';
import { ACTIVITY_CSV_HEADER, activityCsvLine, activityJsonLine, presentActivityList } from '../presenters/activity.presenter.ts';

/** Rows per page of the activity list (`listActivity`). */
export const ACTIVITY_PAGE_SIZE = 50;
/** Rows read per query while an export streams (each batch is written before the next is read). */
const EXPORT_BATCH = 500;
/** The job kind of the retention sweep (jobs/sweeps.ts), offered hourly by every DAM process. */
export const ACTIVITY_RETENTION_JOB = 'activity-retention';
/** Milliseconds between two offers of the retention sweep. */
export const ACTIVITY_SWEEP_INTERVAL_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Who did it: a caller, a user by id, a user by the user name services record on revisions (`modifiedBy`), or the
 * system (a sweep). A name that matches no user is recorded as it is, without an id.
 */
export type ActivityActor = Pick<Caller, 'userId'> | { userId: number } | { userName: string } | 'system';

/**
 * What it was done to. Names and hrefs are looked up in the same transaction, as they are at that moment; pass `name`
 * when the target is about to go (a user deleted) or has no row (a sign-up).
 */
export type ActivityTarget =
  | { kind: 'asset'; assetId: number; name?: string }
  | { kind: 'user' | 'group' | 'archive' | 'order'; id: number; name?: string }
  | { kind: 'signup'; id: string; name: string }
  | { kind: 'consentForm'; id: number; name: string }
  | { kind: 'site'; name?: string };

/** Every category of the activity log's settings, in the order the settings list them. */
export const ACTIVITY_CATEGORIES: readonly ActivityCategory[] = ['assets', 'archives', 'usersAndGroups', 'decisions', 'logins', 'settings'];

/** The category each kind of action (the part before the dot) belongs to (dam.yaml `ActivitySettings`). */
const CATEGORY_OF_KIND: Readonly<Record<string, ActivityCategory>> = {
  asset: 'assets',
  consent: 'assets',
  archive: 'archives',
  user: 'usersAndGroups',
  group: 'usersAndGroups',
  signup: 'decisions',
  order: 'decisions',
  login: 'logins',
  site: 'settings',
};

/** The action always recorded, whatever the settings say: a change of the settings themselves. */
const SETTINGS_CHANGED: ActivityAction = 'site.activitySettingsChanged';

/** The category of an action (`asset.renamed` → `assets`); an unknown kind counts as `settings`. */
export function activityCategoryOf(action: ActivityAction): ActivityCategory {
  return CATEGORY_OF_KIND[action.slice(0, action.indexOf('.'))] ?? 'settings';
}

/** The settings as dam.yaml's `ActivitySettings`: every category present (a stored one missing is on). */
function presentSettings(stored: { enabled: boolean; categories: Record<string, boolean> }): ActivitySettings {
  const categories = Object.fromEntries(ACTIVITY_CATEGORIES.map((category) => [category, stored.categories[category] !== false])) as ActivitySettings['categories'];
  return { enabled: stored.enabled, categories };
}

/**
 * Appends one event to the activity log (issue 15, spec 03 §2.1 activity exports, §3.12 activity logging). Services call
 * it with their own transaction handle, so a change and its row commit (or roll back) together: one line per hook.
 * Details are small JSON: changed field ids, old and new values where cheap, the place before and after. Nothing is
 * recorded while the settings ({@link ActivityService.settings}) switch logging or the action's category off, except
 * `site.activitySettingsChanged`, which is always recorded.
 * @throws the database's error (which rolls the caller's transaction back: a change is never left unlogged).
 */
export async function recordActivity(
  db: Kysely<Database>,
  actor: ActivityActor,
  action: ActivityAction,
  target: ActivityTarget,
  details: Record<string, unknown> = {},
): Promise<void> {
  const repo = new ActivityRepository(db);
  if (action !== SETTINGS_CHANGED) {
    const settings = await repo.settings();
    if (!settings.enabled || settings.categories[activityCategoryOf(action)] === false) return;
  }
  const who = actor === 'system' ? undefined : await repo.actor('userId' in actor ? { userId: actor.userId } : { userName: actor.userName });
  const userName = actor === 'system' ? 'system' : (who?.username ?? ('userName' in actor ? actor.userName : `user ${actor.userId}`));
  const what = await describeTarget(repo, target);
  await repo.append({
    user_id: who?.id ?? null,
    user_name: userName,
    user_full_name: who?.full_name ?? '',
    action,
    target_kind: target.kind,
    target_id: what.id,
    target_href: what.href,
    target_name: what.name,
    details: JSON.stringify(details),
  });
}

async function describeTarget(repo: ActivityRepository, target: ActivityTarget): Promise<{ id: string | null; href: string | null; name: string }> {
  switch (target.kind) {
    case 'asset': {
      const asset = await repo.asset(target.assetId);
      if (!asset) return { id: String(target.assetId), href: null, name: target.name ?? '' };
      return {
        id: String(asset.id),
        href: assetHref({ id: asset.archive_id, name: asset.archive_name }, asset.folder_path, asset.filename),
        name: target.name ?? asset.filename,
      };
    }
    case 'user':
      return { id: String(target.id), href: userHref(target.id), name: target.name ?? (await repo.nameOf('user', target.id)) ?? '' };
    case 'group':
      return { id: String(target.id), href: groupHref(target.id), name: target.name ?? (await repo.nameOf('group', target.id)) ?? '' };
    case 'archive':
      return { id: String(target.id), href: archiveConfigHref(target.id), name: target.name ?? (await repo.nameOf('archive', target.id)) ?? '' };
    case 'order':
      return { id: String(target.id), href: orderHref(target.id), name: target.name ?? (await repo.nameOf('order', target.id)) ?? '' };
    case 'signup':
      return { id: target.id, href: signupHref(target.id), name: target.name };
    case 'consentForm':
      return { id: String(target.id), href: consentFormHref(target.id), name: target.name };
    case 'site':
      return { id: null, href: null, name: target.name ?? 'Site' };
  }
}

/**
 * Reading the activity log (issue 15, spec 03 §2.1 "Activity exports"): a page of the list with filters, the export as
 * CSV or JSON lines streamed in batches, and the retention sweep. Reading needs `manageActivityExports` or `audit`.
 */
export class ActivityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly retentionDays: number,
  ) {}

  /**
   * A page of the log, newest first: {@link ACTIVITY_PAGE_SIZE} rows older than `before` (all, without it).
   * @throws ApiError 403 Forbidden without `manageActivityExports` or `audit`.
   */
  async list(caller: Caller, query: ActivityListQuery): Promise<ActivityList> {
    sitePolicy.assertCanAny(caller, ['exportActivity', 'audit']);
    const rows = await new ActivityRepository(this.db).list(toFilter(query), { before: query.before, limit: ACTIVITY_PAGE_SIZE + 1 });
    return presentActivityList(rows, ACTIVITY_PAGE_SIZE, query, this.retentionDays);
  }

  /**
   * The whole log under the filters, newest first, as text chunks: CSV (RFC 4180, a header row, CRLF) or JSON lines.
   * Rows are read {@link EXPORT_BATCH} at a time by keyset, so the export never holds the log in memory. The permission
   * is checked before the first chunk, so a refusal is still a plain 403.
   * @throws ApiError 403 Forbidden without `manageActivityExports` or `audit`.
   */
  exportRows(caller: Caller, query: ActivityListQuery, format: 'csv' | 'jsonl'): AsyncGenerator<string> {
    sitePolicy.assertCanAny(caller, ['exportActivity', 'audit']);
    const repo = new ActivityRepository(this.db);
    const filter = toFilter(query);
    return (async function* () {
      if (format === 'csv') yield ACTIVITY_CSV_HEADER;
      let before = query.before;
      for (;;) {
        const rows = await repo.list(filter, { before, limit: EXPORT_BATCH });
        if (rows.length > 0) yield rows.map(format === 'csv' ? activityCsvLine : activityJsonLine).join('');
        if (rows.length < EXPORT_BATCH) return;
        before = rows.at(-1)!.id;
      }
    })();
  }

  /**
   * What the log records (spec 03 §3.12 activity logging).
   * @throws ApiError 403 Forbidden without `manageActivityLogging`.
   */
  async settings(caller: Caller): Promise<ActivitySettings> {
    sitePolicy.assertCan(caller, 'manageActivityLogging');
    return presentSettings(await new ActivityRepository(this.db).settings());
  }

  /**
   * Replaces what the log records and records the change (`site.activitySettingsChanged`, the settings before and
   * after) in the same transaction, whatever the new settings say. Answers the settings as stored.
   * @throws ApiError 403 Forbidden without `manageActivityLogging` (nothing changes).
   */
  async saveSettings(caller: Caller, settings: ActivitySettings): Promise<ActivitySettings> {
    sitePolicy.assertCan(caller, 'manageActivityLogging');
    return inTransaction(this.db, async (trx) => {
      const repo = new ActivityRepository(trx);
      const before = presentSettings(await repo.settings());
      const after = presentSettings(settings);
      await repo.saveSettings(after);
      await recordActivity(trx, caller, SETTINGS_CHANGED, { kind: 'site', name: 'Activity logging' }, { before, after });
      return after;
    });
  }

  /**
   * Deletes rows older than the retention (`MAGPIE_ACTIVITY_RETENTION_DAYS`), run by the hourly sweep.
   * @returns how many rows went.
   */
  async purgeExpired(now = Date.now()): Promise<number> {
    return new ActivityRepository(this.db).deleteBefore(new Date(now - this.retentionDays * DAY_MS));
  }
}

function toFilter(query: ActivityListQuery): ActivityFilter {
  return {
    from: query.from ? new Date(query.from) : undefined,
    // A day without a time ends at the next midnight (UTC): "to 2026-11-29" keeps the whole day.
    to: query.to ? new Date(DATE_ONLY.test(query.to) ? Date.parse(query.to) + DAY_MS : Date.parse(query.to)) : undefined,
    userId: query.user,
    action: query.action,
    target: query.target,
  };
}
