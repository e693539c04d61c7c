import { ShoppingCart } from 'lucide-react';
import { mayOrderAll } from '../orders/orders.ts';
import type { Action } from './types.ts';

/**
 * "Add to cart" in the asset view (issue 15 "Cart and orders"; spec 02 §7): adds the asset on screen to the cart. Offered
 * to users with a cart when the asset's archive grants `Order` (spec 03 §3.11), while no dialog is open; disabled while
 * an add runs. The same rule and outcome as the selection bar's `actionAddToCart`, for one asset.
 */
export const actionAddAssetToCart: Action = {
  name: 'addAssetToCart',
  label: () => 'Add to cart',
  icon: ShoppingCart,
  testId: 'asset-add-to-cart',
  predicate: (context) => context.loggedIn && context.cart !== undefined && context.asset !== undefined && mayOrderAll([context.asset]) && !context.dialogOpen(),
  busy: (context) => context.cart?.busy === true,
  perform: (context) => {
    if (context.cart && !context.cart.busy && context.asset && mayOrderAll([context.asset])) context.cart.add([context.asset.href]);
  },
};
