import { ClipboardList } from 'lucide-react';
import type { Action } from './types.ts';

/**
 * Opens the order history (spec 03 §2.9 "Order history link, only if the order history view exists"; issue 15): the
 * user's orders, from the user menu, when the descriptor offers `order.views.history`.
 */
export const actionOpenOrderHistory: Action = {
  name: 'openOrderHistory',
  label: () => 'Order history',
  icon: ClipboardList,
  predicate: (context) => context.loggedIn && context.orderHistoryHref !== undefined,
  perform: (context) => {
    if (context.orderHistoryHref) context.navigate(context.orderHistoryHref);
  },
};
