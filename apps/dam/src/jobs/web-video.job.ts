import type { Kysely } from 'kysely';
import type { Database, JobRow, WebVideo } from '../db/schema.ts';
import { AssetsRepository } from '../repositories/assets.repository.ts';
import { JobsRepository } from '../repositories/jobs.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import { webVideoKey } from '../storage/keys.ts';
import { ffmpegAvailability, FfmpegMissing } from '../media/decoders/ffmpeg.ts';
import { transcodeToWebMp4, WEB_VIDEO_MAX_SIDE } from '../media/decoders/transcode.ts';
import { isMediaError } from '../media/errors.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/** The background job kind that makes a movie's web-playable copy (issue 16). */
export const WEB_VIDEO_JOB = 'web-video';

/** Attempts of a web-video job: one retry covers a process that stopped mid-way; a file ffmpeg refuses fails twice. */
export const WEB_VIDEO_MAX_ATTEMPTS = 2;

/** Least time between two progress records of one transcode, in ms. */
export const WEB_VIDEO_PROGRESS_INTERVAL_MS = 1_000;

/** The payload of a {@link WEB_VIDEO_JOB}: the asset and the original (store key) to transcode. */
export interface WebVideoPayload {
  assetId: number;
  source: string;
}

/**
 * Queues the web-playable copy of a movie that was just stored (an upload, a copy, a new version of its file, a
 * rollback), in the caller's transaction: the asset's `web_video` becomes `pending` and a {@link WEB_VIDEO_JOB}
 * carries the original's store key. Other document types are left alone.
 * @returns whether a job was queued (the caller wakes the job worker).
 */
export async function queueWebVideo(db: Kysely<Database>, asset: { id: number; doctype: string; storage_key: string }): Promise<boolean> {
  if (asset.doctype !== 'movie') return false;
  await new AssetsRepository(db).setWebVideo(asset.id, { status: 'pending', source: asset.storage_key });
  await new JobsRepository(db).enqueue(WEB_VIDEO_JOB, { assetId: asset.id, source: asset.storage_key } satisfies WebVideoPayload, { maxAttempts: WEB_VIDEO_MAX_ATTEMPTS });
  return true;
}

/**
 * The `web-video` background job (issue 16: "a web-playable H.264/AAC MP4 preview rendition (at most 1080 px) that the
 * asset view plays with seeking; long videos are transcoded as background jobs with progress"): transcodes the asset's
 * original into `previews/<file id>/web.mp4` with ffmpeg (`transcodeToWebMp4`), recording `running` with its progress
 * (0-1, at most once a second), then `ready` with the size, or `failed` with the reason on the last attempt. A job
 * whose asset is gone or holds another file by now does nothing (a newer job covers the new file). Without ffmpeg the
 * state is `unavailable` and says how to add it.
 * @throws the transcode's MediaError on a non-final attempt, so the worker retries.
 */
export function webVideoJob(deps: { assets: AssetsRepository; files: FileStore }) {
  return async (job: JobRow, signal?: AbortSignal): Promise<void> => {
    const { assetId, source } = job.payload as unknown as WebVideoPayload;
    const asset = await deps.assets.findById(assetId);
    const target = webVideoKey(source);
    if (!asset || asset.storage_key !== source || target === undefined) return;
    const record = (state: Omit<WebVideo, 'source'>) => deps.assets.setWebVideo(assetId, { ...state, source });

    const ffmpeg = ffmpegAvailability();
    if (!ffmpeg.available) {
      await record({ status: 'unavailable', message: new FfmpegMissing(ffmpeg.problem ?? 'not found').message });
      return;
    }
    await record({ status: 'running', progress: 0 });
    let lastRecord = Date.now();
    let pending: Promise<unknown> = Promise.resolve();
    try {
      const result = await transcodeToWebMp4(deps.files.localPath(source), deps.files.localPath(target), {
        maxSide: WEB_VIDEO_MAX_SIDE,
        ...(signal ? { signal } : {}),
        onProgress: (fraction) => {
          if (fraction >= 1 || Date.now() - lastRecord < WEB_VIDEO_PROGRESS_INTERVAL_MS) return;
          lastRecord = Date.now();
          pending = pending.then(() => record({ status: 'running', progress: Math.round(fraction * 100) / 100 })).catch(() => undefined);
        },
      });
      await pending;
      await record({ status: 'ready', file: target, width: result.width, height: result.height, bytes: result.bytes, duration: result.durationSeconds });
    } catch (error) {
      await pending;
      if (signal?.aborted) throw error;
      const message = withoutServerPaths(isMediaError(error) || error instanceof Error ? error.message : String(error));
      if (job.attempts < job.max_attempts) throw error;
      await record({ status: 'failed', message: `The video could not be made playable in the browser: ${message}` });
    }
  };
}
