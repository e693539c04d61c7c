/**
 * The state of a collection's asset pages as the grid loads them: the assets so far, the next page's href (taken
 * from `paging.next`, never computed; FotoWeb API "Paging"), and whether a request runs or failed.
 */
import { pageHref, type Asset, type AssetList } from '@magpie/api-types';

/** Loaded pages of one collection. */
export interface AssetPagesState {
  /** The first page these pages started from (the collection's embedded `assets`). */
  readonly source: AssetList | null | undefined;
  readonly assets: readonly Asset[];
  /** The next page's href, or undefined at the end. */
  readonly next: string | undefined;
  readonly loading: boolean;
  readonly failed: boolean;
  /** Size of the last page received (at least 1): how many placeholders to show for the next one. */
  readonly pageSize: number;
}

/** What happens to the pages. */
export type AssetPagesEvent =
  | { readonly type: 'reset'; readonly first: AssetList | null | undefined }
  | { readonly type: 'loading' }
  | { readonly type: 'loaded'; readonly page: AssetList }
  | { readonly type: 'failed' };

/** The pages right after the collection arrived with its first page embedded (or none). */
export function initialAssetPages(first: AssetList | null | undefined): AssetPagesState {
  const assets = first?.data ?? [];
  return { source: first, assets, next: pageHref(first?.paging?.next), loading: false, failed: false, pageSize: Math.max(1, assets.length) };
}

/**
 * The next state. A loaded page appends its assets, skipping hrefs already shown (an asset added meanwhile can shift
 * a page boundary), and takes its `paging.next` as the next href (`""` and null end the list).
 */
export function reduceAssetPages(state: AssetPagesState, event: AssetPagesEvent): AssetPagesState {
  switch (event.type) {
    case 'reset':
      return initialAssetPages(event.first);
    case 'loading':
      return { ...state, loading: true, failed: false };
    case 'loaded': {
      const seen = new Set(state.assets.map((asset) => asset.href));
      const added = event.page.data.filter((asset) => !seen.has(asset.href));
      return {
        source: state.source,
        assets: added.length > 0 ? [...state.assets, ...added] : state.assets,
        next: pageHref(event.page.paging?.next),
        loading: false,
        failed: false,
        pageSize: Math.max(1, event.page.data.length || state.pageSize),
      };
    }
    case 'failed':
      return { ...state, loading: false, failed: true };
  }
}
