import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Collection, CollectionList } from '@magpie/api-types';
import {
  collectionForNavigation,
  createNavigationCache,
  listForNavigation,
  NAVIGATION_CACHE_PREFIX,
  NAVIGATION_CACHE_SWEEP_MS,
  NAVIGATION_CACHE_TTL_MS,
  navigationCacheKey,
  startNavigationCacheSweep,
  type NavigationCacheStorage,
} from './navigationCache.ts';

/** A localStorage in memory; `quota` (characters of all values) makes `setItem` throw as a full storage does. */
class MemoryStorage implements NavigationCacheStorage {
  readonly items = new Map<string, string>();
  constructor(readonly quota = Infinity) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.items].filter(([k]) => k !== key).reduce((sum, [, v]) => sum + v.length, 0);
    if (used + value.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const ANN = '/fotoweb/users/ann';
const BOB = '/fotoweb/users/bob';
const ARCHIVES = '/fotoweb/me/archives/';
const START = Date.UTC(2026, 10, 29, 20, 0, 0);

function setup(storage: NavigationCacheStorage | undefined) {
  let now = START;
  const cache = createNavigationCache({ storage: () => storage, now: () => now });
  return {
    cache,
    storage,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('navigation cache (spec 01 §9)', () => {
  it('keeps 2 h and sweeps hourly', () => {
    expect(NAVIGATION_CACHE_TTL_MS).toBe(7_200_000);
    expect(NAVIGATION_CACHE_SWEEP_MS).toBe(3_600_000);
  });

  it('reads back what it stored, as JSON under the prefix with the time and the user', () => {
    const { cache, storage } = setup(new MemoryStorage());
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect(cache.store(ANN, ARCHIVES, { data: [{ name: 'Press' }] })).toBe(true);
    expect(cache.read(ANN, ARCHIVES)).toEqual({ data: [{ name: 'Press' }] });
    const key = navigationCacheKey(ANN, ARCHIVES);
    expect(key.startsWith(NAVIGATION_CACHE_PREFIX)).toBe(true);
    expect(JSON.parse((storage as MemoryStorage).getItem(key)!)).toEqual({ storedAt: START, user: ANN, data: { data: [{ name: 'Press' }] } });
  });

  it('shows an entry until it is 2 h old, and not at exactly 2 h, when it is also removed', () => {
    const { cache, storage, advance } = setup(new MemoryStorage());
    cache.store(ANN, ARCHIVES, ['Press']);
    advance(NAVIGATION_CACHE_TTL_MS - 1);
    expect(cache.read(ANN, ARCHIVES)).toEqual(['Press']);
    advance(1);
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect((storage as MemoryStorage).items.size).toBe(0);
  });

  it('a newer store starts the 2 h again', () => {
    const { cache, advance } = setup(new MemoryStorage());
    cache.store(ANN, ARCHIVES, ['Press']);
    advance(NAVIGATION_CACHE_TTL_MS - 10);
    cache.store(ANN, ARCHIVES, ['Press', 'Sport']);
    advance(NAVIGATION_CACHE_TTL_MS - 1);
    expect(cache.read(ANN, ARCHIVES)).toEqual(['Press', 'Sport']);
  });

  it('never answers an entry stored in the future (the clock went back)', () => {
    const { cache, advance } = setup(new MemoryStorage());
    cache.store(ANN, ARCHIVES, ['Press']);
    advance(-1);
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
  });

  it("keeps users apart: one user's list is never another's, and a logout clears only that user's", () => {
    const { cache, storage } = setup(new MemoryStorage());
    cache.store(ANN, ARCHIVES, ['Ann’s']);
    cache.store(BOB, ARCHIVES, ['Bob’s']);
    cache.store(ANN, '/fotoweb/archives/5000-Press/', { name: 'Press' });
    expect(cache.read(ANN, ARCHIVES)).toEqual(['Ann’s']);
    expect(cache.read(BOB, ARCHIVES)).toEqual(['Bob’s']);
    expect(cache.read('/fotoweb/users/carl', ARCHIVES)).toBeUndefined();

    expect(cache.clearUser(ANN)).toBe(2);
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect(cache.read(ANN, '/fotoweb/archives/5000-Press/')).toBeUndefined();
    expect(cache.read(BOB, ARCHIVES)).toEqual(['Bob’s']);
    expect([...(storage as MemoryStorage).items.keys()]).toEqual([navigationCacheKey(BOB, ARCHIVES)]);
  });

  it('a user whose href starts like another’s is still another user', () => {
    const { cache } = setup(new MemoryStorage());
    cache.store('/fotoweb/users/an', ARCHIVES, ['An’s']);
    cache.store(ANN, ARCHIVES, ['Ann’s']);
    expect(cache.clearUser('/fotoweb/users/an')).toBe(1);
    expect(cache.read(ANN, ARCHIVES)).toEqual(['Ann’s']);
  });

  it('does not answer an entry whose recorded user is another one (a key written by hand) and removes it', () => {
    const { cache, storage } = setup(new MemoryStorage());
    (storage as MemoryStorage).setItem(navigationCacheKey(ANN, ARCHIVES), JSON.stringify({ storedAt: START, user: BOB, data: ['Bob’s'] }));
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect((storage as MemoryStorage).items.size).toBe(0);
  });

  it('the sweep removes expired, corrupt and future entries, keeps fresh ones and leaves other keys alone', () => {
    const { cache, storage, advance } = setup(new MemoryStorage());
    const memory = storage as MemoryStorage;
    memory.setItem('magpie.apiDescriptor', '{"href":"/fotoweb/me/"}');
    memory.setItem('not-magpie', 'not JSON at all');
    cache.store(ANN, '/old/', ['old']);
    advance(NAVIGATION_CACHE_SWEEP_MS);
    cache.store(ANN, '/young/', ['young']);
    memory.setItem(`${NAVIGATION_CACHE_PREFIX}broken`, '{"storedAt": 1');
    memory.setItem(`${NAVIGATION_CACHE_PREFIX}shapeless`, JSON.stringify({ user: ANN, data: [] }));
    memory.setItem(`${NAVIGATION_CACHE_PREFIX}future`, JSON.stringify({ storedAt: START + 10 * NAVIGATION_CACHE_TTL_MS, user: ANN, data: [] }));

    expect(cache.sweep()).toBe(3);
    advance(NAVIGATION_CACHE_SWEEP_MS);
    // The first entry is exactly 2 h old now; the second 1 h.
    expect(cache.sweep()).toBe(1);
    expect([...memory.items.keys()].sort()).toEqual([navigationCacheKey(ANN, '/young/'), 'magpie.apiDescriptor', 'not-magpie'].sort());
    expect(cache.read(ANN, '/young/')).toEqual(['young']);
  });

  it('removes a corrupt entry when it is read, without throwing', () => {
    const { cache, storage } = setup(new MemoryStorage());
    (storage as MemoryStorage).setItem(navigationCacheKey(ANN, ARCHIVES), '{not json');
    expect(() => cache.read(ANN, ARCHIVES)).not.toThrow();
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect((storage as MemoryStorage).items.size).toBe(0);
  });

  it('a full storage stores nothing and drops the older entry of that key, without throwing', () => {
    const storage = new MemoryStorage(200);
    const { cache } = setup(storage);
    expect(cache.store(ANN, ARCHIVES, ['small'])).toBe(true);
    expect(cache.store(ANN, ARCHIVES, ['x'.repeat(500)])).toBe(false);
    expect(cache.read(ANN, ARCHIVES)).toBeUndefined();
    expect(cache.store(ANN, '/other/', ['small'])).toBe(true);
    expect(cache.read(ANN, '/other/')).toEqual(['small']);
  });

  it('does nothing, silently, without a storage or when the storage throws on every call', () => {
    const none = setup(undefined).cache;
    expect(none.store(ANN, ARCHIVES, [1])).toBe(false);
    expect(none.read(ANN, ARCHIVES)).toBeUndefined();
    expect(none.sweep()).toBe(0);
    expect(none.clearUser(ANN)).toBe(0);

    const refusing: NavigationCacheStorage = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const broken = setup(refusing).cache;
    expect(broken.store(ANN, ARCHIVES, [1])).toBe(false);
    expect(broken.read(ANN, ARCHIVES)).toBeUndefined();
    expect(broken.sweep()).toBe(0);
    expect(broken.clearUser(ANN)).toBe(0);

    const unreachable = createNavigationCache({
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      now: () => START,
    });
    expect(unreachable.store(ANN, ARCHIVES, [1])).toBe(false);
    expect(unreachable.read(ANN, ARCHIVES)).toBeUndefined();
    expect(unreachable.sweep()).toBe(0);
  });
});

describe('the hourly sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps at start and then every hour until stopped', () => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    const storage = new MemoryStorage();
    const cache = createNavigationCache({ storage: () => storage, now: () => Date.now() });
    const sweep = vi.spyOn(cache, 'sweep');
    cache.store(ANN, ARCHIVES, ['Press']);

    const stop = startNavigationCacheSweep(cache, { setInterval: (callback, ms) => setInterval(callback, ms), clearInterval: (handle) => clearInterval(handle as number) });
    expect(sweep).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NAVIGATION_CACHE_SWEEP_MS - 1);
    expect(sweep).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(storage.items.size).toBe(1);
    vi.advanceTimersByTime(NAVIGATION_CACHE_SWEEP_MS);
    expect(sweep).toHaveBeenCalledTimes(3);
    // The entry turned 2 h old with this sweep: gone without anyone reading it.
    expect(storage.items.size).toBe(0);

    stop();
    vi.advanceTimersByTime(5 * NAVIGATION_CACHE_SWEEP_MS);
    expect(sweep).toHaveBeenCalledTimes(3);
  });
});

describe('what is kept', () => {
  const asset = { href: '/fotoweb/archives/5000-Press/a.jpg.info' };
  const folder = (name: string, extra: Partial<Collection> = {}) =>
    ({ href: `/fotoweb/archives/5000-Press/${name}/`, name, type: 'folder', searchString: null, assets: { data: [asset], paging: null }, ...extra }) as unknown as Collection;

  it('a list without its collections’ assets', () => {
    const list = { data: [folder('Press'), folder('Sport', { assets: null })], paging: null } as unknown as CollectionList;
    const kept = listForNavigation(list);
    expect(kept.data.map((c) => [c.name, c.assets])).toEqual([
      ['Press', null],
      ['Sport', null],
    ]);
    expect(list.data[0]!.assets).not.toBeNull();
  });

  it('a collection without its assets, its child folders without theirs', () => {
    const page = folder('Press', { children: { data: [folder('2026')], paging: null } as unknown as CollectionList });
    const kept = collectionForNavigation(page)!;
    expect(kept.assets).toBeNull();
    expect(kept.children!.data[0]!.name).toBe('2026');
    expect(kept.children!.data[0]!.assets).toBeNull();
    expect(kept.name).toBe('Press');
  });

  it('nothing of a search result or a smart folder', () => {
    expect(collectionForNavigation(folder('Press', { type: 'search' }))).toBeUndefined();
    expect(collectionForNavigation(folder('Press', { searchString: 'cat' }))).toBeUndefined();
    expect(collectionForNavigation(folder('Recent', { type: 'smartFolder' }))).toBeUndefined();
    expect(collectionForNavigation(folder('Press', { searchString: '' }))).toBeDefined();
  });
});
