/**
 * The floating footer (issue 15; spec 02 §2 "a floating footer toggled by an info icon and shown or hidden with page
 * scroll", §4 "Floating footer shows and hides with scroll").
 *
 * shown ⇄ scrolledAway with the page's scroll (down hides, up shows); the info icon takes over: from a shown footer
 * it closes it (closed), from a hidden one it opens it (pinned). A footer the icon pinned or closed stays so while the
 * page scrolls, until the icon is used again: the visitor's choice wins over the scroll.
 *
 * The states tagged `visible` (shown, pinned) are those in which the footer is on screen.
 */
import { setup } from 'xstate';

/** The least scroll, in CSS px since the last direction change, that counts as scrolling up or down. */
export const FOOTER_SCROLL_THRESHOLD_PX = 8;

/** The tag of the states in which the footer is on screen. */
export const FOOTER_VISIBLE_TAG = 'visible';

/**
 * Events of {@link floatingFooterMachine}.
 *
 * - `SCROLL_DOWN` / `SCROLL_UP`: the page scrolled by at least {@link FOOTER_SCROLL_THRESHOLD_PX} that way
 *   ({@link scrollDirection}); the top of the page counts as up.
 * - `TOGGLE`: the info icon.
 */
export type FloatingFooterEvent = { type: 'SCROLL_DOWN' } | { type: 'SCROLL_UP' } | { type: 'TOGGLE' };

/**
 * Which way the page went from `anchorY` to `y` (both `window.scrollY`, CSS px): `'down'` or `'up'` once it moved at
 * least {@link FOOTER_SCROLL_THRESHOLD_PX}, `'up'` at the very top (y ≤ 0), otherwise `undefined` (too small a move:
 * keep the anchor).
 */
export function scrollDirection(anchorY: number, y: number): 'up' | 'down' | undefined {
  if (y <= 0) return 'up';
  if (y - anchorY >= FOOTER_SCROLL_THRESHOLD_PX) return 'down';
  if (anchorY - y >= FOOTER_SCROLL_THRESHOLD_PX) return 'up';
  return undefined;
}

/** The floating footer's visibility: the scroll shows and hides it, the info icon pins it open or closes it. */
export const floatingFooterMachine = setup({
  types: { events: {} as FloatingFooterEvent },
}).createMachine({
  id: 'floatingFooter',
  initial: 'shown',
  states: {
    /** On screen, following the scroll (the page's first state). */
    shown: {
      tags: [FOOTER_VISIBLE_TAG],
      on: { SCROLL_DOWN: 'scrolledAway', TOGGLE: 'closed' },
    },
    /** Off screen because the page scrolled down; scrolling up brings it back. */
    scrolledAway: {
      on: { SCROLL_UP: 'shown', TOGGLE: 'pinned' },
    },
    /** Opened with the info icon: stays on screen while the page scrolls. */
    pinned: {
      tags: [FOOTER_VISIBLE_TAG],
      on: { TOGGLE: 'closed' },
    },
    /** Closed with the info icon: stays off screen while the page scrolls. */
    closed: {
      on: { TOGGLE: 'pinned' },
    },
  },
});
