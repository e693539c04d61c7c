/**
 * The archives listing's list (spec 03 §2.11): the first page of the archives (or of a search across them), then the
 * next page each time the user scrolls within {@link LOAD_MORE_MARGIN_PX} of the bottom, checked at most every
 * {@link LOAD_MORE_THROTTLE_MS}, following `paging.next` (spec 03 §3.5) until there is none.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageHref, type Collection, type CollectionList } from '@magpie/api-types';
import { api, isAbort } from '../api/client.ts';
import { useResource, type ResourceCache } from '../api/useResource.ts';
import { isNearBottom, LOAD_MORE_MARGIN_PX, LOAD_MORE_THROTTLE_MS, throttle } from './infiniteScroll.ts';

/** What {@link useArchiveList} answers. */
export interface ArchiveListState {
  readonly status: 'loading' | 'ready' | 'error';
  /** Every archive loaded so far (the first page and the pages after it), or undefined before the first page. */
  readonly archives: readonly Collection[] | undefined;
  /** The first page's failure (the list cannot show), or undefined. */
  readonly error: unknown;
  /** A later page's failure: the loaded archives stay, and the next scroll tries again. */
  readonly moreError: unknown;
  /** True while a later page is on its way. */
  readonly loadingMore: boolean;
  /** True while `paging.next` names another page. */
  readonly hasMore: boolean;
  /**
   * True while the first page shown is the navigation cache's (spec 01 §9) and the server's has not arrived: with
   * `status` `error`, its request failed and the cached list stays. No later page loads meanwhile.
   */
  readonly fromCache: boolean;
  /** Loads the list again from its first page (keeping what shows meanwhile). */
  readonly reload: () => void;
}

interface MorePages {
  /** The first page these follow; a reload gives a new one, which drops them. */
  readonly after: CollectionList | undefined;
  readonly archives: readonly Collection[];
  readonly next: string | undefined;
  readonly error: unknown;
}

/** See the module comment; `href` undefined loads nothing. `cache`: where the first page is kept between visits (the archives list, not a search). */
export function useArchiveList(href: string | undefined, cache?: ResourceCache<CollectionList>): ArchiveListState {
  const first = useResource<CollectionList>(href, (signal) => api.getCollectionList(href!, { signal }), cache);
  const [more, setMore] = useState<MorePages>({ after: undefined, archives: [], next: undefined, error: undefined });
  const [loadingMore, setLoadingMore] = useState(false);
  const inFlight = useRef<AbortController | undefined>(undefined);

  const current = useMemo<MorePages>(
    () => (more.after !== undefined && more.after === first.data ? more : { after: first.data, archives: [], next: pageHref(first.data?.paging?.next), error: undefined }),
    [more, first.data],
  );
  const archives = first.data ? [...first.data.data, ...current.archives] : undefined;
  // A cached first page's `next` may be out of date: later pages wait for the server's first page.
  const next = first.fromCache ? undefined : current.next;

  // A new first page (another search, a reload) drops the later pages and any page still on its way.
  useEffect(() => {
    inFlight.current?.abort();
    inFlight.current = undefined;
    setLoadingMore(false);
  }, [first.data]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (next === undefined || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoadingMore(true);
    const base = first.data;
    api
      .getCollectionList(next, { signal: controller.signal })
      .then((page) => setMore({ after: base, archives: [...current.archives, ...page.data], next: pageHref(page.paging?.next), error: undefined }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setMore({ ...current, after: base, error });
      })
      .finally(() => {
        if (inFlight.current !== controller) return;
        inFlight.current = undefined;
        setLoadingMore(false);
      });
  }, [next, first.data, current]);

  // After a failed page only the user's next scroll tries again, never a check of its own (no retry loop).
  useLoadMoreOnScroll(next !== undefined && !loadingMore, loadMore, archives?.length ?? 0, current.error === undefined);

  return {
    status: first.status,
    archives,
    error: first.error,
    moreError: current.error,
    loadingMore,
    hasMore: next !== undefined,
    fromCache: first.fromCache,
    reload: first.reload,
  };
}

/**
 * Calls `loadMore` when the window is scrolled (or resized) to within {@link LOAD_MORE_MARGIN_PX} of the bottom,
 * throttled to {@link LOAD_MORE_THROTTLE_MS}; also once after each change of `loaded` when `checkAtOnce`, so a page
 * too short to scroll fills itself.
 */
function useLoadMoreOnScroll(enabled: boolean, loadMore: () => void, loaded: number, checkAtOnce: boolean): void {
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    if (!enabled) return;
    const check = throttle(() => {
      const root = document.documentElement;
      if (isNearBottom({ scrollTop: window.scrollY, clientHeight: window.innerHeight, scrollHeight: root.scrollHeight }, LOAD_MORE_MARGIN_PX)) latest.current();
    }, LOAD_MORE_THROTTLE_MS);
    if (checkAtOnce) check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, loaded, checkAtOnce]);
}
