/**
 * Layout math of the virtualized thumbnail grid: rows of N columns chosen from the container width, and when to
 * fetch the next page. Pure functions so the grid component only wires them to the virtualizer.
 *
 * Units are CSS pixels.
 */

/** Smallest thumbnail tile width, in px; columns are added while tiles stay at least this wide. */
export const MIN_TILE_WIDTH_PX = 176;
/** Gap between tiles, horizontally and vertically, in px. */
export const TILE_GAP_PX = 12;
/** Height of the caption under a thumbnail (file name), in px. */
export const TILE_CAPTION_PX = 36;
/** Rows rendered beyond the visible ones, above and below (keeps fast scrolling free of blank rows). */
export const GRID_OVERSCAN_ROWS = 3;
/** Fetch the next page when the last visible row is this close to the last loaded row. */
export const LOAD_MORE_THRESHOLD_ROWS = 6;

/** The grid's geometry for one container width. */
export interface GridGeometry {
  /** Number of tiles per row (at least 1). */
  readonly columns: number;
  /** Width of one tile, in px. */
  readonly tileWidth: number;
  /** Height of one row including the gap below it, in px. */
  readonly rowHeight: number;
}

/**
 * Columns, tile width and row height for a container `width` (px). Tiles are square previews plus a caption;
 * a zero or negative width (not laid out yet) gives one column of the minimum width.
 */
export function gridGeometry(width: number, options: { minTileWidth?: number; gap?: number; caption?: number } = {}): GridGeometry {
  const minTileWidth = options.minTileWidth ?? MIN_TILE_WIDTH_PX;
  const gap = options.gap ?? TILE_GAP_PX;
  const caption = options.caption ?? TILE_CAPTION_PX;
  const usable = Number.isFinite(width) && width > 0 ? width : minTileWidth;
  const columns = Math.max(1, Math.floor((usable + gap) / (minTileWidth + gap)));
  const tileWidth = Math.max(1, Math.floor((usable - gap * (columns - 1)) / columns));
  return { columns, tileWidth, rowHeight: tileWidth + caption + gap };
}

/** Number of rows needed for `itemCount` tiles in `columns` columns. */
export function rowCount(itemCount: number, columns: number): number {
  if (itemCount <= 0) return 0;
  return Math.ceil(itemCount / Math.max(1, columns));
}

/** The half-open range `[start, end)` of item indexes shown in row `rowIndex`. */
export function rowItemRange(rowIndex: number, columns: number, itemCount: number): { start: number; end: number } {
  const start = Math.min(rowIndex * columns, itemCount);
  return { start, end: Math.min(start + columns, itemCount) };
}

/**
 * How many placeholder tiles to show after the loaded ones: while a next page exists, up to one page more (the
 * last page's size, `pageSizeHint`), never past the collection's `assetCount`. Zero when there is no next page.
 */
export function placeholderCount(input: { readonly loaded: number; readonly total: number; readonly hasNext: boolean; readonly pageSizeHint: number }): number {
  if (!input.hasNext) return 0;
  const remaining = Math.max(0, input.total - input.loaded);
  const page = Math.max(1, input.pageSizeHint);
  // A server may under-count (assets added since); still show one row so the user sees more is coming.
  return remaining > 0 ? Math.min(remaining, page) : Math.min(page, 1);
}

/**
 * True when the next page should be fetched: a next page exists, none is being fetched, and the last visible row
 * is within `threshold` rows of the last row holding loaded items.
 */
export function shouldLoadMore(input: {
  readonly lastVisibleRow: number | undefined;
  readonly loaded: number;
  readonly columns: number;
  readonly hasNext: boolean;
  readonly loading: boolean;
  readonly threshold?: number;
}): boolean {
  if (!input.hasNext || input.loading || input.lastVisibleRow === undefined) return false;
  const lastLoadedRow = rowCount(input.loaded, input.columns) - 1;
  return input.lastVisibleRow >= lastLoadedRow - (input.threshold ?? LOAD_MORE_THRESHOLD_ROWS);
}
