/**
 * The collection view's selection of assets for the batch metadata edit (spec 02 §2 Metadata field editors, several
 * assets at once): a set of asset hrefs. Ctrl/⌘+click or Space on a thumbnail toggles one, Shift+A selects every
 * loaded asset (spec 01 §2 Keyboard), Esc clears.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

/** The thumbnail element of an asset in the grid (components/AssetTile.tsx): `data-testid` and `data-href`. */
export const THUMBNAIL_SELECTOR = '[data-testid="asset-thumbnail"]';

/** `hrefs` with `href` added, or removed when it was there (a new set). */
export function toggleHref(hrefs: ReadonlySet<string>, href: string): ReadonlySet<string> {
  const next = new Set(hrefs);
  if (!next.delete(href)) next.add(href);
  return next;
}

/** "No assets selected", "1 asset selected", "3 assets selected". */
export function selectionText(count: number): string {
  if (count === 0) return 'No assets selected';
  return `${count} ${count === 1 ? 'asset' : 'assets'} selected`;
}

/**
 * Styles for the grid's container that mark the selected thumbnails (an outline in the brand colour around the
 * preview, both colour modes), one rule per selected href.
 */
export function selectionStyles(hrefs: ReadonlySet<string>): SystemStyleObject {
  const styles: Record<string, SystemStyleObject> = {};
  for (const href of hrefs) {
    styles[`& ${THUMBNAIL_SELECTOR}[data-href="${href.replace(/["\\]/g, '\\$&')}"] .thumb`] = {
      outline: '3px solid',
      outlineColor: 'brand.solid',
      outlineOffset: '2px',
    };
  }
  return styles;
}
