/**
 * The taxonomy calls of the tree popover and the item edit modal (spec 02 §7; FotoWeb API: Taxonomies,
 * fotoweb-api-notes §7), over the app's typed client (`api`: same origin, session cookie, CSRF header on unsafe
 * methods, 401 → session lost).
 *
 * Hrefs are opaque: the root is the field's `taxonomyHref` (e.g. `/fotoweb/api/taxonomies/25/`), pages, children and
 * items come from the data. Answers are the contract's shapes (dam.yaml Taxonomies, generated types) turned into the
 * tree machine's (`@magpie/machines`): a FotoWeb `paging` may be null and its links `""`, which become missing links.
 * Every failure rejects with `ApiError` (status + the server's ErrorBody, parsed by the client), which the machines
 * turn into the error modal (spec 02 §8).
 */
import { pageHref, type Paging, type TaxonomyItemInfo, type TaxonomyItemList } from '@magpie/api-types';
import type { ChildrenResponse, RootTaxonomyData, TaxonomyItem, TaxonomyItemDraft, TaxonomyUsage, TreePage, TreePaging } from '@magpie/machines';
import { api } from '../api/client.ts';

const USAGES: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

/** A server item as the tree machine's {@link TaxonomyItem} (usage flags the tree does not know, e.g. Hint, dropped). */
export function toTaxonomyItem(item: TaxonomyItemInfo): TaxonomyItem {
  return {
    name: item.name,
    value: item.value,
    description: item.description,
    customSearch: item.customSearch,
    acl: USAGES.filter((usage) => item.acl.includes(usage)),
    href: item.href,
    hasChildren: item.hasChildren,
    ...(item.ancestors && item.ancestors.length > 0 ? { ancestors: item.ancestors.map((ancestor) => ancestor.name) } : {}),
  };
}

/** FotoWeb paging (links may be null or `""`) as the tree's: a missing link is no such page. */
function toPaging(paging: Paging | null | undefined): TreePaging {
  const result: { -readonly [K in keyof TreePaging]: string } = {};
  for (const link of ['first', 'prev', 'next', 'last'] as const) {
    const href = pageHref(paging?.[link]);
    if (href !== undefined) result[link] = href;
  }
  return result;
}

/** A `taxonomy-item-list` `{data, paging}` as a {@link TreePage}. */
export function toTreePage(list: TaxonomyItemList | null | undefined): TreePage {
  return { data: (list?.data ?? []).map(toTaxonomyItem), paging: toPaging(list?.paging) };
}

/** `GET {taxonomyHref}` (`taxonomy`): the root of a field's taxonomy, its first page of top-level items (spec 02 §7). */
export async function loadTaxonomyRoot(taxonomyHref: string, signal?: AbortSignal): Promise<RootTaxonomyData> {
  const taxonomy = await api.getTaxonomy(taxonomyHref, { signal });
  return { field: String(taxonomy.field), href: taxonomy.href, items: toTreePage(taxonomy.items) };
}

/** `GET {page link}` (`taxonomy-item-list`): another page of items (spec 02 §7 paging). */
export async function loadTaxonomyPage(href: string, signal?: AbortSignal): Promise<TreePage> {
  return toTreePage(await api.getTaxonomyItemList(href, { signal }));
}

/** `GET {item href}` (`taxonomy-item`): the item with its first page of children (spec 02 §7 lazy children). */
export async function loadTaxonomyChildren(href: string, signal?: AbortSignal): Promise<ChildrenResponse> {
  const item = await api.getTaxonomyItem(href, { signal });
  return { children: toTreePage(item.children) };
}

/** `GET {taxonomyHref}?q={q}` (`taxonomy`): the items of any level whose name or value matches (spec 02 §7). */
export async function searchTaxonomy(taxonomyHref: string, q: string, signal?: AbortSignal): Promise<TreePage> {
  const taxonomy = await api.searchTaxonomy(taxonomyHref, q, { signal });
  return toTreePage(taxonomy.items);
}

/**
 * `POST {parentHref}` with the new item (spec 02 §7 "POST to a taxonomy href with the new item: creates it"):
 * `parentHref` is the taxonomy's href for a top-level item, an item's href for a child. Resolves with the created item.
 */
export async function createTaxonomyItem(parentHref: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  return toTaxonomyItem(await api.createTaxonomyItem(parentHref, { ...draft, acl: [...draft.acl] }));
}

/** `PUT {item href}` with the item (spec 02 §7); resolves with the stored item (GET again when the answer is 204). */
export async function updateTaxonomyItem(href: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  return toTaxonomyItem(await api.updateTaxonomyItem(href, { ...draft, acl: [...draft.acl] }));
}

/** `DELETE {item href}` (spec 02 §7); the server deletes its children too. */
export async function deleteTaxonomyItem(href: string): Promise<void> {
  await api.deleteTaxonomyItem(href);
}

/** The field id a taxonomy href names: `/fotoweb/api/taxonomies/25/` → `25` (spec 02 §7 `{base}/api/taxonomies/{field}`). */
export function fieldIdOfTaxonomyHref(taxonomyHref: string): string {
  const path = taxonomyHref.split('?')[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return decodeURIComponent((segments.at(-1) ?? '').replace(/^(\d+)-.*$/, '$1'));
}

/**
 * `GET /fotoweb/api/taxonomies/` (`taxonomy-list`): the taxonomy href of each field that has one, by field id
 * (e.g. `{"25": "/fotoweb/api/taxonomies/25/"}`), for the advanced search's criteria rows (spec 02 §2).
 */
export async function loadTaxonomyHrefs(signal?: AbortSignal): Promise<Readonly<Record<string, string>>> {
  const list = await api.listTaxonomies({ signal });
  return Object.fromEntries(list.data.map((taxonomy) => [String(taxonomy.field), taxonomy.href]));
}
