import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@magpie/machines';
import { CHECKBOX_WIRE_VALUES, choicesOf, combineValues, dateInputValue, displayText, fromWireValue, PASSWORD_MASK, sameFieldValue, toWireValue } from './fieldValues.ts';

const field = (extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ id: '5', label: 'Title', isWritable: true, ...extra });
const BAG = field({ id: '25', label: 'Keywords', multiInstance: true });
const CHECKBOX = field({ id: '300', label: 'Approved', dataType: 'checkbox' });
const DATE = field({ id: '55', label: 'Created', dataType: 'date' });
const DROPDOWN = field({ id: '10', label: 'Status', dataType: 'dropdown', values: ['draft', { value: 'ok', description: 'Approved' }, { value: 'x' }] });

describe('fromWireValue / toWireValue', () => {
  it('keeps bags as lists and single values as text', () => {
    expect(fromWireValue(BAG, ['a', 'b'])).toEqual(['a', 'b']);
    expect(fromWireValue(BAG, 'a')).toEqual(['a']);
    expect(fromWireValue(BAG, undefined)).toEqual([]);
    expect(fromWireValue(field(), 'Harbour')).toBe('Harbour');
    expect(fromWireValue(field(), ['a', 'b'])).toBe('a, b');
    expect(fromWireValue(field(), undefined)).toBeNull();
    expect(fromWireValue(field(), null)).toBeNull();
  });

  it('reads checkboxes as booleans and writes them back as text', () => {
    for (const text of ['true', 'TRUE', '1', 'yes', ' on ']) expect(fromWireValue(CHECKBOX, text)).toBe(true);
    for (const text of ['false', '0', '', undefined]) expect(fromWireValue(CHECKBOX, text)).toBe(false);
    expect(toWireValue(CHECKBOX, true)).toBe(CHECKBOX_WIRE_VALUES.checked);
    expect(toWireValue(CHECKBOX, false)).toBe(CHECKBOX_WIRE_VALUES.unchecked);
  });

  it('writes every editor value as the wire takes it', () => {
    expect(toWireValue(BAG, ['a'])).toEqual(['a']);
    expect(toWireValue(BAG, null)).toEqual([]);
    expect(toWireValue(DATE, new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(toWireValue(DATE, new Date(Number.NaN))).toBe('');
    expect(toWireValue(field({ dataType: 'number' }), 12.5)).toBe('12.5');
    expect(toWireValue(field({ dataType: 'number' }), Number.NaN)).toBe('');
    expect(toWireValue(field(), null)).toBe('');
    expect(toWireValue(field(), ['a', 'b'])).toBe('a, b');
    expect(toWireValue(field(), 'x')).toBe('x');
  });

  it('round-trips every single value and bag', () => {
    for (const [definition, wire] of [
      [field(), 'Harbour'],
      [BAG, ['a', 'b']],
      [CHECKBOX, 'true'],
      [DATE, '2024-02-29'],
    ] as const) {
      expect(toWireValue(definition, fromWireValue(definition, wire as string | string[]))).toEqual(wire);
    }
  });
});

describe('choicesOf', () => {
  it('labels plain strings by themselves and pairs by their description', () => {
    expect(choicesOf(DROPDOWN)).toEqual([
      { value: 'draft', label: 'draft' },
      { value: 'ok', label: 'Approved' },
      { value: 'x', label: 'x' },
    ]);
    expect(choicesOf(field())).toEqual([]);
  });
});

describe('dateInputValue', () => {
  it('turns IPTC, ISO dates and date-times into YYYY-MM-DD', () => {
    expect(dateInputValue('20151112')).toBe('2015-11-12');
    expect(dateInputValue('2015-11-12')).toBe('2015-11-12');
    expect(dateInputValue('2015-11-12T10:20:00Z')).toBe('2015-11-12');
    expect(dateInputValue(new Date(Date.UTC(2020, 0, 2)))).toBe('2020-01-02');
    expect(dateInputValue(new Date(Number.NaN))).toBe('');
    expect(dateInputValue('last spring')).toBe('');
    expect(dateInputValue(null)).toBe('');
  });
});

describe('displayText', () => {
  it('shows each data type as people read it', () => {
    expect(displayText(BAG, ['a', 'b'])).toBe('a, b');
    expect(displayText(CHECKBOX, true)).toBe('Yes');
    expect(displayText(CHECKBOX, false)).toBe('No');
    expect(displayText(field({ dataType: 'password' }), 'secret')).toBe(PASSWORD_MASK);
    expect(displayText(DATE, '20151112')).toBe('2015-11-12');
    expect(displayText(field({ dataType: 'date-dropdown' }), '2015-11-12T10:20:00Z')).toBe('2015-11-12 10:20');
    expect(displayText(DROPDOWN, 'ok')).toBe('Approved');
    expect(displayText(DROPDOWN, 'other')).toBe('other');
    expect(displayText(field(), '   ')).toBe('');
    expect(displayText(field(), null)).toBe('');
  });
});

describe('combineValues (batch edit)', () => {
  it('keeps a common single value and marks differing ones as mixed', () => {
    expect(combineValues(field(), ['a', 'a'])).toEqual({ value: 'a', mixed: false, items: [] });
    expect(combineValues(field(), ['a', 'b'])).toEqual({ value: null, mixed: true, items: [] });
    expect(combineValues(field(), ['a', null])).toMatchObject({ mixed: true });
    expect(combineValues(field(), [])).toEqual({ value: null, mixed: false, items: [] });
  });

  it('unites bag items and marks those not on every asset (notInAll)', () => {
    const values = [['sea', 'boat'], ['boat', 'sky', 'sky'], ['boat']];
    const combined = combineValues(BAG, values);
    const everywhere = (item: string) => values.every((value) => value.includes(item));
    expect(combined.items).toEqual(['sea', 'boat', 'sky'].map((value) => ({ value, notInAll: !everywhere(value) })));
    expect(combined.value).toEqual(['sea', 'boat', 'sky']);
    expect(combined.mixed).toBe(true);
    expect(combineValues(BAG, [['a'], ['a']])).toEqual({ value: ['a'], mixed: false, items: [{ value: 'a', notInAll: false }] });
  });

  it('compares values structurally', () => {
    expect(sameFieldValue(['a'], ['a'])).toBe(true);
    expect(sameFieldValue(null, '')).toBe(false);
    expect(sameFieldValue(null, null)).toBe(true);
  });
});
