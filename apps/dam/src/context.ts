import path from 'node:path';
import type { DamConfig } from './config.ts';
import { SiteInfoRepository } from './repositories/site-info.repository.ts';
import { SiteExtrasService } from './services/site-extras.service.ts';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from './db/connection.ts';
import { UsersRepository } from './repositories/users.repository.ts';
import { TokensRepository } from './repositories/tokens.repository.ts';
import { ArchivesRepository } from './repositories/archives.repository.ts';
import { AssetsRepository } from './repositories/assets.repository.ts';
import { UploadsRepository } from './repositories/uploads.repository.ts';
import { JobsRepository } from './repositories/jobs.repository.ts';
import { PreferencesRepository } from './repositories/preferences.repository.ts';
import { PinsRepository } from './repositories/pins.repository.ts';
import { ArchivePolicy } from './policies/archive.policy.ts';
import { AuthService } from './services/auth.service.ts';
import { CollectionsService } from './services/collections.service.ts';
import { IngestService } from './services/ingest.service.ts';
import { INGEST_UPLOAD_JOB, UploadsService } from './services/uploads.service.ts';
import { AssetsService, type ConsentStatuses } from './services/assets.service.ts';
import { ConsentService } from './services/consent.service.ts';
import { ConsentRepository } from './repositories/consent.repository.ts';
import { bootstrap, type BootstrapResult } from './services/bootstrap.service.ts';
import { createLocalFileStore, type FileStore } from './storage/file-store.ts';
import { createLocalChunkStore } from './storage/chunk-store.ts';
import { JobWorker, type WorkerLogger } from './jobs/worker.ts';
import { ingestUploadJob } from './jobs/ingest-upload.job.ts';
import { EXPIRE_UPLOADS_JOB, expireUploadsJob, scheduleUploadSweeps, uploadSweepIntervalMs } from './jobs/expire-uploads.job.ts';
import { forgetFinishedSweeps, scheduleSweeps } from './jobs/sweeps.ts';
import { ALERT_SWEEP_JOB, ALERT_SWEEP_RUNS_KEPT_MS, AlertsService } from './services/alerts.service.ts';
import { OrdersService } from './services/orders.service.ts';
import { DownloadsService } from './services/downloads.service.ts';
import { EXPIRE_RENDITIONS_JOB, MAKE_RENDITION_JOB, RENDITION_SWEEP_INTERVAL_MS, RenditionsService } from './services/renditions.service.ts';
import { ProcessingProfilesService } from './services/processing-profiles.service.ts';
import { DownloadProcessingService } from './services/download-processing.service.ts';
import { WatermarksService } from './services/watermarks.service.ts';
import { PreviewTokensService } from './services/preview-tokens.service.ts';
import type { AssetExtrasFor } from './presenters/asset.presenter.ts';
import { RenditionsRepository } from './repositories/renditions.repository.ts';
import { SmartFoldersService } from './services/smart-folders.service.ts';
import { DownloadsRepository } from './repositories/downloads.repository.ts';
import { PURGE_TRASH_JOB, TRASH_SWEEP_INTERVAL_MS, TrashService } from './services/trash.service.ts';
import { ACTIVITY_RETENTION_JOB, ACTIVITY_SWEEP_INTERVAL_MS, ActivityService } from './services/activity.service.ts';
import { endExiftool } from './media/index.ts';
import { closeDecoderWorkers } from './media/decoders/worker.ts';
import { WEB_VIDEO_JOB, webVideoJob } from './jobs/web-video.job.ts';
import { createMetadataServices, type MetadataServices } from './services/metadata.wiring.ts';
import { MetadataViewsRepository } from './repositories/metadata-views.repository.ts';
import { TaxonomiesRepository } from './taxonomies/taxonomies.repository.ts';
import { TaxonomiesService } from './taxonomies/taxonomies.service.ts';
import { TaxonomyPolicy } from './policies/taxonomy.policy.ts';
import { PreferencesService } from './services/preferences.service.ts';
import { PinsService } from './services/pins.service.ts';
import { FoldersService } from './services/folders.service.ts';
import { GenerationsRepository } from './repositories/generations.repository.ts';
import { RepresentationCache } from './http/representation-cache.ts';
import { makeOwnerOnlyDir, restrictTreeToOwner } from './lib/private-files.ts';
import { GroupsRepository } from './repositories/groups.repository.ts';
import { AccountService } from './services/account.service.ts';
import { SiteOwnerService } from './services/site-owner.service.ts';
import { ConfigOptionsService } from './services/config-options.service.ts';
import { ApplicationsService } from './services/applications.service.ts';
import { PasswordChangeLimits, PasswordResetLimits } from './policies/token-limits.ts';
import { UsersService } from './services/users.service.ts';
import { ArchiveConfigService } from './services/archive-config.service.ts';
import { ConfigLoadsService } from './services/config-loads.service.ts';
import { Mailer, SEND_MAIL_JOB, sendMailJob } from './mail/mailer.ts';
import { MailLinks } from './mail/links.ts';
import { OutboxService } from './mail/outbox.service.ts';
import { PasswordResetService } from './services/password-resets.service.ts';
import { createSmtpTransport } from './mail/smtp-transport.ts';
import { GroupsService } from './services/groups.service.ts';
import { AlbumsService } from './services/albums.service.ts';
import { SharedAlbumsService } from './services/shared-albums.service.ts';
import { AlbumCommentsService } from './services/album-comments.service.ts';
import { AlbumCommentsRepository } from './repositories/album-comments.repository.ts';
import { derivedKey } from './lib/crypto.ts';
import { InvitationTokens } from './lib/invitation-tokens.ts';
import { GrantableGroupsService } from './services/grantable-groups.service.ts';
import { InvitationsService } from './services/invitations.service.ts';
import { SignupsService } from './services/signups.service.ts';
import { SignupSettingsService } from './services/signup-settings.service.ts';
import { AppearanceService } from './services/appearance.service.ts';
import { SiteFooterService } from './services/site-footer.service.ts';
import { AlbumLinksRepository, AlbumSharesRepository, AlbumsRepository } from './repositories/albums.repository.ts';
import { ApiKeysService } from './services/api-keys.service.ts';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_RETENTION_JOB, WEBHOOK_SWEEP_INTERVAL_MS, WebhooksService, webhookDeliveryJob } from './services/webhooks.service.ts';

/** Everything the DAM's routes, jobs and CLI use, wired once (the composition root). */
export interface DamContext {
  config: DamConfig;
  database: DatabaseHandle;
  files: FileStore;
  repos: {
    users: UsersRepository;
    tokens: TokensRepository;
    archives: ArchivesRepository;
    assets: AssetsRepository;
    uploads: UploadsRepository;
    jobs: JobsRepository;
    preferences: PreferencesRepository;
    albums: AlbumsRepository;
    albumLinks: AlbumLinksRepository;
  };
  policy: ArchivePolicy;
  auth: AuthService;
  collections: CollectionsService;
  assets: AssetsService;
  uploads: UploadsService;
  ingest: IngestService;
  /** Metadata views, editing, write-back and revisions (issue 5). */
  metadataViews: MetadataServices['metadataViews'];
  metadataEdit: MetadataServices['metadataEdit'];
  backgroundTasks: MetadataServices['backgroundTasks'];
  revisions: MetadataServices['revisions'];
  /** Taxonomies of metadata fields and their items (issue #5). */
  taxonomies: TaxonomiesService;
  /** Each user's own preferences (spec 01 §3). */
  preferences: PreferencesService;
  /** Each user's pins of assets, archives and folders (issue 13). */
  pins: PinsService;
  /** Making, renaming and deleting folders (issue 13). */
  folders: FoldersService;
  /** Each user's albums of assets (issue 13). */
  albums: AlbumsService;
  /** Comments on albums (issue 13). */
  albumComments: AlbumCommentsService;
  /** Deleted assets until restored or purged (issue 13). */
  trash: TrashService;
  /** ZIP downloads of a selection (issue 13). */
  downloads: DownloadsService;
  /** FotoWeb's rendition service: requested renditions, made by a job, the requester's for an hour (issue 16). */
  renditions: RenditionsService;
  /** Processing profiles: the renditions every asset offers, managed by administrators (issue 16). */
  processingProfiles: ProcessingProfilesService;
  watermarks: WatermarksService;
  /** Assets' previewTokens: signed, expiring, one asset's previews (issue 16). */
  previewTokens: PreviewTokensService;
  /** Archives' saved searches (issue 13). */
  smartFolders: SmartFoldersService;
  /** Albums' share links, for anyone who has one (issue 13). */
  sharedAlbums: SharedAlbumsService;
  /** The caller's own account: changing one's password (issue 11). */
  account: AccountService;
  /** The site owner and the hand-over (spec 03 §4, §6). */
  siteOwner: SiteOwnerService;
  /** The permissions overview (spec 03 §3.4). */
  configOptions: ConfigOptionsService;
  /** API clients of integrations (spec 03 §3.12). */
  applications: ApplicationsService;
  /** Legacy API keys that authenticate the `FWAPIToken` header (issue 16). */
  apiKeys: ApiKeysService;
  /** Webhooks told of asset events, and their deliveries (issue 16, spec 03 §2.1). */
  webhooks: WebhooksService;
  /** User administration (spec 03 §3.1, §7 "Users and groups"). */
  users: UsersService;
  /** Group administration: groups, their permissions and members (spec 03 §3.2, §3.3, §7). */
  groups: GroupsService;
  /** Archive administration: archives, their configuration and access lists (issue 12, spec 03 §3.8–§3.11, §7). */
  archiveConfig: ArchiveConfigService;
  /** The archive dialog's configuration loads and the field catalogue (issue 12, spec 03 §7). */
  configLoads: ConfigLoadsService;
  /** Magpie's mail: SMTP with `SMTP_URL`, else held in the outbox (issue 14 "Mail"). Services queue messages here. */
  mailer: Mailer;
  /** Absolute links for mail, from `MAGPIE_PUBLIC_URL`. */
  mailLinks: MailLinks;
  /** The outbox administrators read, and their test message (issue 14 "Mail"). */
  outbox: OutboxService;
  /** "Forgot password?": reset links by mail, checked and used once (issue 14 "Password reset"). */
  passwordResets: PasswordResetService;
  /** Invitations: creating, listing, revoking, and reading one by its link (issue 14). */
  invitations: InvitationsService;
  /** The groups a caller may give new people: the picker's search and the check (issue 14). */
  grantableGroups: GrantableGroupsService;
  /** Sign-ups: the public form and sign-up, the pending list, approval and rejection (issue 14). */
  signups: SignupsService;
  /** The sign-up settings: open sign-up, approvers choose groups, the extra fields (issue 14). */
  signupSettings: SignupSettingsService;
  /** The site's Markdown footer: anyone reads it, manageSettings changes it (issue 15). */
  siteFooter: SiteFooterService;
  /** The site's custom CSS and title-bar buttons: anyone reads the CSS, changeSiteAppearance changes them (issue 15). */
  appearance: AppearanceService;
  /** The shopping cart, orders and their approval (issue 15). */
  orders: OrdersService;
  /** Consent form settings, consent forms and asset consent summaries (issue 15). */
  consent: ConsentService;
  /** Search alerts, their sweep and the notifications they make (issue 15). */
  alerts: AlertsService;
  /** The activity log of who changed what: its list, exports and retention (issue 15, spec 03 §2.1). */
  activity: ActivityService;
  /** The desktop tool's installers and the trial subscription, from configuration (issue 15). */
  siteExtras: SiteExtrasService;
  /** Collection, search and asset answers kept per caller while nothing they show changes (issue 9). */
  representations: RepresentationCache;
  worker: JobWorker;
  bootstrapResult: BootstrapResult;
  /** Stops the worker, ExifTool and the database. */
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it), runs the first-start set-up and wires repositories, services and the job
 * worker. The worker is created but not started: the server starts it, the import CLI drives it itself.
 * @throws Error when the database cannot be opened (locked PGlite directory, unreachable PostgreSQL).
 */
export async function createDamContext(config: DamConfig, log: WorkerLogger, dbOptions: Partial<OpenDatabaseOptions> = {}): Promise<DamContext> {
  // Owner only (issue 9): the data folder is closed to group and others at every start, whatever its mode was; what
  // is created inside follows the process umask (main.ts), except PGlite's files, which it chmods itself (0666).
  if (!makeOwnerOnlyDir(config.dataDir)) log.error({ dataDir: config.dataDir }, 'the data folder belongs to another user and could not be made private (mode 0700)');
  const pgliteDir = path.join(config.dataDir, 'db');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, ...dbOptions });
  const privatePglite = () => (database.kind === 'pglite' ? restrictTreeToOwner(pgliteDir) : Promise.resolve(0));
  await privatePglite();
  const { db } = database;
  const generations = new GenerationsRepository(db);
  if (database.listen) await generations.followCommits(database.listen);
  const files = createLocalFileStore(path.join(config.dataDir, 'files'));
  const repos = {
    users: new UsersRepository(db),
    tokens: new TokensRepository(db),
    archives: new ArchivesRepository(db),
    assets: new AssetsRepository(db),
    uploads: new UploadsRepository(db),
    jobs: new JobsRepository(db),
    preferences: new PreferencesRepository(db),
    albums: new AlbumsRepository(db),
    albumLinks: new AlbumLinksRepository(db),
  };
  const bootstrapResult = await bootstrap(config, repos.users, repos.archives, repos.tokens);
  if (database.kind === 'pglite') await repos.jobs.requeueInterrupted();
  const policy = new ArchivePolicy(repos.archives);
  const ingest = new IngestService(files, repos.archives, repos.assets, db);
  let worker: JobWorker | undefined;
  let alerts: AlertsService | undefined;
  const uploads = new UploadsService(
    config,
    repos.uploads,
    repos.jobs,
    repos.archives,
    repos.assets,
    policy,
    { chunks: createLocalChunkStore(files), files },
    () => worker?.notify(),
    log,
  );
  const views = new MetadataViewsRepository(db);
  // Consent (issue 15): assets and collections show the summaries it answers (late-bound: it reads assets too).
  const consentStatuses: ConsentStatuses = (permissions, ids) => consent.statusesOf(permissions, ids);
  // Renditions (issue 16): assets list the processing profiles and carry the caller's previewToken and dropHREF
  // (late-bound).
  const assetExtras: AssetExtrasFor = async (caller) => {
    const profiles = await processingProfiles.all();
    return (asset) => ({ profiles, previewToken: previewTokens.issue(caller.userId, asset), dropFragment: previewTokens.dropFragment(caller.userId, asset) });
  };
  const processingProfiles = new ProcessingProfilesService(db);
  // Download processing (issue 16): an archive's originals downloaded through its processing profile.
  // Watermarks (issue 16): stamped by the profiles that apply the archive's.
  const watermarks = new WatermarksService(db, files);
  const downloadProcessing = new DownloadProcessingService({ archives: repos.archives, profiles: processingProfiles, watermarks, files });
  const assets = new AssetsService(repos.archives, repos.assets, policy, files, views, consentStatuses, assetExtras, (asset, archive) => downloadProcessing.fileOf(asset, archive));
  const consent = new ConsentService({ consent: new ConsentRepository(db), assets: repos.assets, policy, assetsService: assets });
  const albumComments = new AlbumCommentsRepository(db);
  const albums = new AlbumsService(
    repos.albums,
    repos.archives,
    repos.assets,
    assets,
    policy,
    views,
    config.pageSize,
    repos.albumLinks,
    new AlbumSharesRepository(db),
    { users: repos.users, groups: new GroupsRepository(db) },
    albumComments,
  );
  const taxonomyRepository = new TaxonomiesRepository(db);
  const taxonomies = new TaxonomiesService(taxonomyRepository, { policy: new TaxonomyPolicy() });
  const collections = new CollectionsService(
    config,
    repos.archives,
    repos.assets,
    policy,
    views,
    () => taxonomies.navigation(),
    consentStatuses,
    () => consent.isEnabled(),
    assetExtras,
  );
  const pins = new PinsService(new PinsRepository(db), repos.archives, repos.assets, assets, collections, config.pinLimit, albums, repos.albums, taxonomies);
  const activity = new ActivityService(db, config.activityRetentionDays);
  const previewTokens = new PreviewTokensService({
    key: derivedKey([config.bffClient.secret, config.cliClientSecret], 'preview tokens v1'),
    issuer: `${config.publicUrl.replace(/\/+$/, '')}/fotoweb/`,
    callerForUser: (userId) => auth.callerForUser(userId),
  });
  const renditions = new RenditionsService({
    renditions: new RenditionsRepository(db),
    profiles: processingProfiles,
    processing: downloadProcessing,
    watermarks,
    assets,
    assetRows: repos.assets,
    jobs: repos.jobs,
    files,
    notifyWorker: () => worker?.notify(),
  });
  const trash = new TrashService({ db, archives: repos.archives, assets: repos.assets, policy, files, retentionDays: config.trashRetentionDays, log });
  const metadata = createMetadataServices({ db, databaseKind: database.kind, repos, policy, files, ingest, assets, taxonomies, notifyWorker: () => worker?.notify(), log });
  // Mail (issue 14): through SMTP_URL when set, else held in the outbox; links from MAGPIE_PUBLIC_URL.
  const mailLinks = new MailLinks(config.publicUrl);
  const mailer = new Mailer(db, {
    transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined,
    from: config.mailFrom,
    messageIdDomain: new URL(config.publicUrl).hostname,
    onQueued: () => worker?.notify(),
    log,
  });
  // Webhooks (issue 16): deliveries queued with each asset event, sent by the worker with the configured back-off.
  const webhooks = new WebhooksService(db, { publicUrl: config.publicUrl, retryDelaysMs: config.webhookRetryDelaysMs, timeoutMs: config.webhookTimeoutMs, log });
  worker = new JobWorker(
    repos.jobs,
    {
      [INGEST_UPLOAD_JOB]: ingestUploadJob({
        uploads: repos.uploads,
        uploadsService: uploads,
        archives: repos.archives,
        users: repos.users,
        ingest,
        assets: repos.assets,
        changes: metadata.changes,
        metadataEdit: metadata.metadataEdit,
        log,
      }),
      [EXPIRE_UPLOADS_JOB]: expireUploadsJob({ uploads }),
      // Renditions (issue 16): one job per requested conversion; an expiry sweep at a time.
      [MAKE_RENDITION_JOB]: renditions.makeJob,
      [EXPIRE_RENDITIONS_JOB]: async () => {
        await renditions.sweepExpired();
        await forgetFinishedSweeps(db, EXPIRE_RENDITIONS_JOB, RENDITION_SWEEP_INTERVAL_MS);
      },
      [PURGE_TRASH_JOB]: async () => {
        await trash.purgeExpired();
      },
      [ACTIVITY_RETENTION_JOB]: async () => {
        await activity.purgeExpired();
        await forgetFinishedSweeps(db, ACTIVITY_RETENTION_JOB, ACTIVITY_SWEEP_INTERVAL_MS);
      },
      ...metadata.jobHandlers,
      [SEND_MAIL_JOB]: sendMailJob(mailer),
      [WEBHOOK_DELIVERY_JOB]: webhookDeliveryJob(webhooks),
      // Movies' web-playable copies (issue 16).
      [WEB_VIDEO_JOB]: webVideoJob({ assets: repos.assets, files }),
      [WEBHOOK_RETENTION_JOB]: async () => {
        await webhooks.purgeExpired();
        await forgetFinishedSweeps(db, WEBHOOK_RETENTION_JOB, WEBHOOK_SWEEP_INTERVAL_MS);
      },
      // Search alerts (issue 15): one sweep at a time looks at the alerts whose time has come.
      [ALERT_SWEEP_JOB]: async (_job, signal) => {
        await alerts!.sweep(signal);
        await forgetFinishedSweeps(db, ALERT_SWEEP_JOB, ALERT_SWEEP_RUNS_KEPT_MS);
      },
    },
    log,
    config.workers,
  );
  // Abandoned uploads expire (issue 9): each process offers a sweep periodically; at most one is queued at a time.
  const uploadSweeps = scheduleUploadSweeps({ db, intervalMs: uploadSweepIntervalMs(config.uploadExpirySeconds), onQueued: () => worker?.notify(), log });
  // The trash (issue 13): each process offers an hourly purge of what is older than the retention; one runs at a time.
  // Requested renditions (issue 16) expire after an hour: each process offers a sweep every ten minutes.
  const renditionSweeps = scheduleSweeps({ db, kind: EXPIRE_RENDITIONS_JOB, intervalMs: RENDITION_SWEEP_INTERVAL_MS, onQueued: () => worker?.notify(), log });
  const trashSweeps = scheduleSweeps({ db, kind: PURGE_TRASH_JOB, intervalMs: TRASH_SWEEP_INTERVAL_MS, onQueued: () => worker?.notify(), log });
  // Search alerts (issue 15): each process offers an alert sweep every MAGPIE_ALERT_SWEEP_MS; one runs at a time.
  const alertSweeps = scheduleSweeps({ db, kind: ALERT_SWEEP_JOB, intervalMs: config.alertSweepMs, onQueued: () => worker?.notify(), log });
  // The activity log (issue 15): each process offers an hourly sweep of rows older than the retention; one runs at a time.
  const activitySweeps = scheduleSweeps({ db, kind: ACTIVITY_RETENTION_JOB, intervalMs: ACTIVITY_SWEEP_INTERVAL_MS, onQueued: () => worker?.notify(), log });
  // Webhook deliveries (issue 16): each process offers an hourly sweep of finished deliveries past their retention.
  const webhookSweeps = scheduleSweeps({ db, kind: WEBHOOK_RETENTION_JOB, intervalMs: WEBHOOK_SWEEP_INTERVAL_MS, onQueued: () => worker?.notify(), log });
  const auth = new AuthService(config, repos.users, repos.tokens, db);
  const orders = new OrdersService({
    db,
    archives: repos.archives,
    assets: repos.assets,
    assetsService: assets,
    files,
    mailer,
    links: mailLinks,
    downloadDays: config.orderDownloadDays,
  });
  alerts = new AlertsService({
    db,
    archives: repos.archives,
    assets: repos.assets,
    assetsService: assets,
    policy,
    files,
    mailer,
    links: mailLinks,
    callerForUser: (userId) => auth.callerForUser(userId),
    log,
  });
  const passwordResets = new PasswordResetService({
    db,
    auth,
    mailer,
    links: mailLinks,
    limits: new PasswordResetLimits(config.tokenRateLimit),
    ttlSeconds: config.passwordResetTtl,
    log,
  });
  // Invitations and sign-ups (issue 14): links keyed by a secret of this installation, so the grid can show them again.
  const grantableGroups = new GrantableGroupsService(db);
  const invitations = new InvitationsService(
    db,
    { mailer, links: mailLinks, tokens: new InvitationTokens(derivedKey([config.bffClient.secret, config.cliClientSecret], 'invitation links v1')), groups: grantableGroups },
    { maxEmails: config.maxInvitationEmails, ttlDays: config.invitationTtlDays },
  );
  const context: DamContext = {
    config,
    database,
    files,
    repos,
    policy,
    auth,
    collections,
    assets,
    metadataViews: metadata.metadataViews,
    metadataEdit: metadata.metadataEdit,
    backgroundTasks: metadata.backgroundTasks,
    revisions: metadata.revisions,
    uploads,
    ingest,
    taxonomies,
    preferences: new PreferencesService(repos.preferences, pins),
    pins,
    folders: new FoldersService(db, policy, collections, assets),
    albums,
    albumComments: new AlbumCommentsService(albums, albumComments),
    trash,
    smartFolders: new SmartFoldersService({
      db,
      archives: repos.archives,
      assets: repos.assets,
      policy,
      resolve: (caller, archiveId, folderPath) => collections.resolve(caller, archiveId, folderPath),
      consentFormsEnabled: () => consent.isEnabled(),
    }),
    downloads: new DownloadsService({
      tasks: metadata.backgroundTasks,
      assets: repos.assets,
      archives: repos.archives,
      downloads: new DownloadsRepository(db),
      policy,
      files,
      processing: downloadProcessing,
    }),
    renditions,
    processingProfiles,
    watermarks,
    previewTokens,
    sharedAlbums: new SharedAlbumsService(
      repos.albumLinks,
      repos.albums,
      albums,
      repos.assets,
      assets,
      (userId) => auth.callerForUser(userId),
      derivedKey([config.bffClient.secret, config.cliClientSecret], 'share access v1'),
      config.pageSize,
    ),
    account: new AccountService(repos.users, auth, new PasswordChangeLimits()),
    siteOwner: new SiteOwnerService(db, repos.users, new GroupsRepository(db), auth),
    configOptions: new ConfigOptionsService(),
    applications: new ApplicationsService(db, repos.tokens, auth),
    apiKeys: new ApiKeysService(db, auth),
    webhooks,
    users: new UsersService(db, auth, { licenseSeats: config.licenseSeats, guestAccess: config.guestAccess }),
    groups: new GroupsService(db, auth, { guestAccess: config.guestAccess }),
    archiveConfig: new ArchiveConfigService(db, { maxArchives: config.maxArchives }),
    configLoads: new ConfigLoadsService(db),
    mailer,
    mailLinks,
    outbox: new OutboxService(db, mailer, mailLinks),
    passwordResets,
    invitations,
    grantableGroups,
    signups: new SignupsService(db, { invitations, groups: grantableGroups, mailer, links: mailLinks, licenseSeats: config.licenseSeats }),
    signupSettings: new SignupSettingsService(db),
    appearance: new AppearanceService(db),
    siteFooter: new SiteFooterService(db),
    alerts,
    orders,
    consent,
    activity,
    siteExtras: new SiteExtrasService(config, new SiteInfoRepository(db), collections),
    representations: new RepresentationCache(() => generations.current(), { maxBytes: config.answerCacheBytes }),
    worker,
    bootstrapResult,
    async close() {
      uploadSweeps.stop();
      trashSweeps.stop();
      renditionSweeps.stop();
      alertSweeps.stop();
      activitySweeps.stop();
      webhookSweeps.stop();
      // A reset request answered already may still be storing its link and queuing its mail.
      await passwordResets.settled();
      await worker!.stop();
      mailer.close();
      await endExiftool();
      await closeDecoderWorkers();
      await database.close();
      await privatePglite();
    },
  };
  return context;
}
