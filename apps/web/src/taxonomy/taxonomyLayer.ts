/**
 * The taxonomy picker's layer marker, apart from the picker so that a host (the advanced search popover) can test it
 * without loading the picker's chunk (issue 10: code splitting).
 */

/** Marks the picker's popover and every modal it opens (their DOM sits in portals, outside their host's). */
export const TAXONOMY_LAYER_ATTRIBUTE = 'data-taxonomy-layer';

/**
 * `true` when `target` is inside the picker or one of its modals. A host that is itself a popover (the advanced
 * search) passes its outside interactions through this, so using the picker's modals does not close the host:
 * `onInteractOutside={(event) => isInTaxonomyLayer(event.detail.target) && event.preventDefault()}`.
 */
export function isInTaxonomyLayer(target: EventTarget | null | undefined): boolean {
  return target instanceof Element && target.closest(`[${TAXONOMY_LAYER_ATTRIBUTE}]`) !== null;
}
