import type { Taxonomy, TaxonomyImportResult, TaxonomyInfo, TaxonomyItem, TaxonomyItemInfo, TaxonomyItemList, TaxonomyList } from '@magpie/api-types';
import type { Caller } from '../policies/archive.policy.ts';
import { ApiError } from '../lib/errors.ts';
import { MANAGE_TAXONOMIES_PERMISSION, TaxonomyPolicy } from '../policies/taxonomy.policy.ts';
import { InvalidSearchExpressionError, parseSearchExpression } from '../search/expression.ts';
import type { TaxonomiesRepository, TaxonomyItemFields, TaxonomyItemRow } from './taxonomies.repository.ts';
import { parseTaxonomyText, valueFromName } from './text-import.ts';
import { presentItem, presentItemInfo, presentItemList, presentTaxonomyInfo, presentTaxonomyList, taxonomyHref, taxonomyItemHref, type PageWindow } from './taxonomy.presenter.ts';

/** Items per tree page (issue #5; spec 02 §9 names no taxonomy page size, so the DAM's asset page size is kept). */
export const TAXONOMY_PAGE_SIZE = 100;
/** Taxonomies per page of the taxonomy list. */
export const TAXONOMY_LIST_PAGE_SIZE = 100;
/** Longest taxonomy search text (`?q=`), in characters. */
export const MAX_TAXONOMY_QUERY_LENGTH = 200;
/** The usage flags of a taxonomy item (fotoweb-api-notes §7; `Hint` is FotoWare's, kept but unused). */
export const TAXONOMY_ACL = ['Navigate', 'Query', 'Set', 'Hint'] as const;
/** The acl of a new item when none is given (spec 02 §3 "Default new item: acl Navigate, Query and Set"). */
export const DEFAULT_ITEM_ACL = ['Navigate', 'Query', 'Set'];
/** The plain group permission that grants `allowTaxonomyEditing`; the rule itself is the taxonomy policy's. */
export { MANAGE_TAXONOMIES_PERMISSION };

/** A new taxonomy item (fotoweb-api-notes §7 TaxonomyItemCreationInfo): only `name` is required. */
export interface TaxonomyItemCreation {
  name: string;
  value?: string | undefined;
  description?: string | undefined;
  customSearch?: string | undefined;
  acl?: string[] | undefined;
}

/** A replaced taxonomy item (TaxonomyItemUpdate): name and value required (spec 02 §5). */
export interface TaxonomyItemChange {
  name: string;
  value: string;
  description?: string | undefined;
  customSearch?: string | undefined;
  acl: string[];
}

/** A taxonomy's names (TaxonomyCreationInfo without `field`, TaxonomyUpdate). */
export interface TaxonomyNames {
  name?: string | undefined;
  pluralName: string;
  description?: string | undefined;
}

/** A search criterion naming a taxonomy item that does not exist or may not be searched with (spec 02 §8). */
export class InvalidTaxonomyItemError extends Error {
  readonly value = 'InvalidTaxonomyItem';
  constructor(readonly itemId: string) {
    super(`The taxonomy item "${itemId}" does not exist or cannot be used in a search.`);
    this.name = 'InvalidTaxonomyItemError';
  }
}

const conflict = (message: string, value = 'TaxonomyItemExists') => new ApiError(409, value, message, 'Already exists');
const noTaxonomy = (fieldId: number) => new ApiError(404, 'NotFound', `Field ${fieldId} has no taxonomy.`, 'Not found');
const parseId = (id: string): number | undefined => (/^[0-9]{1,9}$/.test(id) ? Number(id) : undefined);

/** Most top-level items per taxonomy in an archive's navigation (a collection's `taxonomies`). */
export const NAVIGATION_ITEM_LIMIT = 100;

/**
 * Taxonomies of metadata fields and their item trees (issue #5; fotoweb-api-notes §7; spec 02 §2 Taxonomy tree
 * popover, §6 roles, §7 calls). Who may edit and which items a caller sees are the rules of {@link TaxonomyPolicy}.
 */
export class TaxonomiesService {
  private readonly pageSize: number;
  private readonly policy: TaxonomyPolicy;

  constructor(
    private readonly repo: TaxonomiesRepository,
    options: { pageSize?: number; policy?: TaxonomyPolicy } = {},
  ) {
    this.pageSize = options.pageSize ?? TAXONOMY_PAGE_SIZE;
    this.policy = options.policy ?? new TaxonomyPolicy();
  }

  /** Whether the caller may add, change and delete taxonomies and items (`allowTaxonomyEditing`, spec 01 §3). */
  canEdit(caller: Caller): boolean {
    return this.policy.canEdit(caller);
  }

  /** @throws ApiError 403 Forbidden unless the caller may edit taxonomies. */
  private requireEditor(caller: Caller): void {
    this.policy.assertCanEdit(caller);
  }

  private window(page: number, total: number, size = this.pageSize): PageWindow {
    return { index: page, size, total };
  }

  /**
   * The taxonomy navigation of an archive (issue 13; a collection's `taxonomies`): every taxonomy with its top-level
   * items that carry Navigate and Query, at most {@link NAVIGATION_ITEM_LIMIT} each, by name; the caller's archive
   * search for each item is the collection's to add. Taxonomies without such items are left out.
   */
  async navigation(): Promise<Array<{ field: number; name: string; href: string; items: Array<{ id: string; name: string; value: string; href: string }> }>> {
    const roots = await this.repo.navigableRoots(NAVIGATION_ITEM_LIMIT);
    return roots
      .filter(({ items }) => items.length > 0)
      .map(({ taxonomy, items }) => ({
        field: taxonomy.field_id,
        name: taxonomy.name,
        href: taxonomyHref(taxonomy.field_id),
        items: items.map((item) => ({ id: String(item.id), name: item.name, value: item.value, href: taxonomyItemHref(taxonomy.field_id, item.id) })),
      }));
  }

  /**
   * A taxonomy item one may browse an archive by (Navigate and Query), by id, with its name; undefined otherwise
   * (a pin of it, issue 13).
   */
  async navigableItem(itemId: number): Promise<{ id: number; name: string } | undefined> {
    const [item] = await this.repo.findItemsByIds([itemId]);
    return item && item.acl.includes('Navigate') && item.acl.includes('Query') ? { id: item.id, name: item.name } : undefined;
  }

  /**
   * The taxonomy list (`GET /fotoweb/api/taxonomies/[;p=N]`, TaxonomyList): one TaxonomyInfo per field with a
   * taxonomy, by field id.
   */
  async listTaxonomies(page = 0): Promise<TaxonomyList> {
    const [rows, total] = await Promise.all([this.repo.listTaxonomies({ offset: page * TAXONOMY_LIST_PAGE_SIZE, limit: TAXONOMY_LIST_PAGE_SIZE }), this.repo.countTaxonomies()]);
    return presentTaxonomyList(rows, this.window(page, total, TAXONOMY_LIST_PAGE_SIZE));
  }

  /** @throws ApiError 404 NotFound when the field has no taxonomy (or is not a field id). */
  private async taxonomy(fieldId: number) {
    const taxonomy = await this.repo.findTaxonomy(fieldId);
    if (!taxonomy) throw noTaxonomy(fieldId);
    return taxonomy;
  }

  /**
   * A taxonomy with one page of its top-level items (`GET /fotoweb/api/taxonomies/{field}/[;p=N][?q=]`), or of
   * the items whose name or value contains `query` (case-insensitive, with their ancestors), sorted by name.
   * @param page  0-based page index; a page past the end is empty.
   * @throws ApiError 404 when the field has no taxonomy; 400 InvalidRequest for a query over
   *   {@link MAX_TAXONOMY_QUERY_LENGTH} characters.
   */
  async getTaxonomy(caller: Caller, fieldId: number, options: { page?: number; query?: string | undefined } = {}): Promise<{ taxonomy: Taxonomy; info: TaxonomyInfo }> {
    const taxonomy = await this.taxonomy(fieldId);
    const visibility = { editor: this.canEdit(caller) };
    const page = options.page ?? 0;
    const limits = { offset: page * this.pageSize, limit: this.pageSize };
    const query = options.query?.trim();
    let items: TaxonomyItemList;
    if (query) {
      if (query.length > MAX_TAXONOMY_QUERY_LENGTH)
        throw new ApiError(400, 'InvalidRequest', `A taxonomy search is at most ${MAX_TAXONOMY_QUERY_LENGTH} characters.`, 'Invalid search');
      const { rows, total } = await this.repo.searchPage(fieldId, query, visibility, limits);
      const ancestors = await this.repo.ancestorsOf(rows.map((r) => r.id));
      items = presentItemList(rows, taxonomyHref(fieldId), this.window(page, total), visibility, { ancestors, query });
    } else {
      const { rows, total } = await this.repo.childrenPage(fieldId, null, visibility, limits);
      items = presentItemList(rows, taxonomyHref(fieldId), this.window(page, total), visibility);
    }
    const info = presentTaxonomyInfo(taxonomy);
    return { taxonomy: { ...info, items }, info };
  }

  /**
   * Creates a taxonomy for a field (`POST /fotoweb/api/taxonomies/`) and answers its href.
   * @throws ApiError 403 for non-editors; 409 TaxonomyExists when the field has one.
   */
  async createTaxonomy(caller: Caller, fieldId: number, names: TaxonomyNames): Promise<string> {
    this.requireEditor(caller);
    const created = await this.repo.insertTaxonomy({
      fieldId,
      name: names.name?.trim() || names.pluralName.trim(),
      pluralName: names.pluralName.trim(),
      description: names.description ?? '',
    });
    if (!created) throw conflict(`Field ${fieldId} already has a taxonomy.`, 'TaxonomyExists');
    return taxonomyHref(fieldId);
  }

  /** Renames a taxonomy (`PUT /fotoweb/api/taxonomies/{field}/`). @throws ApiError 403; 404 when there is none. */
  async updateTaxonomy(caller: Caller, fieldId: number, names: TaxonomyNames): Promise<void> {
    this.requireEditor(caller);
    const current = await this.taxonomy(fieldId);
    await this.repo.updateTaxonomy(fieldId, {
      name: names.name?.trim() || current.name,
      pluralName: names.pluralName.trim(),
      description: names.description ?? current.description,
    });
  }

  /** Deletes a taxonomy and all its items (`DELETE /fotoweb/api/taxonomies/{field}/`). @throws ApiError 403. */
  async deleteTaxonomy(caller: Caller, fieldId: number): Promise<void> {
    this.requireEditor(caller);
    await this.repo.deleteTaxonomy(fieldId);
  }

  /**
   * An item the caller may see, or 404.
   * @throws ApiError 404 NotFound for an unknown id, an item of another field, or an item hidden from a non-editor.
   */
  private async visibleItem(fieldId: number, itemId: string, editor: boolean): Promise<TaxonomyItemRow> {
    const id = parseId(itemId);
    const row = id === undefined ? undefined : await this.repo.findItem(fieldId, id);
    this.policy.assertCanSeeItem(row, editor);
    return row;
  }

  /**
   * An item with its ancestors and one page of its children (`GET /fotoweb/api/taxonomies/{field}/{item}[/;p=N]`),
   * sorted by name. A non-editor gets no children of an item without Navigate.
   * @throws ApiError 404 when the taxonomy or the item does not exist or is hidden from the caller.
   */
  async getItem(caller: Caller, fieldId: number, itemId: string, page = 0): Promise<TaxonomyItem> {
    await this.taxonomy(fieldId);
    const visibility = { editor: this.canEdit(caller) };
    const row = await this.visibleItem(fieldId, itemId, visibility.editor);
    const mayNavigate = this.policy.canNavigate(row, visibility.editor);
    const { rows, total } = mayNavigate
      ? await this.repo.childrenPage(fieldId, row.id, visibility, { offset: page * this.pageSize, limit: this.pageSize })
      : { rows: [], total: 0 };
    const ancestors = (await this.repo.ancestorsOf([row.id])).get(row.id) ?? [];
    return presentItem(row, { children: rows, window: this.window(page, total), ancestors }, visibility);
  }

  /** Normalises and checks an item's fields. @throws ApiError 400 for a blank name or value, a bad custom search. */
  private fields(input: TaxonomyItemCreation | TaxonomyItemChange): TaxonomyItemFields {
    const name = input.name.trim();
    const value = (input.value ?? valueFromName(name)).trim();
    if (!name || !value) throw new ApiError(400, 'InvalidRequest', 'A taxonomy item needs a label and a value.', 'Invalid taxonomy item');
    const customSearch = (input.customSearch ?? '').trim();
    if (customSearch) {
      try {
        parseSearchExpression(customSearch);
      } catch (error) {
        if (error instanceof InvalidSearchExpressionError) throw new ApiError(400, 'InvalidSearchExpression', `Custom search: ${error.message}`, 'Invalid search expression');
        throw error;
      }
    }
    const acl = TAXONOMY_ACL.filter((flag) => (input.acl ?? DEFAULT_ITEM_ACL).includes(flag));
    return { name, value, description: input.description ?? '', customSearch, acl };
  }

  /**
   * Creates an item at the root (`parentId` undefined) or under an item (`POST` to the taxonomy's or the item's
   * href) and answers it.
   * @throws ApiError 403 for non-editors; 404 for an unknown taxonomy or parent; 400 for bad fields; 409
   *   TaxonomyItemExists when a sibling has the same name (case-insensitive).
   */
  async createItem(caller: Caller, fieldId: number, parentId: string | undefined, input: TaxonomyItemCreation): Promise<TaxonomyItem> {
    this.requireEditor(caller);
    await this.taxonomy(fieldId);
    const parent = parentId === undefined ? undefined : await this.visibleItem(fieldId, parentId, true);
    const fields = this.fields(input);
    const row = await this.repo.transaction(async (repo) => {
      if (await repo.siblingNamed(fieldId, parent?.id ?? null, fields.name)) throw conflict(`An item named "${fields.name}" is already there.`);
      return repo.insertItem(fieldId, parent?.id ?? null, fields);
    });
    return this.getItem(caller, fieldId, String(row.id));
  }

  /**
   * Replaces an item's name, value, description, custom search and acl (`PUT` to its href) and answers it.
   * @throws ApiError 403 for non-editors; 404 for an unknown item; 400 for bad fields; 409 when a sibling has the
   *   new name.
   */
  async updateItem(caller: Caller, fieldId: number, itemId: string, input: TaxonomyItemChange): Promise<TaxonomyItem> {
    this.requireEditor(caller);
    await this.taxonomy(fieldId);
    const row = await this.visibleItem(fieldId, itemId, true);
    const fields = this.fields(input);
    await this.repo.transaction(async (repo) => {
      if (await repo.siblingNamed(fieldId, row.parent_id, fields.name, row.id)) throw conflict(`An item named "${fields.name}" is already there.`);
      await repo.updateItem(fieldId, row.id, fields);
    });
    return this.getItem(caller, fieldId, itemId);
  }

  /**
   * Deletes an item with all its descendants (`DELETE` on its href); an unknown item is already gone (FotoWare
   * answers 204 either way). Answers how many items were deleted.
   * @throws ApiError 403 for non-editors.
   */
  async deleteItem(caller: Caller, fieldId: number, itemId: string): Promise<number> {
    this.requireEditor(caller);
    const id = parseId(itemId);
    return id === undefined ? 0 : this.repo.deleteItem(fieldId, id);
  }

  /**
   * The items named by ids or by names, across taxonomies (`POST /fotoweb/api/taxonomies/info/`): each string finds
   * the item with that id and the items whose name or value equals it (case-insensitive), so the web client can map
   * its `txnm` names to fields (spec 02 §7). In the order asked, each item once; hidden items are left out.
   */
  async itemsInfo(caller: Caller, texts: string[]): Promise<TaxonomyItemInfo[]> {
    const editor = this.canEdit(caller);
    const ids = texts.map(parseId).filter((id): id is number => id !== undefined);
    const [byId, byName] = await Promise.all([this.repo.findItemsByIds(ids), this.repo.findItemsByNames(texts)]);
    const ordered = texts.flatMap((text) => {
      const lowered = text.toLowerCase();
      return [...byId.filter((row) => String(row.id) === text), ...byName.filter((row) => row.name.toLowerCase() === lowered || row.value.toLowerCase() === lowered)];
    });
    const rows = [...new Map(ordered.map((row) => [row.id, row])).values()].filter((row) => this.policy.canSeeItem(row, editor));
    const ancestors = await this.repo.ancestorsOf(rows.map((r) => r.id));
    return rows.map((row) => presentItemInfo(row, { editor }, ancestors.get(row.id) ?? []));
  }

  /**
   * The search expression each taxonomy item id stands for in a collection search (`txnm=<item id>`, spec 02 §8
   * InvalidTaxonomyItem): the item's custom search when it has one, else `<field>:"<value>"`.
   * @throws InvalidTaxonomyItemError for an id that names no item, or an item without the Query flag.
   */
  async searchExpressions(itemIds: string[]): Promise<Map<string, string>> {
    const ids = itemIds.map((id) => [id, parseId(id.trim())] as const);
    const rows = new Map((await this.repo.findItemsByIds(ids.flatMap(([, id]) => (id === undefined ? [] : [id])))).map((r) => [r.id, r]));
    const result = new Map<string, string>();
    for (const [text, id] of ids) {
      const row = id === undefined ? undefined : rows.get(id);
      if (!row || !this.policy.canSearchWith(row)) throw new InvalidTaxonomyItemError(text);
      result.set(text, row.custom_search || `${row.field_id}:"${row.value.replace(/"/g, '')}"`);
    }
    return result;
  }

  /**
   * The values a taxonomy-only field would refuse (spec 02 §6 "Selecting a value requires the Set permission on the
   * item"): those no item of the field's taxonomy carries with Set. Answers `[]` when the field has no taxonomy.
   * @param values  Values to store in the field, in any order; the answer keeps their order.
   */
  async valuesNotSettable(fieldId: number, values: string[]): Promise<string[]> {
    if (!(await this.repo.findTaxonomy(fieldId))) return [];
    const settable = await this.repo.settableValues(fieldId, values);
    return values.filter((v) => !settable.has(v));
  }

  /**
   * Imports the text format ({@link parseTaxonomyText}) into a field's taxonomy in one transaction. Lines naming
   * an item already under the same parent (case-insensitive) add nothing, so a re-import is idempotent; a
   * `[category]` line adds an item without Set; nothing is deleted.
   * @param options.create  Names for the taxonomy when the field has none yet (else 404).
   * @throws TaxonomyImportError with the line number for a malformed file; ApiError 403 for non-editors, 404 when
   *   the field has no taxonomy and `create` is not given.
   */
  async importText(caller: Caller, fieldId: number, text: string, options: { create?: TaxonomyNames } = {}): Promise<TaxonomyImportResult> {
    this.requireEditor(caller);
    const forest = parseTaxonomyText(text);
    return this.repo.transaction(async (repo) => {
      if (!(await repo.findTaxonomy(fieldId))) {
        if (!options.create) throw noTaxonomy(fieldId);
        const { name, pluralName, description } = options.create;
        await repo.insertTaxonomy({ fieldId, name: name?.trim() || pluralName, pluralName, description: description ?? '' });
      }
      const key = (parentId: number | null, name: string) => `${parentId ?? 0}/${name.toLowerCase()}`;
      const known = new Map((await repo.allItemNames(fieldId)).map((r) => [key(r.parent_id, r.name), r]));
      const summary: TaxonomyImportResult = { field: fieldId, created: 0, existing: 0 };
      // Level by level, so each level is one batch of inserts whatever the size of the file.
      let level = forest.map((node) => ({ node, parentId: null as number | null }));
      while (level.length > 0) {
        const fresh = level.filter(({ node, parentId }) => !known.has(key(parentId, node.name)));
        const existing = level.filter(({ node, parentId }) => known.has(key(parentId, node.name)));
        summary.existing += existing.length;
        await repo.addSetFlag(
          existing
            .filter(({ node, parentId }) => node.settable && !known.get(key(parentId, node.name))!.acl.includes('Set'))
            .map(({ node, parentId }) => known.get(key(parentId, node.name))!.id),
        );
        const inserted = await repo.insertItems(
          fieldId,
          fresh.map(({ node, parentId }) => ({
            parentId,
            name: node.name,
            value: valueFromName(node.name) || node.name,
            acl: node.settable ? DEFAULT_ITEM_ACL : ['Navigate', 'Query'],
          })),
        );
        for (const row of inserted) known.set(key(row.parent_id, row.name), row);
        summary.created += inserted.length;
        level = level.flatMap(({ node, parentId }) => node.children.map((child) => ({ node: child, parentId: known.get(key(parentId, node.name))!.id })));
      }
      return summary;
    });
  }
}
