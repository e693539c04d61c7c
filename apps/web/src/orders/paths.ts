/**
 * The orders room's pages (issue 15 "Cart and orders"): the routes `App.tsx` mounts. Links to them come from the
 * descriptor (`order.views.cart`, `order.views.history`, `order.admin.views.pending`), which the DAM answers with these
 * paths; the header and the menus show an entry only when the descriptor offers it.
 */

/** The cart page (the descriptor's `order.views.cart`). */
export const CART_PATH = '/fotoweb/views/cart';

/** The user's order history (the descriptor's `order.views.history`; spec 03 §2.9). */
export const ORDER_HISTORY_PATH = '/fotoweb/views/orders';

/** The approvers' pending orders (the descriptor's `order.admin.views.pending`; spec 03 §2.1). */
export const PENDING_ORDERS_PATH = '/fotoweb/views/orders/admin';

/** The administrators' order settings: the orderer's fields and the terms (the descriptor's `views.orderSettings`). */
export const ORDER_SETTINGS_PATH = '/fotoweb/views/order-settings';
