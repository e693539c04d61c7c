/**
 * The Albums view (issue 13; FotoWeb API, Albums): the user's albums (the descriptor's `albums_own`), those others
 * shared with them or their groups (`albums_shared`, with their owners' names), archived ones (`albums_archived`) and
 * deleted ones (`albums_deleted`), as tiles with their covers and counts, newest first. New
 * album (with `albums.create`) makes an empty one and opens it; Add to album in an archive makes one from a selection.
 */
import { Grid, Heading, HStack, Stack, Button } from '@chakra-ui/react';
import { Images, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NameEditInput, SavedName } from '@magpie/machines';
import { AlbumDialog } from './AlbumDialog.tsx';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { CollectionTile } from '../components/CollectionTile.tsx';
import { useTilePin } from '../pins/PinToggle.tsx';
import type { Collection } from '@magpie/api-types';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { FindContentLinks } from '../footer/FindContentLinks.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** An album's tile, with its pin toggle (issue 13), and its owner's name on a shared one. */
function AlbumTile({ album, shared }: { readonly album: Collection; readonly shared: boolean }) {
  const pin = useTilePin(album.href);
  const owner = shared && typeof album.props?.owner?.name === 'string' ? album.props.owner.name : '';
  return <CollectionTile collection={album} kind="album" {...(owner ? { byline: `by ${owner}` } : {})} {...(album.pin && pin && album.deleted === null ? { pin } : {})} />;
}

type AlbumTab = 'mine' | 'shared' | 'public' | 'archived' | 'deleted';
const TABS: ReadonlyArray<{ tab: AlbumTab; label: string; empty: string }> = [
  { tab: 'mine', label: 'My albums', empty: 'Select assets in an archive and choose “Add to album” to make one.' },
  { tab: 'shared', label: 'Shared with me', empty: 'Albums other people share with you or your groups show here.' },
  { tab: 'public', label: 'Public', empty: 'Albums shown on the home page show here.' },
  { tab: 'archived', label: 'Archived', empty: 'Albums you archive wait here.' },
  { tab: 'deleted', label: 'Deleted', empty: 'Albums you delete wait here until you restore them or delete them for good.' },
];

/** See the module comment. */
export function AlbumsView() {
  const { descriptor } = useSession();
  const [tab, setTab] = useState<AlbumTab>('mine');
  const lists: Record<AlbumTab, string | null | undefined> = {
    mine: descriptor?.albums_own,
    shared: descriptor?.albums_shared,
    public: descriptor?.albums_public,
    archived: descriptor?.albums_archived,
    deleted: descriptor?.albums_deleted,
  };
  const href = lists[tab] ?? null;
  const albums = useResource(href ?? undefined, (signal) => api.listAlbums(href!, { signal }));
  useDocumentTitle('Albums');
  const navigate = useNavigate();
  const [creating, setCreating] = useState<NameEditInput | undefined>(undefined);
  const closeDialog = useCallback(
    (saved: SavedName | undefined) => {
      setCreating(undefined);
      if (saved) navigate(saved.href);
    },
    [navigate],
  );
  const current = TABS.find((entry) => entry.tab === tab)!;
  return (
    <Stack gap="5" data-testid="albums-view">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          Albums
        </Heading>
        {descriptor?.albums && descriptor.permissions.albums.create && (
          <Button size="sm" colorPalette="brand" onClick={() => setCreating({ mode: 'create', href: descriptor.albums!, name: '' })} data-testid="album-new">
            <Plus aria-hidden="true" />
            New album
          </Button>
        )}
      </HStack>
      <AlbumDialog target={creating} onClose={closeDialog} />
      <HStack gap="2" role="group" aria-label="Album lists">
        {TABS.filter((entry) => lists[entry.tab]).map((entry) => (
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
        <EmptyView
          icon={<Images aria-hidden="true" />}
          title={tab === 'shared' ? 'No albums shared with you' : `No ${tab === 'mine' ? '' : `${tab} `}albums`}
          description={current.empty}
        >
          {(tab === 'mine' || tab === 'shared' || tab === 'public') && <FindContentLinks place="albums" />}
        </EmptyView>
      ) : (
        <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" aria-label={current.label}>
          {albums.data.data.map((album) => (
            <li key={album.href}>
              <AlbumTile album={album} shared={tab === 'shared' || tab === 'public'} />
            </li>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
