import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Dam } from '@magpie/api-types';
import type { JobRow } from '../db/schema.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { RenditionsRepository } from '../repositories/renditions.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AssetReference } from '../lib/references.ts';
import { renditionFileHref } from '../presenters/hrefs.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import { renditionFolderKey, renditionKey } from '../storage/keys.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';
import { DEFAULT_RENDITION_QUALITY, isConversionError, RENDITION_CONTENT_TYPES, type RenditionFormat } from '../media/renditions.ts';
import type { AssetsService, StoredFile } from './assets.service.ts';
import type { ProcessingProfilesService } from './processing-profiles.service.ts';
import type { DownloadProcessingService } from './download-processing.service.ts';
import type { WatermarksService } from './watermarks.service.ts';
import { renditionSource, writeRendition } from './rendition-writer.ts';

/** How long a requested rendition's href works (ms): one hour. */
export const RENDITION_TTL_MS = 60 * 60 * 1000;
/** The job kind that makes a requested rendition. */
export const MAKE_RENDITION_JOB = 'make-rendition';
/** The job kind that sweeps expired renditions (migration 0034's `jobs_one_rendition_sweep_idx`). */
export const EXPIRE_RENDITIONS_JOB = 'expire-renditions';
/** How often each process offers a sweep of expired renditions (ms): every ten minutes. */
export const RENDITION_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Seconds a client is told to wait (`Retry-After`) before asking again for a rendition being made. */
export const RENDITION_RETRY_AFTER_SECONDS = 1;
/** How long a GET of a profile's rendition href waits for the rendition to be made (ms) before answering 202. */
export const DIRECT_RENDITION_WAIT_MS = 20_000;
/** How often that GET looks whether the rendition is made (ms). */
const DIRECT_RENDITION_POLL_MS = 100;
/** A kept rendition is served again only while it has this long (ms) left to live: five minutes. */
const REUSE_MARGIN_MS = 5 * 60 * 1000;
/** Renditions removed per sweep round. */
const SWEEP_BATCH = 500;

/** The rendition service's request (dam.yaml `RenditionRequest`). */
export type RenditionRequest = Dam.components['schemas']['RenditionRequest'];
/** Its answer (dam.yaml `RenditionResponse`). */
export type RenditionResponse = Dam.components['schemas']['RenditionResponse'];

/** A requested rendition as its href answers: not made yet, or the file. */
export type RenditionFile = { ready: false } | { ready: true; file: StoredFile };

/**
 * FotoWeb's rendition service (issue 16, fotoweb-api-notes §6.3): {@link request} checks the caller may download the
 * asset (`Download` on its archive) and records the rendition for one hour; the original is served as it is, any
 * conversion (a processing profile, or a size and format given) is made by the {@link MAKE_RENDITION_JOB} job
 * ({@link make}) into the file store; {@link file} answers the requester the file once made; {@link sweepExpired}
 * removes what expired.
 */
export class RenditionsService {
  constructor(
    private readonly deps: {
      renditions: RenditionsRepository;
      profiles: Pick<ProcessingProfilesService, 'find'>;
      /** The archives' download processing: the ORIGINAL of an archive with a profile is that profile's image. */
      processing: Pick<DownloadProcessingService, 'profileOf'>;
      /** The archives' watermarks, stamped by profiles that apply them. */
      watermarks: Pick<WatermarksService, 'forArchive' | 'byTag'>;
      assets: Pick<AssetsService, 'load'>;
      assetRows: Pick<AssetsRepository, 'findById'>;
      jobs: Pick<JobsRepository, 'enqueue'>;
      files: FileStore;
      /** Wakes the job worker after a job was queued. */
      notifyWorker: () => void;
      /** The clock (ms since the epoch); tests move it. */
      now?: () => number;
    },
  ) {}

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /**
   * Requests a rendition of an asset: `target` is what `body.href` names (the route parses it).
   * @throws ApiError 400 (not a rendition href, an unknown profile, a conversion of something other than an image),
   *   404 (an asset the caller may not view), 403 (no `Download` on its archive).
   */
  async request(caller: Caller, target: AssetReference & { rendition: string }, body: RenditionRequest): Promise<RenditionResponse> {
    const { id, filename } = await this.create(caller, target, body);
    return { href: renditionFileHref(id, filename) };
  }

  /**
   * A GET of an asset's rendition href, `<asset>.info/__renditions/<profile id>` (issue 16; FotoWeb clients download a
   * profile's rendition this way): the processing profile's rendition, requested as {@link request} does (same
   * checks, same job) and served once made. A live rendition of the caller's with the same asset file and settings is
   * served again rather than made twice.
   * @param waitMs how long to wait for the rendition to be made ({@link DIRECT_RENDITION_WAIT_MS}).
   * @returns the file, or, not made within `waitMs`, the rendition-response href to poll (the route answers 202).
   * @throws ApiError as {@link request} and {@link file}; 404 for a rendition that could not be made.
   */
  async direct(caller: Caller, target: AssetReference & { rendition: string }, waitMs = DIRECT_RENDITION_WAIT_MS): Promise<RenditionFile | { ready: false; href: string }> {
    const { id, filename } = await this.create(caller, target, {} as RenditionRequest, { reuse: true });
    // While it is queued only its row is read; the caller's rights are checked once, by file(), when it is no longer.
    const deadline = Date.now() + waitMs;
    while ((await this.deps.renditions.findById(id))?.status === 'queued' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, DIRECT_RENDITION_POLL_MS));
    }
    const answer = await this.file(caller, id);
    return answer.ready ? answer : { ready: false, href: renditionFileHref(id, filename) };
  }

  /**
   * Records a rendition (and queues its making), or with `reuse` finds a live one of the caller's with the same
   * asset file and settings.
   * @throws ApiError as {@link request}.
   */
  private async create(
    caller: Caller,
    target: AssetReference & { rendition: string },
    body: RenditionRequest,
    options: { reuse?: boolean } = {},
  ): Promise<{ id: string; filename: string }> {
    const { archive, asset, permissions } = await this.deps.assets.load(caller, target);
    assetPolicy.assertCan(permissions, 'download');
    const name = body.profile ?? target.rendition;
    let profile: Awaited<ReturnType<ProcessingProfilesService['find']>>;
    if (name.toUpperCase() !== 'ORIGINAL') {
      profile = await this.deps.profiles.find(name);
      if (!profile)
        throw badRequest(`There is no processing profile "${name.slice(0, 64)}".`, [{ path: body.profile ? 'profile' : 'href', message: 'Unknown processing profile.' }]);
    } else if (asset.doctype === 'image' && body.size === undefined && body.width === undefined && body.height === undefined && body.format === undefined) {
      // The original of an archive that processes downloads is its profile's image (issue 16, DownloadProcessing).
      profile = await this.deps.processing.profileOf(archive);
    }
    const size = body.size ?? profile?.size ?? null;
    const resized = size !== null || body.width !== undefined || body.height !== undefined;
    const format: RenditionFormat | null = body.format ?? profile?.format ?? (resized ? 'jpg' : null);
    if (format !== null && asset.doctype !== 'image') {
      throw badRequest(`Only images can be converted; ${asset.filename} is of type ${asset.doctype}. Ask for the ORIGINAL without a size or format.`, [
        { path: 'href', message: 'Not an image.' },
      ]);
    }
    const now = this.now();
    const filename = format === null ? asset.filename : `${path.parse(asset.filename).name}.${format}`;
    const spec = {
      user_id: caller.userId,
      asset_id: asset.id,
      source_key: asset.storage_key,
      size,
      width: size === null ? (body.width ?? null) : null,
      height: size === null ? (body.height ?? null) : null,
      format,
      quality: format === null ? null : (profile?.quality ?? DEFAULT_RENDITION_QUALITY),
      // A profile that applies the archive's watermark stamps the one the archive has chosen.
      watermark: format !== null && profile?.watermark ? ((await this.deps.watermarks.forArchive(archive))?.tag ?? null) : null,
    };
    // One that is about to expire is not served again: its href would stop working while the client fetches it.
    const kept = options.reuse ? await this.deps.renditions.findReusable(spec, new Date(now.getTime() + REUSE_MARGIN_MS)) : undefined;
    if (kept) return { id: kept.id, filename: kept.filename };
    const id = randomBytes(16).toString('base64url');
    await this.deps.renditions.create({
      id,
      ...spec,
      filename,
      // The original needs no making: its href serves the stored file at once.
      ...(format === null ? { status: 'done' as const, storage_key: asset.storage_key } : {}),
      created: now,
      expires: new Date(now.getTime() + RENDITION_TTL_MS),
    });
    if (format !== null) {
      await this.deps.jobs.enqueue(MAKE_RENDITION_JOB, { renditionId: id });
      this.deps.notifyWorker();
    }
    return { id, filename };
  }

  /**
   * The caller's requested rendition `id`: not made yet, or the file. The caller must still be allowed to download
   * the asset (it may have been deleted, or the archive's Download taken away, since the request).
   * @throws ApiError 404 for an unknown, expired or another user's rendition, one that could not be made, an asset
   *   deleted or no longer visible; 403 without Download on its archive any more.
   */
  async file(caller: Caller, id: string): Promise<RenditionFile> {
    const row = await this.deps.renditions.findLive(id, this.now());
    if (!row || row.user_id !== caller.userId) throw notFound('The rendition');
    // Still the requester's to download: the asset is there and visible, and its archive still grants Download.
    const asset = await this.deps.assetRows.findById(row.asset_id);
    if (!asset || asset.deleted) throw notFound('The rendition');
    const { permissions } = await this.deps.assets.load(caller, { archiveId: asset.archive_id, folderPath: asset.folder_path, filename: asset.filename });
    assetPolicy.assertCan(permissions, 'download');
    if (row.status === 'queued') return { ready: false };
    if (row.status === 'failed' || !row.storage_key) throw new ApiError(404, 'NotFound', `The rendition could not be made. ${row.error ?? ''}`.trim(), 'Not found');
    const stat = await this.deps.files.stat(row.storage_key);
    if (!stat) throw notFound('The rendition');
    const contentType = row.format ? RENDITION_CONTENT_TYPES[row.format] : 'application/octet-stream';
    return { ready: true, file: { key: row.storage_key, size: stat.size, contentType, filename: row.filename, mtimeMs: stat.mtime.getTime() } };
  }

  /**
   * Makes a queued rendition (the {@link MAKE_RENDITION_JOB} job): converts the source with sharp (stamping the
   * watermark it names), streaming the result into the file store (`renditions/<id>/…`). An image that cannot be converted ends the
   * rendition `failed` (its href then answers 404); other errors (storage) are thrown for the worker to retry.
   * Idempotent: a rendition no longer queued (made, failed, swept) is left alone.
   */
  async make(renditionId: string, signal?: AbortSignal): Promise<void> {
    const row = await this.deps.renditions.findById(renditionId);
    if (!row || row.status !== 'queued' || !row.format) return;
    const key = renditionKey(renditionId, row.format);
    const spec = { format: row.format, quality: row.quality ?? DEFAULT_RENDITION_QUALITY, size: row.size, width: row.width, height: row.height };
    // A format the converter does not read whole is made from the largest preview of the same version (renditionSource).
    const asset = await this.deps.assetRows.findById(row.asset_id);
    const source = asset && asset.storage_key === row.source_key ? renditionSource(asset) : row.source_key;
    try {
      // Stamped with the watermark as it is now (a deleted one stamps nothing).
      const chosen = row.watermark ? await this.deps.watermarks.byTag(row.watermark) : undefined;
      // The file appears whole or not at all (putStream), so a run taken over half-way leaves nothing behind.
      await writeRendition(this.deps.files, key, source, spec, chosen?.stamp);
    } catch (error) {
      if (!isConversionError(error)) throw error;
      signal?.throwIfAborted();
      const reason = withoutServerPaths((error as Error).message).slice(0, 500);
      await this.deps.renditions.finish(renditionId, { error: `The image could not be converted: ${reason}` });
      return;
    }
    signal?.throwIfAborted();
    // Swept or finished by another run meanwhile: the file goes with it.
    if (!(await this.deps.renditions.finish(renditionId, { storageKey: key }))) await this.deps.files.remove(renditionFolderKey(renditionId));
  }

  /** The job handler of {@link MAKE_RENDITION_JOB}. */
  readonly makeJob = async (job: JobRow, signal: AbortSignal): Promise<void> => {
    await this.make((job.payload as { renditionId: string }).renditionId, signal);
  };

  /**
   * Removes the renditions that expired (their files first, then their rows), in rounds of {@link SWEEP_BATCH}.
   * @returns how many went.
   */
  async sweepExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.deps.renditions.expiredIds(this.now(), SWEEP_BATCH);
      if (ids.length === 0) return removed;
      for (const id of ids) await this.deps.files.remove(renditionFolderKey(id));
      await this.deps.renditions.deleteIds(ids);
      removed += ids.length;
    }
  }
}
