import type { Kysely } from 'kysely';
import type { Dam } from '@magpie/api-types';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { DEFAULT_POOL_ID } from '../policies/archive-config.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { ArchivesRepository } from '../repositories/archives.repository.ts';
import { ProcessingProfilesRepository } from '../repositories/renditions.repository.ts';
import { WatermarksRepository } from '../repositories/watermarks.repository.ts';
import { MetadataViewsRepository, viewIdOfArchive } from '../repositories/metadata-views.repository.ts';
import { CATALOG_GROUPS, CATALOG_NAMESPACES, FIELD_CATALOG, filterCatalog, MAX_FIELD_FILTER_LENGTH, type CatalogField } from '../metadata/field-catalog.ts';
import { DEFAULT_METADATA_VIEW } from '../metadata/default-view.ts';
import { metadataViewHref } from '../presenters/metadata-view.presenter.ts';
import { metadataGroupFieldsHref } from '../presenters/hrefs.ts';

type S = Dam.components['schemas'];

/**
 * The configuration loads of the archive dialog (issue 12; spec 03 §7 "Configuration loads", §3.10) and the metadata
 * field pickers (spec 02 §7): real data where Magpie has the concept (fields, namespaces, groups, pools, archives,
 * metadata views, processing profiles, watermarks; the consent settings are the consent service's), an empty list of
 * the right shape where it has not yet (rendition and crop sets, processing profile sets). Metadata views can be created and copied here.
 */
export class ConfigLoadsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The catalogue's fields a filter selects ({@link filterCatalog}). @throws ApiError 400 `filter_failed` for a filter it cannot use. */
  fields(filter: string): CatalogField[] {
    const fields = filterCatalog(filter);
    if (!fields) {
      throw new ApiError(400, 'filter_failed', `The field filter must be at most ${MAX_FIELD_FILTER_LENGTH} characters of text.`, 'The filter failed', [
        { path: 'path.filter', message: 'Not a usable filter.', value: 'filter_failed' },
      ]);
    }
    return fields;
  }

  /** The namespaces of the catalogue. */
  namespaces(): S['MetadataNamespace'][] {
    return [...CATALOG_NAMESPACES];
  }

  /** The fields of one namespace. @throws ApiError 404 for an unknown alias. */
  namespaceFields(alias: string): CatalogField[] {
    const namespace = CATALOG_NAMESPACES.find((ns) => ns.Alias.toLowerCase() === alias.toLowerCase());
    if (!namespace) throw notFound('The namespace');
    return FIELD_CATALOG.filter((field) => field.Namespace === namespace.Url);
  }

  /** The field groups with their fields' links. */
  groups(): S['MetadataFieldGroup'][] {
    return CATALOG_GROUPS.map((group) => ({ ...group, href: metadataGroupFieldsHref(group.Name) }));
  }

  /** The fields of one group. @throws ApiError 404 for an unknown group. */
  groupFields(name: string): CatalogField[] {
    const group = CATALOG_GROUPS.find((g) => g.Name.toLowerCase() === name.trim().toLowerCase());
    if (!group) throw notFound('The field group');
    return FIELD_CATALOG.filter((field) => field.Group === group.Name);
  }

  /** Every archive's id, name and sort id. @throws ApiError 403 without manageArchives. */
  async archivesOld(caller: Caller): Promise<S['ArchiveSummary'][]> {
    sitePolicy.assertCan(caller, 'manageArchives');
    return (await new ArchivesRepository(this.db).list()).map((a) => ({ Id: a.id, Name: a.name, SortId: a.sort_order }));
  }

  /** The storage pools: Magpie's one (spec 03 §3.10 "Pools response"). @throws ApiError 403 without manageArchives. */
  pools(caller: Caller): S['PoolList'] {
    sitePolicy.assertCan(caller, 'manageArchives');
    return {
      AllowExternalPath: false,
      AllowPoolManagement: false,
      Pools: [{ Id: DEFAULT_POOL_ID, Name: 'Magpie storage', Description: 'The file store of this server (MAGPIE_DATA_DIR, or the storage it is configured with).' }],
    };
  }

  /**
   * Every metadata view with the archives that use it; each archive's own view is made first if it was never read.
   * @throws ApiError 403 without manageArchives or manageSettings.
   */
  async metadataViews(caller: Caller): Promise<S['MetadataViewConfigList']> {
    sitePolicy.assertCanAny(caller, ['manageArchives', 'manageMetadataViews']);
    const archives = await new ArchivesRepository(this.db).list();
    const views = new MetadataViewsRepository(this.db);
    for (const archive of archives) if (archive.metadata_view_id === null) await views.forArchive(archive.id);
    const usedBy = new Map<string, S['ArchiveSummary'][]>();
    for (const archive of archives) {
      const id = viewIdOfArchive(archive);
      usedBy.set(id, [...(usedBy.get(id) ?? []), { Id: archive.id, Name: archive.name, SortId: archive.sort_order }]);
    }
    return {
      data: (await views.list()).map((view) => ({ Id: view.id, Name: view.definition.name, href: metadataViewHref(view.id), UsedBy: usedBy.get(view.id) ?? [] })),
    };
  }

  /**
   * A new view named `Name`, copied from `CopyFrom` or from the default view.
   * @throws ApiError 403 without manageArchives or manageSettings, 404 when `CopyFrom` names no view.
   */
  async createMetadataView(caller: Caller, input: S['MetadataViewConfigCreate']): Promise<S['MetadataViewConfig']> {
    sitePolicy.assertCanAny(caller, ['manageArchives', 'manageMetadataViews']);
    const views = new MetadataViewsRepository(this.db);
    let source = DEFAULT_METADATA_VIEW;
    if (input.CopyFrom) {
      const copied = await views.findById(input.CopyFrom);
      if (!copied) throw notFound('The metadata view to copy');
      source = copied.definition;
    }
    const created = await views.create({ ...structuredClone(source), name: input.Name.trim() });
    return { Id: created.id, Name: created.definition.name, href: metadataViewHref(created.id), UsedBy: [] };
  }

  /**
   * The processing profiles and the watermarks (issue 16: `Id` the GUID, by name); quick rendition sets, crop
   * profile sets and processing profile sets: none yet.
   * @throws ApiError 403 without manageArchives.
   */
  async settingItems(caller: Caller, setting: Dam.operations['listConfigSettingItems']['parameters']['path']['setting']): Promise<S['ConfigItemList']> {
    sitePolicy.assertCan(caller, 'manageArchives');
    const rows =
      setting === 'processingprofiles' ? await new ProcessingProfilesRepository(this.db).list() : setting === 'watermarks' ? await new WatermarksRepository(this.db).list() : [];
    return { data: rows.map((row) => ({ Id: row.id, Name: row.name })) };
  }
}
