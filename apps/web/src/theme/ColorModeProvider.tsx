import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyColorMode, readStoredColorMode, resolveColorMode, storeColorMode, type ColorMode } from './colorMode.ts';

interface ColorModeValue {
  readonly colorMode: ColorMode;
  toggleColorMode(): void;
}

const ColorModeContext = createContext<ColorModeValue | undefined>(undefined);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The colour mode and its toggle; throws outside {@link ColorModeProvider}. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return value;
}

/**
 * Keeps `<html>`'s `dark`/`light` class in step with the user's stored choice, or with `prefers-color-scheme` while
 * the user has not chosen (apps/web/README.md "Dark mode").
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<ColorMode | undefined>(() => readStoredColorMode(localStorage));
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const colorMode = resolveColorMode(stored, prefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setPrefersDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => applyColorMode(document.documentElement, colorMode), [colorMode]);

  const toggleColorMode = useCallback(() => {
    const next: ColorMode = colorMode === 'dark' ? 'light' : 'dark';
    storeColorMode(localStorage, next);
    setStored(next);
  }, [colorMode]);

  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
