import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { AssetList } from '@magpie/api-types';
import { api, isAbort } from '../../api/client.ts';
import { initialAssetPages, reduceAssetPages } from '../../lib/assetPaging.ts';

/**
 * The assets of a collection, page after page (lib/assetPaging.ts): starts from the embedded first page and follows
 * `paging.next`. `first` changing (a new collection or a reload) starts over.
 */
export function useAssetPages(first: AssetList | null | undefined) {
  const [state, dispatch] = useReducer(reduceAssetPages, first, initialAssetPages);
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    controller.current?.abort();
    dispatch({ type: 'reset', first });
  }, [first]);

  useEffect(() => () => controller.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (state.source !== first || state.loading || state.next === undefined) return;
    const href = state.next;
    const request = new AbortController();
    controller.current = request;
    dispatch({ type: 'loading' });
    api
      .getAssetList(href, { signal: request.signal })
      .then((page) => {
        if (!request.signal.aborted) dispatch({ type: 'loaded', page });
      })
      .catch((error: unknown) => {
        if (!request.signal.aborted && !isAbort(error)) dispatch({ type: 'failed' });
      });
  }, [first, state.source, state.loading, state.next]);

  // Until the reset effect ran, answer from the new first page (no flash of the previous collection's assets).
  const current = state.source === first ? state : initialAssetPages(first);
  return { assets: current.assets, next: current.next, loading: current.loading, failed: current.failed, pageSize: current.pageSize, loadMore };
}
