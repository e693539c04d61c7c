/**
 * The display choices of the user menu (spec 03 §2.9), each kept where the spec puts it:
 *
 * - "High-quality thumbnails" is the local client setting `enableRetinaThumbnails` (spec 01 §3 "Client settings
 *   (local)"; §6 "Retina thumbnails need login and the setting"): kept in this browser's localStorage
 *   ({@link RETINA_THUMBNAILS_STORAGE_KEY}) and in step across its tabs, never sent to the server. On (the default,
 *   and what the grid did before the setting existed), thumbnails offer their 2x preview to high-density screens;
 *   off, only the 1x one.
 * - "Always display markers" is `intranet.alwaysDisplayMarkers` in the user's preferences (the descriptor's
 *   `user_preferences`, spec 03 §7 "Preferences, counts, logout"), so it follows the user to every browser; offered
 *   only with `permissions.canTogglePositionedMarkers` (spec 03 §2.9). Off by default.
 */
import type { UserPreferences } from '@magpie/api-types';

/** The user's display choices. */
export interface DisplayPreferences {
  /** Thumbnails offer their high-density (2x) preview (local client setting `enableRetinaThumbnails`). */
  readonly highQualityThumbnails: boolean;
  /** Positioned markers stay visible on previews (user preference `intranet.alwaysDisplayMarkers`). */
  readonly alwaysDisplayMarkers: boolean;
}

/** The choices of a user who has not made any. */
export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = { highQualityThumbnails: true, alwaysDisplayMarkers: false };

// ------------------------------------------------------------------------------- local: enableRetinaThumbnails

/** localStorage key of the client setting `enableRetinaThumbnails` (spec 01 §3), holding `'true'` or `'false'`. */
export const RETINA_THUMBNAILS_STORAGE_KEY = 'magpie.enableRetinaThumbnails';

/** The setting a stored value stands for, or undefined for anything but `'true'`/`'false'`. */
export function parseRetinaThumbnails(value: string | null | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** The stored setting; nothing stored, an unknown value or broken storage (private mode) give the default (on). */
export function readRetinaThumbnails(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return parseRetinaThumbnails(storage?.getItem(RETINA_THUMBNAILS_STORAGE_KEY)) ?? DEFAULT_DISPLAY_PREFERENCES.highQualityThumbnails;
  } catch {
    return DEFAULT_DISPLAY_PREFERENCES.highQualityThumbnails;
  }
}

/** Stores the setting; storage errors are ignored (the choice then lasts for this page only). */
export function storeRetinaThumbnails(storage: Pick<Storage, 'setItem'> | undefined, on: boolean): void {
  try {
    storage?.setItem(RETINA_THUMBNAILS_STORAGE_KEY, String(on));
  } catch {
    // Storage unavailable: keep the choice in memory only.
  }
}

/**
 * The setting another tab just stored, from a localStorage `storage` event: its new value, the default when the key
 * was removed or the storage cleared (`key` null), undefined when the event is about another key.
 */
export function retinaThumbnailsFromStorageChange(event: { readonly key: string | null; readonly newValue: string | null }): boolean | undefined {
  if (event.key !== null && event.key !== RETINA_THUMBNAILS_STORAGE_KEY) return undefined;
  return parseRetinaThumbnails(event.newValue) ?? DEFAULT_DISPLAY_PREFERENCES.highQualityThumbnails;
}

// ------------------------------------------------------------------ user preferences: intranet.alwaysDisplayMarkers

/** The key of "Always display markers" in the preferences' `intranet` group. */
export const ALWAYS_DISPLAY_MARKERS_KEY = 'alwaysDisplayMarkers';

/** "Always display markers" as stored in `preferences` (anything but a boolean counts as not chosen: off). */
export function alwaysDisplayMarkersOf(preferences: Pick<UserPreferences, 'intranet'> | undefined): boolean {
  const value = preferences?.intranet?.[ALWAYS_DISPLAY_MARKERS_KEY];
  return typeof value === 'boolean' ? value : DEFAULT_DISPLAY_PREFERENCES.alwaysDisplayMarkers;
}

/**
 * The `data` of the preferences PATCH (`user-preferences-update`) that stores "Always display markers". The DAM
 * replaces only the top-level keys sent inside a group, so the rest of `intranet` (pins, search defaults) stays.
 */
export function alwaysDisplayMarkersUpdate(value: boolean): { intranet: Record<string, boolean> } {
  return { intranet: { [ALWAYS_DISPLAY_MARKERS_KEY]: value } };
}
