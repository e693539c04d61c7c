import { sql, type Expression, type ExpressionBuilder, type Generated, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { escapeLike } from '../repositories/like.ts';

/** Taxonomies (migration 0004): one per metadata field id (fotoweb-api-notes §7 Taxonomy). */
export interface TaxonomiesTable {
  field_id: number;
  name: string;
  plural_name: string;
  description: Generated<string>;
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** Taxonomy items: a tree per field; `parent_id` null for top-level items. `acl` holds Navigate, Query, Set, Hint. */
export interface TaxonomyItemsTable {
  id: Generated<number>;
  field_id: number;
  parent_id: number | null;
  name: string;
  value: string;
  description: Generated<string>;
  custom_search: Generated<string>;
  acl: string[];
  created: Generated<Date>;
  modified: Generated<Date>;
}

/** The tables of this module, added to the DAM's {@link Database} with Kysely's `withTables`. */
export type TaxonomyTables = {
  taxonomies: TaxonomiesTable;
  taxonomy_items: TaxonomyItemsTable;
};

type TaxonomyDb = Database & TaxonomyTables;

export type TaxonomyRow = Selectable<TaxonomiesTable>;
/** An item row with `has_children` (it has at least one child). */
export type TaxonomyItemRow = Selectable<TaxonomyItemsTable> & { has_children: boolean };
/** A taxonomy row with `has_children` (it has top-level items). */
export type TaxonomyRowWithItems = TaxonomyRow & { has_children: boolean };

/** The fields of an item a caller writes. */
export interface TaxonomyItemFields {
  name: string;
  value: string;
  description: string;
  customSearch: string;
  acl: string[];
}

/**
 * Who is reading: editors see every item; others only items they can set or navigate into (spec 02 §6).
 */
export interface ItemVisibility {
  editor: boolean;
}

/** Rows per INSERT of the text import (6 parameters each, well under PostgreSQL's 65,535). */
const INSERT_BATCH = 1000;

/** Sort key of item pages: the lower-cased name in byte order, the same on PGlite and PostgreSQL. */
const SORT_KEY = sql`lower(taxonomy_items.name) COLLATE "C"`;

function hasChildren(eb: ExpressionBuilder<TaxonomyDb, 'taxonomy_items'>) {
  return eb
    .exists(
      eb
        .selectFrom('taxonomy_items as c')
        .select(sql`1`.as('one'))
        .whereRef('c.parent_id', '=', 'taxonomy_items.id'),
    )
    .$castTo<boolean>();
}

function hasItems(eb: ExpressionBuilder<TaxonomyDb, 'taxonomies'>) {
  return eb
    .exists(
      eb
        .selectFrom('taxonomy_items')
        .select(sql`1`.as('one'))
        .whereRef('taxonomy_items.field_id', '=', 'taxonomies.field_id'),
    )
    .$castTo<boolean>();
}

/**
 * The visibility rule of spec 02 §6 in SQL: a non-editor sees an item that carries Set, or that carries Navigate
 * and has children.
 */
function visibleTo(visibility: ItemVisibility) {
  return (eb: ExpressionBuilder<TaxonomyDb, 'taxonomy_items'>): Expression<SqlBool> =>
    visibility.editor ? sql<SqlBool>`true` : eb.or([sql<SqlBool>`'Set' = ANY(taxonomy_items.acl)`, eb.and([sql<SqlBool>`'Navigate' = ANY(taxonomy_items.acl)`, hasChildren(eb)])]);
}

/** Offset and size of a page (items). */
export interface PageLimits {
  offset: number;
  limit: number;
}

/** A filtered selection of items, before its columns, order and page are chosen. */
type ItemsQuery = SelectQueryBuilder<TaxonomyDb, 'taxonomy_items', {}>;

/** Taxonomies, their items and the group permissions that grant editing. Services call it; it holds no rules. */
export class TaxonomiesRepository {
  private readonly db: Kysely<TaxonomyDb>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<TaxonomyTables>();
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: TaxonomiesRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new TaxonomiesRepository(trx as unknown as Kysely<Database>)));
  }

  /** Every taxonomy, by field id, with `has_children` (it has top-level items). */
  listTaxonomies(page: { offset: number; limit: number }): Promise<Array<TaxonomyRow & { has_children: boolean }>> {
    return this.db
      .selectFrom('taxonomies')
      .selectAll('taxonomies')
      .select((eb) => hasItems(eb).as('has_children'))
      .orderBy('field_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  }

  /** How many fields have a taxonomy. */
  async countTaxonomies(): Promise<number> {
    const row = await this.db
      .selectFrom('taxonomies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One taxonomy with `has_children` (it has top-level items), or undefined. */
  findTaxonomy(fieldId: number): Promise<(TaxonomyRow & { has_children: boolean }) | undefined> {
    return this.db
      .selectFrom('taxonomies')
      .selectAll('taxonomies')
      .select((eb) => hasItems(eb).as('has_children'))
      .where('field_id', '=', fieldId)
      .executeTakeFirst();
  }

  /** Creates a taxonomy; answers false when the field already has one. */
  async insertTaxonomy(taxonomy: { fieldId: number; name: string; pluralName: string; description: string }): Promise<boolean> {
    const rows = await this.db
      .insertInto('taxonomies')
      .values({ field_id: taxonomy.fieldId, name: taxonomy.name, plural_name: taxonomy.pluralName, description: taxonomy.description })
      .onConflict((oc) => oc.column('field_id').doNothing())
      .returning('field_id')
      .execute();
    return rows.length > 0;
  }

  /** Updates a taxonomy's names; answers false when there is none. */
  async updateTaxonomy(fieldId: number, change: { name: string; pluralName: string; description: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('taxonomies')
      .set({ name: change.name, plural_name: change.pluralName, description: change.description, modified: new Date() })
      .where('field_id', '=', fieldId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a taxonomy with all its items. */
  async deleteTaxonomy(fieldId: number): Promise<void> {
    await this.db.deleteFrom('taxonomies').where('field_id', '=', fieldId).execute();
  }

  /** One item with `has_children`, or undefined. */
  findItem(fieldId: number, id: number): Promise<TaxonomyItemRow | undefined> {
    return this.db
      .selectFrom('taxonomy_items')
      .selectAll('taxonomy_items')
      .select((eb) => hasChildren(eb).as('has_children'))
      .where('field_id', '=', fieldId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Items across every taxonomy whose name or value equals one of `texts`, case-insensitively. */
  findItemsByNames(texts: string[]): Promise<TaxonomyItemRow[]> {
    return texts.length === 0 ? Promise.resolve([]) : this.itemsByNamesQuery(texts).execute();
  }

  /** The query of {@link findItemsByNames}, along `taxonomy_items_name_idx` and `_value_idx` (for its EXPLAIN test). */
  itemsByNamesQuery(texts: string[]) {
    const lowered = [...new Set(texts.map((t) => t.toLowerCase()))];
    return this.db
      .selectFrom('taxonomy_items')
      .selectAll('taxonomy_items')
      .select((eb) => hasChildren(eb).as('has_children'))
      .where((eb) => eb.or([eb(sql`lower(taxonomy_items.name)`, 'in', lowered), eb(sql`lower(taxonomy_items.value)`, 'in', lowered)]))
      .orderBy(SORT_KEY)
      .orderBy('id');
  }

  /**
   * The top-level items of every taxonomy that carry Navigate and Query (an archive's taxonomy navigation, issue
   * 13), at most `limit` per taxonomy, each taxonomy by field id and its items by name.
   */
  async navigableRoots(limit: number): Promise<Array<{ taxonomy: TaxonomyRow; items: TaxonomyItemRow[] }>> {
    const taxonomies = await this.db.selectFrom('taxonomies').selectAll().orderBy('field_id').execute();
    const found: Array<{ taxonomy: TaxonomyRow; items: TaxonomyItemRow[] }> = [];
    for (const taxonomy of taxonomies) {
      const items = await this.db
        .selectFrom('taxonomy_items')
        .selectAll('taxonomy_items')
        .select((eb) => hasChildren(eb).as('has_children'))
        .where('field_id', '=', taxonomy.field_id)
        .where('parent_id', 'is', null)
        .where(sql<SqlBool>`'Navigate' = ANY(taxonomy_items.acl) AND 'Query' = ANY(taxonomy_items.acl)`)
        .orderBy(SORT_KEY)
        .orderBy('id')
        .limit(limit)
        .execute();
      found.push({ taxonomy, items });
    }
    return found;
  }

  /** Items by id across every taxonomy (unknown ids are left out). */
  findItemsByIds(ids: number[]): Promise<TaxonomyItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('taxonomy_items')
      .selectAll('taxonomy_items')
      .select((eb) => hasChildren(eb).as('has_children'))
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * One page of the children of `parentId` (top-level items when null), sorted by name, with the number of
   * children the caller may see.
   */
  childrenPage(fieldId: number, parentId: number | null, visibility: ItemVisibility, page: PageLimits): Promise<{ rows: TaxonomyItemRow[]; total: number }> {
    return this.page(this.children(fieldId, parentId, visibility), page);
  }

  /** The query of one tree page, sorted by name along `taxonomy_items_page_idx` (exposed for its EXPLAIN test). */
  childrenPageQuery(fieldId: number, parentId: number | null, visibility: ItemVisibility, page: PageLimits) {
    return this.sortedPage(this.children(fieldId, parentId, visibility), page);
  }

  /**
   * One page of the items of a field whose name or value contains `text` (case-insensitive), sorted by name,
   * with the number of matches the caller may see.
   */
  searchPage(fieldId: number, text: string, visibility: ItemVisibility, page: PageLimits): Promise<{ rows: TaxonomyItemRow[]; total: number }> {
    const pattern = `%${escapeLike(text.toLowerCase())}%`;
    const matches = this.db
      .selectFrom('taxonomy_items')
      .where('field_id', '=', fieldId)
      .where((eb) => eb.or([sql<SqlBool>`lower(taxonomy_items.name) LIKE ${pattern}`, sql<SqlBool>`lower(taxonomy_items.value) LIKE ${pattern}`]))
      .where(visibleTo(visibility));
    return this.page(matches, page);
  }

  /** The children of `parentId` the caller may see (the FROM and WHERE of a tree page). */
  private children(fieldId: number, parentId: number | null, visibility: ItemVisibility) {
    return this.db
      .selectFrom('taxonomy_items')
      .where('field_id', '=', fieldId)
      .where(sql<number>`coalesce(taxonomy_items.parent_id, 0)`, '=', parentId ?? 0)
      .where(visibleTo(visibility));
  }

  /** The rows of `items` sorted by name, one page of them, with `has_children`. */
  private sortedPage(items: ItemsQuery, page: PageLimits) {
    return items
      .selectAll('taxonomy_items')
      .select((eb) => hasChildren(eb).as('has_children'))
      .orderBy(SORT_KEY)
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit);
  }

  /** One page of `items` and how many there are in all. */
  private async page(items: ItemsQuery, page: PageLimits): Promise<{ rows: TaxonomyItemRow[]; total: number }> {
    const [rows, count] = await Promise.all([this.sortedPage(items, page).execute(), items.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(count.n) };
  }

  /** The ancestors of each item, from the top-level item down to the parent (a recursive query). */
  async ancestorsOf(ids: number[]): Promise<Map<number, Array<{ id: number; field_id: number; name: string }>>> {
    const result = new Map<number, Array<{ id: number; field_id: number; name: string }>>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const { rows } = await sql<{ start_id: number; id: number; field_id: number; name: string }>`
      WITH RECURSIVE chain (start_id, id, field_id, parent_id, name, depth) AS (
        SELECT i.id, p.id, p.field_id, p.parent_id, p.name, 1
          FROM taxonomy_items i JOIN taxonomy_items p ON p.id = i.parent_id
         WHERE i.id IN (${sql.join(ids)})
        UNION ALL
        SELECT c.start_id, p.id, p.field_id, p.parent_id, p.name, c.depth + 1
          FROM chain c JOIN taxonomy_items p ON p.id = c.parent_id)
      SELECT start_id, id, field_id, name FROM chain ORDER BY start_id, depth DESC`.execute(this.db);
    for (const row of rows) result.get(row.start_id)!.push({ id: row.id, field_id: row.field_id, name: row.name });
    return result;
  }

  /** Whether a sibling of `parentId` other than `exceptId` has this name (case-insensitive). */
  async siblingNamed(fieldId: number, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('taxonomy_items')
      .select('id')
      .where('field_id', '=', fieldId)
      .where(sql<number>`coalesce(parent_id, 0)`, '=', parentId ?? 0)
      .where(sql<SqlBool>`lower(name) = lower(${name})`);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Inserts an item and answers it. */
  insertItem(fieldId: number, parentId: number | null, fields: TaxonomyItemFields): Promise<TaxonomyItemRow> {
    return this.db
      .insertInto('taxonomy_items')
      .values({
        field_id: fieldId,
        parent_id: parentId,
        name: fields.name,
        value: fields.value,
        description: fields.description,
        custom_search: fields.customSearch,
        acl: fields.acl,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .then((row) => ({ ...row, has_children: false }));
  }

  /** Replaces an item's fields; answers false when there is no such item. */
  async updateItem(fieldId: number, id: number, fields: TaxonomyItemFields): Promise<boolean> {
    const result = await this.db
      .updateTable('taxonomy_items')
      .set({ name: fields.name, value: fields.value, description: fields.description, custom_search: fields.customSearch, acl: fields.acl, modified: new Date() })
      .where('field_id', '=', fieldId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an item and, by cascade, its whole subtree; answers how many items went (0 when there was none). */
  async deleteItem(fieldId: number, id: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      WITH RECURSIVE subtree (id) AS (
        SELECT id FROM taxonomy_items WHERE field_id = ${fieldId} AND id = ${id}
        UNION ALL SELECT c.id FROM taxonomy_items c JOIN subtree s ON c.parent_id = s.id)
      SELECT count(*)::int AS n FROM subtree`.execute(this.db);
    await this.db.deleteFrom('taxonomy_items').where('field_id', '=', fieldId).where('id', '=', id).execute();
    return Number(rows[0]?.n ?? 0);
  }

  /** Every item of a field as `{id, parent_id, name}` (for the text import's matching by name). */
  allItemNames(fieldId: number): Promise<Array<{ id: number; parent_id: number | null; name: string; acl: string[] }>> {
    return this.db.selectFrom('taxonomy_items').select(['id', 'parent_id', 'name', 'acl']).where('field_id', '=', fieldId).execute();
  }

  /** Adds the Set flag to items (the import turns a category into a settable item when a later line says so). */
  async addSetFlag(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('taxonomy_items')
      .set({ acl: sql`array_append(acl, 'Set')`, modified: new Date() })
      .where('id', 'in', ids)
      .execute();
  }

  /** Inserts items in batches of {@link INSERT_BATCH} rows and answers `{id, parent_id, name, acl}` of each. */
  async insertItems(
    fieldId: number,
    items: Array<{ parentId: number | null; name: string; value: string; acl: string[] }>,
  ): Promise<Array<{ id: number; parent_id: number | null; name: string; acl: string[] }>> {
    const result: Array<{ id: number; parent_id: number | null; name: string; acl: string[] }> = [];
    for (let start = 0; start < items.length; start += INSERT_BATCH) {
      const batch = items.slice(start, start + INSERT_BATCH).map((i) => ({ field_id: fieldId, parent_id: i.parentId, name: i.name, value: i.value, acl: i.acl }));
      result.push(...(await this.db.insertInto('taxonomy_items').values(batch).returning(['id', 'parent_id', 'name', 'acl']).execute()));
    }
    return result;
  }

  /**
   * The values among `values` that some item of the field carries with the Set flag (compared exactly as stored).
   */
  async settableValues(fieldId: number, values: string[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('taxonomy_items')
      .select('value')
      .distinct()
      .where('field_id', '=', fieldId)
      .where('value', 'in', values)
      .where(sql<SqlBool>`'Set' = ANY(taxonomy_items.acl)`)
      .execute();
    return new Set(rows.map((r) => r.value));
  }
}
