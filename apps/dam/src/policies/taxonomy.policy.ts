import type { Caller } from './archive.policy.ts';
import { forbidden, notFound } from '../lib/errors.ts';

/** The plain group permission (spec 03 §3.3) that grants `allowTaxonomyEditing` (spec 01 §3). */
export const MANAGE_TAXONOMIES_PERMISSION = 'manageTaxonomies';

/** A taxonomy item's usage flags as the rules read them (fotoweb-api-notes §7 `acl`). */
export interface TaxonomyItemAccess {
  acl: readonly string[];
  has_children: boolean;
}

/**
 * Answers "may this caller do X with taxonomies" (issue #5; spec 02 §6 roles): editing needs `allowTaxonomyEditing`
 * (an administrator, or a member of a group holding {@link MANAGE_TAXONOMIES_PERMISSION}); every reader sees the
 * taxonomies, but a non-editor sees only items it may set or navigate into, and never an item's children without its
 * Navigate flag. The repository's SQL applies the same visibility rule to pages of items (`visibility.editor`).
 */
export class TaxonomyPolicy {
  constructor(private readonly groups: { groupsHold(groupIds: number[], permission: string): Promise<boolean> }) {}

  /** Whether the caller may add, change and delete taxonomies and items (`allowTaxonomyEditing`, spec 01 §3). */
  async canEdit(caller: Caller): Promise<boolean> {
    return caller.isAdmin || this.groups.groupsHold(caller.groupIds, MANAGE_TAXONOMIES_PERMISSION);
  }

  /**
   * Ensures the caller may edit taxonomies. Taxonomies are no secret, so the refusal is 403, never 404.
   * @throws ApiError 403 Forbidden unless the caller may edit taxonomies.
   */
  async assertCanEdit(caller: Caller): Promise<void> {
    if (!(await this.canEdit(caller))) throw forbidden('You need the taxonomy editing permission (allowTaxonomyEditing).');
  }

  /** Spec 02 §6: editors see every item; others items with Set, or with Navigate and children. */
  canSeeItem(item: TaxonomyItemAccess, editor: boolean): boolean {
    return editor || item.acl.includes('Set') || (item.acl.includes('Navigate') && item.has_children);
  }

  /** Ensures the item is visible to the caller. @throws ApiError 404 NotFound (`The taxonomy item`) otherwise. */
  assertCanSeeItem(item: TaxonomyItemAccess | undefined, editor: boolean): asserts item is TaxonomyItemAccess {
    if (!item || !this.canSeeItem(item, editor)) throw notFound('The taxonomy item');
  }

  /** Whether the caller may list an item's children: editors always, others with the item's Navigate flag. */
  canNavigate(item: TaxonomyItemAccess, editor: boolean): boolean {
    return editor || item.acl.includes('Navigate');
  }

  /** Whether an item may be searched with (`txnm=<item id>`, spec 02 §8): its Query flag. */
  canSearchWith(item: TaxonomyItemAccess): boolean {
    return item.acl.includes('Query');
  }
}
