import { MAX_CART_ITEMS, signupAnswerProblems, type Count, type Order, type OrderConfig, type OrderList, type OrderSubmissionInfo } from '@magpie/api-types';
import type { Kysely } from 'kysely';
import type { ArchiveRow, AssetRow, Database, StoredSignupField } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../lib/errors.ts';
import { testWithinBudget } from '../lib/guarded-regex.ts';
import type { MailLinks } from '../mail/links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderDecidedMessage, orderSubmittedMessage } from '../mail/messages.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { orderHref } from '../presenters/hrefs.ts';
import { presentOrder, type PresentableOrderItem } from '../presenters/order.presenter.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import { OrdersRepository, type OrderWithOwner } from '../repositories/orders.repository.ts';
import { MAX_HOLDERS_MAILED, UsersRepository } from '../repositories/users.repository.ts';
import type { ZipEntry } from '../storage/zip.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';
import { zipEntryNames } from './downloads.service.ts';
import type { Issue } from './member-changes.ts';
import { recordActivity } from './activity.service.ts';

/** Orders an approver's or an orderer's list shows, newest first. */
export const ORDER_LIST_LIMIT = 50;

const noOrder = () => notFound('The order');
const cartFull = () => new ApiError(409, 'CartFull', `A cart holds at most ${MAX_CART_ITEMS} items: submit or remove some first.`, 'Cart full');
const notPending = (state: string) => new ApiError(409, 'OrderNotPending', `The order was ${state} already.`, 'Order decided');
const notApproved = () => new ApiError(409, 'OrderNotApproved', 'Only an approved order can be downloaded.', 'Order not approved');
const expired = () => new ApiError(410, 'OrderExpired', 'The download of this order has expired. Order the files again.', 'Order expired');

/** What {@link OrdersService} needs. */
export interface OrdersServiceDeps {
  db: Kysely<Database>;
  archives: ArchivesRepository;
  assets: AssetsRepository;
  assetsService: AssetsService;
  files: FileStore;
  mailer: Mailer;
  links: MailLinks;
  /** Days an approved order's download works when the approver sets no expiry (`MAGPIE_ORDER_DOWNLOAD_DAYS`). */
  downloadDays: number;
}

/** A ZIP of an order's files, ready to stream. */
export interface OrderZip {
  name: string;
  entries: ZipEntry[];
}

/**
 * The shopping cart and orders (issue 15; FotoWare's order API, fotoweb-api-notes §9; spec 02 §4, §7; spec 03 §2.1,
 * §2.9). A signed-in user's cart holds assets they may order (the archive permission `Order` on an asset they may
 * view); submitting it makes a `pending` order that holders of `approveOrders` approve (the orderer may then download
 * the files, whatever their Download permission, until the order expires) or reject. Both sides are mailed.
 */
export class OrdersService {
  private readonly orders: OrdersRepository;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.orders = new OrdersRepository(deps.db);
  }

  /** How many items the caller's cart holds (its assets still live). @throws ApiError 401 for guests. */
  async cartCount(caller: Caller): Promise<Count> {
    assertSignedIn(caller);
    const cart = await this.orders.cartOf(caller.userId);
    return { count: (await this.itemsOf(cart)).length };
  }

  /** The caller's cart as an order in state `cart`. @throws ApiError 401 for guests. */
  async cart(caller: Caller): Promise<Order> {
    assertSignedIn(caller);
    const cart = await this.orders.cartOf(caller.userId);
    return presentOrder(cart, await this.itemsOf(cart), { mayDecide: false, mayDownload: false, now: new Date() });
  }

  /**
   * Appends assets to the caller's cart (those in it already stay where they are).
   * @throws ApiError 401; 404 for an asset the caller may not view; 403 without `Order` on its archive; 409 `CartFull`.
   */
  async addToCart(caller: Caller, refs: readonly AssetRef[]): Promise<void> {
    assertSignedIn(caller);
    const assets = await this.orderable(caller, refs);
    await inTransaction(this.deps.db, async (trx) => {
      const orders = new OrdersRepository(trx);
      const cart = await orders.cartOf(caller.userId, trx);
      const present = new Set((await orders.itemsOf([cart.id], trx)).map((item) => item.asset_id));
      const added = [...new Set(assets.map((asset) => asset.id))].filter((id) => !present.has(id));
      if (present.size + added.length > MAX_CART_ITEMS) throw cartFull();
      await orders.append(cart.id, added, trx);
    });
  }

  /**
   * Replaces the cart's items (`refs`, in order; undefined keeps them) and the orderer's comment.
   * @throws ApiError 401, 404, 403 (as {@link addToCart}).
   */
  async updateCart(caller: Caller, change: { refs?: readonly AssetRef[] | undefined; userComment?: string | undefined }): Promise<void> {
    assertSignedIn(caller);
    const assets = change.refs === undefined ? undefined : await this.orderable(caller, change.refs);
    await inTransaction(this.deps.db, async (trx) => {
      const orders = new OrdersRepository(trx);
      const cart = await orders.cartOf(caller.userId, trx);
      if (assets) await orders.replaceItems(cart.id, [...new Set(assets.map((asset) => asset.id))], trx);
      if (change.userComment !== undefined) await orders.setUserComment(cart.id, change.userComment.trim(), trx);
    });
  }

  /** The order configuration. @throws ApiError 401 for guests. */
  async config(caller: Caller): Promise<OrderConfig> {
    assertSignedIn(caller);
    const config = await this.orders.config();
    return { fields: config.fields, termsAndConditions: config.terms };
  }

  /**
   * Replaces the order configuration; the activity log records `site.orderSettingsChanged` (the fields' ids, the terms'
   * length) in the same transaction. @throws ApiError 403 without `manageSettings`.
   */
  async saveConfig(caller: Caller, config: OrderConfig): Promise<OrderConfig> {
    sitePolicy.assertCan(caller, 'manageSettings');
    const terms = config.termsAndConditions?.trim() || null;
    await inTransaction(this.deps.db, async (trx) => {
      await new OrdersRepository(trx).saveConfig({ fields: config.fields as StoredSignupField[], terms });
      await recordActivity(
        trx,
        caller,
        'site.orderSettingsChanged',
        { kind: 'site', name: 'Order settings' },
        { fields: config.fields.map((field) => field.id), termsLength: terms?.length ?? 0 },
      );
    });
    return { fields: config.fields, termsAndConditions: terms };
  }

  /**
   * Submits the caller's cart (its items replaced by `refs` first when sent): a pending order with a reference; the
   * cart is empty again; approvers are mailed.
   * @throws ApiError 401; 400 `InvalidRequest` for an empty cart, answers that fail the configuration's fields, or
   *   terms not accepted; 404 and 403 when an item may no longer be ordered.
   */
  async submit(
    caller: Caller,
    body: {
      refs?: readonly AssetRef[] | undefined;
      userComment?: string | undefined;
      orderData?: ReadonlyArray<{ id: string; value: string }> | undefined;
      acceptTerms?: boolean | undefined;
    },
  ): Promise<OrderSubmissionInfo> {
    assertSignedIn(caller);
    if (body.refs !== undefined) await this.updateCart(caller, { refs: body.refs });
    const cart = await this.orders.cartOf(caller.userId);
    const items = await this.itemsOf(cart);
    if (items.length === 0) throw badRequest('Your cart is empty: add the files you want to order first.', [{ path: 'orderItems', message: 'cart empty' }]);
    // Every item must still be orderable: permissions change.
    await this.orderable(
      caller,
      items.map(({ asset, archive }) => ({ archiveId: archive.id, folderPath: asset.folder_path, filename: asset.filename })),
    );
    const config = await this.orders.config();
    const answers = body.orderData ?? [];
    const issues: Issue[] = signupAnswerProblems(config.fields, answers, { matches: testWithinBudget }).map((problem) => ({
      path: problem.path.replace(/^userData/, 'orderData'),
      message: problem.message,
    }));
    if (config.terms !== null && body.acceptTerms !== true) issues.push({ path: 'acceptTerms', message: 'Accept the terms to order.' });
    if (issues.length > 0) throw badRequest('The order could not be submitted: see the problems listed.', issues);

    const reference = await inTransaction(this.deps.db, async (trx) => {
      const orders = new OrdersRepository(trx);
      const submitted = await orders.submit(trx, cart.id, {
        userComment: body.userComment === undefined ? cart.user_comment : body.userComment.trim(),
        orderData: answers.filter((answer) => answer.value !== '').map((answer) => ({ id: answer.id, value: answer.value })),
      });
      const orderer = caller.fullName || caller.username;
      for (const approver of await new UsersRepository(trx).holdersOf('approveOrders', MAX_HOLDERS_MAILED)) {
        if (approver.id === caller.userId) continue;
        const content = orderSubmittedMessage({
          approverName: approver.full_name || approver.username,
          orderer,
          reference: submitted,
          count: items.length,
          comment: body.userComment?.trim() ?? cart.user_comment,
          reviewUrl: this.deps.links.pendingOrders(),
        });
        await this.deps.mailer.queue({ purpose: 'order-submitted', to: approver.email, ...content, requestedBy: caller.userId }, trx);
      }
      return submitted;
    });
    return { orderLocation: orderHref(cart.id), orderReference: reference, checkoutPageLocation: this.deps.links.orderHistory() };
  }

  /** The caller's submitted orders, newest first. @throws ApiError 401 for guests. */
  async mine(caller: Caller): Promise<OrderList> {
    assertSignedIn(caller);
    return this.presentList(caller, await this.orders.listFor(caller.userId, ORDER_LIST_LIMIT));
  }

  /** The site's orders in `state`, newest first. @throws ApiError 403 without `approveOrders`. */
  async list(caller: Caller, state: 'pending' | 'approved' | 'rejected'): Promise<OrderList> {
    sitePolicy.assertCan(caller, 'approveOrders');
    return this.presentList(caller, await this.orders.listIn(state, ORDER_LIST_LIMIT));
  }

  /** How many of the site's orders are in `state` (the pending-orders badge). @throws ApiError 403 without `approveOrders`. */
  async count(caller: Caller, state: 'pending' | 'approved' | 'rejected'): Promise<Count> {
    sitePolicy.assertCan(caller, 'approveOrders');
    return { count: await this.orders.countIn(state) };
  }

  /** One order, for its orderer or an approver. @throws ApiError 401, 404 (anyone else, a cart, an unknown id). */
  async get(caller: Caller, id: number): Promise<Order> {
    assertSignedIn(caller);
    const order = await this.orders.find(id);
    if (!order || order.state === 'cart' || (order.user_id !== caller.userId && !sitePolicy.can(caller, 'approveOrders'))) throw noOrder();
    return this.present(caller, order);
  }

  /**
   * Approves or rejects a pending order and mails the orderer (approved: with the download link and its expiry).
   * @param body.expires when the download stops working (approval; absent: {@link OrdersServiceDeps.downloadDays} days
   *   from now; null: never, as in FotoWare's `orderupdate`).
   * @throws ApiError 403 without `approveOrders`; 404; 409 `OrderNotPending` when it was decided already; 400 for an
   *   expiry in the past.
   */
  async decide(
    caller: Caller,
    id: number,
    state: 'approved' | 'rejected',
    body: { adminComment?: string | undefined; expires?: string | null | undefined; itemComments?: ReadonlyMap<number, string> | undefined },
  ): Promise<Order> {
    sitePolicy.assertCan(caller, 'approveOrders');
    const now = new Date();
    let expires: Date | null = null;
    if (state === 'approved') {
      // FotoWare's orderupdate: null never expires; absent is the default number of days.
      expires = body.expires === null ? null : body.expires ? new Date(body.expires) : new Date(now.getTime() + this.deps.downloadDays * 86_400_000);
      if (expires && expires.getTime() <= now.getTime()) throw badRequest('The download must work until a time in the future.', [{ path: 'expires', message: 'in the past' }]);
    }
    await inTransaction(this.deps.db, async (trx) => {
      const orders = new OrdersRepository(trx);
      const locked = await orders.lock(trx, id);
      if (!locked || locked.state === 'cart') throw noOrder();
      if (locked.state !== 'pending') throw notPending(locked.state);
      await orders.decide(trx, id, { state, by: caller.userId, adminComment: body.adminComment?.trim() ?? '', expires, itemComments: body.itemComments ?? new Map() });
      const order = (await orders.find(id, trx))!;
      await recordActivity(
        trx,
        caller,
        state === 'approved' ? 'order.approved' : 'order.rejected',
        { kind: 'order', id },
        { orderer: order.username, ...(expires ? { expires: expires.toISOString() } : {}) },
      );
      if (order.email) {
        const content = orderDecidedMessage({
          name: order.full_name || order.username,
          reference: order.reference!,
          approved: state === 'approved',
          comment: order.admin_comment,
          downloadUrl: this.deps.links.absolute(orderHref(id, 'download')),
          historyUrl: this.deps.links.orderHistory(),
          expires,
        });
        await this.deps.mailer.queue({ purpose: 'order-decided', to: order.email, ...content, requestedBy: caller.userId }, trx);
      }
    });
    return this.present(caller, (await this.orders.find(id))!);
  }

  /**
   * The ZIP of an approved order's files, for its orderer until it expires.
   * @throws ApiError 401, 404 (anyone else), 409 `OrderNotApproved`, 410 `OrderExpired`.
   */
  async download(caller: Caller, id: number): Promise<OrderZip> {
    assertSignedIn(caller);
    const order = await this.orders.find(id);
    if (!order || order.state === 'cart' || order.user_id !== caller.userId) throw noOrder();
    if (order.state !== 'approved') throw notApproved();
    if (order.expires && order.expires.getTime() <= Date.now()) throw expired();
    const items = await this.itemsOf(order);
    const kept: Array<{ asset: AssetRow; archive: ArchiveRow; key: string; filename: string; size: number }> = [];
    for (const { asset, archive } of items) {
      // What a download of the asset gives: its archive's download processing applies to orders too (issue 16).
      const file = await this.deps.assetsService.downloadFile(asset, archive).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      });
      const stat = file && (await this.deps.files.stat(file.key));
      if (file && stat) kept.push({ asset, archive, key: file.key, filename: file.filename, size: stat.size });
    }
    const names = zipEntryNames(kept.map(({ asset, archive, filename }) => ({ archiveName: archive.name, folderPath: asset.folder_path, filename })));
    return {
      name: `${order.reference}.zip`,
      entries: kept.map(({ asset, key, size }, index) => ({ name: names[index]!, key, size, mtime: asset.modified })),
    };
  }

  private async presentList(caller: Caller, rows: readonly OrderWithOwner[]): Promise<OrderList> {
    const data: Order[] = [];
    for (const row of rows) data.push(await this.present(caller, row));
    return { data, paging: null };
  }

  private async present(caller: Caller, order: OrderWithOwner): Promise<Order> {
    const now = new Date();
    const live = order.state === 'approved' && (order.expires === null || order.expires.getTime() > now.getTime());
    return presentOrder(order, await this.itemsOf(order), {
      mayDecide: sitePolicy.can(caller, 'approveOrders'),
      mayDownload: live && order.user_id === caller.userId,
      now,
    });
  }

  /** An order's items whose asset is live (not deleted), with the asset and its archive, in order. */
  private async itemsOf(order: Pick<OrderWithOwner, 'id'>): Promise<PresentableOrderItem[]> {
    const items = await this.orders.itemsOf([order.id]);
    const assets = new Map((await this.deps.assets.findByIds(items.map((item) => item.asset_id))).map((asset) => [asset.id, asset]));
    const archives = new Map<number, ArchiveRow>();
    const answer: PresentableOrderItem[] = [];
    for (const item of items) {
      const asset = assets.get(item.asset_id);
      if (!asset || asset.deleted) continue;
      let archive = archives.get(asset.archive_id);
      if (!archive) {
        archive = await this.deps.archives.findById(asset.archive_id);
        if (!archive) continue;
        archives.set(archive.id, archive);
      }
      answer.push({ item, asset, archive });
    }
    return answer;
  }

  /**
   * The assets `refs` name, each one the caller may view (404 otherwise) and order (`Order` on its archive; 403).
   * @throws ApiError 404 naming the first asset not found, 403 listing none: one refusal for all.
   */
  private async orderable(caller: Caller, refs: readonly AssetRef[]): Promise<AssetRow[]> {
    const loaded = await this.deps.assetsService.loadMany(caller, refs);
    if (loaded.some((entry) => entry === undefined || entry.asset.deleted)) throw notFound('The asset');
    if (loaded.some((entry) => !entry!.permissions.has('Order'))) throw forbidden('You need the Order permission on the archive of every file you order.');
    return loaded.map((entry) => entry!.asset);
  }
}

/** @throws ApiError 401 for the guest user: guests have no cart (spec 02 §6). */
function assertSignedIn(caller: Caller): void {
  if (caller.isGuest) throw unauthorized('Log in to order files.');
}
