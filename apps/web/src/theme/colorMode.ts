/**
 * The interface style of the user menu (spec 03 §2.9, §9 "Dark mode values: -1 auto, 0 light, 1 dark"): kept in this
 * browser's localStorage and in step across its tabs; Auto lets the operating system's `prefers-color-scheme`
 * decide, and keeps deciding when it changes (apps/web/README.md "Dark mode").
 */

/** A colour mode, the one in effect. */
export type ColorMode = 'light' | 'dark';

/** The user's interface style: -1 auto (follow the system), 0 light, 1 dark (spec 03 §9). */
export type InterfaceStyle = -1 | 0 | 1;

/** The interface styles by name (spec 03 §9). */
export const INTERFACE_STYLE = { auto: -1, light: 0, dark: 1 } as const satisfies Record<string, InterfaceStyle>;

/** The style of a user who has not chosen: Auto. */
export const DEFAULT_INTERFACE_STYLE: InterfaceStyle = INTERFACE_STYLE.auto;

/** localStorage key of the style, holding `-1`, `0` or `1`. */
export const INTERFACE_STYLE_STORAGE_KEY = 'magpie.interfaceStyle';

/**
 * localStorage key of the choice before spec 03 §9's numbers (`'light'`/`'dark'`), read once and converted by
 * {@link readInterfaceStyle}.
 */
export const LEGACY_COLOR_MODE_STORAGE_KEY = 'magpie.colorMode';

/** The media query of a system in dark mode. */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The style a stored value stands for (`'-1'`, `'0'`, `'1'`), or undefined for anything else. */
export function parseInterfaceStyle(value: string | null | undefined): InterfaceStyle | undefined {
  if (value === '-1') return -1;
  if (value === '0') return 0;
  if (value === '1') return 1;
  return undefined;
}

/** The style an old `magpie.colorMode` value stands for: `'light'` → 0, `'dark'` → 1, else undefined. */
export function legacyInterfaceStyle(value: string | null | undefined): InterfaceStyle | undefined {
  if (value === 'light') return INTERFACE_STYLE.light;
  if (value === 'dark') return INTERFACE_STYLE.dark;
  return undefined;
}

/** The mode in effect: light or dark as chosen; with Auto, the system's preference. */
export function resolveColorMode(style: InterfaceStyle, systemPrefersDark: boolean): ColorMode {
  if (style === INTERFACE_STYLE.light) return 'light';
  if (style === INTERFACE_STYLE.dark) return 'dark';
  return systemPrefersDark ? 'dark' : 'light';
}

/**
 * Reads the stored style. When only an old `'light'`/`'dark'` choice exists, it is converted once: stored under
 * {@link INTERFACE_STYLE_STORAGE_KEY} and the old key removed. Nothing stored, an unknown value or broken storage
 * (private mode, disabled storage) give {@link DEFAULT_INTERFACE_STYLE}.
 */
export function readInterfaceStyle(storage: StorageLike | undefined): InterfaceStyle {
  try {
    const stored = parseInterfaceStyle(storage?.getItem(INTERFACE_STYLE_STORAGE_KEY));
    if (stored !== undefined) return stored;
    const legacy = legacyInterfaceStyle(storage?.getItem(LEGACY_COLOR_MODE_STORAGE_KEY));
    if (legacy === undefined) return DEFAULT_INTERFACE_STYLE;
    storeInterfaceStyle(storage, legacy);
    storage?.removeItem(LEGACY_COLOR_MODE_STORAGE_KEY);
    return legacy;
  } catch {
    return DEFAULT_INTERFACE_STYLE;
  }
}

/** Stores the style; storage errors are ignored (the style then lasts for this page only). */
export function storeInterfaceStyle(storage: Pick<Storage, 'setItem'> | undefined, style: InterfaceStyle): void {
  try {
    storage?.setItem(INTERFACE_STYLE_STORAGE_KEY, String(style));
  } catch {
    // Storage unavailable: keep the style in memory only.
  }
}

/** The parts of a `StorageEvent` the cross-tab sync reads. */
export interface StorageChangeLike {
  /** The changed key; null when another tab cleared the whole storage. */
  readonly key: string | null;
  readonly newValue: string | null;
}

/**
 * The style another tab just stored, from a `storage` event of localStorage: the new style, {@link
 * DEFAULT_INTERFACE_STYLE} when it was removed, cleared or is unreadable, or undefined when the event is about
 * another key (nothing to do).
 */
export function interfaceStyleFromStorageChange(change: StorageChangeLike): InterfaceStyle | undefined {
  if (change.key !== null && change.key !== INTERFACE_STYLE_STORAGE_KEY) return undefined;
  return parseInterfaceStyle(change.newValue) ?? DEFAULT_INTERFACE_STYLE;
}

/**
 * The mode to paint before React starts (main.tsx), so a dark-mode user never sees a white flash: the stored style
 * (converting an old choice) resolved against the system preference.
 */
export function initialColorMode(storage: StorageLike | undefined, systemPrefersDark: boolean): ColorMode {
  return resolveColorMode(readInterfaceStyle(storage), systemPrefersDark);
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
