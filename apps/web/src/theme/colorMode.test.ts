import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERFACE_STYLE,
  initialColorMode,
  INTERFACE_STYLE,
  INTERFACE_STYLE_STORAGE_KEY,
  interfaceStyleFromStorageChange,
  LEGACY_COLOR_MODE_STORAGE_KEY,
  legacyInterfaceStyle,
  parseInterfaceStyle,
  readInterfaceStyle,
  resolveColorMode,
  storeInterfaceStyle,
  type InterfaceStyle,
} from './colorMode.ts';

/** A localStorage stand-in over a Map (the unit project runs in Node). */
function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const broken = {
  getItem: (): string | null => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

describe('interface style (spec 03 §2.9, §9)', () => {
  it('uses the spec numbers: -1 auto, 0 light, 1 dark, Auto by default', () => {
    expect(INTERFACE_STYLE).toEqual({ auto: -1, light: 0, dark: 1 });
    expect(DEFAULT_INTERFACE_STYLE).toBe(-1);
  });

  it.each<[InterfaceStyle, boolean, 'light' | 'dark']>([
    [-1, true, 'dark'],
    [-1, false, 'light'],
    [0, true, 'light'],
    [0, false, 'light'],
    [1, true, 'dark'],
    [1, false, 'dark'],
  ])('style %i with a system that prefers dark = %s paints %s', (style, prefersDark, mode) => {
    expect(resolveColorMode(style, prefersDark)).toBe(mode);
  });

  it('reads only the three stored numbers', () => {
    expect(parseInterfaceStyle('-1')).toBe(-1);
    expect(parseInterfaceStyle('0')).toBe(0);
    expect(parseInterfaceStyle('1')).toBe(1);
    for (const other of ['2', '-2', '', ' 1', '1.0', 'dark', null, undefined]) expect(parseInterfaceStyle(other)).toBeUndefined();
  });

  it('converts the old light/dark choice once and forgets the old key', () => {
    expect(legacyInterfaceStyle('light')).toBe(0);
    expect(legacyInterfaceStyle('dark')).toBe(1);
    expect(legacyInterfaceStyle('auto')).toBeUndefined();

    const storage = memoryStorage({ [LEGACY_COLOR_MODE_STORAGE_KEY]: 'dark' });
    expect(readInterfaceStyle(storage)).toBe(1);
    expect(storage.map.get(INTERFACE_STYLE_STORAGE_KEY)).toBe('1');
    expect(storage.map.has(LEGACY_COLOR_MODE_STORAGE_KEY)).toBe(false);
    expect(readInterfaceStyle(storage)).toBe(1);

    const light = memoryStorage({ [LEGACY_COLOR_MODE_STORAGE_KEY]: 'light' });
    expect(readInterfaceStyle(light)).toBe(0);
    expect(light.map.get(INTERFACE_STYLE_STORAGE_KEY)).toBe('0');
  });

  it('prefers a stored style over an old choice, and leaves unknown old values alone', () => {
    const both = memoryStorage({ [INTERFACE_STYLE_STORAGE_KEY]: '-1', [LEGACY_COLOR_MODE_STORAGE_KEY]: 'dark' });
    expect(readInterfaceStyle(both)).toBe(-1);
    const unknown = memoryStorage({ [LEGACY_COLOR_MODE_STORAGE_KEY]: 'sepia' });
    expect(readInterfaceStyle(unknown)).toBe(DEFAULT_INTERFACE_STYLE);
    expect(unknown.map.has(INTERFACE_STYLE_STORAGE_KEY)).toBe(false);
    expect(readInterfaceStyle(memoryStorage())).toBe(DEFAULT_INTERFACE_STYLE);
    expect(readInterfaceStyle(undefined)).toBe(DEFAULT_INTERFACE_STYLE);
  });

  it('stores the number and reads it back', () => {
    const storage = memoryStorage();
    for (const style of [0, 1, -1] as const) {
      storeInterfaceStyle(storage, style);
      expect(storage.map.get(INTERFACE_STYLE_STORAGE_KEY)).toBe(String(style));
      expect(readInterfaceStyle(storage)).toBe(style);
    }
  });

  it('survives broken storage', () => {
    expect(readInterfaceStyle(broken)).toBe(DEFAULT_INTERFACE_STYLE);
    expect(() => storeInterfaceStyle(broken, 1)).not.toThrow();
    expect(initialColorMode(broken, true)).toBe('dark');
  });

  it('follows another tab through storage events', () => {
    expect(interfaceStyleFromStorageChange({ key: INTERFACE_STYLE_STORAGE_KEY, newValue: '1' })).toBe(1);
    expect(interfaceStyleFromStorageChange({ key: INTERFACE_STYLE_STORAGE_KEY, newValue: '0' })).toBe(0);
    // Removed, cleared or garbled in the other tab: back to Auto.
    expect(interfaceStyleFromStorageChange({ key: INTERFACE_STYLE_STORAGE_KEY, newValue: null })).toBe(-1);
    expect(interfaceStyleFromStorageChange({ key: null, newValue: null })).toBe(-1);
    expect(interfaceStyleFromStorageChange({ key: INTERFACE_STYLE_STORAGE_KEY, newValue: 'x' })).toBe(-1);
    // Other keys (the descriptor, the old key) are not this provider's business.
    expect(interfaceStyleFromStorageChange({ key: 'magpie.apiDescriptor', newValue: '{}' })).toBeUndefined();
    expect(interfaceStyleFromStorageChange({ key: LEGACY_COLOR_MODE_STORAGE_KEY, newValue: 'dark' })).toBeUndefined();
  });

  it('paints the first frame from storage and the system', () => {
    expect(initialColorMode(memoryStorage(), true)).toBe('dark');
    expect(initialColorMode(memoryStorage(), false)).toBe('light');
    expect(initialColorMode(memoryStorage({ [INTERFACE_STYLE_STORAGE_KEY]: '0' }), true)).toBe('light');
    expect(initialColorMode(memoryStorage({ [LEGACY_COLOR_MODE_STORAGE_KEY]: 'dark' }), false)).toBe('dark');
  });
});
