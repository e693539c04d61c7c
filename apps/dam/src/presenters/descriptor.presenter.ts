import { GUEST_USER_ID, type FullApiDescriptor, type PublicApiDescriptor } from '@magpie/api-types';
import type { Caller } from '../policies/archive.policy.ts';
import type { DesktopToolOffer, SubscriptionOffer } from '../services/site-extras.service.ts';
import type { DescriptorAppearance } from '../services/appearance.service.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { CONSENT_FEATURE_LEVEL, CONSENT_VIEW } from './consent.presenter.ts';
import { administrationPolicy } from '../policies/administration.policy.ts';
import { invitationPolicy } from '../policies/invitation.policy.ts';
import {
  CART_HREF,
  GRANTABLE_GROUPS_HREF,
  INVITATIONS_HREF,
  MY_ORDERS_HREF,
  ORDER_CONFIG_HREF,
  SIGNUP_COUNT_HREF,
  SIGNUP_SETTINGS_HREF,
  SIGNUPS_HREF,
  orderListHref,
} from './hrefs.ts';
import {
  ALBUMS_HREF,
  ALERTS_HREF,
  NOTIFICATIONS_HREF,
  PUBLIC_ALBUMS_HREF,
  GROUP_LIST_HREF,
  MAIL_OUTBOX_HREF,
  PINS_HREF,
  USER_LIST_HREF,
  albumListHref,
  groupHref,
  userHref,
} from './hrefs.ts';

/** The site owner's hand-over resource (`getSiteOwner`/`setSiteOwner`, spec 03 §7). */
export const SITE_OWNER_HREF = `${USER_LIST_HREF}site-owner`;
/** The web client's change-password view (spec 03 §2.9, §2.11). */
export const CHANGE_PASSWORD_VIEW = '/fotoweb/views/change-password';
/** The web client's API clients view (Magpie; spec 03 §3.12 applications), offered with `manageSettings`. */
export const API_CLIENTS_VIEW = '/fotoweb/views/api-clients';
/** The web client's legacy API keys view (Magpie; issue 16), offered with `manageSettings`. */
export const API_KEYS_VIEW = '/fotoweb/views/api-keys';
/** The web client's processing profiles view (Magpie; issue 16), offered with `manageArchives`. */
export const PROCESSING_PROFILES_VIEW = '/fotoweb/views/processing-profiles';
/** The watermarks page (issue 16), offered with `manageArchives`. */
export const WATERMARKS_VIEW = '/fotoweb/views/watermarks';
/** The web client's webhooks view (FotoWeb's `views.admin_webhooks`; spec 03 §2.1; issue 16), offered with `manageWebhooks`. */
export const WEBHOOKS_VIEW = '/fotoweb/views/admin/webhooks';
/** The Activity exports page (spec 03 §2.1; issue 15), offered with `manageActivityExports` or `audit`. */
export const ACTIVITY_EXPORTS_VIEW = '/fotoweb/views/activity-exports';
/** The web client's outbox view (Magpie; issue 14 "Mail"), offered with `manageSettings`. */
export const OUTBOX_VIEW = '/fotoweb/views/outbox';
/** The invitation wizard (FotoWeb's `views.createInvitations`; spec 01 §2), offered with `inviteUsers` (issue 14). */
export const CREATE_INVITATIONS_VIEW = '/fotoweb/views/invitations';
/** The invitation grid (FotoWeb's `views.manageInvitations`; spec 03 §2.2), offered with `inviteUsers` (issue 14). */
export const MANAGE_INVITATIONS_VIEW = '/fotoweb/views/admin/invitations';
/** The pending sign-ups (FotoWeb's `views.signUpAdmin`; spec 03 §2.10), offered with `approvePendingSignups` (issue 14). */
export const SIGNUP_ADMIN_VIEW = '/fotoweb/views/admin/signups';
/** The web app's cart page (FotoWeb's `order.views.cart`; issue 15). */
export const CART_VIEW = '/fotoweb/views/cart';
/** The web app's order history (FotoWeb's `order.views.history`; issue 15). */
export const ORDER_HISTORY_VIEW = '/fotoweb/views/orders';
/** The approvers' pending orders page (FotoWeb's `order.admin.views.pending`; issue 15). */
export const PENDING_ORDERS_VIEW = '/fotoweb/views/orders/admin';
/** The order settings: the orderer's fields and the terms (Magpie; issue 15), offered with `manageSettings`. */
export const ORDER_SETTINGS_VIEW = '/fotoweb/views/order-settings';
/** The desktop tool's how-to install view (FotoWeb's `fwdt.views.install`; issue 15), shown in a modal frame. */
export const DESKTOP_TOOL_INSTALL_VIEW = '/fotoweb/views/desktop-tool';
/** The Manage site page (spec 01 §2, spec 03 §2.1 "Manage site"; issue 15), offered to who may change its sections. */
export const MANAGEMENT_VIEW = '/fotoweb/views/management';
/** The sign-up settings (Magpie; issue 14: open sign-up, approvers' groups, the extra fields), offered with `manageSettings`. */
export const SIGNUP_SETTINGS_VIEW = '/fotoweb/views/admin/signup-settings';
/**
 * The web app's public sign-up page (issue 14): `?invitation=<token>` for an invitation link (mail links it), nothing
 * for open sign-up (the public descriptor's `views.signup`).
 */
export const SIGNUP_VIEW = '/fotoweb/views/signup';

/** What the descriptor's `userManagement` links name (`SiteOwnerService.landmarks`); ids missing from the database are null links. */
export interface DescriptorLandmarks {
  siteOwnerId: number | undefined;
  everyoneGroupId: number | undefined;
  registeredUsersGroupId: number | undefined;
}

/** The keepalive interval announced in the descriptor (s; fotoweb-api-notes §1 records 20). */
export const KEEPALIVE_INTERVAL_S = 20;

/**
 * The full API descriptor (`GET /fotoweb/me`, `application/vnd.fotoware.full-api-descriptor+json`,
 * fotoweb-api-notes §1): every key a FotoWeb server emits, with the URLs of what Magpie serves and null for what
 * it does not serve yet: a link or flag is offered only for what exists and the caller may use (spec 03 §2.1, §6).
 *
 * - `canUpload`: whether the caller has any archive to upload to.
 * - `canAlert`: whether some archive the caller sees grants `Alert`; `alerts` is null otherwise (spec 02 §6).
 * - `userManagement`: the ids behind the user-management links, given only for a caller who may administer users
 *   (`manageUsers`); without it `userManagement`, `users`, `groups` and their searches are null.
 * - `signsInWithPassword`: the caller is a person signed in with a password (the BFF's client), who is offered the
 *   change-password view; an API client's token is not.
 * - `desktopTool`: the installers offered to this caller (issue 15; `SiteExtrasService.desktopTool`), else `fwdt` is null.
 * - `subscription`: the trial subscription and its manage link (issue 15; `SiteExtrasService.subscription`), each null
 *   when absent.
 * - `appearance`: the custom CSS's address, its admin links and the title-bar buttons (issue 15;
 *   `AppearanceService.forDescriptor`); absent: no custom CSS, no buttons.
 */
export function presentDescriptor(
  caller: Caller,
  options: {
    canUpload: boolean;
    canAlert?: boolean;
    userManagement?: DescriptorLandmarks | undefined;
    signsInWithPassword?: boolean;
    utcOffsetMinutes?: number;
    guestAccess?: boolean;
    desktopTool?: DesktopToolOffer | undefined;
    subscription?: SubscriptionOffer | undefined;
    appearance?: DescriptorAppearance | undefined;
    consentForms?: boolean;
  },
): FullApiDescriptor {
  const me = '/fotoweb/me';
  const landmarks = options.userManagement;
  return {
    href: me,
    server: 'Magpie',
    utc_offset: options.utcOffsetMinutes ?? 0,
    archives: `${me}/archives/`,
    // The caller's albums (issue 13), and those others shared with them (for contribution too).
    albums: ALBUMS_HREF,
    albums_archived: albumListHref('archived'),
    albums_contribute: albumListHref('contribute'),
    albums_deleted: albumListHref('deleted'),
    albums_own: albumListHref('mine'),
    albums_shared: albumListHref('shared-with-me'),
    albums_public: PUBLIC_ALBUMS_HREF,
    // The user's search alerts (issue 15, spec 01 §7) and what they found (Magpie's notifications).
    alerts: options.canAlert ? ALERTS_HREF : null,
    notifications: NOTIFICATIONS_HREF,
    actions: null,
    actionCropPresets: null,
    // Consent (issue 15): level 40 while consent forms are on (`consentForms`), which the consent status filter needs (spec 02 §9).
    apiFeatureLevels: { consentFormsApiFeatureLevel: options.consentForms ? CONSENT_FEATURE_LEVEL : 0, downloadSettingsApiFeatureLevel: 0 },
    // The site's custom CSS (issue 15; spec 01 §3), and where administrators change it.
    appearance: {
      customCss: options.appearance?.customCss ?? null,
      admin: options.appearance?.admin ?? null,
      favicon: null,
      homepageImage: null,
      loginLogo: null,
      mainLogo: null,
      mobileLogo: null,
    },
    background_tasks: `${me}/background-tasks/`,
    trash: `${me}/trash/`,
    bookmarks: null,
    // File operations (issue 13): the destination lists and the trash; each list may be empty.
    copy_to: `${me}/copy-to/`,
    cropDownloadPresets: null,
    // The custom title-bar buttons (issue 15; spec 02 §3).
    customizations: { customTitleBarButtons: options.appearance?.customTitleBarButtons ?? [] },
    destinations: null,
    // The desktop tool (issue 15): the configured installers and the how-to install view; Magpie has no fwdt services.
    fwdt: options.desktopTool ? presentFwdt(options.desktopTool) : null,
    groups: landmarks ? GROUP_LIST_HREF : null,
    groups_search: landmarks ? `${GROUP_LIST_HREF}{?q}` : null,
    // Invitations and sign-ups (issue 14): each link for those who hold its permission (policies/invitation.policy.ts).
    groups_grantable: invitationPolicy.maySearchGroups(caller) ? `${GRANTABLE_GROUPS_HREF}{?q}` : null,
    invitations: sitePolicy.can(caller, 'inviteUsers') ? INVITATIONS_HREF : null,
    signups_count: sitePolicy.can(caller, 'approvePendingSignups') ? SIGNUP_COUNT_HREF : null,
    signup_settings: sitePolicy.can(caller, 'manageSettings') ? SIGNUP_SETTINGS_HREF : null,
    isForcePasswordChangeSet: caller.mustChangePassword,
    isPreferProInterfaceByDefaultEnabled: false,
    isVersioningEnabled: false,
    markers: null,
    // The mail outbox (issue 14 "Mail"), for the site's administrators.
    mail_outbox: administrationPolicy.mayReadOutbox(caller) ? MAIL_OUTBOX_HREF : null,
    move_to: `${me}/move-to/`,
    // The cart and orders (issue 15, FotoWeb's `order`); the approvers' lists for holders of approveOrders.
    order: {
      cart: CART_HREF,
      config: ORDER_CONFIG_HREF,
      history: MY_ORDERS_HREF,
      admin: sitePolicy.can(caller, 'approveOrders')
        ? { pending: orderListHref('pending'), approved: orderListHref('approved'), rejected: orderListHref('rejected'), history: null, views: { pending: PENDING_ORDERS_VIEW } }
        : null,
      views: { cart: CART_VIEW, history: ORDER_HISTORY_VIEW, termsAndConditions: null },
    },
    // Who an album can be shared with (issue 13), for those who share with users or groups.
    people_search: sitePolicy.can(caller, 'shareAlbumsWithUsers') || sitePolicy.can(caller, 'shareAlbumsWithGroups') ? `${me}/people/{?q}` : null,
    permissions: {
      // Every signed-in user adds to their own albums; creating one needs albums.create (spec 03 §3.3).
      albums: {
        addAssets: true,
        comment: sitePolicy.can(caller, 'commentOnAlbums'),
        create: sitePolicy.can(caller, 'createAlbums'),
        shareWithGuests: sitePolicy.can(caller, 'shareAlbumsWithGuests'),
        shareWithUsers: sitePolicy.can(caller, 'shareAlbumsWithUsers'),
        shareWithGroups: sitePolicy.can(caller, 'shareAlbumsWithGroups'),
        showOnHomepage: sitePolicy.can(caller, 'showAlbumsOnHomepage'),
      },
      allowRetranscode: false,
      allowShareBookmark: false,
      // The site owner, and members of a group holding manageTaxonomies (issue #5; spec 01 §3, spec 03 §3.3).
      allowTaxonomyEditing: sitePolicy.can(caller, 'manageTaxonomies'),
      canConfigureConsentForms: sitePolicy.can(caller, 'configureConsentForms'),
      canLinkInAdobeCC: false,
      canManageExports: false,
      canTogglePositionedMarkers: false,
      // Share links may let visitors download originals (spec 03 §3.3 albums.delegateDownloads).
      delegateDownload: sitePolicy.can(caller, 'delegateAlbumDownloads'),
      hasAdvancedVideoControls: false,
      // The policy's answers travel in the response, so the web client never recomputes them (style.md).
      // Only what Magpie has is advertised (plan risk 11): no audit log or services administration yet.
      hasAuditPermission: false,
      hasManageArchivesPermission: sitePolicy.can(caller, 'manageArchives'),
      hasManageServicesPermission: false,
      // Metadata views and API clients (spec 03 §3.12).
      hasManageSettingsPermission: sitePolicy.can(caller, 'manageSettings'),
      hasManageWorkflowsPermission: false,
      hasManageFlowsPermission: false,
      hasViewFlowsPermission: false,
      // The activity log (issue 15, spec 03 §2.1, §3.12): who reads it, who switches what it records.
      canReadActivityLog: sitePolicy.can(caller, 'exportActivity') || sitePolicy.can(caller, 'audit'),
      canManageActivityLogging: sitePolicy.can(caller, 'manageActivityLogging'),
      moderateComments: sitePolicy.can(caller, 'moderateComments'),
      print: true,
      shareCropAndDownloadPresets: false,
      showAdvancedBreadcrumb: false,
    },
    // The caller's pins (issue 13, spec 01 §3, §7).
    pins: PINS_HREF,
    searchURL: '/fotoweb/archives/{?q}',
    security: { allowFileSystemDestinations: false },
    services: {
      keepalive: { href: '/fotoweb/services/keepalive', interval: KEEPALIVE_INTERVAL_S },
      logout: '/fotoweb/services/logout',
      navigate_next: null,
      navigate_prev: null,
      // FotoWeb's rendition service (issue 16, fotoweb-api-notes §6.3).
      rendition_request: '/fotoweb/services/renditions',
      retranscode: null,
      search: '/fotoweb/archives/',
    },
    signups: sitePolicy.can(caller, 'approvePendingSignups') ? SIGNUPS_HREF : null,
    siteConfigurationHref: null,
    taxonomies: '/fotoweb/api/taxonomies/',
    tokens: null,
    upload: { preserveMetadata: true },
    upload_to: options.canUpload ? `${me}/upload-to/` : null,
    upload_tokens: null,
    user: {
      email: caller.email,
      firstName: caller.fullName.split(' ')[0] ?? '',
      lastName: caller.fullName.split(' ').slice(1).join(' '),
      fullName: caller.fullName || caller.username,
      // The caller may read their own user (getUser).
      href: userHref(caller.userId),
      isGuest: false,
      userId: caller.userId,
      userName: caller.username,
    },
    user_preferences: `${me}/user-preferences/`,
    userManagement: landmarks
      ? {
          userList: USER_LIST_HREF,
          groupList: GROUP_LIST_HREF,
          siteOwner: SITE_OWNER_HREF,
          adminUser: landmarks.siteOwnerId === undefined ? null : userHref(landmarks.siteOwnerId),
          everyoneGroup: landmarks.everyoneGroupId === undefined ? null : groupHref(landmarks.everyoneGroupId),
          registeredUsersGroup: landmarks.registeredUsersGroupId === undefined ? null : groupHref(landmarks.registeredUsersGroupId),
          // The guest user (issue 12), while guest access is on (`MAGPIE_GUEST_ACCESS`).
          guestUser: options.guestAccess ? userHref(GUEST_USER_ID) : null,
        }
      : null,
    users: landmarks ? USER_LIST_HREF : null,
    users_search: landmarks ? `${USER_LIST_HREF}{?q}` : null,
    views: {
      changePassword: options.signsInWithPassword ? CHANGE_PASSWORD_VIEW : null,
      loggedOut: '/fotoweb/views/login',
      upload: '/fotoweb/views/upload',
      pro: null,
      // The trial subscription and where it is managed, from configuration (issue 15).
      subscription: options.subscription?.subscription ?? null,
      manageSubscription: options.subscription?.manageSubscription ?? null,
      createInvitations: sitePolicy.can(caller, 'inviteUsers') ? CREATE_INVITATIONS_VIEW : null,
      manageInvitations: sitePolicy.can(caller, 'inviteUsers') ? MANAGE_INVITATIONS_VIEW : null,
      selection: null,
      // The webhooks page (issue 16; spec 03 §2.1 "Webhooks"): for those who register webhooks.
      admin_webhooks: sitePolicy.can(caller, 'manageWebhooks') ? WEBHOOKS_VIEW : null,
      edit_taxonomy_item: null,
      manage_exports: null,
      signUpAdmin: sitePolicy.can(caller, 'approvePendingSignups') ? SIGNUP_ADMIN_VIEW : null,
      apiClients: sitePolicy.can(caller, 'manageSettings') ? API_CLIENTS_VIEW : null,
      // The legacy API keys page (issue 16), with manageSettings as the keys' routes need.
      apiKeys: sitePolicy.can(caller, 'manageSettings') ? API_KEYS_VIEW : null,
      // The processing profiles page (issue 16), with manageArchives as the profiles' routes need.
      processingProfiles: sitePolicy.can(caller, 'manageArchives') ? PROCESSING_PROFILES_VIEW : null,
      watermarks: sitePolicy.can(caller, 'manageArchives') ? WATERMARKS_VIEW : null,
      mailOutbox: administrationPolicy.mayReadOutbox(caller) ? OUTBOX_VIEW : null,
      // The Manage site page (issue 15): its Appearance section for those who may change the site's appearance.
      management: administrationPolicy.configSections(caller).length > 0 ? MANAGEMENT_VIEW : null,
      activityExports:
        sitePolicy.can(caller, 'exportActivity') || sitePolicy.can(caller, 'audit') || sitePolicy.can(caller, 'manageActivityLogging') ? ACTIVITY_EXPORTS_VIEW : null,
      // The settings behind `signup_settings`, changed with manageSettings only (approvers read them, not change them).
      signupSettings: sitePolicy.can(caller, 'manageSettings') ? SIGNUP_SETTINGS_VIEW : null,
      // The consent page (issue 15; spec 03 §2.1): for those who configure consent forms, where they switch them on.
      manageConsentForms: sitePolicy.can(caller, 'configureConsentForms') ? CONSENT_VIEW : null,
      // The order configuration (issue 15), changed with manageSettings (updateOrderConfig).
      orderSettings: sitePolicy.can(caller, 'manageSettings') ? ORDER_SETTINGS_VIEW : null,
    },
    widgets: { selection: null },
  };
}

/** FotoWeb's `fwdt` for the configured installers (fotoweb-api-notes §1): a platform without an installer is left out. */
function presentFwdt(offer: DesktopToolOffer): NonNullable<FullApiDescriptor['fwdt']> {
  return {
    ...(offer.win ? { win: { installer: { href: offer.win.href, version: offer.win.version } } } : {}),
    ...(offer.osx ? { osx: { installer: { href: offer.osx.href, version: offer.osx.version } } } : {}),
    services: { crop: null, edit: null, open: null },
    views: { install: DESKTOP_TOOL_INSTALL_VIEW },
  };
}

/** The web client's login view: where the public descriptor sends people to sign in. */
export const LOGIN_VIEW = '/fotoweb/views/login';
/** Where people ask for a password reset link (`requestPasswordReset`, issue 14 "Password reset"). */
export const PASSWORD_RESETS_HREF = '/fotoweb/password-resets/';

/**
 * The public API descriptor (`GET /fotoweb/`, `application/vnd.fotoware.api-descriptor+json`, fotoweb-api-notes §1;
 * issue 12 guests): the archives guests see (the archive list answers them as the guest user), search, taxonomies
 * the public albums, and where to sign in. Guests have no albums of their own, background tasks or renditions (spec 02
 * §6).
 *
 * - `openSignup`: the sign-up settings' `openSignup` (issue 14); while on, `views.signup` links the open sign-up page
 *   and the login view offers "Create an account", else it is null.
 * - `appearance`: the site's branding (issue 15; spec 01 §3 `appearance.customCss`, spec 02 §3
 *   `customizations.customTitleBarButtons`): the same CSS address and title-bar buttons signed-in callers get, so the
 *   login view and the guests' pages show them; never the admin links, whoever asks. Absent: no CSS, no buttons.
 */
export function presentPublicDescriptor(
  options: { utcOffsetMinutes?: number; isGuest?: boolean; openSignup?: boolean; appearance?: DescriptorAppearance | undefined } = {},
): PublicApiDescriptor {
  return {
    server: 'Magpie',
    href: '/fotoweb/',
    utc_offset: options.utcOffsetMinutes ?? 0,
    archives: '/fotoweb/archives/',
    albums: PUBLIC_ALBUMS_HREF,
    taxonomies: '/fotoweb/api/taxonomies/',
    // "Forgot password?" (issue 14): where to ask for a reset link by mail.
    services: { login: LOGIN_VIEW, search: '/fotoweb/archives/{?q}', rendition_request: null, password_reset: PASSWORD_RESETS_HREF },
    views: { signup: options.openSignup ? SIGNUP_VIEW : null },
    background_tasks: null,
    searchURL: '/fotoweb/archives/{?q}',
    isGuest: options.isGuest ?? true,
    appearance: {
      customCss: options.appearance?.customCss ?? null,
      admin: null,
      favicon: null,
      homepageImage: null,
      loginLogo: null,
      mainLogo: null,
      mobileLogo: null,
    },
    customizations: { customTitleBarButtons: options.appearance?.customTitleBarButtons ?? [] },
  };
}
