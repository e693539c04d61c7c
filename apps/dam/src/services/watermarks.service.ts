import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dam } from '@magpie/api-types';
import type { ArchiveRow, Database, WatermarkRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { readWatermarkImage, WatermarkImageError, type WatermarkStamp } from '../media/watermarks.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { WatermarksRepository } from '../repositories/watermarks.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import { watermarkFolderKey, watermarkImageKey } from '../storage/keys.ts';
import { recordActivity } from './activity.service.ts';
import type { StoredFile } from './assets.service.ts';

type S = Dam.components['schemas'];

/** Where the watermarks live (dam.yaml `listWatermarks`). */
export const WATERMARKS_HREF = '/fotoweb/api/watermarks';

const UNIQUE_VIOLATION = '23505';

/** A watermark row as the API shows it (dam.yaml `Watermark`). */
export function presentWatermark(row: WatermarkRow): S['Watermark'] {
  const href = `${WATERMARKS_HREF}/${row.id}`;
  return { id: row.id, href, imageHref: `${href}/image`, name: row.name, position: row.position, opacity: row.opacity, scale: row.scale, width: row.width, height: row.height };
}

/** What a rendition is stamped with: the stamp, and its tag `<id>:<version ms>` (a new image or setting is a new tag). */
export interface ChosenWatermark {
  readonly stamp: WatermarkStamp;
  readonly tag: string;
}

function nameTaken(name: string): ApiError {
  return new ApiError(409, 'Conflict', `A watermark named "${name}" exists already.`, 'Conflict');
}

/**
 * Watermarks (issue 16; spec 03 §2.12 "thumbnails and previews with watermarks", FotoWeb's Operations Center
 * "Watermarks"): administrators with `manageArchives` list, create, change and delete them, each change in the
 * activity log; an archive chooses one (`Renditions.WatermarkId`), and the processing profiles that apply the
 * archive's watermark stamp it ({@link forArchive}, {@link byTag}). The image is kept as a PNG in the file store.
 */
export class WatermarksService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  /** The watermarks. @throws ApiError 403 without `manageArchives`. */
  async list(caller: Caller): Promise<S['WatermarkList']> {
    administrationPolicy.assertMayManageWatermarks(caller);
    return { data: (await new WatermarksRepository(this.db).list()).map(presentWatermark) };
  }

  /** Every watermark (no permission: for the configuration loads, which check it). */
  all(): Promise<WatermarkRow[]> {
    return new WatermarksRepository(this.db).list();
  }

  /**
   * Creates a watermark from `input.image`.
   * @throws ApiError 403 without `manageArchives`, 400 without an image or with one that cannot be a watermark, 409 for a name in use.
   */
  async create(caller: Caller, input: S['WatermarkInput']): Promise<S['Watermark']> {
    administrationPolicy.assertMayManageWatermarks(caller);
    if (!input.image) throw badRequest('Give the watermark an image.', [{ path: 'image', message: 'An image is required.' }]);
    const name = input.name.trim();
    if (await new WatermarksRepository(this.db).nameTaken(name)) throw nameTaken(name);
    const id = randomUUID();
    const image = await this.storeImage(id, input.image);
    try {
      return await this.writing(name, async (watermarks, trx) => {
        const row = await watermarks.create(id, { name, position: input.position, opacity: input.opacity, scale: input.scale, ...image });
        await recordActivity(trx, caller, 'site.watermarkCreated', { kind: 'site', name: row.name }, { watermark: presentWatermark(row) });
        return presentWatermark(row);
      });
    } catch (error) {
      await this.files.remove(watermarkFolderKey(id));
      throw error;
    }
  }

  /**
   * Replaces a watermark's values, and its image when `input.image` is given.
   * @throws ApiError 403 without `manageArchives`, 404 unknown, 400 for an image that cannot be a watermark, 409 for a name in use.
   */
  async update(caller: Caller, id: string, input: S['WatermarkInput']): Promise<S['Watermark']> {
    administrationPolicy.assertMayManageWatermarks(caller);
    const name = input.name.trim();
    const repository = new WatermarksRepository(this.db);
    const before = await repository.findById(id);
    if (!before) throw notFound('The watermark');
    if (await repository.nameTaken(name, id)) throw nameTaken(name);
    const image = input.image ? await this.storeImage(id, input.image) : { width: before.width, height: before.height, image_key: before.image_key };
    const row = await this.writing(name, async (watermarks, trx) => {
      const changed = await watermarks.update(id, { name, position: input.position, opacity: input.opacity, scale: input.scale, ...image });
      if (!changed) throw notFound('The watermark');
      await recordActivity(trx, caller, 'site.watermarkChanged', { kind: 'site', name: changed.name }, { before: presentWatermark(before), after: presentWatermark(changed) });
      return changed;
    }).catch(async (error: unknown) => {
      if (image.image_key !== before.image_key) await this.files.remove(image.image_key);
      throw error;
    });
    if (row.image_key !== before.image_key) await this.files.remove(before.image_key);
    return presentWatermark(row);
  }

  /**
   * Deletes a watermark and its image.
   * @throws ApiError 403 without `manageArchives`, 404 unknown, 409 `WatermarkInUse` while an archive names it.
   */
  async delete(caller: Caller, id: string): Promise<void> {
    administrationPolicy.assertMayManageWatermarks(caller);
    await inTransaction(this.db, async (trx) => {
      const watermarks = new WatermarksRepository(trx);
      const row = await watermarks.findById(id);
      if (!row) throw notFound('The watermark');
      const users = (await new ArchivesRepository(trx).list()).filter((archive) => archive.settings.renditions?.WatermarkId?.toLowerCase() === id.toLowerCase());
      if (users.length > 0) {
        throw new ApiError(
          409,
          'WatermarkInUse',
          `${users.map((a) => `“${a.name}”`).join(', ')} ${users.length === 1 ? 'uses' : 'use'} “${row.name}”. Choose another watermark, or none, for ${users.length === 1 ? 'that archive' : 'those archives'} first.`,
          'Watermark in use',
        );
      }
      if (!(await watermarks.delete(id))) throw notFound('The watermark');
      await recordActivity(trx, caller, 'site.watermarkDeleted', { kind: 'site', name: row.name }, { watermark: presentWatermark(row) });
    });
    await this.files.remove(watermarkFolderKey(id));
  }

  /** A watermark's image (PNG). @throws ApiError 403 without `manageArchives`, 404 unknown. */
  async image(caller: Caller, id: string): Promise<StoredFile> {
    administrationPolicy.assertMayManageWatermarks(caller);
    const row = await new WatermarksRepository(this.db).findById(id);
    const stat = row && (await this.files.stat(row.image_key));
    if (!row || !stat) throw notFound('The watermark');
    return { key: row.image_key, size: stat.size, contentType: 'image/png', filename: `${row.name.replace(/[^\w .-]+/g, '_')}.png`, mtimeMs: stat.mtime.getTime() };
  }

  /** The watermark an archive chose (`Renditions.WatermarkId`), ready to stamp, or undefined (none, or deleted). */
  async forArchive(archive: Pick<ArchiveRow, 'settings'>): Promise<ChosenWatermark | undefined> {
    const id = archive.settings.renditions?.WatermarkId;
    const row = id ? await new WatermarksRepository(this.db).findById(id.toLowerCase()) : undefined;
    return row && this.chosen(row);
  }

  /** The watermark a tag of {@link ChosenWatermark} names, as it is now, or undefined when it was deleted. */
  async byTag(tag: string): Promise<ChosenWatermark | undefined> {
    const row = await new WatermarksRepository(this.db).findById(tag.split(':')[0] ?? '');
    return row && this.chosen(row);
  }

  private chosen(row: WatermarkRow): ChosenWatermark {
    return {
      stamp: { path: this.files.localPath(row.image_key), position: row.position, opacity: row.opacity, scale: row.scale },
      tag: `${row.id}:${row.modified.getTime()}`,
    };
  }

  /** Reads and keeps an image under a new version key. @throws ApiError 400 for an image that cannot be a watermark. */
  private async storeImage(id: string, encoded: string): Promise<{ width: number; height: number; image_key: string }> {
    let image: Awaited<ReturnType<typeof readWatermarkImage>>;
    try {
      image = await readWatermarkImage(encoded);
    } catch (error) {
      if (error instanceof WatermarkImageError) throw badRequest(error.message, [{ path: 'image', message: error.message }]);
      throw error;
    }
    const key = watermarkImageKey(id, randomUUID());
    await this.files.writeFile(key, image.png);
    return { width: image.width, height: image.height, image_key: key };
  }

  /** Runs a write and its activity row in one transaction; a name another writer took meanwhile is the 409. */
  private async writing<T>(name: string, work: (watermarks: WatermarksRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.db, (trx) => work(new WatermarksRepository(trx), trx));
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken(name);
      throw error;
    }
  }
}
