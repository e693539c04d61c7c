import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidSearchExpressionError, MAX_EXPRESSION_LENGTH, normaliseSearchExpression, parseSearchExpression, type SearchNode } from './expression.ts';
import { searchFromQuery } from './params.ts';
import { decodePage, encodePage, InvalidOrderError, InvalidPageError, parseOrdering } from './ordering.ts';

const parse = (s: string) => parseSearchExpression(s);

describe('FotoWeb search expressions', () => {
  it('reads words, phrases and field predicates with implicit AND', () => {
    expect(parse('London')).toEqual({ type: 'text', value: 'London' });
    expect(parse('"New York"')).toEqual({ type: 'text', value: 'New York' });
    expect(parse('25:london 90:"New York"')).toEqual({
      type: 'and',
      children: [
        { type: 'field', field: '25', value: 'london' },
        { type: 'field', field: '90', value: 'New York' },
      ],
    });
  });

  it('reads AND, OR, |, NOT and parentheses with AND binding tighter than OR', () => {
    expect(parse('(fn:.gif|fn:.jpg)AND NOT(25:notforweb)')).toEqual({
      type: 'and',
      children: [
        { type: 'or', children: [{ type: 'special', key: 'fn', value: '.gif' }, { type: 'special', key: 'fn', value: '.jpg' }] },
        { type: 'not', child: { type: 'field', field: '25', value: 'notforweb' } },
      ],
    });
    expect(parse('a b OR c')).toEqual({ type: 'or', children: [{ type: 'and', children: [{ type: 'text', value: 'a' }, { type: 'text', value: 'b' }] }, { type: 'text', value: 'c' }] });
  });

  it('reads ranges, open ranges and the special predicates', () => {
    expect(parse('571:1860-01-01T00:00:00~~1936-12-31T23:59:59')).toEqual({ type: 'fieldRange', field: '571', from: '1860-01-01T00:00:00', to: '1936-12-31T23:59:59' });
    expect(parse('mtf:2020-01-01')).toEqual({ type: 'range', key: 'mt', from: '2020-01-01' });
    expect(parse('fs:1~~5')).toEqual({ type: 'range', key: 'fs', from: '1', to: '5' });
    expect(parse('pwt:800')).toEqual({ type: 'range', key: 'pw', to: '800' });
    expect(parse('dt:IMAGE o:portrait cs:rgb ms:none s:online')).toMatchObject({ type: 'and', children: expect.arrayContaining([{ type: 'special', key: 'dt', value: 'image' }]) });
    expect(parse('fn:*.svg')).toEqual({ type: 'special', key: 'fn', value: '*.svg' });
  });

  it('reads the empty-value form 25:""', () => {
    expect(parse('25:""')).toEqual({ type: 'field', field: '25', value: '' });
  });

  it.each([
    ['"open', 'not closed'],
    ['(a', 'not closed'],
    ['a)', 'closing parenthesis'],
    ['a AND', 'ends'],
    ['OR a', 'not where a term'],
    ['()', 'Empty'],
    ['dt:banana', 'must be one of'],
    ['mtf:2020-02-30', 'not a date'],
    ['fs:big', 'not a number'],
    ['25:', 'needs a value'],
    ['""', 'needs a field'],
    ['a'.repeat(MAX_EXPRESSION_LENGTH + 1), 'longer than'],
    ['('.repeat(40) + 'a' + ')'.repeat(40), 'nests deeper'],
  ])('refuses a malformed expression (%#) with InvalidSearchExpression', (input, message) => {
    expect(() => parse(input)).toThrow(InvalidSearchExpressionError);
    expect(() => parse(input)).toThrow(message);
  });

  it('normalises FotoWeb style', () => {
    expect(normaliseSearchExpression(parse('(fn:.gif|fn:.jpg)AND NOT(25:notforweb)'))).toBe('(fn:".gif" OR fn:".jpg") AND NOT (25:"notforweb")');
  });
});

const alphabet = fc.constantFrom(...'ab Z9:"()|~*-.,_/\\é\t'.split(''), 'AND', 'OR', 'NOT', '25:', 'fn:', 'mt:', 'dt:', '~~', '""');

describe('properties (fast-check)', () => {
  it('answers any string with an AST, undefined or InvalidSearchExpression, never another error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.array(alphabet, { maxLength: 25 }).map((a) => a.join(''))), (input) => {
        try {
          parse(input);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidSearchExpressionError);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('normalising a parsed searchQuery again gives the same query (and the same AST)', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 25 }).map((a) => a.join('')), (input) => {
        let node: SearchNode | undefined;
        try {
          node = parse(input);
        } catch {
          return;
        }
        const once = normaliseSearchExpression(node);
        const again = parse(once);
        expect(again).toEqual(node);
        expect(normaliseSearchExpression(again)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('key=value and advanced-search parameters', () => {
  it('AND-s different keys and OR-s the same field id given twice', () => {
    const search = searchFromQuery({ fn: 'a.jpg', '105': ['x', 'y'] });
    expect(search?.node).toMatchObject({ type: 'and' });
    const children = (search?.node as { children: unknown[] }).children;
    expect(children).toHaveLength(2);
    expect(children).toEqual(
      expect.arrayContaining([
        { type: 'special', key: 'fn', value: 'a.jpg' },
        { type: 'or', children: [{ type: 'field', field: '105', value: 'x' }, { type: 'field', field: '105', value: 'y' }] },
      ]),
    );
  });

  it('compiles the range parameters (fsf/fst in MB, pw/ph, dates) and the selections', () => {
    const search = searchFromQuery({ q: 'dog', dt: 'image', fsf: '1', fst: '2.5', mtf: '2020-01-01', mtt: '2020-12-31', access_token: 'secret' });
    expect(search?.searchQuery).toBe('"dog" AND dt:"image" AND fs:1~~2.5 AND mt:2020-01-01~~2020-12-31');
    expect(search?.searchString).not.toContain('secret');
  });

  it('reads o as the orientation selection (sorting is the ;o= path parameter, not the query)', () => {
    expect(searchFromQuery({ o: 'portrait' })?.node).toEqual({ type: 'special', key: 'o', value: 'portrait' });
  });

  it('keeps the empty-value marker for multi-instance fields and ignores non-search keys', () => {
    expect(searchFromQuery({ '25': '""' })?.node).toEqual({ type: 'field', field: '25', value: '' });
    expect(searchFromQuery({ access_token: 'x' })).toBeUndefined();
  });

  it('refuses bad values', () => {
    expect(() => searchFromQuery({ mtf: 'yesterday' })).toThrow(InvalidSearchExpressionError);
    expect(() => searchFromQuery({ q: 'x'.repeat(2500) })).toThrow(InvalidSearchExpressionError);
  });
});

describe('ordering and keyset pages', () => {
  it('knows FotoWeb sort values and refuses others', () => {
    expect(parseOrdering('').direction).toBe('desc');
    expect(parseOrdering('+').direction).toBe('asc');
    expect(parseOrdering('-fn').direction).toBe('desc');
    expect(parseOrdering('350').direction).toBe('asc');
    expect(() => parseOrdering('drop table')).toThrow(InvalidOrderError);
  });

  it('round-trips page references and refuses forged ones', () => {
    for (const cursor of [
      { index: 0, mode: 'offset' as const },
      { index: 9, mode: 'last' as const },
      { index: 3, mode: 'after' as const, sortValue: '2026-11-21 06:00:00.123456+00', id: 42 },
      { index: 2, mode: 'before' as const, sortValue: 'img_0001.jpg', id: 7 },
    ]) {
      expect(decodePage(encodePage(cursor))).toEqual(cursor);
    }
    expect(() => decodePage('3-aNOTJSON')).toThrow(InvalidPageError);
    expect(() => decodePage('-1')).toThrow(InvalidPageError);
  });
});
