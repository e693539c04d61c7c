import { Box, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { FolderSearch, Images } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_COLLECTION_COLOR, type Collection } from '@magpie/api-types';
import { collectionIcon } from './collectionIcons.tsx';
import { pickPreview } from '../lib/assetFields.ts';
import { PinButton, type TilePin } from './PinButton.tsx';

export type { TilePin } from './PinButton.tsx';

function assetCountText(count: number): string {
  return count === 1 ? '1 asset' : `${count.toLocaleString('en')} assets`;
}

/**
 * An archive, folder, smart folder or album tile (spec 02 §2 Collection tile): link to the collection's href (or `href`, e.g. the archive
 * with the user's saved sort), name, poster image (or, for a folder or an archive, its colour and icon: spec 02 §2, §9), asset count, and a
 * pin toggle when `pin` is given (signed-in users only).
 */
function TileIcon({ iconCharacter, size }: { iconCharacter: string | null | undefined; size: number }) {
  const Icon = collectionIcon(iconCharacter);
  return <Icon size={size} aria-hidden="true" strokeWidth={1.5} />;
}

export function CollectionTile({
  collection,
  kind,
  href,
  pin,
  byline,
}: {
  collection: Collection;
  kind: 'archive' | 'folder' | 'album' | 'smartFolder';
  href?: string;
  pin?: TilePin;
  /** A line under the count, e.g. a shared album's owner ("by Anna Berg"). */
  byline?: string;
}) {
  const poster = pickPreview(collection.posterImages, 400);
  return (
    <LinkBox
      as="article"
      data-testid="collection-tile"
      data-kind={kind}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      overflow="hidden"
      bg="bg.panel"
      transition="box-shadow 0.15s"
      _hover={{ shadow: 'md' }}
      _focusWithin={{ shadow: 'md' }}
      position="relative"
    >
      <Box aspectRatio={kind === 'folder' || kind === 'smartFolder' ? 3 / 1 : 16 / 9} bg="bg.muted" position="relative" display="flex" alignItems="center" justifyContent="center">
        {poster ? (
          <Image src={poster.href} alt="" loading="lazy" w="full" h="full" objectFit="cover" />
        ) : kind === 'folder' || kind === 'archive' ? (
          // The collection's colour as the background, its icon on it (spec 02 §2, §9).
          <Box
            w="full"
            h="full"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg={collection.color || DEFAULT_COLLECTION_COLOR}
            color="white"
            data-testid="collection-tile-style"
            data-color={collection.color || DEFAULT_COLLECTION_COLOR}
            data-icon={collection.iconCharacter || 'Folder'}
          >
            <TileIcon iconCharacter={collection.iconCharacter} size={kind === 'archive' ? 48 : 28} />
          </Box>
        ) : (
          <Box color={collection.color || DEFAULT_COLLECTION_COLOR}>
            {kind === 'album' ? <Images size={40} aria-hidden="true" strokeWidth={1.5} /> : <FolderSearch size={28} aria-hidden="true" strokeWidth={1.5} />}
          </Box>
        )}
      </Box>
      <Box px="3" py="2">
        <LinkOverlay asChild>
          <RouterLink to={href ?? collection.href}>
            <Text as="span" fontWeight="semibold" display="block" truncate title={collection.name}>
              {collection.name}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Text fontSize="sm" color="fg.muted">
          {assetCountText(collection.assetCount)}
        </Text>
        {byline && (
          <Text fontSize="sm" color="fg.muted" truncate data-testid="collection-tile-byline">
            {byline}
          </Text>
        )}
      </Box>
      {pin && <PinButton pin={pin} name={collection.name} position="absolute" top="2" right="2" zIndex="1" />}
    </LinkBox>
  );
}

export { assetCountText };
