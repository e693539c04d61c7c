/**
 * The user menu's display choices (spec 03 §2.9) for the logged-in shell (`settings/displayPreferences.ts` says where
 * each lives):
 *
 * - high-quality thumbnails: the local client setting `enableRetinaThumbnails` (spec 01 §3), read from this
 *   browser's localStorage, stored there when changed, and followed when another tab changes it;
 * - always display markers: read from the user's preferences when the shell mounts (only when the descriptor lets the
 *   user toggle markers, the one case the menu offers it), saved there when changed.
 *
 * Views read them with {@link useDisplayPreferences}; thumbnails with {@link useHighQualityThumbnails}.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import {
  alwaysDisplayMarkersOf,
  alwaysDisplayMarkersUpdate,
  DEFAULT_DISPLAY_PREFERENCES,
  readRetinaThumbnails,
  retinaThumbnailsFromStorageChange,
  storeRetinaThumbnails,
  type DisplayPreferences,
} from '../settings/displayPreferences.ts';

interface DisplayPreferencesValue {
  /** The choices in effect (the markers default until the preferences answered). */
  readonly preferences: DisplayPreferences;
  /** True when the descriptor links the user's preferences (otherwise "Always display markers" cannot be saved). */
  readonly canSave: boolean;
  /**
   * Shows the new choice at once and keeps it: thumbnails in this browser, markers in the user's preferences (a
   * failed save puts the previous choice back).
   */
  setPreference(choice: keyof DisplayPreferences, value: boolean): void;
}

const DisplayPreferencesContext = createContext<DisplayPreferencesValue | undefined>(undefined);

/** The display choices; throws outside {@link DisplayPreferencesProvider}. */
export function useDisplayPreferences(): DisplayPreferencesValue {
  const value = useContext(DisplayPreferencesContext);
  if (!value) throw new Error('useDisplayPreferences must be used inside <DisplayPreferencesProvider>');
  return value;
}

/**
 * Whether thumbnails offer their high-density preview: the "High-quality thumbnails" choice, or the default (on)
 * outside the shell's provider.
 */
export function useHighQualityThumbnails(): boolean {
  return useContext(DisplayPreferencesContext)?.preferences.highQualityThumbnails ?? DEFAULT_DISPLAY_PREFERENCES.highQualityThumbnails;
}

/** Provides {@link useDisplayPreferences}; must be inside the session. */
export function DisplayPreferencesProvider({ children }: { children: ReactNode }) {
  const { descriptor } = useSession();
  const href = descriptor?.user_preferences ?? undefined;
  // The preferences hold only the markers choice now: read them only when the menu can offer it.
  const markersOffered = descriptor?.permissions.canTogglePositionedMarkers === true;
  const stored = useResource(markersOffered ? href : undefined, (signal) => api.getUserPreferences(href!, { signal }));
  // A markers choice made in this page, shown before (and whatever) the stored preferences answer.
  const [markersChanged, setMarkersChanged] = useState<boolean | undefined>(undefined);
  const [retina, setRetina] = useState(() => readRetinaThumbnails(localStorage));

  // Another tab changed the thumbnails setting: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      const next = retinaThumbnailsFromStorageChange(event);
      if (next !== undefined) setRetina(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const preferences = useMemo<DisplayPreferences>(
    () => ({ highQualityThumbnails: retina, alwaysDisplayMarkers: markersChanged ?? alwaysDisplayMarkersOf(stored.data) }),
    [retina, markersChanged, stored.data],
  );

  const setPreference = useCallback(
    (choice: keyof DisplayPreferences, value: boolean) => {
      if (choice === 'highQualityThumbnails') {
        storeRetinaThumbnails(localStorage, value);
        setRetina(value);
        return;
      }
      if (!href) return;
      setMarkersChanged(value);
      api.patchUserPreferences(href, alwaysDisplayMarkersUpdate(value)).catch(() => {
        // Not saved: the checkbox goes back, so what shows is what is stored (a 401 is handled by the client).
        setMarkersChanged((previous) => (previous === value ? !value : previous));
      });
    },
    [href],
  );

  const value = useMemo(() => ({ preferences, canSave: href !== undefined, setPreference }), [preferences, href, setPreference]);
  return <DisplayPreferencesContext.Provider value={value}>{children}</DisplayPreferencesContext.Provider>;
}
