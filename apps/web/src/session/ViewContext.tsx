/**
 * What the current view tells the header: the collection on screen (for the header search's `searchURL` and
 * `clearSearch`, and the default upload destination), the message of a search the server refused (shown under the
 * header search field, spec 02 §8), and a counter that asks collection views to reload after
 * uploads finished (spec 01 §4 Upload popover: new assets appear).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Collection } from '@magpie/api-types';

interface ViewValue {
  /** The collection the current view shows, if any. */
  readonly collection: Collection | undefined;
  setCollection(collection: Collection | undefined): void;
  /** Why the search in the address could not run (spec 02 §8), shown under the header search; else undefined. */
  readonly searchError: string | undefined;
  setSearchError(message: string | undefined): void;
  /** Increases whenever assets were added; collection views reload when it changes. */
  readonly refreshCount: number;
  requestRefresh(): void;
}

const ViewContext = createContext<ViewValue | undefined>(undefined);

/** The current view's state; throws outside {@link ViewProvider}. */
export function useView(): ViewValue {
  const value = useContext(ViewContext);
  if (!value) throw new Error('useView must be used inside <ViewProvider>');
  return value;
}

/** Provides {@link useView}. */
export function ViewProvider({ children }: { children: ReactNode }) {
  const [collection, setCollection] = useState<Collection | undefined>();
  const [searchError, setSearchError] = useState<string | undefined>();
  const [refreshCount, setRefreshCount] = useState(0);
  const requestRefresh = useCallback(() => setRefreshCount((n) => n + 1), []);
  const value = useMemo(() => ({ collection, setCollection, searchError, setSearchError, refreshCount, requestRefresh }), [collection, searchError, refreshCount, requestRefresh]);
  return <ViewContext.Provider value={value}>{children}</ViewContext.Provider>;
}
