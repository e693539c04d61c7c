import {
  EXPRESSION_KEY,
  isCriterionKey,
  MAX_EXPRESSION_LENGTH,
  NON_SEARCH_KEYS,
  rangeOfParam,
  isChoiceKey,
  TAXONOMY_ITEM_KEY,
  type RangeKey,
} from '@magpie/api-types/search-params';
import { checkRangeValue, InvalidSearchExpressionError, normaliseSearchExpression, parseSearchExpression, type SearchNode } from './expression.ts';

// The route reads the taxonomy item ids with the contract's key.
export { TAXONOMY_ITEM_KEY };

/** What a collection URL's query asks for: the AST to run and the text to echo as `searchString`. */
export interface SearchRequest {
  node: SearchNode;
  /** What the client sent, as FotoWeb echoes it: `q` alone, or the query string's search keys. */
  searchString: string;
  /** The normalised expression (`searchQuery`). */
  searchQuery: string;
}

function values(raw: unknown): string[] {
  return (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
}

function predicate(key: string, value: string): SearchNode | undefined {
  const quoted = `${key}:"${value.replace(/"/g, '')}"`;
  return parseSearchExpression(value === '' || value === '""' ? `${key}:""` : quoted);
}

/**
 * Builds the search of a collection URL's query (issue #4; fotoweb-api-notes §5 key=value queries; spec 02 §3; the
 * keys and their ranges: `@magpie/api-types/search-params`, dam.yaml `getCollection`):
 * - `q`: a search expression;
 * - `<fieldId>=value`, `fn=`, `dn=`, `fp=`: key=value criteria; several keys are AND-ed, the same field id given
 *   twice is OR-ed (so a criterion whose value is a list is written as the key repeated); the value `""` asks for
 *   an empty field;
 * - `dt`, `cs`, `o`, `ms`, `s`: the advanced-search selections;
 * - `fsf`/`fst` (MB), `phf`/`pht`, `pwf`/`pwt` (px), `mtf`/`mtt`, `itf`/`itt`, `rtf`/`rtt`, `ctf`/`ctt` (dates):
 *   range bounds, each checked against its column's range (`checkRangeValue`);
 * - `txnm=<taxonomy item id>`: the item's search expression from `options.taxonomyItems` (issue #5; the caller
 *   resolves the ids first, refusing unknown ones with `InvalidTaxonomyItem`); several are OR-ed.
 * Answers undefined when the query holds no search.
 * @throws InvalidSearchExpressionError for a bad expression or value (a range value out of its column's range, NUL or
 *   a lone surrogate included), a query longer than 2000 characters, or a
 *   `txnm` id missing from `options.taxonomyItems`.
 */
export function searchFromQuery(query: Record<string, unknown>, options: { taxonomyItems?: ReadonlyMap<string, string> } = {}): SearchRequest | undefined {
  const parts: SearchNode[] = [];
  const echo: string[] = [];
  const ranges = new Map<RangeKey, { from?: string; to?: string }>();
  let total = 0;
  for (const [key, raw] of Object.entries(query)) {
    if (NON_SEARCH_KEYS.includes(key)) continue;
    const list = values(raw);
    total += list.reduce((n, v) => n + v.length, 0);
    if (total > MAX_EXPRESSION_LENGTH) throw new InvalidSearchExpressionError(`The search is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
    if (key === EXPRESSION_KEY) {
      for (const q of list) {
        const node = parseSearchExpression(q);
        if (node) {
          parts.push(node);
          echo.push(q);
        }
      }
    } else if (isCriterionKey(key) || isChoiceKey(key)) {
      const nodes = list.map((v) => predicate(key, v)).filter((n): n is SearchNode => n !== undefined);
      if (nodes.length === 0) continue;
      parts.push(nodes.length === 1 ? nodes[0]! : { type: 'or', children: nodes });
      echo.push(...list.map((v) => `${key}=${v}`));
    } else if (key === TAXONOMY_ITEM_KEY) {
      const nodes = list
        .map((id) => {
          const expression = options.taxonomyItems?.get(id);
          if (expression === undefined) throw new InvalidSearchExpressionError(`The taxonomy item "${id}" is not known.`);
          return parseSearchExpression(expression);
        })
        .filter((n): n is SearchNode => n !== undefined);
      if (nodes.length === 0) continue;
      parts.push(nodes.length === 1 ? nodes[0]! : { type: 'or', children: nodes });
      echo.push(...list.map((v) => `${key}=${v}`));
    } else if (rangeOfParam(key) !== undefined) {
      const { key: rangeKey, side } = rangeOfParam(key)!;
      const value = list.at(-1)?.trim();
      if (!value) continue;
      // The expression parser's value checks: real calendar dates, numbers in their column's range.
      ranges.set(rangeKey, { ...ranges.get(rangeKey), [side]: checkRangeValue(rangeKey, value) });
      echo.push(`${key}=${value}`);
    }
  }
  for (const [key, bounds] of ranges) parts.push({ type: 'range', key, ...bounds });
  if (parts.length === 0) return undefined;
  const node: SearchNode = parts.length === 1 ? parts[0]! : { type: 'and', children: parts };
  const onlyQ = Object.keys(query).every((k) => k === EXPRESSION_KEY || NON_SEARCH_KEYS.includes(k));
  return { node, searchString: onlyQ ? echo.join(' ') : echo.join('&'), searchQuery: normaliseSearchExpression(node) };
}
