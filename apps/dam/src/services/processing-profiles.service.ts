import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dam } from '@magpie/api-types';
import type { Database, ProcessingProfileRow } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { ProcessingProfilesRepository, type ProcessingProfileValues } from '../repositories/renditions.repository.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { recordActivity } from './activity.service.ts';

/** A processing profile as the API shows it (dam.yaml `ProcessingProfile`). */
export type ProcessingProfile = Dam.components['schemas']['ProcessingProfile'];

/** Where the processing profiles live (dam.yaml `listProcessingProfiles`). */
export const PROCESSING_PROFILES_HREF = '/fotoweb/api/processing-profiles';

const UNIQUE_VIOLATION = '23505';

/** A profile row as the API shows it. */
export function presentProcessingProfile(row: ProcessingProfileRow): ProcessingProfile {
  return { id: row.id, href: `${PROCESSING_PROFILES_HREF}/${row.id}`, name: row.name, size: row.size, format: row.format, quality: row.quality, watermark: row.watermark };
}

function nameTaken(name: string): ApiError {
  return new ApiError(409, 'Conflict', `A processing profile named "${name}" exists already.`, 'Conflict');
}

/**
 * Processing profiles (issue 16): named renditions every asset offers beside its original (size in px of the longest
 * side or null, format, quality). Administrators with `manageArchives` list, create, change and delete them
 * ({@link administrationPolicy.assertMayManageProcessingProfiles}), each change recorded in the activity log;
 * assets list them through {@link all}.
 */
export class ProcessingProfilesService {
  private readonly profiles: ProcessingProfilesRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.profiles = new ProcessingProfilesRepository(db);
  }

  /** Every profile, by name, for the asset presenter (no permission: assets show them to whoever sees the asset). */
  all(): Promise<ProcessingProfileRow[]> {
    return this.profiles.list();
  }

  /** A profile by id, or undefined (ids that are no GUID included). */
  async find(id: string): Promise<ProcessingProfileRow | undefined> {
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? this.profiles.findById(id.toLowerCase()) : undefined;
  }

  /** The profiles. @throws ApiError 403 without `manageArchives`. */
  async list(caller: Caller): Promise<{ data: ProcessingProfile[] }> {
    administrationPolicy.assertMayManageProcessingProfiles(caller);
    return { data: (await this.profiles.list()).map(presentProcessingProfile) };
  }

  /** Creates a profile with a new GUID. @throws ApiError 403 without `manageArchives`, 409 for a name in use. */
  async create(caller: Caller, values: ProcessingProfileValues): Promise<ProcessingProfile> {
    administrationPolicy.assertMayManageProcessingProfiles(caller);
    if (await this.profiles.nameTaken(values.name)) throw nameTaken(values.name);
    return this.writing(values.name, async (profiles, trx) => {
      const row = await profiles.create(randomUUID(), values);
      await recordActivity(trx, caller, 'site.processingProfileCreated', { kind: 'site', name: row.name }, { profile: presentProcessingProfile(row) });
      return presentProcessingProfile(row);
    });
  }

  /** Replaces a profile's values. @throws ApiError 403 without `manageArchives`, 404 unknown, 409 for a name in use. */
  async update(caller: Caller, id: string, values: ProcessingProfileValues): Promise<ProcessingProfile> {
    administrationPolicy.assertMayManageProcessingProfiles(caller);
    if (await this.profiles.nameTaken(values.name, id)) throw nameTaken(values.name);
    return this.writing(values.name, async (profiles, trx) => {
      const before = await profiles.findById(id);
      const row = before && (await profiles.update(id, values));
      if (!before || !row) throw notFound('The processing profile');
      await recordActivity(
        trx,
        caller,
        'site.processingProfileChanged',
        { kind: 'site', name: row.name },
        { before: presentProcessingProfile(before), after: presentProcessingProfile(row) },
      );
      return presentProcessingProfile(row);
    });
  }

  /**
   * Deletes a profile.
   * @throws ApiError 403 without `manageArchives`, 404 unknown, 409 `ProcessingProfileInUse` while an archive's
   *   download processing names it (issue 16: its downloads would silently become unprocessed).
   */
  async delete(caller: Caller, id: string): Promise<void> {
    administrationPolicy.assertMayManageProcessingProfiles(caller);
    await inTransaction(this.db, async (trx) => {
      const profiles = new ProcessingProfilesRepository(trx);
      const row = await profiles.findById(id);
      if (!row) throw notFound('The processing profile');
      const users = (await new ArchivesRepository(trx).list()).filter((archive) => {
        const processing = archive.settings.downloadProcessing;
        return processing?.ProcessingType === 1 && processing.SpecificProcessingProfile?.toLowerCase() === id.toLowerCase();
      });
      if (users.length > 0) {
        throw new ApiError(
          409,
          'ProcessingProfileInUse',
          `Downloads from ${users.map((a) => `“${a.name}”`).join(', ')} go through “${row.name}”. Choose another download processing for ${users.length === 1 ? 'that archive' : 'those archives'} first.`,
          'Processing profile in use',
        );
      }
      if (!(await profiles.delete(id))) throw notFound('The processing profile');
      await recordActivity(trx, caller, 'site.processingProfileDeleted', { kind: 'site', name: row.name }, { profile: presentProcessingProfile(row) });
    });
  }

  /** Runs a write and its activity row in one transaction; a name another writer took meanwhile is the 409. */
  private async writing<T>(name: string, work: (profiles: ProcessingProfilesRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.db, (trx) => work(new ProcessingProfilesRepository(trx), trx));
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken(name);
      throw error;
    }
  }
}
