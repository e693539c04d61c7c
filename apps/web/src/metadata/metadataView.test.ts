import { describe, expect, it } from 'vitest';
import { fieldDefinitionOf, type FieldDescription, type MetadataView } from '@magpie/api-types';
import { canEditMetadata, EDIT_METADATA_PERMISSION, fieldOptionsOf, viewRegions, writebackNotice } from './metadataView.ts';

function description(id: number, label: string, extra: Partial<FieldDescription> = {}): FieldDescription {
  return {
    field: { id, label, 'data-type': 'text', 'multi-instance': false, multiline: false, 'max-size': null, taxonomyHref: null, validation: { regexp: null, min: null, max: null } },
    isWritable: true,
    required: false,
    'taxonomy-only': false,
    ...extra,
  } as FieldDescription;
}

const VIEW: Pick<MetadataView, 'detailRegions'> = {
  detailRegions: [
    { name: 'Description', fields: [description(5, 'Title', { options: { cancelEditOnBlur: true, placeholderText: 'Add a title' } }), description(120, 'Description')] },
    { name: 'Again', fields: [description(5, 'Title')] },
    { name: 'Empty', fields: [] },
    { name: 'Workflow', fields: [description(10, 'Status', { isWritable: false, options: { labelPlacement: 'left' } })] },
  ],
};

describe('viewRegions', () => {
  it('keeps the regions and fields in order, each field once, without empty regions', () => {
    const regions = viewRegions(VIEW, true);
    expect(regions.map((region) => region.name)).toEqual(['Description', 'Workflow']);
    expect(regions.flatMap((region) => region.fields.map((field) => field.definition.id))).toEqual(['5', '120', '10']);
    expect(regions[0]?.fields[0]?.definition).toEqual(fieldDefinitionOf(VIEW.detailRegions[0]!.fields[0]!));
    expect(regions[0]?.fields[0]?.options).toEqual({ cancelEditOnBlur: true, placeholderText: 'Add a title' });
    // Where the label goes travels beside the editor's options.
    expect(regions[1]?.fields[0]?.labelPlacement).toBe('left');
    expect(regions[0]?.fields[0]).not.toHaveProperty('labelPlacement');
  });

  it("makes every field read-only without the permission, and keeps the view's read-only fields read-only", () => {
    const writable = (canEdit: boolean) => viewRegions(VIEW, canEdit).flatMap((region) => region.fields.map((field) => field.definition.isWritable));
    expect(writable(true)).toEqual([true, true, false]);
    expect(writable(false)).toEqual([false, false, false]);
  });
});

describe('fieldOptionsOf and canEditMetadata', () => {
  it('passes only the options the view gives', () => {
    expect(fieldOptionsOf(description(5, 'Title'))).toEqual({});
    expect(fieldOptionsOf(description(5, 'Title', { options: { emptyValueMessage: 'None yet' } }))).toEqual({ emptyValueMessage: 'None yet' });
  });

  it('asks for the EditText permission', () => {
    expect(canEditMetadata([EDIT_METADATA_PERMISSION, 'View'])).toBe(true);
    expect(canEditMetadata(['View', 'Download'])).toBe(false);
    expect(canEditMetadata(undefined)).toBe(false);
  });
});

describe('writebackNotice', () => {
  it("says where the metadata is, with the server's reason", () => {
    expect(writebackNotice(undefined)).toBeUndefined();
    expect(writebackNotice({ status: 'pending', message: null })?.tone).toBe('info');
    expect(writebackNotice({ status: 'written', message: null })).toEqual({ tone: 'success', text: 'The metadata is written into the file.' });
    const unsupported = writebackNotice({ status: 'unsupported', message: 'BMP files carry no metadata.' });
    expect(unsupported?.tone).toBe('warning');
    expect(unsupported?.text).toContain('kept in Magpie only');
    expect(unsupported?.text).toContain('BMP files carry no metadata.');
    expect(writebackNotice({ status: 'failed', message: 'exiftool: bad file' })).toMatchObject({ tone: 'error', text: expect.stringContaining('exiftool: bad file') });
  });
});
