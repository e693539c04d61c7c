import type { Asset, AssetUpdate, MetadataViewUpdate, TaskAssetResult } from '@magpie/api-types';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { AssetChangesService } from './asset-changes.service.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';
import type { MetadataViewsService } from './metadata-views.service.ts';
import type { TaxonomiesService } from '../taxonomies/taxonomies.service.ts';
import type { UploadMetadataField } from './uploads.service.ts';
import { badRequest } from '../lib/errors.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
import { applyEdits, fieldsOfView, validateEdits, type FieldIssue } from '../metadata/validate.ts';

/** Field id → `{value}` as a client sends it (`assetupdate` `metadata`, or a task's `job-metadata`). */
export type RawFieldValues = Record<string, { value: string | string[] }>;

/** 400 `InvalidRequest` with the issues, its message the first issue's. */
export const invalidRequest = (issues: FieldIssue[]) => badRequest(issues[0]?.message ?? 'The request is not valid.', issues);

/**
 * Saving metadata (issue 5; fotoweb-api-notes §4): checks fields against the archive's metadata view and the
 * taxonomy rule, then changes the asset through {@link AssetChangesService} (revision, search index, write-back).
 * Used by `PATCH <asset>` and by metadata-edit background tasks.
 */
export class MetadataEditService {
  constructor(
    private readonly assetsService: AssetsService,
    private readonly assets: AssetsRepository,
    private readonly views: MetadataViewsService,
    private readonly changes: AssetChangesService,
    private readonly taxonomies: Pick<TaxonomiesService, 'valuesNotSettable'>,
  ) {}

  /**
   * {@link validateEdits} plus the taxonomy rule (spec 02 §6): a `taxonomy-only` field takes only values some item
   * of its taxonomy carries with the Set flag.
   * @returns the normalized edits and every problem (issue paths from `pathOf`).
   */
  async validate(view: MetadataViewUpdate, raw: RawFieldValues, pathOf: (fieldId: string) => string) {
    const { edits, issues } = validateEdits(view, raw, pathOf);
    const fields = fieldsOfView(view);
    for (const [id, value] of Object.entries(edits)) {
      const description = fields.get(id);
      if (!description?.['taxonomy-only']) continue;
      const refused = await this.taxonomies.valuesNotSettable(Number(id), Array.isArray(value) ? value : value === '' ? [] : [value]);
      if (refused.length > 0) {
        issues.push({ path: pathOf(id), message: `${description.field.label} (${id}) takes values from its taxonomy only, not ${refused.map((v) => `"${v}"`).join(', ')}.` });
      }
    }
    return { edits, issues };
  }

  /**
   * Saves fields on one asset and answers the updated asset.
   * @throws ApiError 404 (no such asset for the caller), 403 (no `EditText`), 400 `InvalidRequest` with one issue
   *   per refused field (`metadata.<fieldId>`); nothing is saved when any field is refused.
   */
  async updateAsset(caller: Caller, ref: AssetRef, body: AssetUpdate): Promise<Asset> {
    const { archive, asset, permissions } = await this.assetsService.load(caller, ref);
    assetPolicy.assertCan(permissions, 'editMetadata');
    const view = await this.views.forArchive(archive.id);
    const { edits, issues } = await this.validate(view.definition, body.metadata, (id) => `metadata.${id}`);
    if (issues.length > 0) throw invalidRequest(issues);
    const applied = await this.changes.apply(asset.id, { metadata: (current) => applyEdits(current, edits), kind: 'metadata', userName: caller.username });
    return presentAsset(archive, applied.asset, permissions, view.definition, (await this.assetsService.extrasFor(caller))(applied.asset));
  }

  /**
   * Applies the metadata fields given with an upload (FotoWeb API, Upload API §1 `metadata.fields`) to the new asset
   * or new version: `add` (the default) sets the value, `append`/`prepend` add to a bag's items or a text's ends,
   * `erase` clears the field. Fields the archive's metadata view refuses are not applied; each reason is added to
   * the asset's `warnings`, so the upload itself never fails for its metadata. The change is a revision by the
   * uploader and is written into the file like any save.
   */
  async applyUploadFields(assetId: number, fields: UploadMetadataField[], userName: string): Promise<void> {
    const asset = await this.assets.findById(assetId);
    if (!asset) return;
    const view = await this.views.forArchive(asset.archive_id);
    const descriptions = fieldsOfView(view.definition);
    const raw: RawFieldValues = {};
    for (const { id, action = 'add', value } of fields) {
      const bag = descriptions.get(String(id))?.field['multi-instance'] ?? false;
      const given = value === undefined ? [] : [value].flat();
      const current = [asset.metadata[String(id)] ?? []].flat();
      const combined = action === 'erase' ? [] : action === 'append' ? [...current, ...given] : action === 'prepend' ? [...given, ...current] : given;
      raw[String(id)] = { value: bag ? combined : combined.join(action === 'add' || action === 'erase' ? '; ' : '') };
    }
    const { edits, issues } = await this.validate(view.definition, raw, (id) => `metadata.fields.${id}`);
    if (Object.keys(edits).length > 0) {
      await this.changes.apply(assetId, { metadata: (current) => applyEdits(current, edits), kind: 'metadata', userName, comment: 'Metadata given with the upload.' });
    }
    if (issues.length > 0) {
      const warnings = [...asset.warnings, ...issues.map((issue) => `Not applied from the upload: ${issue.message}`)];
      await this.assets.update(assetId, { warnings: JSON.stringify(warnings) });
    }
  }

  /**
   * Saves fields on one asset for a background task (permissions were checked when the task was created) and
   * answers the task's result for it: the changed fields and built-in fields, or `done: false` with the error when
   * the asset vanished or its view now refuses a field.
   */
  async editForTask(href: string, assetId: number, raw: RawFieldValues, userName: string): Promise<TaskAssetResult> {
    const failed = (value: string, message: string): TaskAssetResult => ({ href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message } });
    const asset = await this.assets.findById(assetId);
    if (!asset) return failed('NotFound', 'The asset no longer exists.');
    const view = await this.views.forArchive(asset.archive_id);
    const { edits, issues } = await this.validate(view.definition, raw, (fieldId) => `metadata.${fieldId}`);
    if (issues.length > 0) return failed('InvalidRequest', issues[0]!.message);
    const applied = await this.changes.apply(assetId, { metadata: (current) => applyEdits(current, edits), kind: 'metadata', userName });
    const roles = Object.entries(view.definition.builtinFields);
    const valueOf = (c: (typeof applied.changes)[number]) => c.after ?? (Array.isArray(c.before) ? [] : '');
    return {
      href,
      done: true,
      'changed-fields': applied.changes.map((c) => ({ field: c.field, value: valueOf(c) })),
      'changed-builtinFields': applied.changes.flatMap((c) => roles.filter(([, fieldId]) => fieldId === c.field).map(([role]) => ({ field: role, value: valueOf(c) }))),
      error: null,
    };
  }
}
