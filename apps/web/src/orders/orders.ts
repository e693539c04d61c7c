/**
 * The orders room's words and rules (issue 15 "Cart and orders"; spec 02 §2 header cart badge, §4, §7; spec 03 §2.1
 * Pending orders, §2.9 Order history), as pure functions over the contract's shapes. The header's cart item, the cart
 * page, the order history and the pending orders page draw them; the flows themselves are the machines `cartBadge`,
 * `cartCheckout` and `orderDecision` of `@magpie/machines`.
 */
import type { Asset, Order, OrderConfig } from '@magpie/api-types';

/** An order's owner: the orderer (dam.yaml `OrderOwner`). */
type Owner = Order['owner'];

/** The archive permission that lets an asset be added to the cart (spec 03 §3.11; dam.yaml `addToCart` 403 otherwise). */
export const ORDER_PERMISSION = 'Order' satisfies Asset['permissions'][number];

/** What an order's state reads as (dam.yaml `OrderState`). */
const STATE_WORDS: Readonly<Record<Order['state'], string>> = {
  cart: 'In the cart',
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The words for an order's state: `pending` → "Waiting for approval", `approved` → "Approved"… */
export function orderStateText(state: Order['state']): string {
  return STATE_WORDS[state] ?? state;
}

/** The Chakra colour palette of a state's badge (semantic, so dark mode follows). */
export function orderStatePalette(state: Order['state']): 'gray' | 'orange' | 'green' | 'red' {
  if (state === 'pending') return 'orange';
  if (state === 'approved') return 'green';
  if (state === 'rejected') return 'red';
  return 'gray';
}

/** "1 item", "3 items". */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** The header cart item's accessible name: "Cart, empty", "Cart, 1 item", "Cart, 3 items"; "Cart" while unknown. */
export function cartLinkLabel(count: number | undefined): string {
  if (count === undefined) return 'Cart';
  return count === 0 ? 'Cart, empty' : `Cart, ${itemCountText(count)}`;
}

/** Whether every asset of a non-empty list may be added to the cart: its archive grants {@link ORDER_PERMISSION}. */
export function mayOrderAll(assets: readonly Pick<Asset, 'permissions'>[]): boolean {
  return assets.length > 0 && assets.every((asset) => (asset.permissions ?? []).includes(ORDER_PERMISSION));
}

/** The orderer's name: the full name, else first and last, else the user name. */
export function ordererName(owner: Owner): string {
  return owner.fullName.trim() || `${owner.address.firstName} ${owner.address.lastName}`.trim() || owner.username;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as `DD MMM YYYY, HH:mm` on the viewer's clock (`05 Mar 2026, 14:07`); `iso` itself when it is no date. */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant's calendar day as `DD MMM YYYY` on the viewer's clock (an expiry: the download works through that day). */
export function formatOrderDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Today on the viewer's calendar, `YYYY-MM-DD`. */
export function todayOnCalendar(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The last second of a calendar day (`YYYY-MM-DD`) on the viewer's clock, as ISO 8601: a download works through its expiry date. */
export function endOfDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

/** One answer of an order as shown: the field's label (its id when the configuration no longer has it) and the value. */
export interface OrderAnswerView {
  readonly id: string;
  readonly label: string;
  readonly value: string;
}

/**
 * An order's answers to the order configuration, labelled from `config` when it still has the field: a checkbox reads
 * "Yes" or "No"; empty answers are left out.
 */
export function orderAnswers(order: Pick<Order, 'orderData'>, config: OrderConfig | undefined): OrderAnswerView[] {
  const fields = new Map((config?.fields ?? []).map((field) => [field.id, field]));
  return order.orderData.flatMap((answer) => {
    const field = fields.get(answer.id);
    if (answer.value.trim() === '') return [];
    const value = field?.dataType === 'checkbox' ? (answer.value === 'true' ? 'Yes' : 'No') : answer.value;
    return [{ id: answer.id, label: field?.label ?? answer.id, value }];
  });
}

/** What the order history says of an order's download: the link until it expires, else why there is none. */
export function downloadText(order: Pick<Order, 'state' | 'download' | 'expires'>, now: Date = new Date()): string | undefined {
  if (order.state !== 'approved') return undefined;
  if (order.download) return order.expires ? `Download until ${formatOrderDay(order.expires)}` : 'Download';
  if (order.expires && new Date(order.expires).getTime() <= now.getTime()) return `The download expired on ${formatOrderDay(order.expires)}.`;
  return undefined;
}
