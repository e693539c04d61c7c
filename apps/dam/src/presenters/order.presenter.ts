import type { Order } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import type { OrderItemRow, OrderWithOwner } from '../repositories/orders.repository.ts';
import { originalRenditionHref, presentPreviews } from './asset.presenter.ts';
import { assetHref, orderHref } from './hrefs.ts';

/** An order item with what it names: the asset and its archive. */
export interface PresentableOrderItem {
  item: OrderItemRow;
  asset: AssetRow;
  archive: ArchiveRow;
}

/**
 * An order as FotoWeb's `order` (fotoweb-api-notes §9) with Magpie's `id`, `orderData`, `download`, `approve`, `reject`.
 * @param view what the caller may do: `mayDecide` (an approver; only a pending order offers approve and reject),
 *   `mayDownload` (the orderer of an approved order that has not expired), `now` for `expired`.
 */
export function presentOrder(order: OrderWithOwner, items: readonly PresentableOrderItem[], view: { mayDecide: boolean; mayDownload: boolean; now: Date }): Order {
  const expired = order.expires !== null && order.expires.getTime() <= view.now.getTime();
  const download = view.mayDownload ? orderHref(order.id, 'download') : null;
  const pending = order.state === 'pending' && view.mayDecide;
  return {
    href: orderHref(order.id),
    id: order.id,
    orderReference: order.reference,
    state: order.state,
    created: order.created.toISOString(),
    modified: order.modified.toISOString(),
    expires: order.expires ? order.expires.toISOString() : null,
    userComment: order.user_comment,
    adminComment: order.admin_comment,
    owner: { username: order.username, fullName: order.full_name, address: { email: order.email, firstName: order.first_name, lastName: order.last_name } },
    orderItems: items.map(({ item, asset, archive }) => {
      const thumbnail = presentPreviews(asset).find((preview) => preview.size === 200 && !preview.square);
      return {
        asset: assetHref(archive, asset.folder_path, asset.filename),
        filename: asset.filename,
        thumbnail: thumbnail?.href ?? null,
        rendition: { href: originalRenditionHref(archive, asset), name: 'Original file', download },
        adminComment: item.admin_comment,
        expires: order.expires ? order.expires.toISOString() : null,
        expired,
      };
    }),
    orderData: order.order_data.map((answer) => ({ id: answer.id, value: answer.value })),
    download,
    approve: pending ? orderHref(order.id, 'approve') : null,
    reject: pending ? orderHref(order.id, 'reject') : null,
  };
}
