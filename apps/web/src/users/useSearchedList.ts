import { useEffect, useRef, useState } from 'react';
import type { RequestOptions } from '@magpie/api-types/client';
import { useResource } from '../api/useResource.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../components/useDebouncedValue.ts';

/** A grid's sort: the DAM's `sortfield` and `sortdir` (dam.yaml `UserSortField`, `GroupSortField`, `SortDirection`). */
export interface GridSort<F extends string> {
  readonly field: F;
  readonly dir: 'asc' | 'desc';
}

/** The query a searched list sends: the search text and the sort, each only when set. */
export interface SearchedListQuery<F extends string> {
  q?: string;
  sortfield?: F;
  sortdir?: 'asc' | 'desc';
}

/**
 * A searched, sorted, paged list of the users-and-groups modal (spec 03 §2.4, §2.5, §3.5, §7): the search text (sent
 * once it rests {@link SEARCH_DEBOUNCE_MS}), the sort (a header click; the DAM's default order until then), the page
 * link followed (a `paging` href, which carries the query; cleared by a new search or sort), and the list loaded
 * through `load(href, query, options)` — the client's `listUsers` or `listGroups`.
 *
 * Answers `{text, search(text), sort, setSort(sort), setPage(href), list}`; `list` is {@link useResource}'s state
 * (reload after a change).
 */
export function useSearchedList<T, F extends string = never>(
  listHref: string,
  load: (href: string, query: SearchedListQuery<F> | undefined, options: RequestOptions) => Promise<T>,
) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<string | undefined>(undefined);
  const [sort, setSortState] = useState<GridSort<F> | undefined>(undefined);
  const query: SearchedListQuery<F> = { ...(q ? { q } : {}), ...(sort ? { sortfield: sort.field, sortdir: sort.dir } : {}) };
  const key = page ?? `${listHref}?${new URLSearchParams(query as Record<string, string>).toString()}`;
  const list = useResource<T>(key, (signal) => (page ? load(page, undefined, { signal }) : load(listHref, Object.keys(query).length > 0 ? query : undefined, { signal })));
  const search = (value: string) => {
    setText(value);
    setPage(undefined);
  };
  const setSort = (next: GridSort<F>) => {
    setSortState(next);
    setPage(undefined);
  };
  return { text, search, sort, setSort, setPage, list };
}

/** The sort after a click on `field`'s header: ascending first, then the other way. */
export function nextSort<F extends string>(current: GridSort<F> | undefined, field: F): GridSort<F> {
  return current?.field === field && current.dir === 'asc' ? { field, dir: 'desc' } : { field, dir: 'asc' };
}

/**
 * Calls `reload` each time `reloads` changes after the first render (the modal's count of saves and deletes), so a
 * list that stays mounted reloads in place.
 */
export function useReloadOn(reloads: number, reload: () => void): void {
  const seen = useRef(reloads);
  useEffect(() => {
    if (seen.current === reloads) return;
    seen.current = reloads;
    reload();
  }, [reloads, reload]);
}
