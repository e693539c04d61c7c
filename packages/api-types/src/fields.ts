/**
 * The one mapping from a metadata view's field description (dam.yaml `FieldDescription`, FotoWeb's hyphenated
 * keys) to the flat field definition the web client's field editors consume (packages/machines
 * `fieldEditor/fieldValidation.ts` `FieldDefinition`, spec 02 §3 "Metadata field definition").
 */
import type { components } from './generated/dam.ts';

type FieldDescription = components['schemas']['FieldDescription'];
type MetadataDataType = components['schemas']['MetadataDataType'];

/** The editor kinds of spec 02 §3 (`FieldDataType` in packages/machines). */
export type FieldEditorKind = 'checkbox' | 'dropdown' | 'password' | 'email' | 'number' | 'input-dropdown' | 'date-dropdown' | 'date' | 'text';

/** A field definition in the editors' shape (structurally the machines' `FieldDefinition`). */
export interface EditorFieldDefinition {
  id: string;
  label: string;
  dataType: FieldEditorKind;
  multiInstance: boolean;
  multiline: boolean;
  taxonomyOnly: boolean;
  taxonomyHref?: string;
  required: boolean;
  isWritable: boolean;
  maxSize?: number;
  validation: { regexp?: string; helpText?: string; min?: number; max?: number };
  values?: (string | { value: string; description?: string })[];
  cancelEditOnBlur: boolean;
}

const KIND_OF_DATA_TYPE: Record<MetadataDataType, FieldEditorKind> = {
  text: 'text',
  integer: 'number',
  real: 'number',
  date: 'date',
  boolean: 'checkbox',
};

/**
 * Flattens a view's field description for the field editors: `id` as a string, `dataType` from Magpie's `editor`
 * when present, else from `data-type` (`integer`/`real` → `number`, `date` → `date`, `boolean` → `checkbox`, text with
 * `values` → `dropdown`, else `text`); null validation entries and a null `taxonomyHref` become absent.
 */
export function fieldDefinitionOf(description: FieldDescription): EditorFieldDefinition {
  const { field } = description;
  const values = field.values ?? [];
  const dataType = description.editor ?? (field['data-type'] === 'text' && values.length > 0 ? 'dropdown' : KIND_OF_DATA_TYPE[field['data-type']]);
  const { regexp, helpText, min, max } = field.validation;
  return {
    id: String(field.id),
    label: field.label,
    dataType,
    multiInstance: field['multi-instance'],
    multiline: field.multiline,
    taxonomyOnly: description['taxonomy-only'],
    ...(field.taxonomyHref ? { taxonomyHref: field.taxonomyHref } : {}),
    required: description.required,
    isWritable: description.isWritable,
    ...(field['max-size'] !== null ? { maxSize: field['max-size'] } : {}),
    validation: {
      ...(regexp !== null ? { regexp } : {}),
      ...(helpText !== null && helpText !== undefined ? { helpText } : {}),
      ...(min !== null ? { min } : {}),
      ...(max !== null ? { max } : {}),
    },
    ...(values.length > 0 ? { values } : {}),
    cancelEditOnBlur: description.options?.cancelEditOnBlur ?? false,
  };
}
