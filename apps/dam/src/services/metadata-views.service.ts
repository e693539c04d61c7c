import type { MetadataView, MetadataViewUpdate } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { archiveIdOfOwnView, type MetadataViewsRepository, type StoredMetadataView } from '../repositories/metadata-views.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { notFound } from '../lib/errors.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { presentMetadataView } from '../presenters/metadata-view.presenter.ts';

/**
 * Metadata views (issue 5, issue 12; fotoweb-api-notes §4). A view is readable by whoever may view an archive that
 * uses it, and by archive and settings administrators (who choose views for archives); only settings administrators
 * change one. Several archives may share a view.
 */
export class MetadataViewsService {
  constructor(
    private readonly archives: ArchivesRepository,
    private readonly views: MetadataViewsRepository,
    private readonly policy: ArchivePolicy,
  ) {}

  /**
   * The view `id` if the caller may read it: an archive's own view not made yet is made now.
   * @throws ApiError 404 for an unknown view or one the caller may not read (not revealed).
   */
  private async readable(caller: Caller, id: string): Promise<StoredMetadataView> {
    const own = archiveIdOfOwnView(id);
    const archive = own === undefined ? undefined : await this.archives.findById(own);
    const view = (await this.views.findById(id)) ?? (archive && archive.metadata_view_id === null ? await this.views.forArchive(archive.id) : undefined);
    if (!view) throw notFound('The metadata view');
    if (sitePolicy.can(caller, 'manageArchives') || sitePolicy.can(caller, 'manageMetadataViews')) return view;
    const permissions = await this.policy.permissionsOn(caller, await this.views.archivesUsing(id));
    if (![...permissions.values()].some((p) => this.policy.can(p, 'view'))) throw notFound('The metadata view');
    return view;
  }

  /** The view as `metadata-set`. @throws ApiError 404 for an unknown view or one the caller may not read. */
  async get(caller: Caller, id: string): Promise<MetadataView> {
    return presentMetadataView(await this.readable(caller, id));
  }

  /**
   * Replaces a view (the body is already checked by `MetadataViewUpdateSchema`); every archive using it changes.
   * @throws ApiError 404 (unknown or hidden view), 403 (not a settings administrator).
   */
  async replace(caller: Caller, id: string, definition: MetadataViewUpdate): Promise<MetadataView> {
    await this.readable(caller, id);
    sitePolicy.assertCan(caller, 'manageMetadataViews');
    const replaced = await this.views.replace(id, definition);
    if (!replaced) throw notFound('The metadata view');
    return presentMetadataView(replaced);
  }

  /** The view an archive uses (its own is made from the default view on first use). */
  forArchive(archiveId: number): Promise<StoredMetadataView> {
    return this.views.forArchive(archiveId);
  }
}
