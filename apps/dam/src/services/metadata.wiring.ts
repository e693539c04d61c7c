import type { WorkerLogger } from '../jobs/worker.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { ArchivePolicy } from '../policies/archive.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AssetsService } from './assets.service.ts';
import type { IngestService } from './ingest.service.ts';
import type { TaxonomiesService } from '../taxonomies/taxonomies.service.ts';
import { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import { RevisionsRepository } from '../repositories/revisions.repository.ts';
import { BackgroundTasksRepository } from '../repositories/background-tasks.repository.ts';
import { AssetChangesService, METADATA_WRITEBACK_JOB } from './asset-changes.service.ts';
import { MetadataViewsService } from './metadata-views.service.ts';
import { MetadataEditService } from './metadata-edit.service.ts';
import { BACKGROUND_TASK_JOB, BackgroundTasksService } from './background-tasks.service.ts';
import { RevisionsService } from './revisions.service.ts';
import { FileOperationsService } from './file-operations.service.ts';
import { TrashRepository } from '../repositories/trash.repository.ts';
import { metadataWritebackJob, postgresAssetLock } from '../jobs/metadata-writeback.job.ts';

/**
 * The services of metadata editing, background tasks (file operations included, issue 13), write-back and revisions
 * (issue 5), as the composition root holds them.
 */
export interface MetadataServices {
  changes: AssetChangesService;
  metadataViews: MetadataViewsService;
  metadataEdit: MetadataEditService;
  backgroundTasks: BackgroundTasksService;
  revisions: RevisionsService;
  /** The background-job handlers these services need, by job kind. */
  jobHandlers: Record<string, JobHandler>;
}

/** Wires metadata views, editing, write-back and revisions on the DAM's repositories (context.ts calls it once). */
export function createMetadataServices(deps: {
  db: Kysely<Database>;
  /** Which database `db` is: on PostgreSQL, write-backs of one asset are also serialized across processes. */
  databaseKind: 'pglite' | 'postgres';
  repos: { archives: ArchivesRepository; assets: AssetsRepository; jobs: JobsRepository; users: UsersRepository };
  policy: ArchivePolicy;
  files: FileStore;
  ingest: IngestService;
  assets: AssetsService;
  taxonomies: Pick<TaxonomiesService, 'valuesNotSettable'>;
  notifyWorker: () => void;
  /** Where failures that callers see without their details are logged in full. */
  log?: WorkerLogger;
}): MetadataServices {
  const { db, repos, files } = deps;
  const changes = new AssetChangesService(db, deps.notifyWorker);
  const metadataViews = new MetadataViewsService(repos.archives, new MetadataViewsRepository(db), deps.policy);
  const metadataEdit = new MetadataEditService(deps.assets, repos.assets, metadataViews, changes, deps.taxonomies);
  const revisionsRepository = new RevisionsRepository(db);
  const revisions = new RevisionsService(deps.assets, revisionsRepository, metadataViews, changes, deps.ingest, files);
  const backgroundTasks = new BackgroundTasksService({
    assetsService: deps.assets,
    assets: repos.assets,
    archives: repos.archives,
    revisions: revisionsRepository,
    views: metadataViews,
    metadataEdit,
    changes,
    ingest: deps.ingest,
    tasks: new BackgroundTasksRepository(db),
    jobs: repos.jobs,
    users: repos.users,
    fileOperations: new FileOperationsService({
      assets: repos.assets,
      archives: repos.archives,
      revisions: revisionsRepository,
      trash: new TrashRepository(db),
      changes,
      ingest: deps.ingest,
      files,
      policy: deps.policy,
    }),
    onJobQueued: deps.notifyWorker,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    changes,
    metadataViews,
    metadataEdit,
    backgroundTasks,
    revisions,
    jobHandlers: {
      [METADATA_WRITEBACK_JOB]: metadataWritebackJob({ assets: repos.assets, files, lock: deps.databaseKind === 'postgres' ? postgresAssetLock(db) : undefined }),
      [BACKGROUND_TASK_JOB]: (job, signal) => backgroundTasks.run((job.payload as { taskId: string }).taskId, signal),
    },
  };
}
