/**
 * The collection view's selection for the batch metadata edit (spec 02 §2 Metadata field editors, several assets at
 * once; spec 01 §2 Asset selection): an `assetSelectionMachine` actor (`@magpie/machines`) told what the view shows,
 * and offered to the action registry, whose actions (Ctrl/⌘+click and Space toggle, Shift+click selects a range,
 * Shift+A selects all loaded, Esc clears) drive it. Kept across more pages and reloads of the same collection,
 * reset for another one.
 */
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Asset } from '@magpie/api-types';
import { assetSelectionMachine } from '@magpie/machines';
import { useActions } from '../../actions/ActionsProvider.tsx';
import type { AssetSelectionActor } from '../../actions/types.ts';

/** The selection and what the view renders from it. */
export interface AssetSelection {
  /** The running machine (the registry's selection actions send to it). */
  readonly actorRef: AssetSelectionActor;
  /** The selected hrefs. */
  readonly selected: ReadonlySet<string>;
  /** The loaded assets that are selected, in grid order. */
  readonly selectedAssets: readonly Asset[];
}

/** The selection of the collection at `href` among its `loaded` assets (see the module comment). */
export function useAssetSelection(href: string, loaded: readonly Asset[]): AssetSelection {
  const actorRef = useActorRef(assetSelectionMachine, { input: {} });
  const { setAssetSelection } = useActions();

  useEffect(() => {
    actorRef.send({ type: 'SHOW', collection: href, assets: loaded.map((asset) => asset.href) });
  }, [actorRef, href, loaded]);

  useEffect(() => {
    setAssetSelection(actorRef);
    return () => setAssetSelection(undefined);
  }, [actorRef, setAssetSelection]);

  const list = useSelector(actorRef, (snapshot) => snapshot.context.selected);
  const selected = useMemo<ReadonlySet<string>>(() => new Set(list), [list]);
  const selectedAssets = useMemo(() => loaded.filter((asset) => selected.has(asset.href)), [loaded, selected]);
  return { actorRef, selected, selectedAssets };
}
