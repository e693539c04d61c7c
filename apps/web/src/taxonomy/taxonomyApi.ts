/**
 * The taxonomy calls of the tree popover and the item edit modal (spec 02 §7; FotoWeb API: Taxonomies,
 * fotoweb-api-notes §7), over the app's `fetch` (same origin, session cookie, CSRF header on unsafe methods, 401 →
 * session lost).
 *
 * Hrefs are opaque: the root is the field's `taxonomyHref` (e.g. `/fotoweb/api/taxonomies/25/`), pages, children and
 * items come from the data. Every answer is read as `application/json` and normalised to the tree machine's shapes
 * (`@magpie/machines` taxonomy types): a FotoWeb `paging` may be null and its links `""`, which become missing links.
 * Every failure rejects with {@link ApiError} (status + the server's ErrorBody), which the machines turn into the
 * error modal (spec 02 §8).
 */
import { ApiError, type ErrorBody } from '@magpie/api-types/client';
import { pageHref } from '@magpie/api-types';
import type {
  ChildrenResponse,
  RootTaxonomyData,
  TaxonomyItem,
  TaxonomyUsage,
  TreePage,
  TreePaging,
} from '@magpie/machines';
import { appFetch, csrfHeaders } from '../api/client.ts';

const JSON_TYPE = 'application/json';
const USAGES: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

/** What the edit modal and inline add send: a taxonomy item without its links (FotoWeb TaxonomyItemCreationInfo / Update). */
export interface TaxonomyItemDraft {
  readonly name: string;
  readonly value: string;
  readonly description: string;
  readonly customSearch: string;
  readonly acl: readonly TaxonomyUsage[];
}

type Json = Record<string, unknown>;

async function request(method: string, href: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await appFetch(href, {
    method,
    headers: {
      Accept: JSON_TYPE,
      ...(body === undefined ? {} : { 'Content-Type': JSON_TYPE }),
      ...(method === 'GET' ? {} : csrfHeaders()),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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

async function getJson(href: string, signal?: AbortSignal): Promise<Json> {
  const response = await request('GET', href, undefined, signal);
  return ((await response.json()) ?? {}) as Json;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A server item as the tree machine's {@link TaxonomyItem} (unknown usage flags dropped, `hasChildren` a boolean). */
export function toTaxonomyItem(raw: unknown): TaxonomyItem {
  const item = (raw ?? {}) as Json;
  const acl = Array.isArray(item['acl']) ? USAGES.filter((usage) => (item['acl'] as unknown[]).includes(usage)) : [];
  return {
    name: text(item['name']),
    value: text(item['value']),
    description: text(item['description']),
    customSearch: text(item['customSearch']),
    acl,
    href: text(item['href']),
    hasChildren: item['hasChildren'] === true,
  };
}

function toPaging(raw: unknown): TreePaging {
  const paging = (raw ?? {}) as Json;
  const result: { -readonly [K in keyof TreePaging]: string } = {};
  for (const link of ['first', 'prev', 'next', 'last'] as const) {
    const href = pageHref(typeof paging[link] === 'string' ? (paging[link] as string) : undefined);
    if (href !== undefined) result[link] = href;
  }
  return result;
}

/** A FotoWeb TaxonomyItemList `{data, paging}` (or a Taxonomy carrying one in `items`) as a {@link TreePage}. */
export function toTreePage(raw: unknown): TreePage {
  const body = (raw ?? {}) as Json;
  const list = (typeof body['items'] === 'object' && body['items'] !== null ? body['items'] : body) as Json;
  const data = Array.isArray(list['data']) ? list['data'].map(toTaxonomyItem) : [];
  return { data, paging: toPaging(list['paging']) };
}

/** `GET {taxonomyHref}`: the root of a field's taxonomy, its first page of top-level items (spec 02 §7). */
export async function loadTaxonomyRoot(taxonomyHref: string, signal?: AbortSignal): Promise<RootTaxonomyData> {
  const body = await getJson(taxonomyHref, signal);
  return { field: String(body['field'] ?? ''), href: text(body['href']) || taxonomyHref, items: toTreePage(body) };
}

/** `GET {page link}`: another page of items (spec 02 §7 paging). */
export async function loadTaxonomyPage(href: string, signal?: AbortSignal): Promise<TreePage> {
  return toTreePage(await getJson(href, signal));
}

/** `GET {item href}`: the item with its first page of children (spec 02 §7 lazy children). */
export async function loadTaxonomyChildren(href: string, signal?: AbortSignal): Promise<ChildrenResponse> {
  const body = await getJson(href, signal);
  return { children: toTreePage(body['children']) };
}

/** `GET {taxonomyHref}?q={q}`: the items whose name or value matches (spec 02 §7 taxonomy search). */
export async function searchTaxonomy(taxonomyHref: string, q: string, signal?: AbortSignal): Promise<TreePage> {
  const base = taxonomyHref.split('?')[0] ?? taxonomyHref;
  return toTreePage(await getJson(`${base}?q=${encodeURIComponent(q)}`, signal));
}

/** The item a write answered: its body when it sent one, else a GET of `Location` (or of `fallback`). */
async function readWritten(response: Response, fallback: string): Promise<TaxonomyItem> {
  const body = response.status === 204 ? '' : await response.text();
  if (body.trim() !== '') {
    const item = toTaxonomyItem(JSON.parse(body));
    if (item.href !== '') return item;
  }
  return toTaxonomyItem(await getJson(response.headers.get('Location') ?? fallback));
}

/**
 * `POST {parentHref}` with the new item (spec 02 §7 "POST to a taxonomy href with the new item: creates it"):
 * `parentHref` is the taxonomy's href for a top-level item, an item's href for a child. Resolves with the created item.
 */
export async function createTaxonomyItem(parentHref: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  const response = await request('POST', parentHref, { ...draft, acl: [...draft.acl] });
  return readWritten(response, parentHref);
}

/** `PUT {item href}` with the item (spec 02 §7); resolves with the stored item (GET again when the answer is 204). */
export async function updateTaxonomyItem(href: string, draft: TaxonomyItemDraft): Promise<TaxonomyItem> {
  const response = await request('PUT', href, { ...draft, acl: [...draft.acl] });
  return readWritten(response, href);
}

/** `DELETE {item href}` (spec 02 §7); the server deletes its children too. */
export async function deleteTaxonomyItem(href: string): Promise<void> {
  await request('DELETE', href);
}

/** The field id a taxonomy href names: `/fotoweb/api/taxonomies/25/` → `25` (spec 02 §7 `{base}/api/taxonomies/{field}`). */
export function fieldIdOfTaxonomyHref(taxonomyHref: string): string {
  const path = taxonomyHref.split('?')[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return decodeURIComponent((segments.at(-1) ?? '').replace(/^(\d+)-.*$/, '$1'));
}
