/**
 * Editing the list of custom title-bar buttons (issue 15; spec 02 §3): pure steps over the draft list, whose order is
 * the header's order: every step numbers the buttons' `index` by their position again (0, 1, 2…).
 */
import type { TitleBarButton } from '@magpie/api-types';

/** The list with each `index` its position. */
function numbered(buttons: readonly TitleBarButton[]): TitleBarButton[] {
  return buttons.map((button, index) => ({ ...button, index }));
}

/** A new, empty button (a tooltip and a link still to fill in) added at the end. */
export function withButtonAdded(buttons: readonly TitleBarButton[]): TitleBarButton[] {
  return numbered([...buttons, { index: buttons.length, tooltip: '', href: '', target: '_blank', icon: 'link' }]);
}

/** The button at `row` changed by `change`. */
export function withButtonChanged(buttons: readonly TitleBarButton[], row: number, change: Partial<TitleBarButton>): TitleBarButton[] {
  return numbered(buttons.map((button, index) => (index === row ? { ...button, ...change } : button)));
}

/** The button at `row` moved one place up (-1) or down (1); unchanged at either end. */
export function withButtonMoved(buttons: readonly TitleBarButton[], row: number, by: -1 | 1): TitleBarButton[] {
  const to = row + by;
  if (row < 0 || row >= buttons.length || to < 0 || to >= buttons.length) return numbered(buttons);
  const next = [...buttons];
  [next[row], next[to]] = [next[to]!, next[row]!];
  return numbered(next);
}

/** The button at `row` removed. */
export function withButtonRemoved(buttons: readonly TitleBarButton[], row: number): TitleBarButton[] {
  return numbered(buttons.filter((_, index) => index !== row));
}
