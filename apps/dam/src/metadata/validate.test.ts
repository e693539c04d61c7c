import { describe, expect, it } from 'vitest';
import type { FieldDescription, MetadataViewUpdate } from '@magpie/api-types';
import { DEFAULT_METADATA_VIEW } from './default-view.ts';
import { applyEdits, diffMetadata, validateEdits } from './validate.ts';

const field = (id: number, extra: Partial<FieldDescription['field']>, description: Partial<FieldDescription> = {}): FieldDescription => ({
  field: {
    id,
    label: `F${id}`,
    'data-type': 'text',
    'multi-instance': false,
    multiline: false,
    'max-size': null,
    taxonomyHref: null,
    validation: { regexp: null, min: null, max: null },
    ...extra,
  },
  isWritable: true,
  required: false,
  'taxonomy-only': false,
  ...description,
});
const view = (...fields: FieldDescription[]): MetadataViewUpdate => ({
  name: 'Test',
  builtinFields: { title: null, description: null, tags: null, status: null, rating: null, notes: null },
  detailRegions: [{ name: 'All', fields }],
});
const sut = (v: MetadataViewUpdate, edits: Record<string, string | string[]>) =>
  validateEdits(v, Object.fromEntries(Object.entries(edits).map(([id, value]) => [id, { value }])), (id) => `metadata.${id}`);

describe('validateEdits (issue 5: saving against the metadata view)', () => {
  it('normalizes: trims, makes a string one bag item, drops empty and repeated bag items', () => {
    const result = sut(DEFAULT_METADATA_VIEW, { 5: '  Title  ', 25: ' one ', 80: ['a', ' ', 'b', 'a'] });
    expect(result).toEqual({ edits: { 5: 'Title', 25: ['one'], 80: ['a', 'b'] }, issues: [] });
  });

  it.each([
    ['integer', { 'data-type': 'integer' as const }, ['12', '-3', '2147483647', '-2147483648'], ['1.5', 'x', '1e3', '2147483648', '99999999999999999999']],
    ['real', { 'data-type': 'real' as const, validation: { regexp: null, min: 0, max: 1 } }, ['0.5', '1', '.25'], ['2', 'NaN', '1e']],
    [
      'date',
      { 'data-type': 'date' as const },
      ['2024-02-29', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00.5+02:00', '0001-01-01'],
      ['2024-13-01', '01.05.2024', '2024-05-01T25:00:00', '2023-02-29', '2024-04-31', '0000-01-01', '2024-05-01T10:60', '2024-05-01T10:00+24:00'],
    ],
    ['boolean', { 'data-type': 'boolean' as const }, ['true', 'false'], ['yes', 'True']],
  ])('checks %s values', (_type, extra, good, bad) => {
    const v = view(field(300, extra));
    for (const value of good) expect(sut(v, { 300: value }).issues, value).toEqual([]);
    for (const value of bad) expect(sut(v, { 300: value }).issues, value).toHaveLength(1);
  });

  it('keeps dropdowns to their values, but an input-dropdown takes any value', () => {
    const choices = { values: ['A', { value: 'B', description: 'Bee' }] };
    expect(sut(view(field(300, choices, { editor: 'dropdown' })), { 300: 'B' }).issues).toEqual([]);
    expect(sut(view(field(300, choices, { editor: 'dropdown' })), { 300: 'C' }).issues[0]?.message).toBe('F300 (300) must be one of: A, B.');
    expect(sut(view(field(300, choices, { editor: 'input-dropdown' })), { 300: 'C' }).issues).toEqual([]);
  });

  it('refuses clearing a required field, control characters, and uses the help text for regexp failures', () => {
    const v = view(field(300, {}, { required: true }), field(301, { multiline: true, validation: { regexp: '^[a-z\\n]+$', min: null, max: null, helpText: 'Lower case only.' } }));
    expect(sut(v, { 300: ' ' }).issues).toEqual([{ path: 'metadata.300', message: 'F300 (300) is required.' }]);
    expect(sut(v, { 301: 'ok\nfine' }).issues).toEqual([]);
    expect(sut(v, { 301: 'Not' }).issues).toEqual([{ path: 'metadata.301', message: 'Lower case only.' }]);
    expect(sut(v, { 301: 'a\u0000b' }).issues[0]?.message).toMatch(/control characters/);
  });

  it('counts max-size in characters, not bytes', () => {
    const v = view(field(300, { 'max-size': 3 }));
    expect(sut(v, { 300: 'ÅÆØ' }).issues).toEqual([]);
    expect(sut(v, { 300: 'ÅÆØÅ' }).issues).toHaveLength(1);
  });
});

describe('applyEdits and diffMetadata', () => {
  it('removes cleared fields and lists only real changes, by field id', () => {
    const before = { 5: 'Old', 25: ['a'], 90: 'Oslo' };
    const after = applyEdits(before, { 5: 'New', 25: [], 90: 'Oslo', 120: '' });
    expect(after).toEqual({ 5: 'New', 90: 'Oslo' });
    expect(diffMetadata(before, after)).toEqual([
      { field: 5, before: 'Old', after: 'New' },
      { field: 25, before: ['a'], after: null },
    ]);
  });
});
