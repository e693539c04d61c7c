/**
 * Batch edit planning (spec 02 §2 Metadata field editors with several assets selected, §3 multi-select bag items
 * with `notInAll`; fotoweb-api-notes §6.2 `metadata-edit-request`): which background tasks set a field's new value on
 * the selected assets.
 *
 * A `metadata-edit-request` sets one value on every asset it names. A single-value field therefore needs one task.
 * A bag edited across assets keeps its multi-select meaning: items removed in the editor leave every asset, items
 * added join every asset, and an item only some assets had (`notInAll`) and the user kept stays on exactly those
 * assets. Assets whose resulting bags are equal share one task, so the common case (no `notInAll` items) is one task.
 */
import { toBag, type FieldDefinition, type FieldValue } from '@magpie/machines';
import type { MetadataEditRequest } from '@magpie/api-types';
import { toWireValue, type WireValue } from './fieldValues.ts';

/** One asset as the batch edit reads it: its href and its current editor value for the field. */
export interface BatchAssetValue {
  readonly href: string;
  readonly value: FieldValue;
}

/** One planned task: the request body and the new value it gives its assets. */
export interface PlannedTask {
  readonly request: MetadataEditRequest;
  readonly value: WireValue;
}

/**
 * The tasks that give `assets` the field's new value `next`, edited from `before` (the combined value the editor
 * started from: for bags the union of the assets' items). Assets are grouped by their resulting value, in the
 * assets' order; each task names its assets by href.
 *
 * @returns one task per distinct resulting value (one for single-value fields); none when `assets` is empty.
 */
export function planBatchTasks(field: FieldDefinition, assets: readonly BatchAssetValue[], before: FieldValue, next: FieldValue): PlannedTask[] {
  const fieldId = Number(field.id);
  const resultOf = (asset: BatchAssetValue): WireValue => {
    if (!field.multiInstance) return toWireValue(field, next);
    const previous = new Set(toBag(before));
    const kept = new Set(toBag(next));
    const added = toBag(next).filter((item) => !previous.has(item));
    const own = toBag(asset.value).filter((item) => kept.has(item));
    return [...own, ...added.filter((item) => !own.includes(item))];
  };
  const groups = new Map<string, { value: WireValue; hrefs: string[] }>();
  for (const asset of assets) {
    const value = resultOf(asset);
    const key = JSON.stringify(value);
    const group = groups.get(key) ?? { value, hrefs: [] };
    group.hrefs.push(asset.href);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ value, hrefs }) => ({
    value,
    request: { assets: hrefs.map((href) => ({ href })), 'job-metadata': [{ field: fieldId, value }] },
  }));
}
