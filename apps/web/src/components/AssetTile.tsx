import { memo } from 'react';
import { Box, chakra, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Asset } from '@magpie/api-types';
import { assetTitle, pickPreview, previewSrcSet } from '../lib/assetFields.ts';
import { useHighQualityThumbnails } from '../shell/DisplayPreferencesProvider.tsx';
import { DocTypeIcon } from './DocTypeIcon.tsx';

/** Thumbnail preview size, px (FotoWeb's 200 preview; 400 for high-density screens). */
const THUMBNAIL_SIZE = 200;

/**
 * One asset of the grid: its 200/400 preview (or a document-type icon when it has none), and its file name. Links to
 * the asset's href; `from` lets the asset view go back to exactly this page. A `selected` tile (batch edit) carries
 * `data-selected` and says so to screen readers. The 400 preview is offered to high-density screens (`srcSet`) only
 * while "High-quality thumbnails" is on (spec 01 §3 client setting `enableRetinaThumbnails`, spec 03 §2.9).
 */
export const AssetTile = memo(function AssetTile({ asset, size, from, selected = false }: { asset: Asset; size: number; from: string; selected?: boolean }) {
  const preview = asset.hasPreview === false ? undefined : pickPreview(asset.previews, THUMBNAIL_SIZE);
  const title = assetTitle(asset);
  const highQuality = useHighQualityThumbnails();
  return (
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
      <RouterLink to={asset.href} state={{ from }}>
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
});
