/**
 * Cart count badge in the header: the number of items in the shopping cart and the "added to cart" notice
 * (spec 02 §2 Header search, §4 "Cart count badge: after adding, an 'added to cart' notice shows for 2 s",
 * §7 "GET item count (no cache); the cart badge reads count", §9 "Cart notice 2 s").
 *
 * Two parallel regions:
 * - `count`: `loading` (the injected `loadCount` actor) → `loaded`; ADDED_TO_CART and REFRESH load again.
 * - `notice`: `hidden` ⇄ `shown`; ADDED_TO_CART shows the notice for {@link CART_NOTICE_MS}, and a second add while it
 *   shows restarts the 2 s.
 */
import { assign, fromPromise, setup } from 'xstate';

/** How long the "added to cart" notice stays, in ms. */
export const CART_NOTICE_MS = 2_000; // spec 02 §4, §9

/** Message kept in `loadError` when the item count cannot be read (the badge keeps the last known count). */
export const CART_COUNT_FAILED_MESSAGE = 'The number of items in the cart could not be read.';

/** Input of the injected `loadCount` actor: `GET {cartHref}` item count, without cache (spec 02 §7). */
export interface LoadCartCountInput {
  readonly cartHref: string;
}

/**
 * Input of {@link cartBadgeMachine}.
 *
 * - `cartHref`: the cart's href (the API descriptor's `order.cart`, spec 02 §3), handed to `loadCount`.
 * - `count`: a count already known (e.g. from the page's first load), shown until the first load answers.
 */
export interface CartBadgeInput {
  readonly cartHref: string;
  readonly count?: number;
}

/**
 * Context of {@link cartBadgeMachine}.
 *
 * - `count`: items in the cart, a non-negative integer, or `undefined` before the first answer.
 * - `loadError`: set when the last count load failed (`{value: 'countFailed', message, cause}`); cleared by the next
 *   successful load. The badge keeps showing the last known count meanwhile.
 */
export interface CartBadgeContext {
  readonly cartHref: string;
  readonly count: number | undefined;
  readonly loadError: CartCountError | undefined;
}

/** Why the count could not be read: `cause` is what `loadCount` rejected with (its `name` is the HTTP status, §7). */
export interface CartCountError {
  readonly value: 'countFailed';
  readonly message: string;
  readonly cause: unknown;
}

/**
 * Events of {@link cartBadgeMachine}.
 *
 * - `ADDED_TO_CART`: the POST to the cart succeeded (spec 02 §7); shows or restarts the notice and reloads the count.
 * - `REFRESH`: the cart changed elsewhere (order placed, item removed); reloads the count, no notice.
 */
export type CartBadgeEvent = { type: 'ADDED_TO_CART' } | { type: 'REFRESH' };

/**
 * A count as the badge shows it: a non-negative integer; anything else (negative, fractional, not a number) is
 * refused with `undefined` so the badge keeps its last value.
 */
export function toCartCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The cart badge machine (spec 02 §4, §7, §9). Parallel regions `count` (`loading` → `loaded`) and `notice`
 * (`hidden` ⇄ `shown`, delay `cartNotice` = {@link CART_NOTICE_MS}).
 *
 * Provide `loadCount` (resolves with the item count, a number) with `.provide({actors: {loadCount}})`; the built-in
 * one rejects, which leaves `loadError` set. A resolved value that is not a non-negative integer counts as a failure.
 */
export const cartBadgeMachine = setup({
  types: {
    context: {} as CartBadgeContext,
    events: {} as CartBadgeEvent,
    input: {} as CartBadgeInput,
  },
  actors: {
    loadCount: fromPromise<number, LoadCartCountInput>(async () => {
      throw new Error('cartBadge: provide `loadCount` with .provide()');
    }),
  },
  guards: {
    'isValidCount?': (_, params: { output: unknown }) => toCartCount(params.output) !== undefined,
  },
  delays: {
    cartNotice: CART_NOTICE_MS,
  },
  actions: {
    storeCount: assign((_, params: { output: unknown }) => ({ count: toCartCount(params.output), loadError: undefined })),
    storeLoadError: assign((_, params: { cause: unknown }) => ({
      loadError: { value: 'countFailed', message: CART_COUNT_FAILED_MESSAGE, cause: params.cause } as CartCountError,
    })),
  },
}).createMachine({
  id: 'cartBadge',
  type: 'parallel',
  context: ({ input }) => ({ cartHref: input.cartHref, count: toCartCount(input.count), loadError: undefined }),
  states: {
    count: {
      initial: 'loading',
      states: {
        loading: {
          on: {
            // Reloading restarts a running load: the newest answer is the one after the latest add. (Declared on
            // the atomic states, not the region: a region-level re-entry would conflict with the notice's.)
            ADDED_TO_CART: { target: 'loading', reenter: true },
            REFRESH: { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'loadCount',
            src: 'loadCount',
            input: ({ context }) => ({ cartHref: context.cartHref }),
            onDone: [
              {
                guard: { type: 'isValidCount?', params: ({ event }) => ({ output: event.output }) },
                target: 'loaded',
                actions: { type: 'storeCount', params: ({ event }) => ({ output: event.output }) },
              },
              {
                target: 'loaded',
                actions: { type: 'storeLoadError', params: ({ event }) => ({ cause: event.output }) },
              },
            ],
            onError: {
              target: 'loaded',
              actions: { type: 'storeLoadError', params: ({ event }) => ({ cause: event.error }) },
            },
          },
        },
        loaded: {
          on: { ADDED_TO_CART: 'loading', REFRESH: 'loading' },
        },
      },
    },
    notice: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { ADDED_TO_CART: 'shown' },
        },
        shown: {
          after: { cartNotice: 'hidden' },
          on: {
            // spec 02 §4: a second add while the notice shows restarts the 2 s.
            ADDED_TO_CART: { target: 'shown', reenter: true },
          },
        },
      },
    },
  },
});
