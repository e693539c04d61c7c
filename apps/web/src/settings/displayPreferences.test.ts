import { describe, expect, it } from 'vitest';
import {
  alwaysDisplayMarkersOf,
  alwaysDisplayMarkersUpdate,
  DEFAULT_DISPLAY_PREFERENCES,
  parseRetinaThumbnails,
  readRetinaThumbnails,
  RETINA_THUMBNAILS_STORAGE_KEY,
  retinaThumbnailsFromStorageChange,
  storeRetinaThumbnails,
} from './displayPreferences.ts';

/** An in-memory localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const broken = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError');
  },
};

describe('display preferences of the user menu (spec 03 §2.9)', () => {
  it('defaults to high-quality thumbnails on and markers off', () => {
    expect(DEFAULT_DISPLAY_PREFERENCES).toEqual({ highQualityThumbnails: true, alwaysDisplayMarkers: false });
    expect(readRetinaThumbnails(memoryStorage())).toBe(true);
    expect(readRetinaThumbnails(undefined)).toBe(true);
    expect(alwaysDisplayMarkersOf(undefined)).toBe(false);
    expect(alwaysDisplayMarkersOf({ intranet: {} })).toBe(false);
  });
});

describe('high-quality thumbnails: the local client setting enableRetinaThumbnails (spec 01 §3)', () => {
  it('reads only true and false', () => {
    expect(parseRetinaThumbnails('true')).toBe(true);
    expect(parseRetinaThumbnails('false')).toBe(false);
    for (const other of [null, undefined, '', '1', 'TRUE', 'off']) expect(parseRetinaThumbnails(other)).toBeUndefined();
    expect(readRetinaThumbnails(memoryStorage({ [RETINA_THUMBNAILS_STORAGE_KEY]: 'nonsense' }))).toBe(true);
  });

  it('stores the choice in this browser and reads it back', () => {
    const storage = memoryStorage();
    storeRetinaThumbnails(storage, false);
    expect(storage.values.get(RETINA_THUMBNAILS_STORAGE_KEY)).toBe('false');
    expect(readRetinaThumbnails(storage)).toBe(false);
    storeRetinaThumbnails(storage, true);
    expect(readRetinaThumbnails(storage)).toBe(true);
  });

  it('survives broken storage (private mode): the default, and nothing thrown', () => {
    expect(readRetinaThumbnails(broken)).toBe(true);
    expect(() => storeRetinaThumbnails(broken, false)).not.toThrow();
  });

  it('follows the other tabs: their value, the default when cleared, nothing for other keys', () => {
    expect(retinaThumbnailsFromStorageChange({ key: RETINA_THUMBNAILS_STORAGE_KEY, newValue: 'false' })).toBe(false);
    expect(retinaThumbnailsFromStorageChange({ key: RETINA_THUMBNAILS_STORAGE_KEY, newValue: null })).toBe(true);
    expect(retinaThumbnailsFromStorageChange({ key: null, newValue: null })).toBe(true);
    expect(retinaThumbnailsFromStorageChange({ key: 'magpie.interfaceStyle', newValue: '1' })).toBeUndefined();
  });
});

describe('always display markers: intranet.alwaysDisplayMarkers in the user preferences', () => {
  it.each([
    [{ alwaysDisplayMarkers: true }, true],
    [{ alwaysDisplayMarkers: false, archivePinned: ['5000'] }, false],
    // Not a boolean: not chosen.
    [{ alwaysDisplayMarkers: 1 }, false],
    // The thumbnails setting is local now: a value left in the preferences is not read.
    [{ enableRetinaThumbnails: false }, false],
  ])('reads %j from intranet as %j', (intranet, expected) => {
    expect(alwaysDisplayMarkersOf({ intranet })).toBe(expected);
  });

  it('writes one intranet key, leaving the rest of the group alone', () => {
    expect(alwaysDisplayMarkersUpdate(true)).toEqual({ intranet: { alwaysDisplayMarkers: true } });
    // What is written reads back.
    expect(alwaysDisplayMarkersOf(alwaysDisplayMarkersUpdate(true))).toBe(true);
    expect(alwaysDisplayMarkersOf(alwaysDisplayMarkersUpdate(false))).toBe(false);
  });
});
