/**
 * The virtualized thumbnail grid: rows of N columns by container width (lib/gridLayout.ts), rendered only while
 * near the viewport (@tanstack/react-virtual, window scrolling), so 100,000 assets cost what a screenful costs.
 * Further pages are requested through `onLoadMore` (which follows `paging.next`) when the user nears the end;
 * unloaded tiles show as skeletons.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Skeleton, Text } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Asset } from '@magpie/api-types';
import { GRID_OVERSCAN_ROWS, gridGeometry, placeholderCount, rowCount, rowItemRange, shouldLoadMore, TILE_GAP_PX } from '../lib/gridLayout.ts';
import { AssetTile, type AssetTilePin } from './AssetTile.tsx';

export interface VirtualAssetGridProps {
  readonly assets: readonly Asset[];
  /** The collection's `assetCount`. */
  readonly total: number;
  readonly hasNext: boolean;
  readonly loadingMore: boolean;
  /** Set when the last page request failed; the grid offers a retry instead of loading on. */
  readonly loadMoreFailed: boolean;
  /** Size of the last page, in assets (placeholder count). */
  readonly pageSizeHint: number;
  readonly onLoadMore: () => void;
  /** The page address tiles link back to. */
  readonly from: string;
  /** The hrefs of the selected assets (batch edit); their tiles say "selected" to screen readers. */
  readonly selected?: ReadonlySet<string>;
  /** Each asset's pin toggle (signed-in users, issue 13); without it the tiles have none. */
  readonly pinOf?: (href: string) => AssetTilePin;
}

export function VirtualAssetGrid(props: VirtualAssetGridProps) {
  const { assets, total, hasNext, loadingMore, loadMoreFailed, pageSizeHint, onLoadMore, from, selected, pinOf } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const update = () => {
      setWidth(element.clientWidth);
      setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const geometry = gridGeometry(width);
  const placeholders = loadMoreFailed ? 0 : placeholderCount({ loaded: assets.length, total, hasNext, pageSizeHint });
  const itemCount = assets.length + placeholders;
  const rows = rowCount(itemCount, geometry.columns);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => geometry.rowHeight,
    overscan: GRID_OVERSCAN_ROWS,
    scrollMargin,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [geometry.rowHeight, geometry.columns, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastVisibleRow = virtualRows.length > 0 ? virtualRows[virtualRows.length - 1]!.index : undefined;

  useEffect(() => {
    if (loadMoreFailed) return;
    if (shouldLoadMore({ lastVisibleRow, loaded: assets.length, columns: geometry.columns, hasNext, loading: loadingMore })) onLoadMore();
  }, [lastVisibleRow, assets.length, geometry.columns, hasNext, loadingMore, loadMoreFailed, onLoadMore]);

  return (
    <Box>
      <Box
        ref={containerRef}
        data-testid="asset-grid"
        data-columns={geometry.columns}
        data-loaded={assets.length}
        position="relative"
        w="full"
        style={{ height: `${virtualizer.getTotalSize()}px` }}
      >
        {width > 0 &&
          virtualRows.map((row) => {
            const { start, end } = rowItemRange(row.index, geometry.columns, itemCount);
            const cells = [];
            for (let index = start; index < end; index++) {
              const asset = assets[index];
              cells.push(
                asset ? (
                  <AssetTile key={asset.href} asset={asset} size={geometry.tileWidth} from={from} selected={selected?.has(asset.href) ?? false} {...pinOf?.(asset.href)} />
                ) : (
                  <Box key={`placeholder-${index}`} aria-hidden="true">
                    <Skeleton w={`${geometry.tileWidth}px`} h={`${geometry.tileWidth}px`} rounded="md" />
                    <Skeleton h="3" mt="2" w="70%" />
                  </Box>
                ),
              );
            }
            return (
              <Box
                key={row.key}
                data-index={row.index}
                position="absolute"
                top="0"
                left="0"
                w="full"
                display="grid"
                style={{
                  transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                  height: `${geometry.rowHeight}px`,
                  gridTemplateColumns: `repeat(${geometry.columns}, ${geometry.tileWidth}px)`,
                  columnGap: `${TILE_GAP_PX}px`,
                }}
              >
                {cells}
              </Box>
            );
          })}
      </Box>
      {loadMoreFailed && (
        <Box textAlign="center" py="4" role="alert">
          <Text mb="2" color="fg.error">
            More assets could not be loaded.
          </Text>
          <Button size="sm" variant="outline" onClick={onLoadMore}>
            Try again
          </Button>
        </Box>
      )}
      {loadingMore && (
        <Text srOnly role="status">
          Loading more assets…
        </Text>
      )}
    </Box>
  );
}
