import { describe, expect, it } from 'vitest';
import { FIELD_EDITOR_TEST_HASH, SAMPLE_FIELDS, testFieldsOf } from './FieldEditorTestModal.tsx';

describe('testFieldsOf', () => {
  it('opens on its fragment only', () => {
    expect(testFieldsOf('')).toBeUndefined();
    expect(testFieldsOf('#other')).toBeUndefined();
    expect(testFieldsOf(`${FIELD_EDITOR_TEST_HASH}x`)).toBeUndefined();
    expect(testFieldsOf(FIELD_EDITOR_TEST_HASH)).toBe(SAMPLE_FIELDS);
  });

  it('takes the fields given as JSON, and falls back to the samples for anything else', () => {
    const fields = [{ field: { id: '5', label: 'Title', isWritable: true }, value: 'x' }];
    expect(testFieldsOf(`${FIELD_EDITOR_TEST_HASH}=${encodeURIComponent(JSON.stringify(fields))}`)).toEqual(fields);
    expect(testFieldsOf(`${FIELD_EDITOR_TEST_HASH}=%7Bnot-json`)).toBe(SAMPLE_FIELDS);
    expect(testFieldsOf(`${FIELD_EDITOR_TEST_HASH}=${encodeURIComponent('[]')}`)).toBe(SAMPLE_FIELDS);
  });

  it('offers one sample per data type, a bag and a read-only field', () => {
    const types = new Set(SAMPLE_FIELDS.map((input) => input.field.dataType ?? 'text'));
    for (const type of ['text', 'checkbox', 'dropdown', 'password', 'email', 'number', 'input-dropdown', 'date-dropdown', 'date']) expect(types).toContain(type);
    expect(SAMPLE_FIELDS.some((input) => input.field.multiInstance)).toBe(true);
    expect(SAMPLE_FIELDS.some((input) => !input.field.isWritable)).toBe(true);
    expect(new Set(SAMPLE_FIELDS.map((input) => input.field.id)).size).toBe(SAMPLE_FIELDS.length);
  });
});
