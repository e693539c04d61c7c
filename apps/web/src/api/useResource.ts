import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAbort } from './client.ts';

/** The state of one fetched resource. `data` keeps the last good value while a reload runs. */
export interface ResourceState<T> {
  readonly status: 'loading' | 'ready' | 'error';
  readonly data: T | undefined;
  readonly error: unknown;
  /**
   * True while `data` is a cached answer (the navigation cache, `navigation/`) and no answer of the server arrived
   * yet for this key: while `status` is `loading` the request runs; `error` means it failed and the cached answer stays.
   */
  readonly fromCache: boolean;
  /** Fetches again (keeps showing `data` meanwhile). */
  readonly reload: () => void;
}

/**
 * Where a resource's last answer is kept between visits (stale-while-revalidate): `read` answers a kept answer young
 * enough to show, or undefined; `store` keeps a fresh answer. Both never throw. See `navigation/NavigationCacheKeeper.tsx`.
 */
export interface ResourceCache<T> {
  read(): T | undefined;
  store(data: T): void;
}

interface Loaded<T> {
  readonly key: string | undefined;
  readonly status: ResourceState<T>['status'];
  readonly data: T | undefined;
  readonly error: unknown;
  readonly fromCache: boolean;
}

/** A key's state before its request answered: the cached answer when there is one, else nothing. */
function startOf<T>(key: string | undefined, cache: ResourceCache<T> | undefined): Loaded<T> {
  const cached = key === undefined ? undefined : cache?.read();
  return { key, status: 'loading', data: cached, error: undefined, fromCache: cached !== undefined };
}

/**
 * Fetches `load(signal)` whenever `key` changes (a new key drops the old data) or `reload()` is called (the old data
 * stays until the new answer arrives). Aborts the request in flight on change and unmount. `key` undefined means
 * nothing to fetch yet.
 *
 * With a `cache` (the navigation lists, spec 01 §9), a new key shows the cached answer at once (`fromCache`) while the
 * request runs; the server's answer replaces it and is stored; a failed request keeps showing it (`status` `error`).
 */
export function useResource<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>, cache?: ResourceCache<T>): ResourceState<T> {
  const [state, setState] = useState<Loaded<T>>(() => startOf(key, cache));
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const cacheRef = useRef(cache);
  cacheRef.current = cache;

  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const keep = cacheRef.current;
    setState((previous) => (previous.key === key ? { ...previous, status: previous.data === undefined ? 'loading' : previous.status } : startOf(key, keep)));
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        keep?.store(data);
        setState({ key, status: 'ready', data, error: undefined, fromCache: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState((previous) =>
          previous.key === key
            ? { key, status: 'error', data: previous.data, error, fromCache: previous.fromCache }
            : { key, status: 'error', data: undefined, error, fromCache: false },
        );
      });
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // Until the effect took up a new key, answer its start (the cached answer, read once per key): no flash of "loading".
  const pending = useMemo(() => (state.key === key ? undefined : startOf(key, cacheRef.current)), [state.key, key]);
  const current = pending ?? state;
  return { status: current.status, data: current.data, error: current.error, fromCache: current.fromCache, reload };
}
