/**
 * Taxonomy data as the tree popover receives it (spec 02 §3 Taxonomy item, Tree page, Root taxonomy data, Children
 * response), and the pure helpers the tree machine uses: sorting, visibility for non-editors, the keyboard order of
 * visible items, and the error modal's content.
 */

/** Usage flags of a taxonomy item (spec 02 §3, §6): Navigate, Query, Set. Only `Set` items can be selected. */
export type TaxonomyUsage = 'Navigate' | 'Query' | 'Set';

/** A taxonomy item (spec 02 §3). `href` identifies it and is also its children link (spec 02 §7). */
export interface TaxonomyItem {
  readonly name: string;
  readonly value: string;
  readonly description?: string;
  readonly customSearch?: string;
  readonly acl: readonly TaxonomyUsage[];
  readonly href: string;
  readonly hasChildren: boolean;
  /** The names of the items above it, top-level first (search hits carry them, spec 02 §7 taxonomy search). */
  readonly ancestors?: readonly string[];
}

/** The usage flags of a new item (spec 02 §3 "Default new item: acl Navigate, Query and Set, other fields empty"). */
export const DEFAULT_TAXONOMY_ITEM_ACL: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

/** Paging links of a tree page (spec 02 §3 Tree page); a link is missing when that page does not exist. */
export interface TreePaging {
  readonly first?: string;
  readonly prev?: string;
  readonly next?: string;
  readonly last?: string;
}

/** Which paging button (spec 02 §2, §9: first, previous, next, last). */
export type PageLink = keyof TreePaging;

/** A page of items with its paging (spec 02 §3 Tree page). */
export interface TreePage {
  readonly data: readonly TaxonomyItem[];
  readonly paging?: TreePaging;
}

/** The taxonomy root of a field (spec 02 §3 Root taxonomy data): the first page of top-level items. */
export interface RootTaxonomyData {
  readonly field: string;
  readonly href: string;
  readonly items: TreePage;
}

/** The answer of an item's children link (spec 02 §3 Children response). */
export interface ChildrenResponse {
  readonly children: TreePage;
}

/**
 * The tree's state of one item: `expanded` (spec 02 §4 "Tree node: collapsed or expanded"), `loaded` (children
 * fetched: they are fetched on first expand only), its children's hrefs (sorted by name) and, when the children run
 * over more than one page, the link of the next one (`more`).
 */
export interface TreeNode {
  readonly item: TaxonomyItem;
  readonly expanded: boolean;
  readonly loaded: boolean;
  readonly children: readonly string[];
  /** The link of the next page of children (spec 02 §7 "load-more"), while there is one. */
  readonly more?: string;
}

/** The error modal of a failed taxonomy request (spec 02 §2 Error modal, §8). */
export interface TaxonomyRequestError {
  readonly title: 'Error';
  readonly message: string;
  /** The expandable section: what the response said, when it said it. */
  readonly details: {
    readonly value?: string;
    readonly heading?: string;
    readonly requestId?: string;
    readonly description?: string;
    readonly technicalInfo?: string;
  };
}

/** The message of any failing taxonomy request. */
export const TAXONOMY_GENERAL_ERROR_MESSAGE = 'general error, try later'; // spec 02 §8

/** The only thing a failing taxonomy search shows (a tooltip). */
export const TAXONOMY_MALFORMED_SEARCH_MESSAGE = 'malformed search'; // spec 02 §8

/** Items sorted by name (spec 02 §2 "Items are shown sorted by name"): case-insensitive, numbers in numeric order. */
export function sortByName(items: readonly TaxonomyItem[]): TaxonomyItem[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }));
}

/** `true` when the item can be selected as a value (spec 02 §6: Set permission). */
export function isSelectable(item: TaxonomyItem | undefined): boolean {
  return item !== undefined && item.acl.includes('Set');
}

/** Whether the item is shown (spec 02 §6): editors see every item; others only items with children or with Set. */
export function isItemVisible(item: TaxonomyItem, canEdit: boolean): boolean {
  return canEdit || item.hasChildren || isSelectable(item);
}

/**
 * The hrefs of the visible items in display order (the order arrow up/down moves through): `roots` and, under each
 * expanded node, its children, depth first; hidden items (see {@link isItemVisible}) are skipped with their subtrees.
 */
export function visibleTreeHrefs(roots: readonly string[], nodes: Readonly<Record<string, TreeNode>>, canEdit: boolean): string[] {
  const result: string[] = [];
  const visit = (hrefs: readonly string[]) => {
    for (const href of hrefs) {
      const node = nodes[href];
      if (!node || !isItemVisible(node.item, canEdit)) continue;
      result.push(href);
      if (node.expanded) visit(node.children);
    }
  };
  visit(roots);
  return result;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The error modal for a failed taxonomy request (spec 02 §8): title "Error", the message
 * {@link TAXONOMY_GENERAL_ERROR_MESSAGE}, and the details the response carried (`value`, `heading`, `requestId`,
 * `description`, `technicalInfo`), read from the rejection itself or its `body`.
 */
export function toTaxonomyRequestError(cause: unknown): TaxonomyRequestError {
  const source = (cause ?? {}) as Record<string, unknown>;
  const body = (typeof source['body'] === 'object' && source['body'] !== null ? source['body'] : source) as Record<string, unknown>;
  const details: Record<string, string> = {};
  for (const key of ['value', 'heading', 'requestId', 'description', 'technicalInfo'] as const) {
    const found = text(body[key]);
    if (found !== undefined) details[key] = found;
  }
  return { title: 'Error', message: TAXONOMY_GENERAL_ERROR_MESSAGE, details };
}
