import { describe, expect, it } from 'vitest';
import { gridGeometry, placeholderCount, rowCount, rowItemRange, shouldLoadMore } from './gridLayout.ts';

describe('gridGeometry', () => {
  it('fits as many minimum-width tiles as the width allows', () => {
    expect(gridGeometry(1000, { minTileWidth: 176, gap: 12, caption: 36 })).toEqual({ columns: 5, tileWidth: 190, rowHeight: 238 });
    expect(gridGeometry(176, { minTileWidth: 176, gap: 12 }).columns).toBe(1);
    expect(gridGeometry(363, { minTileWidth: 176, gap: 12 }).columns).toBe(1);
    expect(gridGeometry(364, { minTileWidth: 176, gap: 12 }).columns).toBe(2);
  });

  it('never answers zero columns', () => {
    expect(gridGeometry(0).columns).toBe(1);
    expect(gridGeometry(-5).columns).toBe(1);
    expect(gridGeometry(Number.NaN).columns).toBe(1);
    expect(gridGeometry(50).columns).toBe(1);
  });

  it('keeps tiles and gaps within the width', () => {
    for (let width = 200; width < 3000; width += 37) {
      const g = gridGeometry(width, { gap: 12 });
      expect(g.columns * g.tileWidth + (g.columns - 1) * 12).toBeLessThanOrEqual(width);
    }
  });
});

describe('rows', () => {
  it('counts rows and their items', () => {
    expect(rowCount(0, 4)).toBe(0);
    expect(rowCount(1, 4)).toBe(1);
    expect(rowCount(8, 4)).toBe(2);
    expect(rowCount(9, 4)).toBe(3);
    expect(rowCount(100_000, 7)).toBe(14_286);
    expect(rowItemRange(2, 4, 9)).toEqual({ start: 8, end: 9 });
    expect(rowItemRange(0, 4, 9)).toEqual({ start: 0, end: 4 });
    expect(rowItemRange(5, 4, 9)).toEqual({ start: 9, end: 9 });
  });
});

describe('paging', () => {
  it('shows one page of placeholders while more exist', () => {
    expect(placeholderCount({ loaded: 100, total: 100_000, hasNext: true, pageSizeHint: 100 })).toBe(100);
    expect(placeholderCount({ loaded: 100, total: 130, hasNext: true, pageSizeHint: 100 })).toBe(30);
    expect(placeholderCount({ loaded: 100, total: 100, hasNext: true, pageSizeHint: 100 })).toBe(1);
    expect(placeholderCount({ loaded: 100, total: 100_000, hasNext: false, pageSizeHint: 100 })).toBe(0);
  });

  it('loads more only near the end, once at a time', () => {
    const base = { loaded: 100, columns: 5, hasNext: true, loading: false, threshold: 6 };
    expect(shouldLoadMore({ ...base, lastVisibleRow: 5 })).toBe(false);
    expect(shouldLoadMore({ ...base, lastVisibleRow: 13 })).toBe(true);
    expect(shouldLoadMore({ ...base, lastVisibleRow: 30 })).toBe(true);
    expect(shouldLoadMore({ ...base, lastVisibleRow: 30, loading: true })).toBe(false);
    expect(shouldLoadMore({ ...base, lastVisibleRow: 30, hasNext: false })).toBe(false);
    expect(shouldLoadMore({ ...base, lastVisibleRow: undefined })).toBe(false);
  });
});
