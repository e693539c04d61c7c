import type { MetadataView, MetadataViewUpdate } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { archiveIdOfView, type MetadataViewsRepository, type StoredMetadataView } from '../repositories/metadata-views.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { notFound } from '../lib/errors.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { presentMetadataView } from '../presenters/metadata-view.presenter.ts';

/**
 * Metadata views (issue 5; fotoweb-api-notes §4): each archive's view, readable by whoever may view the archive,
 * replaceable by administrators (Magpie's admin API until the admin screens exist).
 */
export class MetadataViewsService {
  constructor(
    private readonly archives: ArchivesRepository,
    private readonly views: MetadataViewsRepository,
    private readonly policy: ArchivePolicy,
  ) {}

  private async archiveOf(caller: Caller, id: string): Promise<number> {
    const archiveId = archiveIdOfView(id);
    const archive = archiveId === undefined ? undefined : await this.archives.findById(archiveId);
    if (!archive) throw notFound('The metadata view');
    this.policy.assertCan(await this.policy.permissionsOnArchive(caller, archive.id), 'view', 'The metadata view');
    return archive.id;
  }

  /** The view as `metadata-set`. @throws ApiError 404 for an unknown view or one of an archive the caller cannot view. */
  async get(caller: Caller, id: string): Promise<MetadataView> {
    return presentMetadataView(await this.views.forArchive(await this.archiveOf(caller, id)));
  }

  /**
   * Replaces a view (the body is already checked by `MetadataViewUpdateSchema`).
   * @throws ApiError 404 (unknown or hidden view), 403 (not an administrator).
   */
  async replace(caller: Caller, id: string, definition: MetadataViewUpdate): Promise<MetadataView> {
    const archiveId = await this.archiveOf(caller, id);
    sitePolicy.assertCan(caller, 'manageMetadataViews');
    return presentMetadataView(await this.views.replace(archiveId, definition));
  }

  /** The stored view of an archive (created from the default view on first use). */
  forArchive(archiveId: number): Promise<StoredMetadataView> {
    return this.views.forArchive(archiveId);
  }
}
