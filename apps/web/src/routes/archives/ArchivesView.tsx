/**
 * The archives list (spec 01 §2 /fotoweb/archives/, spec 02 §2 "search home page", spec 03 §2.11): one tile per
 * archive with its name, poster image and asset count; each tile links with the user's saved sort for that archive
 * (`shared.sorting`, spec 02 §2 Routes). More archives load as the user scrolls near the bottom (`archives/`
 * `useArchiveList`). With a query (`?q=` or advanced-search parameters: a search across archives) it lists the
 * archives with hits; a search the DAM refuses shows its message under the header search (spec 02 §8). Holders of
 * the manage-archives permission also get the "Add new archive" tile (not on search results) and an "Archive
 * details" button on each tile, which open the archive dialog (`archives/ArchiveAdmin.tsx`), and the tile's menu
 * where the archive offers it (`edit`; issue 13): Style… opens the Style dialog of folder tiles (colour and icon), Clear
 * cover drops a chosen cover, after which the tile shows the archive's first asset again.
 *
 * The list without a query comes from the navigation cache at once when this user saw it less than 2 h ago (spec 01 §9,
 * `navigation/`), while the request runs; if that request fails, the cached list stays, with a notice above it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Archive } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { api, describeError } from '../../api/client.ts';
import {
  AddArchiveTile,
  ArchiveDetailsButton,
  ArchiveDialogHost,
  ArchiveTileMenu,
  canManageArchives,
  type ArchiveDialogTarget,
  type ArchiveTileAction,
} from '../../archives/ArchiveAdmin.tsx';
import type { ArchiveDialogResult } from '../../archives/ArchiveDialog.tsx';
import { useArchiveList } from '../../archives/useArchiveList.ts';
import { listForNavigation } from '../../navigation/navigationCache.ts';
import { useNavigationCacheEntry } from '../../navigation/NavigationCacheKeeper.tsx';
import { CollectionTile } from '../../components/CollectionTile.tsx';
import { FolderStyleDialog } from '../../folders/FolderStyleDialog.tsx';
import { useNotifications } from '../../notifications/NotificationsProvider.tsx';
import { errorReport } from '../../notifications/errorReport.ts';
import { EmptyView, ErrorState, LoadingState } from '../../components/States.tsx';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { PublicAlbums } from '../../albums/PublicAlbums.tsx';
import { NoPublicArchives } from '../../shell/GuestLogIn.tsx';
import { FindContentLinks } from '../../footer/FindContentLinks.tsx';
import { useView } from '../../session/ViewContext.tsx';
import { useUserPreferences } from '../../session/userPreferences.ts';
import { archiveIdOf, pinnedFirst, savedSorting, searchErrorMessage, withSavedSort } from '../../search/search.ts';
import { useTilePin } from '../../pins/PinToggle.tsx';
import { usePins } from '../../pins/PinsProvider.tsx';
import type { Collection } from '@magpie/api-types';
import { LoadingSpinner } from '../../components/LoadingSpinner.tsx';

/** An archive's tile with its pin toggle for signed-in users where the archive offers one (not on search results; issue 13). */
function ArchiveTile({ archive, href }: { readonly archive: Collection; readonly href: string }) {
  const pin = useTilePin(archive.href);
  return <CollectionTile collection={archive} kind="archive" href={href} {...(archive.pin && pin ? { pin } : {})} />;
}

export function ArchivesView() {
  const { descriptor, guest } = useSession();
  const { refreshCount, setSearchError } = useView();
  const location = useLocation();
  const isSearch = [...new URLSearchParams(location.search).keys()].some((key) => key !== 'access_token');
  const query = new URLSearchParams(location.search).get('q') ?? (isSearch ? 'your search' : null);
  // Without a query, the descriptor's own archives link (spec 01 §7 "paths come from the descriptor").
  const href = isSearch ? `${location.pathname}${location.search}` : ((descriptor ?? guest)?.archives ?? undefined);
  const cached = useNavigationCacheEntry(isSearch ? undefined : href, listForNavigation);
  const resource = useArchiveList(href, cached);
  const manages = canManageArchives(descriptor) && !isSearch;
  const [dialog, setDialog] = useState<ArchiveDialogTarget | undefined>(undefined);
  // The archive whose Style dialog is open (issue 13).
  const [styling, setStyling] = useState<Collection | undefined>(undefined);
  const { notify } = useNotifications();
  const preferences = useUserPreferences();
  const sorting = savedSorting(preferences.data);
  // Pinned archives come first (spec 02 §2 Collection tile pin toggle), from the pins store (issue 13).
  const pins = usePins();
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

  const archives = resource.archives;
  // A save or a delete changes the list: it loads again from its first page.
  const closeDialog = useCallback(
    (result: ArchiveDialogResult) => {
      setDialog(undefined);
      if (result.status !== 'cancelled') reload();
    },
    [reload],
  );
  // Style… opens the dialog; Clear cover is one request, then the tiles reload (issue 13).
  const tileAction = useCallback(
    (action: ArchiveTileAction) => {
      if (action.kind === 'style') return setStyling(action.archive);
      api.updateFolder(action.archive.edit!, { poster_asset: null }).then(reload, (failure: unknown) => {
        const message = `The cover was not cleared. ${describeError(failure).message}`;
        notify({ status: 'error', key: 'archive-tile-error', testId: 'archive-tile-error', body: message, report: errorReport(failure, { message }) });
      });
    },
    [reload, notify],
  );
  const closeStyle = useCallback(
    (saved: unknown) => {
      setStyling(undefined);
      if (saved) reload();
    },
    [reload],
  );
  return (
    <Stack gap="5" data-testid="archives-view">
      <div>
        <Heading as="h1" size="2xl">
          {query !== null ? 'Search results' : 'Archives'}
        </Heading>
        {query !== null && <Text color="fg.muted">Archives with assets matching “{query}”</Text>}
      </div>
      {!href ? (
        <EmptyView icon={<Archive aria-hidden="true" />} title="No archives" description="You do not have access to any archive yet." />
      ) : searchError !== undefined ? (
        <EmptyView icon={<Archive aria-hidden="true" />} title="The search could not be run" description={searchError} />
      ) : resource.status === 'error' && !archives ? (
        <ErrorState error={resource.error} onRetry={resource.reload} />
      ) : !archives ? (
        <LoadingState label="Loading archives…" />
      ) : archives.length === 0 && guest !== undefined && query === null ? (
        <NoPublicArchives />
      ) : archives.length === 0 && !manages ? (
        <EmptyView
          icon={<Archive aria-hidden="true" />}
          title={query !== null ? 'No archive has matching assets' : 'No archives'}
          description={query !== null ? 'Try other words.' : 'You do not have access to any archive yet. Ask your administrator.'}
        >
          <FindContentLinks place={query !== null ? 'search' : 'archives'} />
        </EmptyView>
      ) : (
        <>
          {resource.fromCache && resource.status === 'error' && (
            <Alert.Root status="warning" data-testid="archives-cached-error">
              <Alert.Indicator />
              <Alert.Description>
                The archives could not be loaded: {describeError(resource.error).message} This is the list as you last saw it.{' '}
                <Button size="xs" variant="outline" onClick={resource.reload}>
                  Try again
                </Button>
              </Alert.Description>
            </Alert.Root>
          )}
          <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="4" aria-label="Archives">
            {manages && (
              <li>
                <AddArchiveTile onOpen={() => setDialog({ mode: 'add' })} />
              </li>
            )}
            {pinnedFirst(archives, archives.filter((archive) => pins?.isPinned(archive.href)).map(archiveIdOf)).map((archive) => {
              const archiveId = archiveIdOf(archive);
              return (
                <Stack as="li" key={archive.href} position="relative">
                  <ArchiveTile archive={archive} href={withSavedSort(archive.href, sorting[archiveId])} />
                  {manages && <ArchiveTileMenu archive={archive} onAction={tileAction} />}
                  {manages && <ArchiveDetailsButton name={archive.name} onOpen={() => setDialog({ mode: 'edit', archiveId, name: archive.name })} />}
                </Stack>
              );
            })}
          </Grid>
          {archives.length === 0 && (
            <EmptyView icon={<Archive aria-hidden="true" />} title="No archives" description="There is no archive yet. Add the first one with “Add new archive”." />
          )}
          {resource.loadingMore && <LoadingSpinner alignSelf="center" label="Loading more archives" />}
          {resource.moreError !== undefined && (
            <Alert.Root status="error" data-testid="archives-more-error">
              <Alert.Indicator />
              <Alert.Description>More archives could not be loaded: {describeError(resource.moreError).message} Scroll down to try again.</Alert.Description>
            </Alert.Root>
          )}
        </>
      )}
      {query === null && <PublicAlbums href={descriptor?.albums_public ?? guest?.albums} />}
      <ArchiveDialogHost target={dialog} onClose={closeDialog} />
      <FolderStyleDialog folder={styling} onClose={closeStyle} />
    </Stack>
  );
}
