/**
 * The taxonomy calls of the tree popover and the item edit modal (spec 02 §7; FotoWeb API: Taxonomies,
 * fotoweb-api-notes §7), over the app's `fetch` (same origin, session cookie, CSRF header on unsafe methods, 401 →
 * session lost).
 *
 * Hrefs are opaque: the root is the field's `taxonomyHref` (e.g. `/fotoweb/api/taxonomies/25/`), pages, children and
 * items come from the data. Answers are the contract's shapes (dam.yaml Taxonomies, generated types) turned into the
 * tree machine's (`@magpie/machines`): a FotoWeb `paging` may be null and its links `""`, which become missing links.
 * Every failure rejects with {@link ApiError} (status + the server's ErrorBody), which the machines turn into the
 * error modal (spec 02 §8).
 */
import { ApiError, type ErrorBody } from '@magpie/api-types/client';
import {
  MEDIA_TYPES,
  pageHref,
  type Paging,
  type Taxonomy,
  type TaxonomyItem as ApiTaxonomyItem,
  type TaxonomyItemCreationInfo,
  type TaxonomyItemInfo,
  type TaxonomyItemList,
  type TaxonomyItemUpdate,
  type TaxonomyList,
} from '@magpie/api-types';
import type {
  ChildrenResponse,
  RootTaxonomyData,
  TaxonomyItem,
  TaxonomyItemDraft,
  TaxonomyUsage,
  TreePage,
  TreePaging,
} from '@magpie/machines';
import { appFetch, csrfHeaders } from '../api/client.ts';

const USAGES: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

async function request(
  method: string,
  href: string,
  accept: string,
  body?: { type: string; data: TaxonomyItemCreationInfo | TaxonomyItemUpdate },
  signal?: AbortSignal,
): Promise<Response> {
  const response = await appFetch(href, {
    method,
    headers: {
      Accept: accept,
      ...(body === undefined ? {} : { 'Content-Type': body.type }),
      ...(method === 'GET' ? {} : csrfHeaders()),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body.data) }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    let errorBody: ErrorBody | undefined;
    try {
      errorBody = (await response.json()) as ErrorBody;
    } catch {
      errorBody = undefined;
    }
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

async function getJson<T>(href: string, accept: string, signal?: AbortSignal): Promise<T> {
  const response = await request('GET', href, accept, undefined, signal);
  return (await response.json()) as T;
}

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
  const taxonomy = await getJson<Taxonomy>(taxonomyHref, MEDIA_TYPES.taxonomy, signal);
  return { field: String(taxonomy.field), href: taxonomy.href, items: toTreePage(taxonomy.items) };
}

/** `GET {page link}` (`taxonomy-item-list`): another page of items (spec 02 §7 paging). */
export async function loadTaxonomyPage(href: string, signal?: AbortSignal): Promise<TreePage> {
  return toTreePage(await getJson<TaxonomyItemList>(href, MEDIA_TYPES.taxonomyItemList, signal));
}

/** `GET {item href}` (`taxonomy-item`): the item with its first page of children (spec 02 §7 lazy children). */
export async function loadTaxonomyChildren(href: string, signal?: AbortSignal): Promise<ChildrenResponse> {
  const item = await getJson<ApiTaxonomyItem>(href, MEDIA_TYPES.taxonomyItem, signal);
  return { children: toTreePage(item.children) };
}

/** `GET {taxonomyHref}?q={q}` (`taxonomy`): the items of any level whose name or value matches (spec 02 §7). */
export async function searchTaxonomy(taxonomyHref: string, q: string, signal?: AbortSignal): Promise<TreePage> {
  const base = taxonomyHref.split('?')[0] ?? taxonomyHref;
  const taxonomy = await getJson<Taxonomy>(`${base}?q=${encodeURIComponent(q)}`, MEDIA_TYPES.taxonomy, signal);
  return toTreePage(taxonomy.items);
}

/** The item a write answered: its body, or (a FotoWare server answering 204) a GET of `Location` or `fallback`. */
async function readWritten(response: Response, fallback: string): Promise<TaxonomyItem> {
  const body = response.status === 204 ? '' : await response.text();
  if (body.trim() !== '') return toTaxonomyItem(JSON.parse(body) as TaxonomyItemInfo);
  const href = response.headers.get('Location') ?? fallback;
  return toTaxonomyItem(await getJson<TaxonomyItemInfo>(href, MEDIA_TYPES.taxonomyItemInfo));
}

/**
 * `POST {parentHref}` with the new item (spec 02 §7 "POST to a taxonomy href with the new item: creates it"):
 * `parentHref` is the taxonomy's href for a top-level item, an item's href for a child. Resolves with the created item.
 */
export async function createTaxonomyItem(parentHref: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  const data: TaxonomyItemCreationInfo = { ...draft, acl: [...draft.acl] };
  const response = await request('POST', parentHref, MEDIA_TYPES.taxonomyItem, { type: MEDIA_TYPES.taxonomyItemCreationInfo, data });
  return readWritten(response, parentHref);
}

/** `PUT {item href}` with the item (spec 02 §7); resolves with the stored item (GET again when the answer is 204). */
export async function updateTaxonomyItem(href: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  const data: TaxonomyItemUpdate = { ...draft, acl: [...draft.acl] };
  const response = await request('PUT', href, MEDIA_TYPES.taxonomyItem, { type: MEDIA_TYPES.taxonomyItemUpdate, data });
  return readWritten(response, href);
}

/** `DELETE {item href}` (spec 02 §7); the server deletes its children too. */
export async function deleteTaxonomyItem(href: string): Promise<void> {
  await request('DELETE', href, MEDIA_TYPES.json);
}

/** The field id a taxonomy href names: `/fotoweb/api/taxonomies/25/` → `25` (spec 02 §7 `{base}/api/taxonomies/{field}`). */
export function fieldIdOfTaxonomyHref(taxonomyHref: string): string {
  const path = taxonomyHref.split('?')[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return decodeURIComponent((segments.at(-1) ?? '').replace(/^(\d+)-.*$/, '$1'));
}

/** The list of taxonomies (FotoWeb API: Taxonomies, fotoweb-api-notes §7); its first page holds one per field. */
export const TAXONOMIES_PATH = '/fotoweb/api/taxonomies/';

/**
 * `GET /fotoweb/api/taxonomies/` (`taxonomy-list`): the taxonomy href of each field that has one, by field id
 * (e.g. `{"25": "/fotoweb/api/taxonomies/25/"}`), for the advanced search's criteria rows (spec 02 §2).
 */
export async function loadTaxonomyHrefs(signal?: AbortSignal): Promise<Readonly<Record<string, string>>> {
  const list = await getJson<TaxonomyList>(TAXONOMIES_PATH, MEDIA_TYPES.taxonomyList, signal);
  return Object.fromEntries(list.data.map((taxonomy) => [String(taxonomy.field), taxonomy.href]));
}
