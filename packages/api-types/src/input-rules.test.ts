import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInputProblem, forbiddenTextIn, isAcceptableText, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './input-rules.ts';

/** Depth of a parsed JSON value in levels of arrays and objects (test oracle; recursive, small inputs only). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((max, child) => Math.max(max, depthOf(child)), 0);
}

describe('forbiddenTextIn', () => {
  it.each([
    ['a\u0000b', 'nul'],
    ['\ud800', 'lone-surrogate'],
    ['x\udc00', 'lone-surrogate'],
    ['\udc00\ud800', 'lone-surrogate'],
    ['🦜', undefined],
    ['tab\tand\nline\u0001', undefined],
    ['', undefined],
  ])('%j → %s', (text, expected) => {
    expect(forbiddenTextIn(text)).toBe(expected);
    expect(isAcceptableText(text)).toBe(expected === undefined);
  });

  it('agrees with the UTF-8 round trip PostgreSQL would do (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => {
        const wellFormed = Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(isAcceptableText(text)).toBe(wellFormed && !text.includes('\u0000'));
      }),
      { numRuns: 2000, seed: 1 },
    );
  });
});

describe('jsonNestsDeeperThan', () => {
  it('counts levels of arrays and objects and skips strings', () => {
    expect(jsonNestsDeeperThan('{"a":[1]}', 2)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[[1]]}', 2)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });

  it('scans a body nested a million levels without recursion', () => {
    expect(jsonNestsDeeperThan('['.repeat(1_000_000) + ']'.repeat(1_000_000))).toBe(true);
  });

  it('matches the depth of any JSON value (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        expect(jsonNestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
      }),
      { numRuns: 1000, seed: 2 },
    );
  });
});

describe('findInputProblem', () => {
  it('names the field and never echoes the value', () => {
    expect(findInputProblem({ data: { intranet: { a: 'secret\u0000' } } }, 'body')).toEqual({
      path: 'data.intranet.a',
      message: 'The body field "data.intranet.a" contains a NUL character (U+0000), which is not allowed.',
    });
    expect(findInputProblem({ q: ['ok', '\ud800'] }, 'query')).toEqual({
      path: 'q.1',
      message: expect.stringContaining('The query parameter "q.1" contains a lone UTF-16 surrogate'),
    });
    expect(findInputProblem({ ['k\u0000']: 1 }, 'query')?.message).toBe('The query has a key that contains a NUL character (U+0000), which is not allowed.');
    expect(findInputProblem('\u0000', 'body')?.message).toBe('The body contains a NUL character (U+0000), which is not allowed.');
    expect(findInputProblem({ a: [{ b: 'fine 🦜' }], n: 1e308, t: true, z: null }, 'body')).toBeUndefined();
  });

  it(`refuses nesting beyond ${MAX_JSON_DEPTH} levels, iteratively`, () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInputProblem(deep, 'body')?.message).toBe(`The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
    let atLimit: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) atLimit = { a: atLimit };
    expect(findInputProblem(atLimit, 'body')).toBeUndefined();
    expect(findInputProblem({ wrap: atLimit }, 'body')).toBeDefined();
  });

  it('finds a forbidden character wherever it is put in any JSON value (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat(), (value, bad, where) => {
        // Clean generated values first: fast-check's strings may hold these characters themselves.
        const clean = JSON.parse(JSON.stringify(value).replace(/\\u0000|\\ud[89a-f][0-9a-f]{2}/gi, '')) as unknown;
        expect(findInputProblem(clean, 'body')).toBeUndefined();
        const holder = { list: [clean], [`k${where % 3}`]: `x${bad}` };
        expect(findInputProblem(holder, 'body')?.path).toBe(`k${where % 3}`);
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});
