/**
 * The user preferences the web client reads and writes (the descriptor's `user_preferences`; spec 02 §3 "User
 * preferences used", §7 "sorting preferences for an archive are read from the shared preferences store"):
 * `intranet.extSearch.dateType` (the advanced search's default date type) and `shared.sorting` (archive id → `;o=`
 * value, the archive tile's saved sort). Pins have their own store (`pins/`).
 */
import type { UserPreferences } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource, type ResourceState } from '../api/useResource.ts';
import { savedSorting } from '../search/search.ts';
import { useSession } from './SessionProvider.tsx';

/**
 * The current user's preferences, fetched when the calling view mounts. `href` is undefined when the descriptor has
 * no `user_preferences` link: then nothing is fetched and `status` stays `loading` with no data, so callers treat
 * "no href" as "no preferences".
 */
export function useUserPreferences(): ResourceState<UserPreferences> & { readonly href: string | undefined } {
  const { descriptor } = useSession();
  const href = descriptor?.user_preferences ?? undefined;
  const resource = useResource(href, (signal) => api.getUserPreferences(href!, { signal }));
  return { ...resource, href };
}

/** The saved preference `intranet.extSearch.dateType` (spec 02 §2), or undefined. */
export function dateTypePreference(preferences: UserPreferences | undefined): string | undefined {
  const intranet = preferences?.intranet as Record<string, unknown> | undefined;
  const extSearch = intranet?.['extSearch'];
  if (typeof extSearch === 'object' && extSearch !== null) {
    const value = (extSearch as Record<string, unknown>)['dateType'];
    if (typeof value === 'string') return value;
  }
  const flat = intranet?.['extSearch.dateType'];
  return typeof flat === 'string' ? flat : undefined;
}

/**
 * Saves the sort chosen in an archive (spec 02 §2 Routes, §7): `shared.sorting[archiveId] = sort` (`''`, the default
 * order, removes the entry). The DAM replaces a group's top-level keys on PATCH, so the other archives' sorts are
 * read first and sent back with this one.
 *
 * @throws ApiError when reading or writing the preferences fails.
 */
export async function saveArchiveSort(href: string, archiveId: string, sort: string): Promise<void> {
  const current = await api.getUserPreferences(href);
  const sorting: Record<string, string> = { ...savedSorting(current) };
  if (sort === '') delete sorting[archiveId];
  else sorting[archiveId] = sort;
  await api.patchUserPreferences(href, { shared: { sorting } });
}
