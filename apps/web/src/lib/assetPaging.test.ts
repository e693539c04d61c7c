import { describe, expect, it } from 'vitest';
import type { Asset, AssetList } from '@magpie/api-types';
import { initialAssetPages, reduceAssetPages } from './assetPaging.ts';

const asset = (n: number) => ({ href: `/a/${n}.jpg.info` }) as Asset;
const page = (from: number, to: number, next: string | null): AssetList => ({
  data: Array.from({ length: to - from }, (_, i) => asset(from + i)),
  paging: { first: '/a/', prev: null, next, last: null },
});

describe('asset pages', () => {
  it('starts from the embedded first page', () => {
    const state = initialAssetPages(page(0, 3, '/a/;p=1'));
    expect(state.assets).toHaveLength(3);
    expect(state.next).toBe('/a/;p=1');
    expect(state.pageSize).toBe(3);
    expect(initialAssetPages(null)).toMatchObject({ assets: [], next: undefined, pageSize: 1 });
  });

  it('follows paging.next and ends on "" or null', () => {
    let state = initialAssetPages(page(0, 3, '/a/;p=1'));
    state = reduceAssetPages(state, { type: 'loading' });
    expect(state.loading).toBe(true);
    state = reduceAssetPages(state, { type: 'loaded', page: page(3, 6, '') });
    expect(state.assets.map((a) => a.href)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `/a/${n}.jpg.info`));
    expect(state.next).toBeUndefined();
    expect(state.loading).toBe(false);
  });

  it('skips assets already shown', () => {
    let state = initialAssetPages(page(0, 3, '/a/;p=1'));
    state = reduceAssetPages(state, { type: 'loaded', page: page(2, 5, '/a/;p=2') });
    expect(state.assets).toHaveLength(5);
    expect(state.next).toBe('/a/;p=2');
  });

  it('remembers a failure until the next try', () => {
    let state = initialAssetPages(page(0, 3, '/a/;p=1'));
    state = reduceAssetPages(reduceAssetPages(state, { type: 'loading' }), { type: 'failed' });
    expect(state).toMatchObject({ loading: false, failed: true, next: '/a/;p=1' });
    expect(reduceAssetPages(state, { type: 'loading' }).failed).toBe(false);
  });
});
