/**
 * The Albums view (issue 13; FotoWeb API, Albums): the user's albums (the descriptor's `albums_own`), archived ones
 * (`albums_archived`) and deleted ones (`albums_deleted`), as tiles with their covers and counts, newest first. An
 * album is made from a selection (Add to album in an archive); the empty state says so.
 */
import { Grid, Heading, HStack, Stack, Button } from '@chakra-ui/react';
import { Images } from 'lucide-react';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { CollectionTile } from '../components/CollectionTile.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';

type AlbumTab = 'mine' | 'archived' | 'deleted';
const TABS: ReadonlyArray<{ tab: AlbumTab; label: string; empty: string }> = [
  { tab: 'mine', label: 'My albums', empty: 'Select assets in an archive and choose “Add to album” to make one.' },
  { tab: 'archived', label: 'Archived', empty: 'Albums you archive wait here.' },
  { tab: 'deleted', label: 'Deleted', empty: 'Albums you delete wait here until you restore them or delete them for good.' },
];

/** See the module comment. */
export function AlbumsView() {
  const { descriptor } = useSession();
  const [tab, setTab] = useState<AlbumTab>('mine');
  const href = descriptor ? { mine: descriptor.albums_own, archived: descriptor.albums_archived, deleted: descriptor.albums_deleted }[tab] : null;
  const albums = useResource(href ?? undefined, (signal) => api.listAlbums(href!, { signal }));
  useDocumentTitle('Albums');
  const current = TABS.find((entry) => entry.tab === tab)!;
  return (
    <Stack gap="5" data-testid="albums-view">
      <Heading as="h1" size="2xl">
        Albums
      </Heading>
      <HStack gap="2" role="group" aria-label="Album lists">
        {TABS.map((entry) => (
          <Button
            key={entry.tab}
            size="sm"
            variant={entry.tab === tab ? 'solid' : 'outline'}
            aria-pressed={entry.tab === tab}
            onClick={() => setTab(entry.tab)}
            data-testid={`albums-tab-${entry.tab}`}
          >
            {entry.label}
          </Button>
        ))}
      </HStack>
      {albums.status === 'error' && !albums.data ? (
        <ErrorState error={albums.error} onRetry={albums.reload} />
      ) : !albums.data ? (
        <LoadingState label="Loading albums…" />
      ) : albums.data.data.length === 0 ? (
        <EmptyView icon={<Images aria-hidden="true" />} title={`No ${tab === 'mine' ? '' : `${tab} `}albums`} description={current.empty} />
      ) : (
        <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" aria-label={current.label}>
          {albums.data.data.map((album) => (
            <li key={album.href}>
              <CollectionTile collection={album} kind="album" />
            </li>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
