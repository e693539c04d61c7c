/**
 * The archives listing's "load more" rule (spec 03 §2.11 "loads more when the user scrolls near the bottom
 * (throttled 300 ms, 400 px margin)", §9 "Infinite scroll throttled 300 ms with a 400 px margin").
 */

/** How close to the bottom (px) a scroll must come to load the next page. */
export const LOAD_MORE_MARGIN_PX = 400; // spec 03 §2.11, §9
/** At most one check per this many ms while scrolling. */
export const LOAD_MORE_THROTTLE_MS = 300; // spec 03 §2.11, §9

/** Where the page is scrolled to (px): the document's `scrollTop`, the window's height, the document's height. */
export interface ScrollPosition {
  readonly scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
}

/** True when the bottom of what shows is within `margin` px of the end of the page (also when the page is shorter). */
export function isNearBottom({ scrollTop, clientHeight, scrollHeight }: ScrollPosition, margin = LOAD_MORE_MARGIN_PX): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= margin;
}

/**
 * `run` at most once per `waitMs`: the first call runs at once, calls within the wait are folded into one that runs
 * when it ends (so the last position is always checked). `cancel()` drops a pending call (on unmount).
 * `now` and the timer functions are injectable for tests.
 */
export function throttle(
  run: () => void,
  waitMs = LOAD_MORE_THROTTLE_MS,
  clock: { now(): number; setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void } = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): { (): void; cancel(): void } {
  let last = -Infinity;
  let pending: unknown;
  const fire = () => {
    pending = undefined;
    last = clock.now();
    run();
  };
  const throttled = () => {
    if (pending !== undefined) return;
    const wait = last + waitMs - clock.now();
    if (wait <= 0) fire();
    else pending = clock.setTimeout(fire, wait);
  };
  throttled.cancel = () => {
    if (pending !== undefined) clock.clearTimeout(pending);
    pending = undefined;
  };
  return throttled;
}
