import type { Paging, TaxonomyAcl, TaxonomyInfo, TaxonomyItem, TaxonomyItemInfo, TaxonomyItemList, TaxonomyList } from '@magpie/api-types';
import type { TaxonomyItemRow, TaxonomyRowWithItems, ItemVisibility } from './taxonomies.repository.ts';

/** An ancestor `{name, href}` (dam.yaml TaxonomyAncestor). */
type TaxonomyAncestor = NonNullable<TaxonomyItemInfo['ancestors']>[number];

/** Root of the taxonomy API (fotoweb-api-notes §7). */
export const TAXONOMIES_ROOT = '/fotoweb/api/taxonomies/';

/** A taxonomy's URL: `/fotoweb/api/taxonomies/25/` (also its `taxonomyHref`, and a metadata field's `taxonomyHref`). */
export const taxonomyHref = (fieldId: number) => `${TAXONOMIES_ROOT}${fieldId}/`;
/** An item's URL: `/fotoweb/api/taxonomies/25/1042`; POST there adds a child, PUT replaces it, DELETE removes it. */
export const taxonomyItemHref = (fieldId: number, id: number) => `${TAXONOMIES_ROOT}${fieldId}/${id}`;

/** One page of a list: 0-based index, page size, how many entries the whole list has. */
export interface PageWindow {
  index: number;
  size: number;
  total: number;
}

/** An ancestor row as the repository answers it. */
type AncestorRow = { id: number; field_id: number; name: string };

/**
 * Paging links of a list at `baseHref` (which ends in `/`): `<base>;p=<n>` for every page, the query (already
 * encoded, without `?`) kept; `prev`/`next` null where there is no such page.
 */
export function pagingLinks(baseHref: string, window: PageWindow, query?: string): Paging {
  const at = (p: number) => `${baseHref};p=${p}${query ? `?${query}` : ''}`;
  const last = Math.max(0, Math.ceil(window.total / window.size) - 1);
  return {
    first: at(0),
    prev: window.index > 0 ? at(Math.min(window.index - 1, last)) : null,
    next: window.index < last ? at(window.index + 1) : null,
    last: at(last),
    index: window.index,
    totalPages: last + 1,
    count: window.total,
  };
}

/** Whether the caller is shown the item's children: editors always, others only with Navigate (spec 02 §6). */
function showsChildren(row: TaxonomyItemRow, visibility: ItemVisibility): boolean {
  return row.has_children && (visibility.editor || row.acl.includes('Navigate'));
}

const ancestorBodies = (ancestors: AncestorRow[]): TaxonomyAncestor[] => ancestors.map((a) => ({ name: a.name, href: taxonomyItemHref(a.field_id, a.id) }));

/** An item row as TaxonomyItemInfo; with `ancestors` it is a TaxonomySearchItem. */
export function presentItemInfo(row: TaxonomyItemRow, visibility: ItemVisibility, ancestors?: AncestorRow[]): TaxonomyItemInfo {
  return {
    name: row.name,
    description: row.description,
    hasChildren: showsChildren(row, visibility),
    field: row.field_id,
    href: taxonomyItemHref(row.field_id, row.id),
    taxonomyHref: taxonomyHref(row.field_id),
    acl: row.acl as TaxonomyAcl[],
    value: row.value,
    customSearch: row.custom_search,
    ...(ancestors ? { ancestors: ancestorBodies(ancestors) } : {}),
  };
}

/**
 * A page of items as TaxonomyItemList, paged under `baseHref`; search results carry their ancestors and keep the
 * search text in the paging links.
 */
export function presentItemList(
  rows: TaxonomyItemRow[],
  baseHref: string,
  window: PageWindow,
  visibility: ItemVisibility,
  search?: { ancestors: Map<number, AncestorRow[]>; query: string },
): TaxonomyItemList {
  return {
    data: rows.map((row) => presentItemInfo(row, visibility, search ? (search.ancestors.get(row.id) ?? []) : undefined)),
    paging: pagingLinks(baseHref, window, search ? `q=${encodeURIComponent(search.query)}` : undefined),
  };
}

/** An item as TaxonomyItem with a page of its children (paged under `<item href>/`) and its ancestors. */
export function presentItem(row: TaxonomyItemRow, page: { children: TaxonomyItemRow[]; window: PageWindow; ancestors: AncestorRow[] }, visibility: ItemVisibility): TaxonomyItem {
  return {
    ...presentItemInfo(row, visibility),
    children: presentItemList(page.children, `${taxonomyItemHref(row.field_id, row.id)}/`, page.window, visibility),
    ancestors: ancestorBodies(page.ancestors),
  };
}

/** A taxonomy row as TaxonomyInfo. */
export function presentTaxonomyInfo(row: TaxonomyRowWithItems): TaxonomyInfo {
  const href = taxonomyHref(row.field_id);
  return { name: row.name, pluralName: row.plural_name, description: row.description, hasChildren: row.has_children, field: row.field_id, href, taxonomyHref: href };
}

/** A page of taxonomies as TaxonomyList. */
export function presentTaxonomyList(rows: TaxonomyRowWithItems[], window: PageWindow): TaxonomyList {
  return { data: rows.map(presentTaxonomyInfo), paging: pagingLinks(TAXONOMIES_ROOT, window) };
}
