import { describe, expect, it } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import { fromSearchParams, toSearchParams } from '@magpie/machines';
import {
  pinnedArchives,
  pinnedFirst,
  archiveIdOf,
  currentSortChoice,
  INVALID_PARAMETERS_MESSAGE,
  isEmptySearch,
  savedSorting,
  searchErrorMessage,
  searchHref,
  searchParamsFromQuery,
  sortChoices,
  sortValueOf,
  withSavedSort,
} from './search.ts';

const TEMPLATE = '/fotoweb/archives/5000-Photos/{?q}';

describe('search URLs (issue #4, spec 02 §2, §3)', () => {
  it('expands the template with q, then appends the advanced parameters in the DAM units', () => {
    const href = searchHref(TEMPLATE, {
      q: 'harbour boats',
      dt: 'image',
      fsf: 1_572_864,
      pwt: 640,
      ctf: '2020-01-01',
      ctt: '2020-12-31',
      criteria: [
        { field: 'fn', value: 'IMG_*' },
        { field: 'title', value: 'Sea' },
        { field: '25', value: ['boats', 'sea'] },
      ],
    });
    expect(href).toBe('/fotoweb/archives/5000-Photos/?q=harbour%20boats&dt=image&fsf=1.5&pwt=640&ctf=2020-01-01&ctt=2020-12-31&fn=IMG_*&5=Sea&25=boats&25=sea');
  });

  it('leaves q out when there is none', () => {
    expect(searchHref(TEMPLATE, { criteria: [{ field: '25', value: 'sea' }] })).toBe('/fotoweb/archives/5000-Photos/?25=sea');
    expect(searchHref('/fotoweb/archives/{?q}', { q: 'x' })).toBe('/fotoweb/archives/?q=x');
    expect(isEmptySearch({})).toBe(true);
    expect(isEmptySearch({ dt: 'image' })).toBe(false);
  });

  it('reads a URL query back into search parameters the popover opens with', () => {
    const params = searchParamsFromQuery('?q=harbour&dt=image&fsf=1.5&mtf=2020-01-01&fn=IMG_*&25=boats&25=sea&80=ann&access_token=x');
    expect(params).toEqual({
      q: 'harbour',
      dt: 'image',
      fsf: 1_572_864,
      mtf: '2020-01-01',
      criteria: [
        { field: 'fn', value: 'IMG_*' },
        { field: '25', value: 'boats' },
        { field: '25', value: 'sea' },
        { field: '80', value: 'ann' },
      ],
    });
    // The round trip through the machine's form keeps the search.
    const form = fromSearchParams(params);
    expect(searchHref(TEMPLATE, toSearchParams(form))).toBe(searchHref(TEMPLATE, params));
  });
});

describe('sorting (spec 02 §2 Routes, alt_orders)', () => {
  const altOrders = [
    { key: 'mt', name: 'Last modified', asc: { href: '/a/;o=+' }, desc: { href: '/a/', default: true } },
    { key: 'fn', name: 'File name', asc: { href: '/a/;o=fn?q=x' }, desc: { href: '/a/;o=-fn?q=x' } },
  ];

  it('reads the ;o= value of an href', () => {
    expect(sortValueOf('/fotoweb/archives/5000-Photos/;o=-fn?q=a;o=b')).toBe('-fn');
    expect(sortValueOf('/fotoweb/archives/5000-Photos/;o=+')).toBe('+');
    expect(sortValueOf('/fotoweb/archives/5000-Photos/?q=x')).toBe('');
  });

  it('lists each order in both directions and finds the current one', () => {
    const choices = sortChoices(altOrders);
    expect(choices.map((c) => [c.id, c.value])).toEqual([
      ['mt:asc', '+'],
      ['mt:desc', ''],
      ['fn:asc', 'fn'],
      ['fn:desc', '-fn'],
    ]);
    expect(currentSortChoice(choices, '/a/;o=-fn?q=x')?.id).toBe('fn:desc');
    expect(currentSortChoice(choices, '/a/')?.id).toBe('mt:desc');
  });

  it('appends the saved sort to an archive link, before any query', () => {
    expect(withSavedSort('/fotoweb/archives/5000-Photos/', 'fn')).toBe('/fotoweb/archives/5000-Photos/;o=fn');
    expect(withSavedSort('/fotoweb/archives/5000-Photos/?q=x', '-fn')).toBe('/fotoweb/archives/5000-Photos/;o=-fn?q=x');
    expect(withSavedSort('/fotoweb/archives/5000-Photos/', '')).toBe('/fotoweb/archives/5000-Photos/');
    expect(withSavedSort('/fotoweb/archives/5000-Photos/;o=+', 'fn')).toBe('/fotoweb/archives/5000-Photos/;o=+');
  });

  it('reads shared.sorting and the archive id', () => {
    expect(savedSorting({ shared: { sorting: { '5000': 'fn', '5001': 3 } } })).toEqual({ '5000': 'fn' });
    expect(savedSorting({ shared: {} })).toEqual({});
    expect(savedSorting(undefined)).toEqual({});
    expect(archiveIdOf({ id: '5000/a/b' })).toBe('5000');
    expect(archiveIdOf({ id: '5000' })).toBe('5000');
  });
});

describe('search errors (spec 02 §8)', () => {
  it('shows the heading of expression and taxonomy errors, "invalid parameters" for other 400s', () => {
    const body = (value: string) => ({ value, heading: 'Malformed search', message: 'm' });
    expect(searchErrorMessage(new ApiError(400, body('InvalidSearchExpression')))).toBe('Malformed search');
    expect(searchErrorMessage(new ApiError(400, body('InvalidTaxonomyItem')))).toBe('Malformed search');
    expect(searchErrorMessage(new ApiError(400, body('InvalidOrder')))).toBe(INVALID_PARAMETERS_MESSAGE);
    expect(searchErrorMessage(new ApiError(500, body('InvalidSearchExpression')))).toBeUndefined();
    expect(searchErrorMessage(new Error('x'))).toBeUndefined();
  });
});

describe('pinned archives (spec 01 §3 intranet.archivePinned, spec 02 §2 Collection tile, Header search)', () => {
  it('reads the pinned ids from the preferences, ignoring what is not a list of strings', () => {
    expect(pinnedArchives(undefined)).toEqual([]);
    expect(pinnedArchives({ intranet: {} })).toEqual([]);
    expect(pinnedArchives({ intranet: { archivePinned: 'x' } })).toEqual([]);
    expect(pinnedArchives({ intranet: { archivePinned: ['5000', 7, '5002'] } })).toEqual(['5000', '5002']);
  });

  it('puts pinned archives first, each group in server order', () => {
    const archives = ['5000', '5001', '5002', '5003'].map((id) => ({ id, href: `/fotoweb/archives/${id}/` }));
    expect(pinnedFirst(archives, ['5003', '5001']).map((a) => a.id)).toEqual(['5001', '5003', '5000', '5002']);
    expect(pinnedFirst(archives, []).map((a) => a.id)).toEqual(['5000', '5001', '5002', '5003']);
  });
});
