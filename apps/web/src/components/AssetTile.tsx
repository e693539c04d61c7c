import { memo } from 'react';
import { Box, chakra, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Asset } from '@magpie/api-types';
import { assetTitle, pickPreview, previewSrcSet } from '../lib/assetFields.ts';
import { useHighQualityThumbnails } from '../shell/DisplayPreferencesProvider.tsx';
import { DocTypeIcon } from './DocTypeIcon.tsx';
import { PinButton } from './PinButton.tsx';

/**
 * The pin toggle of an asset tile (issue 13), as plain values so the memoised tile re-renders only when its own pin
 * changes: whether the asset is pinned, whether a change is being saved (any, or this one), and the store's toggle,
 * called with the asset's href (a stable function).
 */
export interface AssetTilePin {
  readonly pinned?: boolean;
  readonly pinBusy?: boolean;
  readonly pinLoading?: boolean;
  readonly onTogglePin?: (href: string) => void;
}

/**
 * What a tile dragged out of the page carries (issue 16): the asset's `dropHREF` (its href with the user and a MAC,
 * fotoweb-api-notes §3.3) as an absolute link, so a desktop tool or plug-in the thumbnail is dropped on knows which
 * asset, and which user of this site, it came from.
 */
export function carryDropLink(transfer: Pick<DataTransfer, 'setData'>, dropHref: string): void {
  const link = new URL(dropHref, window.location.origin).href;
  transfer.setData('text/uri-list', link);
  transfer.setData('text/plain', link);
}

/** Thumbnail preview size, px (FotoWeb's 200 preview; 400 for high-density screens). */
const THUMBNAIL_SIZE = 200;

/**
 * One asset of the grid: its 200/400 preview (or a document-type icon when it has none), and its file name. Links to
 * the asset's href; `from` lets the asset view go back to exactly this page. A `selected` tile (batch edit) carries
 * `data-selected` and says so to screen readers. The 400 preview is offered to high-density screens (`srcSet`) only
 * while "High-quality thumbnails" is on (spec 01 §3 client setting `enableRetinaThumbnails`, spec 03 §2.9). With
 * `onTogglePin` (signed-in users), a pin button sits on the thumbnail's corner: shown when pinned, on hover and on
 * keyboard focus (issue 13). Dragged out of the page, it carries the asset's `dropHREF` ({@link carryDropLink}).
 */
export const AssetTile = memo(function AssetTile({
  asset,
  size,
  from,
  selected = false,
  pinned = false,
  pinBusy = false,
  pinLoading = false,
  onTogglePin,
}: { asset: Asset; size: number; from: string; selected?: boolean } & AssetTilePin) {
  const preview = asset.hasPreview === false ? undefined : pickPreview(asset.previews, THUMBNAIL_SIZE);
  const title = assetTitle(asset);
  const highQuality = useHighQualityThumbnails();
  const link = (
    <chakra.a
      asChild
      data-testid="asset-thumbnail"
      data-href={asset.href}
      data-selected={selected || undefined}
      display="flex"
      flexDirection="column"
      w={`${size}px`}
      rounded="md"
      color="fg"
      textDecoration="none"
      _hover={{ '& .thumb': { shadow: 'md' } }}
    >
      <RouterLink to={asset.href} state={{ from }} onDragStart={asset.dropHREF ? (event) => carryDropLink(event.dataTransfer, asset.dropHREF!) : undefined}>
        <Box
          className="thumb"
          w={`${size}px`}
          h={`${size}px`}
          bg="bg.muted"
          rounded="md"
          overflow="hidden"
          display="flex"
          alignItems="center"
          justifyContent="center"
          color="fg.muted"
          transition="box-shadow 0.15s"
        >
          {preview ? (
            <chakra.img
              src={preview.href}
              srcSet={highQuality ? previewSrcSet(asset.previews, THUMBNAIL_SIZE) : undefined}
              alt={title}
              loading="lazy"
              decoding="async"
              maxW="full"
              maxH="full"
              objectFit="contain"
              draggable={false}
            />
          ) : (
            <Box data-testid="asset-placeholder" display="flex" flexDirection="column" alignItems="center" gap="1">
              <DocTypeIcon doctype={asset.doctype} hasPreview={asset.hasPreview} />
              <chakra.span srOnly>{title}</chakra.span>
            </Box>
          )}
        </Box>
        <Text fontSize="xs" mt="1" px="1" truncate title={asset.filename}>
          {asset.filename}
          {selected && <chakra.span srOnly>, selected</chakra.span>}
        </Text>
      </RouterLink>
    </chakra.a>
  );
  if (!onTogglePin) return link;
  return (
    <Box position="relative" w={`${size}px`} css={{ '&:not(:hover):not(:focus-within) [data-pin-overlay]:not([data-pinned])': { opacity: 0 } }}>
      {link}
      <PinButton
        data-pin-overlay=""
        pin={{ pinned, busy: pinBusy, loading: pinLoading, onToggle: () => onTogglePin(asset.href) }}
        name={asset.filename}
        position="absolute"
        top="1"
        right="1"
        size="xs"
        transition="opacity 0.15s"
      />
    </Box>
  );
});
