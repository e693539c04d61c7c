/**
 * The public albums on the home page (issue 13; the public descriptor's `albums`, the full one's `albums_public`;
 * spec 02 §2 "no public albums or archives"): the albums their owners show on the home page, as tiles with their
 * covers, counts and owners, for guests and signed-in users alike. Nothing shows while there are none or the list
 * cannot be read (the archives above stay the page's content).
 */
import { Grid, Heading, chakra } from '@chakra-ui/react';
import type { Collection } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { CollectionTile } from '../components/CollectionTile.tsx';
import { useTilePin } from '../pins/PinToggle.tsx';

function PublicAlbumTile({ album }: { readonly album: Collection }) {
  const pin = useTilePin(album.href);
  const owner = typeof album.props?.owner?.name === 'string' ? album.props.owner.name : '';
  return <CollectionTile collection={album} kind="album" {...(owner ? { byline: `by ${owner}` } : {})} {...(album.pin && pin ? { pin } : {})} />;
}

/** See the module comment; `href` is the public albums' list. */
export function PublicAlbums({ href }: { readonly href: string | null | undefined }) {
  const albums = useResource(href ?? undefined, (signal) => api.listAlbums(href!, { signal }));
  if (!href || !albums.data || albums.data.data.length === 0) return null;
  return (
    <chakra.section aria-labelledby="public-albums-heading" data-testid="public-albums">
      <Heading as="h2" id="public-albums-heading" size="md" mb="3">
        Public albums
      </Heading>
      <Grid as="ul" listStyleType="none" p="0" m="0" templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" aria-label="Public albums">
        {albums.data.data.map((album) => (
          <li key={album.href}>
            <PublicAlbumTile album={album} />
          </li>
        ))}
      </Grid>
    </chakra.section>
  );
}
