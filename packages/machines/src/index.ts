/**
 * @magpie/machines: the web client's flows as XState v5 machines, plus the framework-free helpers they drive.
 *
 * Side effects are actors passed with `.provide()`; see each machine's TSDoc for the actors it needs.
 */

// Upload popover: spec 01 §2, §4 Upload popover, §8.
export {
  createUploadEvent,
  uploadPopoverMachine,
  type UploadFileActorInput,
  type UploadFileState,
  type UploadFileStatus,
  type UploadPopoverContext,
  type UploadPopoverEvent,
  type UploadPopoverInput,
  type UploadRun,
} from './uploadPopover/uploadPopover.machine.ts';
export {
  assertUploadEventName,
  isUploadEventName,
  UnknownUploadEventError,
  UPLOAD_EVENTS,
  type FailedUpload,
  type UploadedAsset,
  type UploadEmittedEvent,
  type UploadEventName,
} from './uploadPopover/uploadEvents.ts';
export {
  ACCESS_DENIED_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  toUploadFailure,
  UploadError,
  UPLOAD_TARGET_ERROR_MESSAGE,
} from './uploadPopover/uploadError.ts';
export type { UploadFailure, UploadFileInput, UploadFileOutput } from './uploadPopover/types.ts';
export {
  createChunkedUploader,
  UPLOADS_PATH,
  UPLOAD_STATUS_MAX_POLLS,
  UPLOAD_STATUS_POLL_INTERVAL_MS,
  type ChunkedUploader,
  type ChunkedUploaderDeps,
  type ChunkedUploadRequest,
  type FetchInitLike,
  type FetchLike,
  type FetchResponseLike,
} from './uploadPopover/chunkedUpload.ts';

// Background job: spec 01 §4 Background job, §7, §9.
export {
  backgroundJobMachine,
  BACKGROUND_JOB_FINISHED_STATUSES,
  BACKGROUND_JOB_RUNNING_STATUSES,
  pollIntervalFor,
  POLL_DEFAULT_INTERVAL_MS,
  POLL_MAX_ATTEMPTS,
  TASK_CREATED_STATUS,
  type BackgroundJobContext,
  type BackgroundJobError,
  type BackgroundJobInput,
  type BackgroundJobOutput,
  type CreateTaskInput,
  type CreateTaskOutput,
  type PollTaskInput,
  type PollTaskOutput,
} from './backgroundJob/backgroundJob.machine.ts';
