import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from './client.ts';

/** The state of one fetched resource. `data` keeps the last good value while a reload runs. */
export interface ResourceState<T> {
  readonly status: 'loading' | 'ready' | 'error';
  readonly data: T | undefined;
  readonly error: unknown;
  /** Fetches again (keeps showing `data` meanwhile). */
  readonly reload: () => void;
}

/**
 * Fetches `load(signal)` whenever `key` changes (a new key drops the old data) or `reload()` is called (the old data
 * stays until the new answer arrives). Aborts the request in flight on change and unmount. `key` undefined means
 * nothing to fetch yet.
 */
export function useResource<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): ResourceState<T> {
  const [state, setState] = useState<{ key: string | undefined; status: ResourceState<T>['status']; data: T | undefined; error: unknown }>({
    key,
    status: 'loading',
    data: undefined,
    error: undefined,
  });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    setState((previous) =>
      previous.key === key ? { ...previous, status: previous.data === undefined ? 'loading' : previous.status } : { key, status: 'loading', data: undefined, error: undefined },
    );
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ key, status: 'ready', data, error: undefined });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState((previous) => ({ key, status: 'error', data: previous.key === key ? previous.data : undefined, error }));
      });
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const current = state.key === key ? state : { status: 'loading' as const, data: undefined, error: undefined };
  return { status: current.status, data: current.data, error: current.error, reload };
}
