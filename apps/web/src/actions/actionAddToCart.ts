import { ShoppingCart } from 'lucide-react';
import { mayOrderAll } from '../orders/orders.ts';
import { offeredSelection } from './selection.ts';
import type { Action, ActionContext, SelectionCommands } from './types.ts';

/** The selection when Add to cart may run on it: the user has a cart and every selected asset allows `Order`. */
function orderableSelection(context: ActionContext): SelectionCommands | undefined {
  const selection = offeredSelection(context);
  return selection && context.cart && mayOrderAll(selection.assets) ? selection : undefined;
}

/**
 * "Add to cart" on the selection bar (issue 15 "Cart and orders"; spec 02 §7 "POST to a cart URL with data as a list of
 * objects carrying href"; spec 01 §2 asset selection): adds every selected asset to the cart in one request. Offered to
 * users with a cart (the descriptor's `order.cart`; guests have none) when every selected asset's archive grants the
 * permission `Order` (spec 03 §3.11); disabled while an add runs. The header's cart badge shows the new count and
 * "Added to cart" for 2 s; a refusal (403, 409 `CartFull`) becomes an error notice (`orders/CartProvider.tsx`).
 */
export const actionAddToCart: Action = {
  name: 'addToCart',
  label: () => 'Add to cart',
  icon: ShoppingCart,
  testId: 'selection-add-to-cart',
  predicate: (context) => orderableSelection(context) !== undefined,
  busy: (context) => context.cart?.busy === true,
  perform: (context) => {
    const selection = orderableSelection(context);
    if (selection && context.cart && !context.cart.busy) context.cart.add(selection.assets.map((asset) => asset.href));
  },
};
