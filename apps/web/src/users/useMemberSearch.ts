/**
 * The results of a member picker's search (spec 03 §2.6 "loads more results when scrolled within 150 px of the
 * bottom", §9): the pages found for the search text, followed through `paging.next` one at a time. This is fetched
 * data, like `useResource`; the picker's choice and the list's changes live in the list's `memberEditList` machine.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberRef } from '@magpie/machines';
import { isAbort } from '../api/client.ts';
import type { MemberSearch } from './usersApi.ts';

/** How near the bottom of the results (px) a scroll loads the next page (spec 03 §9 "within 150 px of the bottom"). */
export const LOAD_MORE_WITHIN_PX = 150;

/** The pages found for one search text. */
export interface MemberSearchResults {
  /** The search text these results are for. */
  readonly q: string;
  /** Every candidate of the pages loaded so far, in the server's order. */
  readonly found: readonly MemberRef[];
  /** The next page's link, undefined on the last page. */
  readonly next: string | undefined;
  /** True while a page (the first or the next) is on its way. */
  readonly loading: boolean;
  /** The failure of the last page asked for (what loaded before stays). */
  readonly error: unknown;
}

/**
 * The search results for `q` (nothing for empty text or while `enabled` is false), and `more()`, which asks for the
 * next page unless one is on its way or this was the last. A new `q` aborts what is on its way.
 */
export function useMemberSearch(search: MemberSearch, q: string, enabled: boolean): { results: MemberSearchResults | undefined; more: () => void } {
  const [results, setResults] = useState<MemberSearchResults | undefined>(undefined);
  const current = useRef<{ results: MemberSearchResults | undefined; controller: AbortController | undefined }>({ results: undefined, controller: undefined });
  current.current.results = results;

  const load = useCallback(
    (query: string, next: string | undefined, controller: AbortController) => {
      setResults((previous) =>
        next !== undefined && previous?.q === query ? { ...previous, loading: true, error: undefined } : { q: query, found: [], next: undefined, loading: true, error: undefined },
      );
      search(query, next, controller.signal)
        .then((page) => {
          if (controller.signal.aborted) return;
          setResults((previous) => ({
            q: query,
            found: [...(next !== undefined && previous?.q === query ? previous.found : []), ...page.found],
            next: page.next,
            loading: false,
            error: undefined,
          }));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setResults((previous) => ({
            q: query,
            found: previous?.q === query ? previous.found : [],
            next: previous?.q === query ? previous.next : undefined,
            loading: false,
            error,
          }));
        });
    },
    [search],
  );

  useEffect(() => {
    if (q === '' || !enabled) {
      setResults(undefined);
      return;
    }
    const controller = new AbortController();
    current.current.controller = controller;
    load(q, undefined, controller);
    return () => controller.abort();
  }, [q, enabled, load]);

  const more = useCallback(() => {
    const { results: shown, controller } = current.current;
    if (!shown || shown.loading || shown.next === undefined || !controller || controller.signal.aborted) return;
    // Two scroll events before the next render ask once.
    current.current.results = { ...shown, loading: true };
    load(shown.q, shown.next, controller);
  }, [load]);

  return { results, more };
}

/** True when `element` is scrolled to within {@link LOAD_MORE_WITHIN_PX} of its bottom (or does not scroll at all). */
export function isNearBottom(element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= LOAD_MORE_WITHIN_PX;
}
