import { ApiError, badRequest } from '../lib/errors.ts';
import { InvalidSearchExpressionError, MAX_EXPRESSION_LENGTH } from '../search/expression.ts';
import { searchFromQuery, TAXONOMY_ITEM_KEY } from '../search/params.ts';
import { InvalidTaxonomyItemError, type TaxonomiesService } from '../taxonomies/taxonomies.service.ts';
import type { CollectionSearch } from '../services/collections.service.ts';

/** A URL query string (without `?`) as the criteria record the route table gives: a repeated key as a list. */
export function criteriaOf(raw: string): Record<string, string | string[]> {
  const criteria: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const before = criteria[key];
    criteria[key] = before === undefined ? value : [before, value].flat();
  }
  return criteria;
}

/**
 * The search a collection URL's query asks for (`q`, key=value criteria, advanced-search parameters), with the
 * query string kept for paging links (and smart folders, issue 13), or undefined when it asks for none.
 * @param raw the query string without `?`.
 * @param criteria the query as the route table's schema checked it (or {@link criteriaOf} of `raw`).
 * @throws ApiError 400 InvalidSearchExpression for a bad or over-long search, 400 InvalidTaxonomyItem for a `txnm`
 *   that names no taxonomy item or one without the Query flag (spec 02 §8).
 */
export async function collectionSearchOf(
  raw: string,
  criteria: Readonly<Record<string, unknown>>,
  taxonomies: Pick<TaxonomiesService, 'searchExpressions'>,
): Promise<CollectionSearch | undefined> {
  if (raw.length > MAX_EXPRESSION_LENGTH * 3) throw badRequest(`The query string is longer than ${MAX_EXPRESSION_LENGTH * 3} characters.`);
  try {
    const itemIds = [criteria[TAXONOMY_ITEM_KEY] ?? []].flat().filter((v): v is string => typeof v === 'string');
    const taxonomyItems = itemIds.length > 0 ? await taxonomies.searchExpressions(itemIds) : undefined;
    const search = searchFromQuery({ ...criteria }, { taxonomyItems });
    if (!search) return undefined;
    const query = raw
      .split('&')
      .filter((pair) => pair && !pair.startsWith('access_token='))
      .join('&');
    return { ...search, query };
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError) throw new ApiError(400, 'InvalidSearchExpression', error.message, 'Invalid search expression');
    if (error instanceof InvalidTaxonomyItemError) throw new ApiError(400, error.value, error.message, 'Invalid taxonomy item');
    throw error;
  }
}
