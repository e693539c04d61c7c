import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyColorMode,
  interfaceStyleFromStorageChange,
  PREFERS_DARK_QUERY,
  readInterfaceStyle,
  resolveColorMode,
  storeInterfaceStyle,
  type ColorMode,
  type InterfaceStyle,
} from './colorMode.ts';

interface ColorModeValue {
  /** The mode in effect. */
  readonly colorMode: ColorMode;
  /** The user's style: -1 auto, 0 light, 1 dark (spec 03 §9). */
  readonly interfaceStyle: InterfaceStyle;
  /** Stores a style for this browser; every tab follows. */
  setInterfaceStyle(style: InterfaceStyle): void;
}

const ColorModeContext = createContext<ColorModeValue | undefined>(undefined);

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_DARK_QUERY).matches;
}

/** The colour mode and the interface style; throws outside {@link ColorModeProvider}. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return value;
}

/**
 * Keeps `<html>`'s `dark`/`light` class in step with the stored interface style (spec 03 §2.9), with the other tabs
 * of this browser (`storage` events), and, on Auto, with `prefers-color-scheme` as it changes.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [interfaceStyle, setStyle] = useState<InterfaceStyle>(() => readInterfaceStyle(localStorage));
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const colorMode = resolveColorMode(interfaceStyle, prefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(PREFERS_DARK_QUERY);
    // Read once now as well: the system may have changed while the user had chosen Light or Dark.
    setPrefersDark(query.matches);
    const onChange = () => setPrefersDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Another tab chose a style (or cleared the storage): follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      const next = interfaceStyleFromStorageChange(event);
      if (next !== undefined) setStyle(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => applyColorMode(document.documentElement, colorMode), [colorMode]);

  const setInterfaceStyle = useCallback((style: InterfaceStyle) => {
    storeInterfaceStyle(localStorage, style);
    setStyle(style);
  }, []);

  const value = useMemo(() => ({ colorMode, interfaceStyle, setInterfaceStyle }), [colorMode, interfaceStyle, setInterfaceStyle]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
