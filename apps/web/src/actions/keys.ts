import type { KeyLike } from './types.ts';

/** The element kinds in which plain-key shortcuts are ignored (spec 01 §2 Keyboard). */
const EDITABLE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION']);

/** The subset of an event target the shortcuts read: the editable check, and the thumbnail it is in. */
export interface TargetLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  closest?(selector: string): { getAttribute(name: string): string | null } | null;
}

/** The thumbnail element of an asset in the grid (components/AssetTile.tsx): `data-testid` and `data-href`. */
export const THUMBNAIL_SELECTOR = '[data-testid="asset-thumbnail"]';

/** The href of the asset whose thumbnail holds `target`, or undefined when `target` is not in a thumbnail. */
export function assetHrefOf(target: TargetLike | null | undefined): string | undefined {
  const tile = typeof target?.closest === 'function' ? target.closest(THUMBNAIL_SELECTOR) : null;
  return tile?.getAttribute('data-href') || undefined;
}

/**
 * True when focus is in an input, textarea, select, option or editable element, where typing must not trigger
 * shortcuts (spec 01 §2 Keyboard: "unless focus is in an input, textarea, select, option or editable element").
 */
export function isEditableTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  return typeof target.tagName === 'string' && EDITABLE_TAGS.has(target.tagName.toUpperCase());
}

/** A plain key without modifiers (shift allowed only when `shift` says so), compared case-insensitively. */
export function isPlainKey(event: KeyLike, key: string, shift = false): boolean {
  return event.key.toLowerCase() === key.toLowerCase() && event.shiftKey === shift && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The names people see for keys (an action's `shortcut`) that differ from `aria-keyshortcuts` key names. */
const ARIA_KEY_NAMES: Readonly<Record<string, string>> = { Esc: 'Escape' };

/**
 * An action's `shortcut` as an `aria-keyshortcuts` value (`Esc` → `Escape`, `Shift+A` as is), or undefined for a
 * shortcut that is no key (`Shift+click`) or none.
 */
export function ariaKeyShortcuts(shortcut: string | undefined): string | undefined {
  if (!shortcut || /click/i.test(shortcut)) return undefined;
  return shortcut
    .split('+')
    .map((part) => ARIA_KEY_NAMES[part] ?? part)
    .join('+');
}
