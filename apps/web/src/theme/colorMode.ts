/**
 * Dark mode (apps/web/README.md "Dark mode"): the user's choice is stored in this browser; without one the
 * operating system's `prefers-color-scheme` decides, and keeps deciding when it changes.
 */

/** A colour mode. */
export type ColorMode = 'light' | 'dark';

/** localStorage key of the user's choice. */
export const COLOR_MODE_STORAGE_KEY = 'magpie.colorMode';

/** The stored choice, or undefined when the user has not chosen (or storage holds something else). */
export function parseStoredColorMode(value: string | null | undefined): ColorMode | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** The mode in effect: the user's choice, else the system preference. */
export function resolveColorMode(stored: ColorMode | undefined, systemPrefersDark: boolean): ColorMode {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

/** Reads the stored choice; storage errors (private mode, disabled storage) count as no choice. */
export function readStoredColorMode(storage: Pick<Storage, 'getItem'> | undefined): ColorMode | undefined {
  try {
    return parseStoredColorMode(storage?.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** Stores the choice; storage errors are ignored (the choice then lasts for this page only). */
export function storeColorMode(storage: Pick<Storage, 'setItem'> | undefined, mode: ColorMode): void {
  try {
    storage?.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage unavailable: keep the mode in memory only.
  }
}

/**
 * Applies a mode to the document: Chakra's `_dark` condition reads the `dark` class on `<html>`, and
 * `color-scheme` makes form controls and scrollbars follow.
 */
export function applyColorMode(root: HTMLElement, mode: ColorMode): void {
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}
