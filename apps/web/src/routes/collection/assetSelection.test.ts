import { describe, expect, it } from 'vitest';
import { selectionStyles, selectionText, THUMBNAIL_SELECTOR, toggleHref } from './assetSelection.ts';

describe('asset selection', () => {
  it('toggles hrefs without changing the given set', () => {
    const empty: ReadonlySet<string> = new Set();
    const one = toggleHref(empty, '/a.info');
    expect([...one]).toEqual(['/a.info']);
    expect(empty.size).toBe(0);
    expect([...toggleHref(one, '/a.info')]).toEqual([]);
    expect([...toggleHref(one, '/b.info')]).toEqual(['/a.info', '/b.info']);
  });

  it('says how many assets are selected', () => {
    expect(selectionText(0)).toBe('No assets selected');
    expect(selectionText(1)).toBe('1 asset selected');
    expect(selectionText(3)).toBe('3 assets selected');
  });

  it('marks each selected thumbnail, quoting hrefs safely', () => {
    const styles = selectionStyles(new Set(['/a b.info', '/say "hi".info']));
    expect(Object.keys(styles)).toEqual([
      `& ${THUMBNAIL_SELECTOR}[data-href="/a b.info"] .thumb`,
      `& ${THUMBNAIL_SELECTOR}[data-href="/say \\"hi\\".info"] .thumb`,
    ]);
    expect(selectionStyles(new Set())).toEqual({});
  });
});
