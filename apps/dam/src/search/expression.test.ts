import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDate, NUMERIC_RANGE_LIMITS } from '@magpie/api-types/search-params';
import { InvalidSearchExpressionError, MAX_EXPRESSION_LENGTH, normaliseSearchExpression, parseSearchExpression, type SearchNode } from './expression.ts';
import { searchFromQuery } from './params.ts';
import { InvalidOrderError, InvalidPageError, MAX_PAGE_REFERENCE_CHARS, PageCursors, pagingKeyFrom, parseOrdering, type PageCursor } from './ordering.ts';

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
        {
          type: 'or',
          children: [
            { type: 'special', key: 'fn', value: '.gif' },
            { type: 'special', key: 'fn', value: '.jpg' },
          ],
        },
        { type: 'not', child: { type: 'field', field: '25', value: 'notforweb' } },
      ],
    });
    expect(parse('a b OR c')).toEqual({
      type: 'or',
      children: [
        {
          type: 'and',
          children: [
            { type: 'text', value: 'a' },
            { type: 'text', value: 'b' },
          ],
        },
        { type: 'text', value: 'c' },
      ],
    });
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

  it('reads names of Object.prototype as words, not as keys (constructor:5 was a range over no column)', () => {
    expect(parse('constructor:5')).toEqual({ type: 'text', value: 'constructor:5' });
    expect(parse('__proto__:1')).toEqual({ type: 'text', value: '__proto__:1' });
    expect(parse('toString:x')).toEqual({ type: 'text', value: 'toString:x' });
    expect(searchFromQuery({ constructor: '5', valueOf: 'x', toStringf: '1' })).toBeUndefined();
  });

  it('normalises FotoWeb style', () => {
    expect(normaliseSearchExpression(parse('(fn:.gif|fn:.jpg)AND NOT(25:notforweb)'))).toBe('(fn:".gif" OR fn:".jpg") AND NOT (25:"notforweb")');
  });
});

const alphabet = fc.constantFrom(...'ab Z9:"()|~*-.,_/\\é\t'.split(''), 'AND', 'OR', 'NOT', '25:', 'fn:', 'mt:', 'dt:', '~~', '""');

describe('properties (fast-check)', () => {
  it('answers any string with an AST, undefined or InvalidSearchExpression, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.array(alphabet, { maxLength: 25 }).map((a) => a.join('')),
        ),
        (input) => {
          try {
            parse(input);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidSearchExpressionError);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('normalising a parsed searchQuery again gives the same query (and the same AST)', () => {
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 25 }).map((a) => a.join('')),
        (input) => {
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
        },
      ),
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
        {
          type: 'or',
          children: [
            { type: 'field', field: '105', value: 'x' },
            { type: 'field', field: '105', value: 'y' },
          ],
        },
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

  it('refuses range parameters outside their column (issue 9: these answered 500)', () => {
    expect(() => searchFromQuery({ fsf: '99999999999999999999' })).toThrow('out of range for fs');
    expect(() => searchFromQuery({ pwt: '1.5' })).toThrow('whole number of px');
    expect(() => searchFromQuery({ phf: '2147483648' })).toThrow('out of range for ph');
    expect(() => searchFromQuery({ fsf: '1 2' })).toThrow(InvalidSearchExpressionError);
    expect(searchFromQuery({ pwf: '2147483647', fst: '0.5' })?.searchQuery).toBe('pw:2147483647~~ AND fs:~~0.5');
  });
});

describe('range values against their columns (issue 9)', () => {
  it.each([
    ['pw:1.5', 'whole number of px for pw'],
    ['ph:2147483648', 'out of range for ph'],
    ['pwf:99999999999', 'out of range for pw'],
    ['fs:99999999999999', 'out of range for fs'],
    ['fs:8796093022208', 'out of range for fs'],
    ['fs:-1', 'not a number of MB'],
    ['mt:2023-02-29', 'not a date'],
    ['mt:0000-01-01', 'not a date'],
    ['ct:2024-01-01T24:00', 'not a date'],
    ['25:a\u0000b', 'NUL'],
    ['fn:\ud800', 'surrogates'],
  ])('refuses %j', (input, message) => {
    expect(() => parse(input)).toThrow(InvalidSearchExpressionError);
    expect(() => parse(input)).toThrow(message);
  });

  it('accepts the edges of each range', () => {
    expect(parse('pw:0~~2147483647')).toEqual({ type: 'range', key: 'pw', from: '0', to: '2147483647' });
    expect(parse(`fst:${NUMERIC_RANGE_LIMITS.fs.max}`)).toEqual({ type: 'range', key: 'fs', to: String(NUMERIC_RANGE_LIMITS.fs.max) });
    expect(parse('fs:0.25')).toEqual({ type: 'range', key: 'fs', from: '0.25', to: '0.25' });
    expect(parse('mt:0001-01-01~~9999-12-31T23:59:59')).toMatchObject({ type: 'range', key: 'mt' });
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('0050-06-01')).toBe(true);
  });

  it('fs bounds in bytes never leave PostgreSQL bigint, pw/ph never leave integer (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: 10n ** 25n }).map(String),
          fc.double({ min: 0, max: 1e20, noNaN: true }).map((n) => n.toFixed(3)),
        ),
        fc.constantFrom('fs', 'pw', 'ph'),
        (value, key) => {
          let node: SearchNode | undefined;
          try {
            node = parse(`${key}:${value}`);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidSearchExpressionError);
            return;
          }
          const number = Number((node as { from: string }).from);
          if (key === 'fs') expect(Math.ceil(number * 1_048_576)).toBeLessThanOrEqual(2 ** 63 /* the largest bigint, as a double */);
          else expect(Number.isInteger(number) && number <= 2_147_483_647).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 9 },
    );
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

  const sut = new PageCursors(pagingKeyFrom(['test-secret']));
  const keyset = (sortValue: string, id: number): PageCursor => ({ index: 3, mode: 'after', sortValue, id });

  it('round-trips page references', () => {
    for (const cursor of [
      { index: 0, mode: 'offset' as const },
      { index: 9, mode: 'last' as const },
      { index: 3, mode: 'after' as const, sortValue: '2026-11-21 06:00:00.123456+00', id: 42 },
      { index: 2, mode: 'before' as const, sortValue: 'img_0001.jpg', id: 7 },
    ]) {
      expect(sut.decode(sut.encode(cursor, '-fn'), '-fn')).toEqual(cursor);
    }
  });

  it('refuses malformed, forged, altered and re-ordered cursors (issue 9: these answered 500)', () => {
    const forgedPayload = Buffer.from(JSON.stringify(['abc', 1])).toString('base64url');
    const issued = sut.encode(keyset('2026-11-21 06:00:00+00', 42), '');
    for (const value of ['3-aNOTJSON', '-1', `0-a${forgedPayload}`, `0-a${'A'.repeat(22)}${forgedPayload}`, '0-lx', `1${issued.slice(1)}`, `${issued}A`, '9'.repeat(8)]) {
      expect(() => sut.decode(value, ''), value).toThrow(InvalidPageError);
    }
    // A cursor of one order used with another would cast a file name to a timestamp.
    expect(() => sut.decode(sut.encode(keyset('a.jpg', 1), 'fn'), '')).toThrow(InvalidPageError);
    // Another key (another deployment, or a process without the shared secret) does not accept it either.
    expect(() => new PageCursors(pagingKeyFrom(['other'])).decode(issued, '')).toThrow(InvalidPageError);
    expect(new PageCursors(pagingKeyFrom([undefined, 'test-secret'])).decode(issued, '')).toEqual(keyset('2026-11-21 06:00:00+00', 42));
  });

  it('signs only what it can serve: NUL, surrogates and non-integer ids are refused even when signed', () => {
    for (const cursor of [keyset('a\u0000', 1), keyset('\ud800', 1), keyset('a', 0), keyset('a', 2_147_483_648), keyset('a', 1.5)]) {
      expect(() => sut.decode(sut.encode(cursor, 'fn'), 'fn')).toThrow(InvalidPageError);
    }
  });

  it('falls back to the plain page index when a sort value would make the link too long', () => {
    const encoded = sut.encode(keyset('x'.repeat(1000), 5), 'fn');
    expect(encoded).toBe('3');
    expect(sut.encode(keyset('x'.repeat(100), 5), 'fn').length).toBeLessThanOrEqual(MAX_PAGE_REFERENCE_CHARS);
  });

  it('any string decodes to a cursor or InvalidPageError, never another error (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[0-9]{1,8}-[abl][A-Za-z0-9_-]{0,60}$/)), (value) => {
        try {
          sut.decode(value, '');
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidPageError);
        }
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
