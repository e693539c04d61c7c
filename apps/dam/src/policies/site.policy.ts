import type { Caller } from './archive.policy.ts';
import { forbidden } from '../lib/errors.ts';

/**
 * Site-wide actions (no archive involved), the plain group permission of spec 03 §3.3 each needs, and the 403
 * message its refusal gives. The site owner (spec 03 §6) may do all of them. The descriptor's site permissions
 * (spec 01 §3: `hasManageArchivesPermission`…) read the same rules.
 */
const SITE_ACTIONS = {
  manageUsers: { permission: 'manageUsers', refusal: 'You need the manageUsers permission to administer users and groups.' },
  manageTaxonomies: { permission: 'manageTaxonomies', refusal: 'You need the taxonomy editing permission (allowTaxonomyEditing).' },
  // Metadata views are part of the site's configuration (spec 03 §3.12), so the settings permission governs them.
  manageMetadataViews: { permission: 'manageSettings', refusal: 'You need the manageSettings permission to change metadata views.' },
  manageSettings: { permission: 'manageSettings', refusal: 'You need the manageSettings permission to change the settings.' },
  manageArchives: { permission: 'manageArchives', refusal: 'You need the manageArchives permission to manage archives.' },
  manageServices: { permission: 'manageServices', refusal: 'You need the manageServices permission to manage services.' },
  configureConsentForms: { permission: 'configureConsentForms', refusal: 'You need the configureConsentForms permission to change the consent form settings.' },
  audit: { permission: 'audit', refusal: 'You need the audit permission to read the audit log.' },
  // Activity exports (issue 15, spec 03 §2.1): reading and downloading the activity log; `audit` reads it too.
  exportActivity: { permission: 'manageActivityExports', refusal: 'You need the manageActivityExports permission to read the activity log.' },
  // Activity logging (issue 15, spec 03 §3.12): what the activity log records, on or off by category.
  manageActivityLogging: { permission: 'manageActivityLogging', refusal: 'You need the manageActivityLogging permission to change what the activity log records.' },
  // Albums (issue 13; spec 03 §3.3 "albums: create"); `manageAlbums` lets its holders open and change anyone's.
  createAlbums: { permission: 'albums.create', refusal: 'You need the albums.create permission to create albums.' },
  shareAlbumsWithGuests: { permission: 'albums.shareWithGuests', refusal: 'You need the albums.shareWithGuests permission to share albums by link.' },
  shareAlbumsWithUsers: { permission: 'albums.shareWithUsers', refusal: 'You need the albums.shareWithUsers permission to share albums with people.' },
  shareAlbumsWithGroups: { permission: 'albums.shareWithGroups', refusal: 'You need the albums.shareWithGroups permission to share albums with groups.' },
  delegateAlbumDownloads: {
    permission: 'albums.delegateDownloads',
    refusal: 'You need the albums.delegateDownloads permission to let visitors of a share link download originals.',
  },
  showAlbumsOnHomepage: { permission: 'albums.showOnHomepage', refusal: 'You need the albums.showOnHomepage permission to show albums on the home page.' },
  // Comments on albums (spec 03 §3.3 albums.comment); moderateComments deletes anyone's.
  commentOnAlbums: { permission: 'albums.comment', refusal: 'You need the albums.comment permission to comment on albums.' },
  moderateComments: { permission: 'moderateComments', refusal: 'You need the moderateComments permission to delete other people’s comments.' },
  manageAlbums: { permission: 'manageAlbums', refusal: 'You need the manageAlbums permission to manage albums.' },
  useApi: { permission: 'api', refusal: 'You need the api permission to use the API.' },
  // Invitations and sign-ups (issue 14; spec 01 §6, spec 03 §3.3).
  inviteUsers: { permission: 'inviteUsers', refusal: 'You need the inviteUsers permission to invite people.' },
  approvePendingSignups: { permission: 'approvePendingSignups', refusal: 'You need the approvePendingSignups permission to approve or reject sign-ups.' },
  // The site's custom CSS and title-bar buttons, the Manage site page's Appearance (issue 15; spec 03 §3.3).
  changeSiteAppearance: { permission: 'changeSiteAppearance', refusal: 'You need the changeSiteAppearance permission to change the site’s appearance.' },
  // Webhooks (issue 16; spec 03 §2.1 "Webhooks", §3.3 manageWebhooks): registering and deleting them, reading their deliveries.
  manageWebhooks: { permission: 'manageWebhooks', refusal: 'You need the manageWebhooks permission to manage webhooks.' },
  // Orders (issue 15; spec 03 §3.3 approveOrders).
  approveOrders: { permission: 'approveOrders', refusal: 'You need the approveOrders permission to read, approve or reject orders.' },
} as const satisfies Record<string, { permission: string; refusal: string }>;

/** A site-wide action. */
export type SiteAction = keyof typeof SITE_ACTIONS;

/** Answers "may this caller do X" for site-wide actions, from the caller's group permissions (spec 03 §3.3, §6). */
export const sitePolicy = {
  /** Whether the caller may do `action`: the site owner always, anyone else through a group holding its permission. */
  can(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>, action: SiteAction): boolean {
    return caller.isSiteOwner || caller.permissions.has(SITE_ACTIONS[action].permission);
  },

  /**
   * Whether the caller shares albums only with friends (spec 03 §3.3 `albums.restrictToFriends`): a restriction, so
   * the site owner, who holds every permission, is never restricted.
   */
  sharesOnlyWithFriends(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>): boolean {
    return !caller.isSiteOwner && caller.permissions.has('albums.restrictToFriends');
  },

  /**
   * Ensures the caller may do `action`. There is nothing to hide, so the refusal is 403, never 404.
   * @throws ApiError 403 Forbidden with the action's message.
   */
  assertCan(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>, action: SiteAction): void {
    if (!sitePolicy.can(caller, action)) throw forbidden(SITE_ACTIONS[action].refusal);
  },

  /**
   * Ensures the caller may do one of `actions` (a configuration load several administrators read).
   * @throws ApiError 403 Forbidden naming the first action's permission.
   */
  assertCanAny(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>, actions: readonly [SiteAction, ...SiteAction[]]): void {
    if (!actions.some((action) => sitePolicy.can(caller, action))) {
      throw forbidden(`You need one of these permissions: ${actions.map((action) => SITE_ACTIONS[action].permission).join(', ')}.`);
    }
  },
};
