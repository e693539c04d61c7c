import { DEFAULT_ALERT_INTERVAL, MAX_ALERTS_PER_USER, type Alert, type AlertList, type NotificationList } from '@magpie/api-types';
import type { Kysely } from 'kysely';
import type { AlertIntervalName, ArchiveRow, AssetRow, Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { WorkerLogger } from '../jobs/worker.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../lib/errors.ts';
import type { MailLinks } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { alertMessage, type AlertMessageAsset } from '../mail/messages.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { presentAlert, presentNotification } from '../presenters/alert.presenter.ts';
import { assetHref, collectionSearchHref } from '../presenters/hrefs.ts';
import { AlertsRepository, type AlertWithArchive } from '../repositories/alerts.repository.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import { withConsentAccess } from '../search/consent.ts';
import { InvalidSearchExpressionError, parseSearchExpression, type SearchNode } from '../search/expression.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AssetsService } from './assets.service.ts';
import { isUniqueViolation } from './member-changes.ts';

/** The job kind of the alert sweep (jobs/sweeps.ts; migration 0027 keeps one queued or running). */
export const ALERT_SWEEP_JOB = 'alert-sweep';
/** How long the finished runs of the alert sweep are kept in the jobs table (ms): an hour's worth, for the logs. */
export const ALERT_SWEEP_RUNS_KEPT_MS = 3_600_000;
/** Alerts claimed at once by a sweep. */
export const ALERT_SWEEP_BATCH = 20;
/** Alerts one sweep looks at in all, at most; the rest wait for the next sweep. */
export const ALERT_SWEEP_MAX = 1_000;
/** How long a claimed alert is kept from other sweeps while it is looked at (ms): after a crash, it is looked at again then. */
export const ALERT_CLAIM_LEASE_MS = 10 * 60_000;
/** Assets an alert's message shows with a thumbnail and a link. */
export const ALERT_MAIL_ASSETS = 6;
/** Notifications `listNotifications` answers, newest first. */
export const NOTIFICATIONS_SHOWN = 50;
/** The preview an alert's message shows for each asset: the 100 px square. */
const THUMBNAIL_PREVIEW = '100s';

const alertExists = () => new ApiError(409, 'AlertExists', 'You already have an alert on this collection for this search.', 'Alert exists');
const tooManyAlerts = () => new ApiError(409, 'TooManyAlerts', `You have ${MAX_ALERTS_PER_USER} alerts, the most one user may have: delete one first.`, 'Too many alerts');
const noAlert = () => notFound('The alert');

/** The archive (and folder, '' for the whole archive) an alert watches, as the route read it from a collection href. */
export interface AlertTarget {
  archiveId: number;
  folderPath: string;
}

/** A new alert: where, how often (default `every_day`) and for what search (default '', every new asset). */
export interface AlertInput {
  target: AlertTarget;
  interval?: AlertIntervalName | undefined;
  dtSearchString?: string | undefined;
}

/** A change to an alert; `target`, when the request named a collection, must be the alert's own. */
export interface AlertChange {
  target?: AlertTarget | undefined;
  interval?: AlertIntervalName | undefined;
  dtSearchString?: string | undefined;
}

/** What {@link AlertsService} needs. */
export interface AlertsServiceDeps {
  db: Kysely<Database>;
  archives: ArchivesRepository;
  assets: AssetsRepository;
  assetsService: AssetsService;
  policy: ArchivePolicy;
  files: FileStore;
  mailer: Mailer;
  links: MailLinks;
  /** The caller a user's alert searches as (their groups and permissions now); undefined for a user who may not sign in. */
  callerForUser: (userId: number) => Promise<Caller | undefined>;
  log: WorkerLogger;
}

/**
 * Search alerts (issue 15; spec 01 §2 Alert editing, §3 Alert, §5, §6, §7 `/fotoweb/me/alerts/`, §8): a user's saved
 * search on an archive or a folder (needs the archive permission `Alert`), and the sweep that tells them of new
 * assets matching it, by e-mail (with thumbnails) and in the app's notifications.
 *
 * The sweep ({@link sweep}, the `alert-sweep` job, offered by every DAM process every `MAGPIE_ALERT_SWEEP_MS`) claims
 * the alerts whose `next_run` has come with `FOR UPDATE SKIP LOCKED`, pushing it {@link ALERT_CLAIM_LEASE_MS} ahead in
 * the same statement, so two processes never look at one alert at once. It searches as the alert's user, as they may
 * see now (an alert whose user lost View or Alert on the archive finds nothing), for assets with an id above the
 * alert's high-water mark and at most the newest id when the look began; then, in one transaction, it stores the
 * notification, queues the mail and moves the mark, on the condition that the mark is still the one it read. A look
 * that lost its claim (a process stalled past the lease) therefore changes nothing, and no asset is reported twice.
 */
export class AlertsService {
  private readonly alerts: AlertsRepository;

  constructor(private readonly deps: AlertsServiceDeps) {
    this.alerts = new AlertsRepository(deps.db);
  }

  /** The caller's alerts, oldest first. @throws ApiError 401 for guests. */
  async list(caller: Caller): Promise<AlertList> {
    assertSignedIn(caller);
    return { data: (await this.alerts.listFor(caller.userId)).map((row) => presentAlert(row)) };
  }

  /** One of the caller's alerts. @throws ApiError 401 for guests, 404 for another user's or an unknown alert. */
  async get(caller: Caller, id: number): Promise<Alert> {
    assertSignedIn(caller);
    const row = await this.alerts.findFor(caller.userId, id);
    if (!row) throw noAlert();
    return presentAlert(row);
  }

  /**
   * Makes an alert on the archive or folder `body.target` for the search `body.dtSearchString` at `body.interval`.
   * @throws ApiError 401 for guests; 400 `InvalidRequest` for a search that does not parse; 404 when the caller may
   *   not view the collection (or the folder does not exist); 403 without `Alert` on its archive; 409 `AlertExists`,
   *   `TooManyAlerts`.
   */
  async create(caller: Caller, body: AlertInput): Promise<Alert> {
    assertSignedIn(caller);
    const { archive, folderPath } = await this.collectionFor(caller, body.target);
    const searchString = checkedSearch(body.dtSearchString ?? '');
    if ((await this.alerts.countFor(caller.userId)) >= MAX_ALERTS_PER_USER) throw tooManyAlerts();
    try {
      const row = await this.alerts.insert({ userId: caller.userId, archiveId: archive.id, folderPath, searchString, interval: body.interval ?? DEFAULT_ALERT_INTERVAL });
      return presentAlert({ ...row, archive_name: archive.name });
    } catch (error) {
      if (isUniqueViolation(error)) throw alertExists();
      throw error;
    }
  }

  /**
   * Changes an alert's interval or search (`PUT` and `PATCH` alike: what is not sent stays). A new interval counts from
   * now; the search applies to assets added after the alert's last look.
   * @throws ApiError 401, 404 (another user's or an unknown alert), 400 (a `collection` that is not the alert's own, a
   *   search that does not parse), 403 when the caller lost `Alert` on the archive, 409 `AlertExists`.
   */
  async update(caller: Caller, id: number, body: AlertChange): Promise<Alert> {
    assertSignedIn(caller);
    const row = await this.alerts.findFor(caller.userId, id);
    if (!row) throw noAlert();
    if (body.target !== undefined) {
      if (body.target.archiveId !== row.archive_id || body.target.folderPath !== row.folder_path) {
        throw badRequest('An alert stays on its collection: send its own collection href, or none.', [{ path: 'collection', message: 'not the alert’s collection' }]);
      }
    }
    const permissions = await this.deps.policy.permissionsOnArchive(caller, row.archive_id);
    this.deps.policy.assertCan(permissions, 'alert');
    const interval: AlertIntervalName = body.interval ?? row.interval;
    const searchString = body.dtSearchString === undefined ? row.search_string : checkedSearch(body.dtSearchString);
    try {
      await this.alerts.update(id, { interval, searchString, intervalChanged: interval !== row.interval });
    } catch (error) {
      if (isUniqueViolation(error)) throw alertExists();
      throw error;
    }
    return presentAlert((await this.alerts.findFor(caller.userId, id))!);
  }

  /** Deletes one of the caller's alerts (its notifications stay). @throws ApiError 401, 404. */
  async delete(caller: Caller, id: number): Promise<void> {
    assertSignedIn(caller);
    if (!(await this.alerts.deleteFor(caller.userId, id))) throw noAlert();
  }

  /** The caller's newest notifications ({@link NOTIFICATIONS_SHOWN}) and the unread count. @throws ApiError 401 for guests. */
  async notifications(caller: Caller): Promise<NotificationList> {
    assertSignedIn(caller);
    const { rows, unread } = await this.alerts.notificationsFor(caller.userId, NOTIFICATIONS_SHOWN);
    return { data: rows.map(presentNotification), unreadCount: unread };
  }

  /** Marks every notification of the caller read. @throws ApiError 401 for guests. */
  async markNotificationsRead(caller: Caller): Promise<void> {
    assertSignedIn(caller);
    await this.alerts.markAllRead(caller.userId);
  }

  /**
   * One sweep (the `alert-sweep` job): looks once at every alert whose time had come when it began,
   * {@link ALERT_SWEEP_BATCH} at a time, at most {@link ALERT_SWEEP_MAX}. A failure with one alert is logged and leaves it to be looked at again once its
   * claim lapses; the others go on.
   * @returns how many alerts it looked at, and how many of them told their user of new assets.
   */
  async sweep(signal?: AbortSignal): Promise<{ looked: number; notified: number }> {
    let looked = 0;
    let notified = 0;
    // Only what was due when the sweep began: an immediate alert looked at now is due again at once, for the next sweep.
    const startedAt = new Date();
    while (looked < ALERT_SWEEP_MAX && !signal?.aborted) {
      const claimed = await this.alerts.claimDue(ALERT_SWEEP_BATCH, ALERT_CLAIM_LEASE_MS, startedAt);
      if (claimed.length === 0) break;
      for (const alert of claimed) {
        looked++;
        try {
          if (await this.look(alert)) notified++;
        } catch (error) {
          this.deps.log.error({ err: error, alertId: alert.id }, 'looking at an alert failed; it is looked at again once its claim lapses');
        }
      }
    }
    return { looked, notified };
  }

  /**
   * Looks at one claimed alert: the new assets its user may see that match its search, up to the newest asset when the
   * look began; tells the user when there are any; moves the mark (see the class comment).
   * @returns whether the user was told of new assets.
   */
  private async look(alert: AlertWithArchive): Promise<boolean> {
    const upTo = await this.alerts.newestAssetId();
    const user = await this.deps.callerForUser(alert.user_id);
    const found = user ? await this.newAssets(alert, user, upTo) : { count: 0, rows: [] };
    const archive = found.count > 0 ? await this.deps.archives.findById(alert.archive_id) : undefined;
    if (!user || !archive) {
      await this.alerts.recordRun(this.deps.db, alert, upTo, alert.last_asset_id);
      return false;
    }
    const collectionName = alert.folder_path ? `${archive.name}/${alert.folder_path}` : archive.name;
    const searchPath = collectionSearchHref(archive, alert.folder_path, alert.search_string);
    const images: Array<{ cid: string; contentType: string; filename: string; content: Buffer }> = [];
    const assets: AlertMessageAsset[] = [];
    for (const asset of found.rows) {
      const thumbnail = await this.thumbnailOf(asset);
      const cid = thumbnail ? `asset-${asset.id}@magpie` : undefined;
      if (thumbnail && cid) images.push({ cid, contentType: 'image/jpeg', filename: `${asset.filename}.jpg`, content: thumbnail });
      assets.push({ filename: asset.filename, url: this.deps.links.absolute(assetHref(archive, asset.folder_path, asset.filename)), thumbnailCid: cid });
    }
    const what = `${found.count} new ${found.count === 1 ? 'asset' : 'assets'} in ${collectionName}`;
    return inTransaction(this.deps.db, async (trx) => {
      // The mark moves only from the value this look read: a look that lost its claim meanwhile changes nothing.
      if (!(await this.alerts.recordRun(trx, alert, upTo, alert.last_asset_id))) return false;
      await this.alerts.notify(trx, {
        userId: alert.user_id,
        alertId: alert.id,
        title: what,
        text: alert.search_string === '' ? found.rows.map((asset) => asset.filename).join(', ') : `matching “${alert.search_string}”`,
        link: searchPath,
        assetCount: found.count,
      });
      if (user.email) {
        const content = alertMessage({
          name: user.fullName || user.username,
          count: found.count,
          collectionName,
          search: alert.search_string,
          assets,
          searchUrl: this.deps.links.absolute(searchPath),
          siteUrl: this.deps.links.home(),
        });
        await this.deps.mailer.queue({ purpose: 'alert', to: user.email, ...content, inlineImages: images }, trx);
      }
      return true;
    });
  }

  /**
   * The assets an alert has not seen (an id above its mark, at most `upTo`) that its user (`caller`, as they are now)
   * may see and that match its search: none when they lost View or Alert on the archive, or the search no longer parses.
   */
  private async newAssets(alert: AlertWithArchive, caller: Caller, upTo: number): Promise<{ count: number; rows: AssetRow[] }> {
    const none = { count: 0, rows: [] };
    if (upTo <= alert.last_asset_id) return none;
    const access = await this.deps.policy.accessOnArchive(caller, alert.archive_id);
    if (!access.permissions.has('View') || !access.permissions.has('Alert')) return none;
    let search: SearchNode | undefined;
    try {
      const parsed = parseSearchExpression(alert.search_string);
      // A consent status criterion reveals nothing without ViewConsentSummary, as in the collection's search.
      search = parsed && withConsentAccess(parsed, access.permissions);
    } catch (error) {
      if (error instanceof InvalidSearchExpressionError) return none;
      throw error;
    }
    return this.deps.assets.addedAfter(
      {
        archiveId: alert.archive_id,
        folderPath: alert.folder_path,
        ...(search ? { search } : {}),
        ...(access.visibility ? { visibility: access.visibility } : {}),
      },
      alert.last_asset_id,
      upTo,
      ALERT_MAIL_ASSETS,
    );
  }

  /** An asset's 100 px square preview as JPEG bytes, or undefined when it has none. */
  private async thumbnailOf(asset: AssetRow): Promise<Buffer | undefined> {
    try {
      const file = await this.deps.assetsService.previewFile(asset, THUMBNAIL_PREVIEW);
      return await this.deps.files.readFile(file.key);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * The archive and folder of `target`, checked for the caller: View (else 404) and Alert (else 403).
   * @throws ApiError 404, 403.
   */
  private async collectionFor(caller: Caller, target: AlertTarget): Promise<{ archive: ArchiveRow; folderPath: string }> {
    const { archiveId, folderPath } = target;
    const permissions = await this.deps.policy.permissionsOnArchive(caller, archiveId);
    this.deps.policy.assertCan(permissions, 'alert');
    const archive = await this.deps.archives.findById(archiveId);
    if (!archive) throw notFound('The collection');
    if (folderPath && !(await this.deps.archives.findFolder(archive.id, folderPath))) throw notFound('The folder');
    return { archive, folderPath };
  }
}

/** @throws ApiError 401 for the guest user: alerts are a signed-in user's (spec 01 §6). */
function assertSignedIn(caller: Caller): void {
  if (caller.isGuest) throw unauthorized('Log in to use alerts.');
}

/**
 * A search text checked: trimmed, and parsed (an alert's search must be one the archive can run).
 * @throws ApiError 400 `InvalidRequest` naming the problem.
 */
function checkedSearch(text: string): string {
  const trimmed = text.trim();
  try {
    parseSearchExpression(trimmed);
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError) throw badRequest(`The search does not parse: ${error.message}`, [{ path: 'dtSearchString', message: error.message }]);
    throw error;
  }
  return trimmed;
}
