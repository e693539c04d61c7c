import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` ms (spec 03 §5/§9: searches are debounced 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
