import type { Caller } from './archive.policy.ts';
import { sitePolicy } from './site.policy.ts';
import { notFound, unauthorized } from '../lib/errors.ts';

/** The plain group permission (spec 03 §3.3) that grants `allowTaxonomyEditing` (spec 01 §3). */
export const MANAGE_TAXONOMIES_PERMISSION = 'manageTaxonomies';

/** A taxonomy item's usage flags as the rules read them (fotoweb-api-notes §7 `acl`). */
export interface TaxonomyItemAccess {
  acl: readonly string[];
  has_children: boolean;
}

/**
 * Answers "may this caller do X with taxonomies" (issue #5; spec 02 §6 roles): editing needs `allowTaxonomyEditing`
 * (the site owner, or a member of a group holding {@link MANAGE_TAXONOMIES_PERMISSION}); every reader sees the
 * taxonomies, but a non-editor sees only items it may set or navigate into, and never an item's children without its
 * Navigate flag. The repository's SQL applies the same visibility rule to pages of items (`visibility.editor`).
 */
export class TaxonomyPolicy {
  /** Whether the caller may add, change and delete taxonomies and items (`allowTaxonomyEditing`, spec 01 §3). */
  canEdit(caller: Caller): boolean {
    return sitePolicy.can(caller, 'manageTaxonomies');
  }

  /**
   * Ensures the caller may edit taxonomies. Taxonomies are no secret, so the refusal is 403, never 404.
   * @throws ApiError 403 Forbidden unless the caller may edit taxonomies.
   */
  assertCanEdit(caller: Caller): void {
    sitePolicy.assertCan(caller, 'manageTaxonomies');
  }

  /**
   * A guest (issue 12) reads taxonomies only while some archive is open to guests: on a site that publishes nothing,
   * turning guest access on must expose nothing, taxonomy terms included.
   * @param guestArchives how many archives the guest may view.
   * @throws ApiError 401 Unauthorized for a guest when there are none.
   */
  assertGuestMayRead(caller: Caller, guestArchives: number): void {
    if (caller.isGuest && guestArchives === 0) throw unauthorized('Log in to see the taxonomies.');
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
