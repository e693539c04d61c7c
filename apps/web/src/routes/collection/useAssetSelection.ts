/**
 * The collection view's selection for the batch metadata edit (spec 02 §2 Metadata field editors, several assets at
 * once): asset hrefs, kept across reloads of the same collection, dropped for another one. Shift+A (the select-all
 * action, spec 01 §2 Keyboard) selects every loaded asset; Esc clears unless a dialog is open.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Asset } from '@magpie/api-types';
import { SELECT_ALL_EVENT } from '../../actions/actionSelectAll.ts';
import { THUMBNAIL_SELECTOR, toggleHref } from './assetSelection.ts';

/** The selection and its operations. */
export interface AssetSelection {
  /** The selected hrefs. */
  readonly selected: ReadonlySet<string>;
  /** The loaded assets that are selected, in grid order. */
  readonly selectedAssets: readonly Asset[];
  /** Toggles the asset whose thumbnail holds `target`; `false` when `target` is not in a thumbnail. */
  toggleFrom(target: EventTarget | null): boolean;
  clear(): void;
}

/** The selection of the collection at `href` among its `loaded` assets (see the module comment). */
export function useAssetSelection(href: string, loaded: readonly Asset[]): AssetSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  useEffect(clear, [href, clear]);

  useEffect(() => {
    const selectAll = () => setSelected(new Set(loaded.map((asset) => asset.href)));
    window.addEventListener(SELECT_ALL_EVENT, selectAll);
    return () => window.removeEventListener(SELECT_ALL_EVENT, selectAll);
  }, [loaded]);

  const hasSelection = selected.size > 0;
  useEffect(() => {
    if (!hasSelection) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      clear();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [hasSelection, clear]);

  const toggleFrom = useCallback((target: EventTarget | null): boolean => {
    const tile = target instanceof Element ? target.closest(THUMBNAIL_SELECTOR) : null;
    const assetHref = tile?.getAttribute('data-href');
    if (!assetHref) return false;
    setSelected((current) => toggleHref(current, assetHref));
    return true;
  }, []);

  return { selected, selectedAssets: loaded.filter((asset) => selected.has(asset.href)), toggleFrom, clear };
}
