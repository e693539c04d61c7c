import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  BYTES_PER_MB,
  bytesToMegabytes,
  CHOICE_KEYS,
  EXPRESSION_KEY,
  FILE_SIZE_MAX_MB,
  isChoiceKey,
  isCriterionKey,
  isRangeKey,
  isValidDate,
  megabytesToBytes,
  NUMERIC_RANGE_LIMITS,
  PIXEL_RANGE_MAX,
  RANGE_KEYS,
  RANGE_PARAMS,
  rangeOfParam,
  rangeParam,
  rangeValueProblem,
  SEARCH_CHOICES,
  searchParamsFromQuery,
  searchParamsToQuery,
  TAXONOMY_ITEM_KEY,
  TEXT_KEYS,
  type SearchParams,
} from './search-params.ts';

type Json = Record<string, any>;
const dam: Json = parse(readFileSync(fileURLToPath(new URL('../../../openapi/dam.yaml', import.meta.url)), 'utf8'));

/** The query parameters of an operation, their `$ref`s resolved. */
function queryParameters(path: string): Json[] {
  return (dam.paths[path].get.parameters as Json[]).map((p) => (p.$ref ? dam.components.parameters[String(p.$ref).split('/').pop()!] : p)).filter((p) => p.in === 'query');
}

describe('the search language and the contract (dam.yaml)', () => {
  it.each(['/fotoweb/archives/', '/fotoweb/archives/{archive}/'])('%s names exactly the keys of search-params', (path) => {
    const names = queryParameters(path).map((p) => p.name);
    expect(new Set(names)).toEqual(new Set([EXPRESSION_KEY, TAXONOMY_ITEM_KEY, ...TEXT_KEYS, ...CHOICE_KEYS, ...RANGE_PARAMS, 'fields']));
    expect(names).toHaveLength(new Set(names).size);
  });

  it('lists every accepted value of each choice, and gives each range its unit', () => {
    const byName = Object.fromEntries(queryParameters('/fotoweb/archives/{archive}/').map((p) => [p.name, p]));
    for (const key of CHOICE_KEYS) expect(byName[key].schema.items.examples, key).toEqual([...SEARCH_CHOICES[key]]);
    expect(byName['fsf'].description).toMatch(/\*\*megabytes\*\* of 1,048,576 bytes/);
    expect(byName['pwf'].description).toMatch(/px/);
    expect(byName['mtf'].description).toMatch(/YYYY-MM-DD/);
    expect(byName['fields']).toMatchObject({ style: 'form', explode: true, schema: { type: 'object' } });
  });
});

describe('keys', () => {
  it('names the range bounds from and to, numbers first', () => {
    expect(RANGE_PARAMS).toEqual(['fsf', 'fst', 'pwf', 'pwt', 'phf', 'pht', 'mtf', 'mtt', 'itf', 'itt', 'rtf', 'rtt', 'ctf', 'ctt']);
    expect(rangeParam('ct', 'to')).toBe('ctt');
    expect(rangeOfParam('fsf')).toEqual({ key: 'fs', side: 'from' });
    expect(rangeOfParam('mtt')).toEqual({ key: 'mt', side: 'to' });
    expect(rangeOfParam('fs')).toBeUndefined();
    expect(rangeOfParam('q')).toBeUndefined();
    expect(RANGE_KEYS).toEqual({ fs: 'number', pw: 'number', ph: 'number', mt: 'date', it: 'date', rt: 'date', ct: 'date' });
  });

  it('knows only its own keys, never the names of Object.prototype', () => {
    expect(CHOICE_KEYS).toEqual(['dt', 'cs', 'o', 'ms', 's', 'cst']);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(isChoiceKey(name), name).toBe(false);
      expect(isRangeKey(name), name).toBe(false);
      expect(isCriterionKey(name), name).toBe(false);
      expect(rangeOfParam(`${name}f`), name).toBeUndefined();
    }
    expect(isCriterionKey('25')).toBe(true);
    expect(isCriterionKey('fn')).toBe(true);
    expect(isCriterionKey('12345')).toBe(false);
    expect(isCriterionKey('title')).toBe(false);
  });
});

describe('units and range checks (spec 02 §5; issue 9)', () => {
  it('converts megabytes of 1,048,576 bytes, rounded to 2 decimals', () => {
    expect(BYTES_PER_MB).toBe(1_048_576);
    expect(megabytesToBytes(1.5)).toBe(1_572_864);
    expect(megabytesToBytes(1.234)).toBe(Math.round(1.23 * 1_048_576));
    expect(bytesToMegabytes(1_572_864)).toBe(1.5);
  });

  it.each([
    ['pw', '1.5', 'whole number of px for pw'],
    ['ph', '2147483648', 'out of range for ph: 0 to 2147483647 px'],
    ['fs', '8796093022208', 'out of range for fs'],
    ['fs', '-1', 'not a number of MB'],
    ['fs', '1e3', 'not a number of MB'],
    ['mt', '2023-02-29', 'not a date YYYY-MM-DD for mt'],
    ['ct', '0000-01-01', 'not a date'],
    ['it', '2024-01-01T24:00', 'not a date'],
  ] as const)('refuses %s=%j', (key, value, message) => {
    expect(rangeValueProblem(key, value)).toContain(message);
  });

  it('accepts the edges of each column', () => {
    expect(rangeValueProblem('pw', '2147483647')).toBeUndefined();
    expect(rangeValueProblem('fs', String(NUMERIC_RANGE_LIMITS.fs.max))).toBeUndefined();
    expect(rangeValueProblem('fs', '0.25')).toBeUndefined();
    expect(rangeValueProblem('mt', '0001-01-01')).toBeUndefined();
    expect(rangeValueProblem('rt', '9999-12-31T23:59:59Z')).toBeUndefined();
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('0050-06-01')).toBe(true);
  });
});

describe('to and from a query', () => {
  it('writes choices, ranges in the DAM units, then criteria with the built-in fields as field ids', () => {
    const query = searchParamsToQuery({
      q: 'ignored here',
      cs: 'rgb',
      dt: 'image',
      fsf: 1_572_864,
      pwt: 640,
      ctf: '2020-01-01',
      criteria: [
        { field: 'fn', value: 'IMG_*' },
        { field: 'title', value: 'Sea' },
        { field: 'status', value: 'no key' },
        { field: '25', value: ['boats', 'sea'] },
      ],
    });
    expect(query.toString()).toBe('dt=image&cs=rgb&fsf=1.5&pwt=640&ctf=2020-01-01&fn=IMG_*&5=Sea&25=boats&25=sea');
  });

  it('reads a query back: MB to bytes, one criterion per value, other keys ignored', () => {
    expect(searchParamsFromQuery('?q=harbour&o=portrait&fst=2&phf=10&pht=-1&itt=2021-05-01&txnm=7&80=ann&80=bob&access_token=x')).toEqual({
      q: 'harbour',
      o: 'portrait',
      fst: 2 * BYTES_PER_MB,
      phf: 10,
      itt: '2021-05-01',
      criteria: [
        { field: '80', value: 'ann' },
        { field: '80', value: 'bob' },
      ],
    });
    expect(searchParamsFromQuery(new URLSearchParams('q=%20&fsf=x'))).toEqual({});
  });

  const formParams: fc.Arbitrary<SearchParams> = fc.record(
    {
      dt: fc.constantFrom(...SEARCH_CHOICES.dt),
      s: fc.constantFrom(...SEARCH_CHOICES.s),
      fsf: fc.integer({ min: 0, max: FILE_SIZE_MAX_MB * 100 }).map((centi) => megabytesToBytes(centi / 100)),
      pwt: fc.integer({ min: 0, max: PIXEL_RANGE_MAX }),
      mtf: fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      criteria: fc.array(fc.record({ field: fc.constantFrom('fn', 'dn', '5', '25', '9999'), value: fc.string({ minLength: 1, maxLength: 8 }) }), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: [] },
  );

  it('writes what the DAM accepts and reads back what it wrote, for anything the form can hold (fast-check)', () => {
    fc.assert(
      fc.property(formParams, (params) => {
        const query = searchParamsToQuery(params);
        for (const [key, value] of query) {
          const range = rangeOfParam(key);
          if (range) expect(rangeValueProblem(range.key, value)).toBeUndefined();
        }
        const back = searchParamsFromQuery(query);
        // The same pairs; a repeated criterion key comes back grouped (different keys are AND-ed, so order is free).
        const pairs = (q: URLSearchParams) => [...q].map(([key, value]) => `${key}=${value}`).sort();
        expect(pairs(searchParamsToQuery(back))).toEqual(pairs(query));
        if (params.fsf !== undefined) expect(back.fsf).toBe(params.fsf);
      }),
      { numRuns: 500, seed: 10 },
    );
  });
});
