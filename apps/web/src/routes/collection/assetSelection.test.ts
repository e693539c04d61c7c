import { describe, expect, it } from 'vitest';
import { THUMBNAIL_SELECTOR } from '../../actions/keys.ts';
import { selectionStyles, selectionText } from './assetSelection.ts';

// Toggling moved into assetSelectionMachine (packages/machines/src/assetSelection, "toggles hrefs without changing
// the given list").
describe('asset selection', () => {
  it('says how many assets are selected', () => {
    expect(selectionText(0)).toBe('No assets selected');
    expect(selectionText(1)).toBe('1 asset selected');
    expect(selectionText(3)).toBe('3 assets selected');
  });

  it('marks each selected thumbnail, quoting hrefs safely', () => {
    const styles = selectionStyles(new Set(['/a b.info', '/say "hi".info']));
    expect(Object.keys(styles)).toEqual([`& ${THUMBNAIL_SELECTOR}[data-href="/a b.info"] .thumb`, `& ${THUMBNAIL_SELECTOR}[data-href="/say \\"hi\\".info"] .thumb`]);
    expect(selectionStyles(new Set())).toEqual({});
  });
});
