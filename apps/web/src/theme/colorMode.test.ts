import { describe, expect, it } from 'vitest';
import { parseStoredColorMode, readStoredColorMode, resolveColorMode, storeColorMode, COLOR_MODE_STORAGE_KEY } from './colorMode.ts';

describe('colour mode', () => {
  it('follows the system until the user chooses', () => {
    expect(resolveColorMode(undefined, true)).toBe('dark');
    expect(resolveColorMode(undefined, false)).toBe('light');
    expect(resolveColorMode('light', true)).toBe('light');
    expect(resolveColorMode('dark', false)).toBe('dark');
  });

  it('reads only known stored values', () => {
    expect(parseStoredColorMode('dark')).toBe('dark');
    expect(parseStoredColorMode('blue')).toBeUndefined();
    expect(parseStoredColorMode(null)).toBeUndefined();
  });

  it('survives broken storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredColorMode(broken)).toBeUndefined();
    expect(() => storeColorMode(broken, 'dark')).not.toThrow();
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    storeColorMode(storage, 'dark');
    expect(map.get(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(readStoredColorMode(storage)).toBe('dark');
  });
});
