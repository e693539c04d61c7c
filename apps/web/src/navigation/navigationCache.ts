/**
 * The local navigation cache (spec 01 §9 "Local navigation cache checked hourly; entries expire after 2 hours"): the
 * navigation lists a signed-in user browses again and again (the archives list, a collection's child folders), kept in
 * this browser's localStorage so that the next visit shows them at once while the real request runs
 * (stale-while-revalidate, `api/useResource.ts`). Not assets, not search results.
 *
 * One key per user and URL, under {@link NAVIGATION_CACHE_PREFIX}: `magpie.nav.<encoded user href>|<url>`, holding a
 * {@link NavigationCacheEntry}. An entry is fresh while it is younger than {@link NAVIGATION_CACHE_TTL_MS}; an older one
 * is never read, and the sweep (at app start, then every {@link NAVIGATION_CACHE_SWEEP_MS}) removes it. Whatever goes
 * wrong with the storage (unavailable, full, an entry that is not JSON) makes the cache do nothing, never an error.
 *
 * Pure: the storage and the clock are given, so the unit tests run in node with simulated time.
 */
import type { Collection, CollectionList } from '@magpie/api-types';

/** How long an entry may be shown, in ms: 2 h (spec 01 §9 "entries expire after 2 hours"). An entry this old or older is expired. */
export const NAVIGATION_CACHE_TTL_MS = 2 * 60 * 60 * 1000;

/** How often expired entries are swept away, in ms: 1 h (spec 01 §9 "checked hourly"), and once at app start. */
export const NAVIGATION_CACHE_SWEEP_MS = 60 * 60 * 1000;

/** The prefix of every key of the cache in localStorage; nothing else of Magpie's uses it. */
export const NAVIGATION_CACHE_PREFIX = 'magpie.nav.';

/** What one key holds (JSON). */
export interface NavigationCacheEntry<T> {
  /** When the answer was stored, in ms since the epoch (the cache's clock). */
  readonly storedAt: number;
  /** The signed-in user's href the answer was made for; an entry is only read for that user. */
  readonly user: string;
  /** The answer as the screen loaded it (a list without assets). */
  readonly data: T;
}

/** The part of `Storage` the cache uses (localStorage in the browser, a map in the tests). */
export type NavigationCacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** What {@link createNavigationCache} needs. */
export interface NavigationCacheOptions {
  /** The storage, or undefined when there is none (reading `window.localStorage` can throw: answer undefined then). */
  readonly storage: () => NavigationCacheStorage | undefined;
  /** The clock, in ms since the epoch (`Date.now`). */
  readonly now: () => number;
}

/** The cache. Every method is safe to call whatever the storage does: failures make it do nothing. */
export interface NavigationCache {
  /** The fresh answer stored for `user` at `url`, or undefined (none, expired, someone else's, unreadable: the last two are removed). */
  read<T>(user: string, url: string): T | undefined;
  /** Stores `data` for `user` at `url` now; false when the storage refused (full, unavailable), leaving no older entry for that key. */
  store<T>(user: string, url: string, data: T): boolean;
  /** Removes every expired or unreadable entry; answers how many were removed. */
  sweep(): number;
  /** Removes every entry of `user` (logout); answers how many were removed. */
  clearUser(user: string): number;
}

/** The key of `user`'s entry for `url`. The user's href is encoded, so `|` ends it. */
export function navigationCacheKey(user: string, url: string): string {
  return `${NAVIGATION_CACHE_PREFIX}${encodeURIComponent(user)}|${url}`;
}

/** The entry `raw` holds, or undefined when it is not JSON or not an entry's shape. */
function parseEntry(raw: string): NavigationCacheEntry<unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Partial<NavigationCacheEntry<unknown>>;
  if (typeof entry.storedAt !== 'number' || !Number.isFinite(entry.storedAt) || typeof entry.user !== 'string' || !('data' in entry)) return undefined;
  return entry as NavigationCacheEntry<unknown>;
}

/**
 * True while `entry` may be shown at `now`: stored at most {@link NAVIGATION_CACHE_TTL_MS} − 1 ms ago. An entry stored
 * "in the future" (the clock went back) cannot be known to be young, so it is not fresh either.
 */
export function isFresh(entry: Pick<NavigationCacheEntry<unknown>, 'storedAt'>, now: number): boolean {
  const age = now - entry.storedAt;
  return age >= 0 && age < NAVIGATION_CACHE_TTL_MS;
}

/** See the module comment. */
export function createNavigationCache({ storage, now }: NavigationCacheOptions): NavigationCache {
  const remove = (store: NavigationCacheStorage, key: string) => {
    try {
      store.removeItem(key);
    } catch {
      // Nothing more to do.
    }
  };
  /** The cache's keys, collected first: removing while walking the indices would skip keys. */
  const cacheKeys = (store: NavigationCacheStorage, prefix: string): string[] => {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (key !== null && key.startsWith(prefix)) keys.push(key);
    }
    return keys;
  };
  const safeStorage = (): NavigationCacheStorage | undefined => {
    try {
      return storage();
    } catch {
      return undefined;
    }
  };

  return {
    read<T>(user: string, url: string): T | undefined {
      const store = safeStorage();
      if (!store) return undefined;
      const key = navigationCacheKey(user, url);
      try {
        const raw = store.getItem(key);
        if (raw === null) return undefined;
        const entry = parseEntry(raw);
        if (entry && entry.user === user && isFresh(entry, now())) return entry.data as T;
        remove(store, key);
        return undefined;
      } catch {
        return undefined;
      }
    },

    store<T>(user: string, url: string, data: T): boolean {
      const store = safeStorage();
      if (!store) return false;
      const key = navigationCacheKey(user, url);
      try {
        const entry: NavigationCacheEntry<T> = { storedAt: now(), user, data };
        store.setItem(key, JSON.stringify(entry));
        return true;
      } catch {
        // Quota exceeded (or data JSON cannot hold): an older answer for this key must not outlive the newer one seen.
        remove(store, key);
        return false;
      }
    },

    sweep(): number {
      const store = safeStorage();
      if (!store) return 0;
      try {
        const at = now();
        let removed = 0;
        for (const key of cacheKeys(store, NAVIGATION_CACHE_PREFIX)) {
          const raw = store.getItem(key);
          const entry = raw === null ? undefined : parseEntry(raw);
          if (entry && isFresh(entry, at)) continue;
          remove(store, key);
          removed++;
        }
        return removed;
      } catch {
        return 0;
      }
    },

    clearUser(user: string): number {
      const store = safeStorage();
      if (!store) return 0;
      try {
        const keys = cacheKeys(store, navigationCacheKey(user, ''));
        for (const key of keys) remove(store, key);
        return keys.length;
      } catch {
        return 0;
      }
    },
  };
}

/** The timers {@link startNavigationCacheSweep} uses (the browser's, or the tests' fake ones). */
export interface SweepTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Sweeps `cache` now and then every {@link NAVIGATION_CACHE_SWEEP_MS} (spec 01 §9 "checked hourly"); answers the stop
 * function, which clears the interval.
 */
export function startNavigationCacheSweep(cache: Pick<NavigationCache, 'sweep'>, timers: SweepTimers): () => void {
  cache.sweep();
  const handle = timers.setInterval(() => cache.sweep(), NAVIGATION_CACHE_SWEEP_MS);
  return () => timers.clearInterval(handle);
}

/** A list as the cache keeps it: each collection without its embedded assets (navigation, not assets). */
export function listForNavigation(list: CollectionList): CollectionList {
  return { ...list, data: list.data.map(withoutAssets) };
}

/**
 * A collection page as the cache keeps it: without its assets, its child folders without theirs; undefined (not
 * stored) for a search result or a smart folder (a saved search), which are not navigation.
 */
export function collectionForNavigation(collection: Collection): Collection | undefined {
  if (collection.type === 'search' || collection.type === 'smartFolder' || (collection.searchString ?? '') !== '') return undefined;
  return { ...withoutAssets(collection), ...(collection.children ? { children: listForNavigation(collection.children) } : {}) };
}

function withoutAssets(collection: Collection): Collection {
  if (collection.assets === undefined || collection.assets === null) return collection;
  return { ...collection, assets: null };
}
