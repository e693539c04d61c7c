/**
 * What the metadata panel and the batch edit show of an archive's metadata view (spec 02 §3 Metadata field
 * definition and Field options; fotoweb-api-notes §4 `metadata-set`): its regions with the field definitions the
 * editors take, read-only when the caller may not edit metadata.
 */
import { fieldDefinitionOf, type FieldDescription, type MetadataView } from '@magpie/api-types';
import type { FieldDefinition, FieldOptions } from '@magpie/machines';

/** One field of a region: the editor's definition, the field options of the view and where its label goes. */
export interface ViewField {
  readonly definition: FieldDefinition;
  readonly options: FieldOptions;
  /** Field option `labelPlacement` (spec 02 §3), when the view sets it. */
  readonly labelPlacement?: 'top' | 'left' | 'right' | 'none';
}

/** One region of the view (`detailRegions[]`), with its fields in the view's order. */
export interface ViewRegion {
  readonly name: string;
  readonly fields: readonly ViewField[];
}

/** The archive permission that lets a user change metadata (FotoWeb "Edit Metadata", spec 03 §3.11 `EditText`). */
export const EDIT_METADATA_PERMISSION = 'EditText';

/** The field options a view gives a field, in the editor's shape (absent options left out). */
export function fieldOptionsOf(description: FieldDescription): FieldOptions {
  const { cancelEditOnBlur, placeholderText, emptyValueMessage } = description.options ?? {};
  return {
    ...(cancelEditOnBlur !== undefined ? { cancelEditOnBlur } : {}),
    ...(placeholderText !== undefined ? { placeholderText } : {}),
    ...(emptyValueMessage !== undefined ? { emptyValueMessage } : {}),
  };
}

/**
 * The regions of a metadata view for the editors: each `detailRegions` entry with its fields as editor definitions
 * (`fieldDefinitionOf`), a field shown once only (the first region that lists it keeps it), empty regions left out.
 * With `canEdit` false every field is read-only (the view's `isWritable` says what the view allows, the asset's
 * permissions what this user may do).
 */
export function viewRegions(view: Pick<MetadataView, 'detailRegions'>, canEdit: boolean): ViewRegion[] {
  const seen = new Set<string>();
  const regions: ViewRegion[] = [];
  for (const region of view.detailRegions) {
    const fields: ViewField[] = [];
    for (const description of region.fields) {
      const definition = fieldDefinitionOf(description);
      if (seen.has(definition.id)) continue;
      seen.add(definition.id);
      const labelPlacement = description.options?.labelPlacement;
      fields.push({
        definition: canEdit ? definition : { ...definition, isWritable: false },
        options: fieldOptionsOf(description),
        ...(labelPlacement ? { labelPlacement } : {}),
      });
    }
    if (fields.length > 0) regions.push({ name: region.name, fields });
  }
  return regions;
}

/** Whether the caller may edit the asset's metadata (its permissions carry {@link EDIT_METADATA_PERMISSION}). */
export function canEditMetadata(permissions: readonly string[] | undefined): boolean {
  return (permissions ?? []).includes(EDIT_METADATA_PERMISSION);
}

/** What the asset view says about writing the metadata into the file (Magpie `metadataWriteback`). */
export interface WritebackNotice {
  /** Chakra alert status: `info` while pending, `success` when written, `warning` unsupported, `error` failed. */
  readonly tone: 'info' | 'success' | 'warning' | 'error';
  readonly text: string;
}

/**
 * The notice for an asset's write-back status, or undefined when there is nothing to say (no status). The server's
 * `message` is added when it has one (e.g. why a format cannot be written).
 */
export function writebackNotice(writeback: { status: 'pending' | 'written' | 'unsupported' | 'failed'; message: string | null } | undefined): WritebackNotice | undefined {
  if (!writeback) return undefined;
  const detail = writeback.message ? ` ${writeback.message}` : '';
  switch (writeback.status) {
    case 'pending':
      return { tone: 'info', text: `Writing the metadata into the file…${detail}` };
    case 'written':
      return { tone: 'success', text: `The metadata is written into the file.${detail}` };
    case 'unsupported':
      return { tone: 'warning', text: `This file format cannot hold the metadata: the changes are kept in Magpie only.${detail}` };
    case 'failed':
      return { tone: 'error', text: `The metadata could not be written into the file; the changes are kept in Magpie.${detail}` };
  }
}
