import { sql, type Kysely } from 'kysely';
import type { Database, OrderRow, OrderStateName, StoredOrderAnswer, StoredSignupField } from '../db/schema.ts';

/** An order with its orderer's names and address. */
export type OrderWithOwner = OrderRow & { username: string; full_name: string; first_name: string; last_name: string; email: string };

/** One item of an order: the asset and the approver's comment on it. */
export interface OrderItemRow {
  order_id: number;
  asset_id: number;
  position: number;
  admin_comment: string;
}

/** Carts, orders and the order configuration (issue 15; migration 0028). */
export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withOwner(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select(['users.username', 'users.full_name', 'users.first_name', 'users.last_name', 'users.email']);
  }

  /** The user's cart, made empty first when they have none (one per user: a unique index keeps it so). */
  async cartOf(userId: number, db: Kysely<Database> = this.db): Promise<OrderWithOwner> {
    await db
      .insertInto('orders')
      .values({ user_id: userId, state: 'cart' })
      .onConflict((oc) => oc.column('user_id').where('state', '=', 'cart').doNothing())
      .execute();
    return this.withOwner(db).where('orders.user_id', '=', userId).where('orders.state', '=', 'cart').executeTakeFirstOrThrow();
  }

  /** One order (any state), with its orderer. */
  async find(id: number, db: Kysely<Database> = this.db): Promise<OrderWithOwner | undefined> {
    return this.withOwner(db).where('orders.id', '=', id).executeTakeFirst();
  }

  /** The order `id` locked for the rest of the transaction `trx` (a decision reads and writes it). */
  async lock(trx: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** The user's submitted orders, newest first. */
  async listFor(userId: number, limit: number): Promise<OrderWithOwner[]> {
    return this.withOwner().where('orders.user_id', '=', userId).where('orders.state', '<>', 'cart').orderBy('orders.id', 'desc').limit(limit).execute();
  }

  /** The site's orders in one state, newest first. */
  async listIn(state: Exclude<OrderStateName, 'cart'>, limit: number): Promise<OrderWithOwner[]> {
    return this.withOwner().where('orders.state', '=', state).orderBy('orders.id', 'desc').limit(limit).execute();
  }

  /** How many orders are in `state`. */
  async countIn(state: Exclude<OrderStateName, 'cart'>): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The items of the orders `orderIds`, each order's in order. */
  async itemsOf(orderIds: readonly number[], db: Kysely<Database> = this.db): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', [...orderIds])
      .orderBy('order_id')
      .orderBy('position')
      .execute();
  }

  /** Appends assets to an order's end; those already in it stay where they are. */
  async append(orderId: number, assetIds: readonly number[], db: Kysely<Database> = this.db): Promise<void> {
    if (assetIds.length === 0) return;
    const { rows } = await sql<{ next: number }>`SELECT coalesce(max(position) + 1, 0) AS next FROM order_items WHERE order_id = ${orderId}`.execute(db);
    const next = Number(rows[0]?.next ?? 0);
    await db
      .insertInto('order_items')
      .values(assetIds.map((assetId, index) => ({ order_id: orderId, asset_id: assetId, position: next + index })))
      .onConflict((oc) => oc.columns(['order_id', 'asset_id']).doNothing())
      .execute();
    await this.touch(orderId, db);
  }

  /** Replaces an order's items with `assetIds`, in that order. */
  async replaceItems(orderId: number, assetIds: readonly number[], db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('order_items').where('order_id', '=', orderId).execute();
    if (assetIds.length > 0) {
      await db
        .insertInto('order_items')
        .values(assetIds.map((assetId, index) => ({ order_id: orderId, asset_id: assetId, position: index })))
        .execute();
    }
    await this.touch(orderId, db);
  }

  /** Sets the orderer's comment. */
  async setUserComment(orderId: number, comment: string, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('orders')
      .set({ user_comment: comment, modified: sql<Date>`now()` })
      .where('id', '=', orderId)
      .execute();
  }

  /** Makes the cart `orderId` a pending order with its reference (`ORD-` and the id on six digits), answers, comment. */
  async submit(trx: Kysely<Database>, orderId: number, change: { userComment: string; orderData: StoredOrderAnswer[] }): Promise<string> {
    const reference = `ORD-${String(orderId).padStart(6, '0')}`;
    await trx
      .updateTable('orders')
      .set({
        state: 'pending',
        reference,
        user_comment: change.userComment,
        order_data: JSON.stringify(change.orderData),
        submitted: sql<Date>`now()`,
        modified: sql<Date>`now()`,
      })
      .where('id', '=', orderId)
      .where('state', '=', 'cart')
      .execute();
    return reference;
  }

  /** Records an approver's decision on a pending order (inside `trx`, the order locked). */
  async decide(
    trx: Kysely<Database>,
    orderId: number,
    decision: { state: 'approved' | 'rejected'; by: number; adminComment: string; expires: Date | null; itemComments: ReadonlyMap<number, string> },
  ): Promise<void> {
    await trx
      .updateTable('orders')
      .set({
        state: decision.state,
        admin_comment: decision.adminComment,
        expires: decision.expires,
        decided: sql<Date>`now()`,
        decided_by: decision.by,
        modified: sql<Date>`now()`,
      })
      .where('id', '=', orderId)
      .execute();
    for (const [assetId, comment] of decision.itemComments) {
      await trx.updateTable('order_items').set({ admin_comment: comment }).where('order_id', '=', orderId).where('asset_id', '=', assetId).execute();
    }
  }

  private async touch(orderId: number, db: Kysely<Database>): Promise<void> {
    await db
      .updateTable('orders')
      .set({ modified: sql<Date>`now()` })
      .where('id', '=', orderId)
      .execute();
  }

  /** The order configuration. */
  async config(): Promise<{ fields: StoredSignupField[]; terms: string | null }> {
    const row = await this.db.selectFrom('order_config').select(['fields', 'terms']).executeTakeFirstOrThrow();
    return { fields: row.fields, terms: row.terms };
  }

  /** Replaces the order configuration. */
  async saveConfig(config: { fields: StoredSignupField[]; terms: string | null }): Promise<void> {
    await this.db
      .updateTable('order_config')
      .set({ fields: JSON.stringify(config.fields), terms: config.terms, modified: sql<Date>`now()` })
      .execute();
  }
}
