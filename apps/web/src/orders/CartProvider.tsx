/**
 * The user's shopping cart as the shell's screens share it (issue 15 "Cart and orders"; spec 02 §2 "a shopping cart
 * count badge with an 'added to cart' notice", §4 "Cart count badge: after adding, an 'added to cart' notice shows for
 * 2 s", §6 "Logged-in users: … cart", §7 "GET item count (no cache); the cart badge reads count", "POST to a cart URL
 * with data as a list of objects carrying href"), on the `cartBadge` machine: one actor for the app, started when the
 * descriptor offers `order.cart` (guests get `order: null`, so no cart and no store: {@link useCart} answers
 * undefined).
 *
 * Screens add through {@link CartStore.add} (the registry's Add to cart actions): the machine POSTs the assets, shows
 * the notice for 2 s and reads the count again; a refusal (403 without the archive permission `Order`, 409 `CartFull`)
 * becomes an error notice with its details. The cart page calls {@link CartStore.refresh} after it changed the cart, and
 * the count is read again when the window regains focus (another tab may have changed the cart).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { cartBadgeMachine, type AddToCartInput, type LoadCartCountInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { errorReport } from '../notifications/errorReport.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';

/** The cart as screens read it, and what they may ask of it. */
export interface CartStore {
  /** Items in the cart (a non-negative integer), or undefined until the first count answers. */
  readonly count: number | undefined;
  /** True for the 2 s after an add (spec 02 §4, §9). */
  readonly noticeShown: boolean;
  /** True while an add runs: Add to cart waits (one add at a time). */
  readonly busy: boolean;
  /** The cart page (the descriptor's `order.views.cart`), or undefined when the server offers none. */
  readonly viewHref: string | undefined;
  /** Adds the assets (their hrefs) to the cart; ignored while an add runs or for an empty list. */
  add(assets: readonly string[]): void;
  /** Reads the count again (after the cart page changed the cart). */
  refresh(): void;
}

const CartContext = createContext<CartStore | undefined>(undefined);

/** The cart, for a signed-in user whose descriptor offers one; undefined otherwise (guests). */
export function useCart(): CartStore | undefined {
  return useContext(CartContext);
}

/** The badge's machine with the typed client's calls: the count without cache, the POST of the assets. */
const cartMachine = cartBadgeMachine.provide({
  actors: {
    loadCount: fromPromise<number, LoadCartCountInput>(({ input, signal }) => machineCall(() => api.getCartCount(input.cartHref, { signal })).then((answer) => answer.count)),
    addToCart: fromPromise<void, AddToCartInput>(({ input }) => machineCall(() => api.addToCart(input.cartHref, input.assets))),
  },
});

/** See the module comment. Mounted by the shell around the header and the pages. */
export function CartProvider({ children }: { readonly children: ReactNode }) {
  const order = useSession().descriptor?.order ?? undefined;
  const cartHref = order?.cart ?? undefined;
  if (!cartHref) return <>{children}</>;
  return (
    <CartMachineProvider key={cartHref} cartHref={cartHref} viewHref={order?.views.cart ?? undefined}>
      {children}
    </CartMachineProvider>
  );
}

function CartMachineProvider({ cartHref, viewHref, children }: { readonly cartHref: string; readonly viewHref: string | undefined; readonly children: ReactNode }) {
  const [snapshot, send] = useMachine(cartMachine, { input: { cartHref } });
  const { notify } = useNotifications();
  const { count, addError } = snapshot.context;
  const noticeShown = snapshot.matches({ notice: 'shown' });
  const busy = snapshot.matches({ adding: 'adding' });

  // Each refusal once, as an error notice with its details (a new refusal is a new object).
  const shownError = useRef(addError);
  useEffect(() => {
    if (addError === shownError.current) return;
    shownError.current = addError;
    if (!addError) return;
    notify({
      status: 'error',
      key: 'cart',
      testId: 'cart-add-error',
      title: 'Not added to the cart',
      body: addError.message,
      report: errorReport(addError.cause, { message: addError.message }),
    });
  }, [addError, notify]);

  // Back from another tab or window, where the cart may have changed: read the count again.
  useEffect(() => {
    const onFocus = () => send({ type: 'REFRESH' });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [send]);

  const add = useCallback((assets: readonly string[]) => send({ type: 'ADD', assets }), [send]);
  const refresh = useCallback(() => send({ type: 'REFRESH' }), [send]);
  const store = useMemo<CartStore>(() => ({ count, noticeShown, busy, viewHref, add, refresh }), [count, noticeShown, busy, viewHref, add, refresh]);
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}
