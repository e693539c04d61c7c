/**
 * The archives list (spec 01 §2 /fotoweb/archives/, spec 02 §2 "search home page"): one tile per archive with its
 * name, poster image and asset count; each tile links with the user's saved sort for that archive (`shared.sorting`,
 * spec 02 §2 Routes). With a query (`?q=` or advanced-search parameters: a search across archives) it lists the
 * archives with hits; a search the DAM refuses shows its message under the header search (spec 02 §8).
 */
import { useEffect, useRef, useState } from 'react';
import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Archive } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { pageHref } from '@magpie/api-types';
import type { Collection } from '@magpie/api-types';
import { api, describeError } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { CollectionTile } from '../../components/CollectionTile.tsx';
import { EmptyView, ErrorState, LoadingState } from '../../components/States.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { useView } from '../../session/ViewContext.tsx';
import { toggleArchivePin, useUserPreferences } from '../../session/userPreferences.ts';
import { archiveIdOf, pinnedArchives, pinnedFirst, savedSorting, searchErrorMessage, withSavedSort } from '../../search/search.ts';

/** Most archive-list pages followed (archive lists are short; FotoWeb pages them anyway). */
const MAX_ARCHIVE_PAGES = 20;

async function loadAll(href: string, signal: AbortSignal): Promise<Collection[]> {
  const archives: Collection[] = [];
  let next: string | undefined = href;
  for (let page = 0; next !== undefined && page < MAX_ARCHIVE_PAGES; page++) {
    const list = await api.getCollectionList(next, { signal });
    archives.push(...list.data);
    next = pageHref(list.paging?.next);
  }
  return archives;
}

export function ArchivesView() {
  const { descriptor } = useSession();
  const { refreshCount, setSearchError } = useView();
  const location = useLocation();
  const isSearch = [...new URLSearchParams(location.search).keys()].some((key) => key !== 'access_token');
  const query = new URLSearchParams(location.search).get('q') ?? (isSearch ? 'your search' : null);
  // Without a query, the descriptor's own archives link (spec 01 §7 "paths come from the descriptor").
  const href = isSearch ? `${location.pathname}${location.search}` : (descriptor?.archives ?? undefined);
  const resource = useResource(href, (signal) => loadAll(href!, signal));
  const preferences = useUserPreferences();
  const sorting = savedSorting(preferences.data);
  // The pins as last saved here, else as the preferences say (spec 02 §2 Collection tile pin toggle).
  const [pinned, setPinned] = useState<string[] | undefined>(undefined);
  const [pinning, setPinning] = useState<string | undefined>(undefined);
  const [pinError, setPinError] = useState<string | undefined>(undefined);
  const shownPins = pinned ?? pinnedArchives(preferences.data);
  const togglePin = async (archiveId: string) => {
    if (!preferences.href) return;
    setPinning(archiveId);
    setPinError(undefined);
    try {
      setPinned(await toggleArchivePin(preferences.href, archiveId));
    } catch (error) {
      setPinError(`The pin could not be saved: ${describeError(error).message}`);
    } finally {
      setPinning(undefined);
    }
  };
  useDocumentTitle('Archives');

  const searchError = resource.status === 'error' ? searchErrorMessage(resource.error) : undefined;
  useEffect(() => {
    setSearchError(searchError);
  }, [searchError, setSearchError]);
  useEffect(() => () => setSearchError(undefined), [setSearchError]);

  const { reload } = resource;
  const seenRefresh = useRef(refreshCount);
  useEffect(() => {
    if (refreshCount === seenRefresh.current) return;
    seenRefresh.current = refreshCount;
    reload();
  }, [refreshCount, reload]);

  const archives = resource.data;
  return (
    <Stack gap="5" data-testid="archives-view">
      <div>
        <Heading as="h1" size="2xl">
          {query !== null ? 'Search results' : 'Archives'}
        </Heading>
        {query !== null && <Text color="fg.muted">Archives with assets matching “{query}”</Text>}
        {pinError && (
          <Text role="alert" color="fg.error" data-testid="pin-error">
            {pinError}
          </Text>
        )}
      </div>
      {!href ? (
        <EmptyView icon={<Archive aria-hidden="true" />} title="No archives" description="You do not have access to any archive yet." />
      ) : searchError !== undefined ? (
        <EmptyView icon={<Archive aria-hidden="true" />} title="The search could not be run" description={searchError} />
      ) : resource.status === 'error' && !archives ? (
        <ErrorState error={resource.error} onRetry={resource.reload} />
      ) : !archives ? (
        <LoadingState label="Loading archives…" />
      ) : archives.length === 0 ? (
        <EmptyView
          icon={<Archive aria-hidden="true" />}
          title={query !== null ? 'No archive has matching assets' : 'No archives'}
          description={query !== null ? 'Try other words.' : 'You do not have access to any archive yet. Ask your administrator.'}
        />
      ) : (
        <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="4" aria-label="Archives">
          {pinnedFirst(archives, shownPins).map((archive) => {
            const archiveId = archiveIdOf(archive);
            const pin = preferences.href ? { pinned: shownPins.includes(archiveId), busy: pinning === archiveId, onToggle: () => void togglePin(archiveId) } : undefined;
            return (
              <li key={archive.href}>
                <CollectionTile collection={archive} kind="archive" href={withSavedSort(archive.href, sorting[archiveId])} {...(pin ? { pin } : {})} />
              </li>
            );
          })}
        </Grid>
      )}
    </Stack>
  );
}
