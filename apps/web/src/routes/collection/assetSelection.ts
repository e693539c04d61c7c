/**
 * How the collection view shows its selection of assets for the batch metadata edit (spec 02 §2 Metadata field
 * editors, several assets at once). The selection itself is `assetSelectionMachine` (`@magpie/machines`), driven by
 * the registry's actions (useAssetSelection.ts).
 */
import type { SystemStyleObject } from '@chakra-ui/react';
import { THUMBNAIL_SELECTOR } from '../../actions/keys.ts';

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
