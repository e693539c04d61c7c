import { useEffect, useState } from 'react';

/** How long search text must rest before it is sent (ms; spec 03 §5, §9: search inputs are debounced at 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs` ms (spec 03 §5/§9: searches are debounced 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
