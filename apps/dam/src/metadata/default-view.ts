import type { FieldDescription, MetadataField, MetadataViewUpdate } from '@magpie/api-types';

/** The taxonomy of a field (the taxonomy routes live under /fotoweb/api/taxonomies/{fieldId}/, fotoweb-api-notes §7). */
export const taxonomyHref = (fieldId: number) => `/fotoweb/api/taxonomies/${fieldId}/`;

interface FieldOptions {
  dataType?: MetadataField['data-type'];
  maxSize?: number;
  bag?: boolean;
  multiline?: boolean;
  taxonomy?: boolean;
  regexp?: string;
  min?: number;
  max?: number;
  helpText?: string;
  values?: string[];
  editor?: FieldDescription['editor'];
  readOnly?: boolean;
}

function field(id: number, label: string, o: FieldOptions = {}): FieldDescription {
  return {
    field: {
      id,
      label,
      'data-type': o.dataType ?? 'text',
      'multi-instance': o.bag ?? false,
      multiline: o.multiline ?? false,
      'max-size': o.maxSize ?? null,
      taxonomyHref: o.taxonomy ? taxonomyHref(id) : null,
      validation: { regexp: o.regexp ?? null, min: o.min ?? null, max: o.max ?? null, ...(o.helpText ? { helpText: o.helpText } : {}) },
      ...(o.values ? { values: o.values } : {}),
    },
    isWritable: !o.readOnly,
    required: false,
    'taxonomy-only': false,
    ...(o.editor ? { editor: o.editor } : {}),
  };
}

/**
 * The metadata view every archive starts with (issue 5): IPTC Core and FotoWeb's common field ids
 * (fotoweb-api-notes §4), built-in fields mapped as FotoWeb's default (title→5, description→120, tags→25, status→10,
 * rating→320, notes→230). `max-size` follows the IPTC IIM record 2 limits (characters), so the IIM copy written into
 * the file is never truncated. Date Created (55) is read-only: it comes from the camera (EXIF DateTimeOriginal first).
 */
export const DEFAULT_METADATA_VIEW: MetadataViewUpdate = {
  name: 'Default',
  preserveModificationTime: false,
  builtinFields: { title: 5, description: 120, tags: 25, status: 10, rating: 320, notes: 230 },
  detailRegions: [
    {
      name: 'Description',
      fields: [
        field(5, 'Title', { maxSize: 64 }),
        field(105, 'Headline', { maxSize: 256 }),
        field(120, 'Description', { maxSize: 2000, multiline: true }),
        field(25, 'Keywords', { maxSize: 64, bag: true, taxonomy: true }),
        field(15, 'Category', { maxSize: 3 }),
        field(20, 'Supplemental Categories', { maxSize: 32, bag: true }),
        field(40, 'Special Instructions', { maxSize: 256, multiline: true }),
        field(122, 'Caption Writer', { maxSize: 32 }),
        field(55, 'Date Created', { dataType: 'date', readOnly: true }),
      ],
    },
    {
      name: 'Rights and people',
      fields: [
        field(80, 'Creator', { maxSize: 32, bag: true }),
        field(85, "Creator's Job Title", { maxSize: 32 }),
        field(110, 'Credit Line', { maxSize: 32 }),
        field(115, 'Source', { maxSize: 32 }),
        field(116, 'Copyright Notice', { maxSize: 128 }),
      ],
    },
    {
      name: 'Location',
      fields: [
        field(90, 'City', { maxSize: 32 }),
        field(95, 'Province/State', { maxSize: 32 }),
        field(101, 'Country', { maxSize: 64 }),
        field(100, 'Country Code', { maxSize: 3, regexp: '^[A-Z]{2,3}$', helpText: 'Two or three capital letters (ISO 3166), e.g. NO.' }),
      ],
    },
    {
      name: 'Workflow',
      fields: [
        field(10, 'Status', { values: ['Draft', 'In review', 'Approved', 'Published'], editor: 'dropdown' }),
        field(320, 'Rating', { dataType: 'integer', min: 0, max: 5, helpText: 'A whole number from 0 to 5.' }),
        field(230, 'Notes', { maxSize: 2000, multiline: true }),
      ],
    },
  ],
};
