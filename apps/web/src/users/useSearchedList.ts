import { useState } from 'react';
import type { RequestOptions } from '@magpie/api-types/client';
import { useResource } from '../api/useResource.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** How long the search text must rest before it is sent (ms; spec 03 §5, §9: search inputs are debounced at 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A searched, paged list of the users-and-groups modal (spec 03 §2.4, §2.5, §3.5, §7): the search text (sent once it
 * rests {@link SEARCH_DEBOUNCE_MS}), the page link followed (a `paging` href, cleared by a new search), and the list
 * loaded through `load(href, query, options)` — the client's `listUsers` or `listGroups`.
 *
 * Answers `{text, search(text), setPage(href), list}`; `list` is {@link useResource}'s state (reload after a change).
 */
export function useSearchedList<T>(listHref: string, load: (href: string, query: { q: string } | undefined, options: RequestOptions) => Promise<T>) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState<string | undefined>(undefined);
  const list = useResource<T>(page ?? `${listHref}?q=${encodeURIComponent(q)}`, (signal) =>
    page ? load(page, undefined, { signal }) : load(listHref, q ? { q } : undefined, { signal }),
  );
  const search = (value: string) => {
    setText(value);
    setPage(undefined);
  };
  return { text, search, setPage, list };
}
