/**
 * Cart count badge in the header: the number of items in the shopping cart and the "added to cart" notice
 * (spec 02 §2 Header search, §4 "Cart count badge: after adding, an 'added to cart' notice shows for 2 s",
 * §7 "GET item count (no cache); the cart badge reads count", §9 "Cart notice 2 s").
 *
 * Three parallel regions:
 * - `count`: `loading` (the injected `loadCount` actor) → `loaded`; ADDED_TO_CART and REFRESH load again.
 * - `notice`: `hidden` ⇄ `shown`; ADDED_TO_CART shows the notice for {@link CART_NOTICE_MS}, and a second add while it
 *   shows restarts the 2 s.
 * - `adding`: `idle` → (ADD {assets}) `adding` (the injected `addToCart` actor, `POST {cart}` spec 02 §7) → `idle`: done
 *   raises ADDED_TO_CART; a refusal keeps `addError` (403 without the archive permission `Order`, 409 `CartFull`). One
 *   add at a time: ADD while adding is ignored, so the screens' Add to cart waits.
 */
import { MAX_CART_ITEMS } from '@magpie/api-types';
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** How long the "added to cart" notice stays, in ms. */
export const CART_NOTICE_MS = 2_000; // spec 02 §4, §9

/** Message kept in `loadError` when the item count cannot be read (the badge keeps the last known count). */
export const CART_COUNT_FAILED_MESSAGE = 'The number of items in the cart could not be read.';

/** What a refused add says when the DAM gives no reason of its own: 403, the archive permission `Order` (spec 03 §3.11). */
export const CART_ADD_FORBIDDEN_MESSAGE = 'You may not order these assets.';

/** What a refused add says for 409 `CartFull` (dam.yaml `addToCart`). */
export const CART_FULL_MESSAGE = `The cart is full: it holds at most ${MAX_CART_ITEMS} items. Submit or empty it first.`;

/** Input of the injected `addToCart` actor: `POST {cartHref}` with the assets' hrefs (`assetlinklist`, spec 02 §7). */
export interface AddToCartInput {
  readonly cartHref: string;
  readonly assets: readonly string[];
}

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
 * - `adding`: the asset hrefs of the add running (empty while `adding.idle`).
 * - `addError`: why the last add was refused (`{value: 'addFailed', message, cause, assets}`); cleared by the next ADD.
 */
export interface CartBadgeContext {
  readonly cartHref: string;
  readonly count: number | undefined;
  readonly loadError: CartCountError | undefined;
  readonly adding: readonly string[];
  readonly addError: CartAddError | undefined;
}

/** Why an add was refused: `cause` is what `addToCart` rejected with (`{status, responseJSON}`). */
export interface CartAddError {
  readonly value: 'addFailed';
  readonly message: string;
  readonly cause: unknown;
  /** The asset hrefs that were not added (nothing is added unless every one may be). */
  readonly assets: readonly string[];
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
 * - `ADD {assets}`: the user adds assets (hrefs, at least one) to the cart; runs `addToCart` unless an add runs.
 * - `ADDED_TO_CART`: the POST to the cart succeeded (spec 02 §7; raised by a successful ADD); shows or restarts the
 *   notice and reloads the count.
 * - `REFRESH`: the cart changed elsewhere (order placed, item removed); reloads the count, no notice.
 */
export type CartBadgeEvent = { type: 'ADD'; assets: readonly string[] } | { type: 'ADDED_TO_CART' } | { type: 'REFRESH' };

/**
 * A count as the badge shows it: a non-negative integer; anything else (negative, fractional, not a number) is
 * refused with `undefined` so the badge keeps its last value.
 */
export function toCartCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * What a refused add says, from `{status, responseJSON}` (dam.yaml `addToCart`): 409 `CartFull` {@link CART_FULL_MESSAGE};
 * 403 the DAM's message, else {@link CART_ADD_FORBIDDEN_MESSAGE}; another 4xx the DAM's message; the general error
 * otherwise (spec 01 §8).
 */
export function cartAddErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  const message = responseJSON?.message?.trim();
  if (status === 409 && responseJSON?.value === 'CartFull') return CART_FULL_MESSAGE;
  if (status === 403) return message || CART_ADD_FORBIDDEN_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && message) return message;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The cart badge machine (spec 02 §4, §7, §9). Parallel regions `count` (`loading` → `loaded`), `notice`
 * (`hidden` ⇄ `shown`, delay `cartNotice` = {@link CART_NOTICE_MS}) and `adding` (`idle` ⇄ `adding`).
 *
 * Provide `loadCount` (resolves with the item count, a number) and `addToCart` ({@link AddToCartInput}; rejects with
 * `{status, responseJSON}`) with `.provide({actors})`; the built-in ones reject, which leaves `loadError` / `addError`
 * set. A resolved count that is not a non-negative integer counts as a failure.
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
    addToCart: fromPromise<void, AddToCartInput>(async () => {
      throw new Error('cartBadge: provide `addToCart` with .provide()');
    }),
  },
  guards: {
    'isValidCount?': (_, params: { output: unknown }) => toCartCount(params.output) !== undefined,
    'hasAssets?': ({ event }) => {
      assertEvent(event, 'ADD');
      return event.assets.length > 0;
    },
  },
  delays: {
    cartNotice: CART_NOTICE_MS,
  },
  actions: {
    storeCount: assign((_, params: { output: unknown }) => ({ count: toCartCount(params.output), loadError: undefined })),
    storeLoadError: assign((_, params: { cause: unknown }) => ({
      loadError: { value: 'countFailed', message: CART_COUNT_FAILED_MESSAGE, cause: params.cause } as CartCountError,
    })),
    startAdd: assign(({ event }) => {
      assertEvent(event, 'ADD');
      return { adding: [...event.assets], addError: undefined };
    }),
    storeAddError: assign(({ context }, params: { cause: unknown }) => ({
      adding: [],
      addError: { value: 'addFailed', message: cartAddErrorMessage(params.cause), cause: params.cause, assets: context.adding } as CartAddError,
    })),
  },
}).createMachine({
  id: 'cartBadge',
  type: 'parallel',
  context: ({ input }) => ({ cartHref: input.cartHref, count: toCartCount(input.count), loadError: undefined, adding: [], addError: undefined }),
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
    adding: {
      initial: 'idle',
      states: {
        idle: {
          on: { ADD: { guard: 'hasAssets?', target: 'adding', actions: 'startAdd' } },
        },
        adding: {
          invoke: {
            id: 'addToCart',
            src: 'addToCart',
            input: ({ context }) => ({ cartHref: context.cartHref, assets: context.adding }),
            // The add is the badge's own ADDED_TO_CART: the notice shows and the count is read again.
            onDone: { target: 'idle', actions: [assign({ adding: [] }), raise({ type: 'ADDED_TO_CART' })] },
            onError: { target: 'idle', actions: { type: 'storeAddError', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
      },
    },
  },
});
