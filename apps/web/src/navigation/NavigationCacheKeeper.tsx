/**
 * The app's navigation cache (spec 01 §9; `navigationCache.ts`) on this browser's localStorage: the one instance the
 * screens read through {@link useNavigationCacheEntry}, and {@link NavigationCacheKeeper}, mounted once in `App`, which
 * owns its hourly sweep and clears a user's entries when they log out.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ResourceCache } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { createNavigationCache, startNavigationCacheSweep, type NavigationCacheStorage } from './navigationCache.ts';

/** localStorage, or undefined where the browser refuses it (reading `window.localStorage` can throw). */
function browserStorage(): NavigationCacheStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The app's cache: localStorage and the page's clock. */
export const navigationCache = createNavigationCache({ storage: browserStorage, now: () => Date.now() });

/** The signed-in user's href, the cache's owner; undefined for guests and while nobody is signed in (nothing is cached). */
function useCacheUser(): string | undefined {
  const { descriptor } = useSession();
  return descriptor && !descriptor.user.isGuest ? descriptor.user.href : undefined;
}

/**
 * The signed-in user's entry for `url`, as `useResource` reads and stores it, or undefined (no user, or `url`
 * undefined: a screen that is not navigation, e.g. a search). `prepare` turns an answer into what is kept (without
 * assets), or undefined to keep nothing; pass a stable function.
 */
export function useNavigationCacheEntry<T>(url: string | undefined, prepare: (data: T) => T | undefined): ResourceCache<T> | undefined {
  const user = useCacheUser();
  return useMemo(() => {
    if (user === undefined || url === undefined) return undefined;
    return {
      read: () => navigationCache.read<T>(user, url),
      store: (data: T) => {
        const kept = prepare(data);
        if (kept !== undefined) navigationCache.store(user, url, kept);
      },
    };
  }, [user, url, prepare]);
}

/**
 * Sweeps the cache at app start and every hour (spec 01 §9; the interval is cleared on unmount), and removes the
 * entries of a user who is no longer the signed-in one (logout, a lost session, another tab's login). Renders nothing.
 */
export function NavigationCacheKeeper() {
  const user = useCacheUser();
  useEffect(
    () =>
      startNavigationCacheSweep(navigationCache, {
        setInterval: (callback, ms) => window.setInterval(callback, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
      }),
    [],
  );
  const previous = useRef(user);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== user) navigationCache.clearUser(previous.current);
    previous.current = user;
  }, [user]);
  return null;
}
