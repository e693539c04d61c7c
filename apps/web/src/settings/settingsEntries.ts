/**
 * The settings (cog) menu's rules (spec 03 §2.1, §6, §8 "Permissions overview failure"), as pure functions over the
 * API descriptor, the permissions overview (`GET /fotoweb/api/config/options`, spec 03 §3.4) and the pending counts:
 *
 * - an entry appears only when the descriptor offers its view or capability (its link is a non-empty string);
 * - "Manage users and groups" also needs the overview to list at least one user license type;
 * - "Manage site" also needs the overview to list at least one config section;
 * - both are dropped while the overview is unknown (loading) and when its call failed;
 * - the menu is hidden when no entry is left;
 * - the cog's badge is the sum of the pending counts of the entries shown (counts that are not known are absent).
 *
 * The table lists every entry of §2.1, in the spec's order, including those of features Magpie does not build yet
 * (exports, consent, activity exports, the management view, the subscription, the desktop tool): the DAM
 * does not offer their views, so they do not appear, and they never show as dead links.
 */

/** Ids of the settings menu's entries (spec 03 §2.1). */
export type SettingsEntryId =
  | 'createInvitations'
  | 'manageInvitations'
  | 'pendingSignups'
  | 'manageUsersAndGroups'
  | 'webhooks'
  | 'manageExports'
  | 'pendingOrders'
  | 'consentForms'
  | 'activityExports'
  | 'signupSettings'
  | 'orderSettings'
  | 'apiClients'
  | 'apiKeys'
  | 'processingProfiles'
  | 'watermarks'
  | 'mailOutbox'
  | 'manageSite'
  | 'manageSubscription'
  | 'installDesktopTool';

/**
 * What choosing an entry does:
 * - `action`: runs the named action of the registry (apps/web/src/actions), e.g. the users-and-groups modal;
 * - `page`: goes to the entry's view in this tab (the embedded-page modals of §2.1 open their view as a page until
 *   Magpie builds them as modals);
 * - `newTab`: opens the entry's link in a new tab (Manage subscription).
 */
export type SettingsEntryOpens = { readonly kind: 'action'; readonly action: string } | { readonly kind: 'page' } | { readonly kind: 'newTab' };

/** The pending counts behind the menu's badges (spec 03 §7 "Preferences, counts, logout"); absent when not known. */
export interface PendingCounts {
  /** Pending sign-ups (`signupCount` of the pending-users count link). */
  readonly signups?: number;
  /** Pending orders (`count` of the pending-orders count). */
  readonly orders?: number;
}

/** A license type of the permissions overview (spec 03 §3.4: `ValueNumeric`, `Label`). */
export interface LicenseTypeLike {
  readonly ValueNumeric: number;
  readonly Label: string;
}

/**
 * The parts of the permissions overview (`GET /fotoweb/api/config/options`, spec 03 §3.4) the menu reads. A local
 * shape so the rules do not depend on the generated contract's exact types; the contract's `ConfigOptions` fits it.
 */
export interface PermissionsOverviewLike {
  readonly AvailableUserLicenseTypes?: readonly LicenseTypeLike[] | null;
  readonly AvailableConfigSections?: readonly unknown[] | null;
}

/** Where the permissions overview call stands: not asked or not answered yet, answered, or failed. */
export type PermissionsOverviewState = { readonly status: 'loading' } | { readonly status: 'loaded'; readonly overview: PermissionsOverviewLike } | { readonly status: 'failed' };

/** A link of the descriptor: a URL, or null/absent when the server does not offer it. */
type Link = string | null | undefined;

/**
 * The parts of the API descriptor (spec 01 §3, fotoweb-api-notes §1) the menu reads. `views` is open-ended: the
 * activity-exports and management views are not in FotoWare's published descriptor, so Magpie reads them as
 * `views.activityExports` and `views.management` when a server sends them.
 */
export interface SettingsDescriptorLike {
  readonly views?: Readonly<Record<string, unknown>> | null;
  readonly userManagement?: { readonly userList?: Link } | null;
  readonly signups?: Link;
  readonly order?: { readonly admin?: { readonly pending?: Link; readonly views?: { readonly pending?: Link } | null } | null } | null;
  readonly fwdt?: { readonly views?: { readonly install?: Link } | null } | null;
  readonly widgets?: { readonly fwdt?: { readonly views?: { readonly install?: Link } | null } | null } | null;
}

/** What the rules read. */
export interface SettingsMenuInput {
  readonly descriptor: SettingsDescriptorLike;
  readonly overview: PermissionsOverviewState;
  readonly counts?: PendingCounts;
}

/** A row of the table: how an entry is offered and what it opens. */
export interface SettingsEntryDefinition {
  readonly id: SettingsEntryId;
  readonly label: string;
  readonly opens: SettingsEntryOpens;
  /** The descriptor link that offers the entry (and, for pages, where it goes); undefined when not offered. */
  href(descriptor: SettingsDescriptorLike): string | undefined;
  /** An extra rule on the permissions overview (spec 03 §2.1 "Rules"); absent when the overview does not matter. */
  readonly needsOverview?: (overview: PermissionsOverviewLike) => boolean;
  /** Which pending count the entry carries as its badge. */
  readonly count?: keyof PendingCounts;
}

/** An entry to show. */
export interface SettingsEntry {
  readonly id: SettingsEntryId;
  readonly label: string;
  readonly opens: SettingsEntryOpens;
  /** The descriptor link that offered the entry. */
  readonly href: string;
  /** The entry's badge, present only when its pending count is above 0 (spec 03 §2.1 "Pending sign-ups"). */
  readonly count?: number;
}

/** The settings menu to show: its entries (empty = hide the menu) and the cog's badge (0 = no badge). */
export interface SettingsMenu {
  readonly entries: readonly SettingsEntry[];
  readonly badge: number;
}

/** The link itself when it is a non-empty string, else undefined (null, absent, or not a string). */
function offered(link: unknown): string | undefined {
  return typeof link === 'string' && link !== '' ? link : undefined;
}

function view(descriptor: SettingsDescriptorLike, name: string): string | undefined {
  return offered(descriptor.views?.[name]);
}

/**
 * True when the overview lists a user license type. "None" (0) does not count: it is the entry the client adds to
 * the list (spec 03 §3.4), not a license anyone holds.
 */
export function listsUserLicenseTypes(overview: PermissionsOverviewLike): boolean {
  return (overview.AvailableUserLicenseTypes ?? []).some((type) => type.ValueNumeric !== 0);
}

/** True when the overview lists a config section. */
export function listsConfigSections(overview: PermissionsOverviewLike): boolean {
  return (overview.AvailableConfigSections ?? []).length > 0;
}

/** The action that opens the users-and-groups modal (apps/web/src/actions/actionOpenUserManagement.ts). */
export const OPEN_USER_MANAGEMENT_ACTION = 'openUserManagement';

/**
 * Every entry of spec 03 §2.1, in menu order, and, beside Manage site, Magpie's sign-up settings (issue 14), API
 * clients (spec 03 §3.12) and mail outbox (issue 14).
 */
export const SETTINGS_ENTRIES: readonly SettingsEntryDefinition[] = [
  { id: 'createInvitations', label: 'Create invitations', opens: { kind: 'page' }, href: (d) => view(d, 'createInvitations') },
  { id: 'manageInvitations', label: 'Manage invitations', opens: { kind: 'page' }, href: (d) => view(d, 'manageInvitations') },
  { id: 'pendingSignups', label: 'Pending sign-ups', opens: { kind: 'page' }, href: (d) => view(d, 'signUpAdmin'), count: 'signups' },
  {
    id: 'manageUsersAndGroups',
    label: 'Manage users and groups',
    opens: { kind: 'action', action: OPEN_USER_MANAGEMENT_ACTION },
    href: (d) => offered(d.userManagement?.userList),
    needsOverview: listsUserLicenseTypes,
  },
  { id: 'webhooks', label: 'Webhooks', opens: { kind: 'page' }, href: (d) => view(d, 'admin_webhooks') },
  { id: 'manageExports', label: 'Manage exports', opens: { kind: 'page' }, href: (d) => view(d, 'manage_exports') },
  { id: 'pendingOrders', label: 'Pending orders', opens: { kind: 'page' }, href: (d) => offered(d.order?.admin?.views?.pending), count: 'orders' },
  { id: 'consentForms', label: 'Consent forms', opens: { kind: 'page' }, href: (d) => view(d, 'manageConsentForms') },
  { id: 'activityExports', label: 'Activity exports', opens: { kind: 'page' }, href: (d) => view(d, 'activityExports') },
  // Magpie's sign-up settings (issue 14; offered with manageSettings): open sign-up, approvers' groups, the extra fields.
  { id: 'signupSettings', label: 'Sign-up settings', opens: { kind: 'page' }, href: (d) => view(d, 'signupSettings') },
  // Magpie's order settings (issue 15; offered with manageSettings): the fields an orderer fills in and the terms.
  { id: 'orderSettings', label: 'Order settings', opens: { kind: 'page' }, href: (d) => view(d, 'orderSettings') },
  // Magpie's API clients view (spec 03 §3.12 applications; offered with manageSettings), beside the site's settings.
  { id: 'apiClients', label: 'API clients', opens: { kind: 'page' }, href: (d) => view(d, 'apiClients') },
  // Magpie's legacy API keys view (issue 16; offered with manageSettings), beside the API clients.
  { id: 'apiKeys', label: 'API keys', opens: { kind: 'page' }, href: (d) => view(d, 'apiKeys') },
  // Magpie's processing profiles (issue 16; offered with manageArchives): the renditions every asset offers.
  { id: 'processingProfiles', label: 'Processing profiles', opens: { kind: 'page' }, href: (d) => view(d, 'processingProfiles') },
  // Magpie's watermarks (issue 16; offered with manageArchives): what processing profiles stamp on renditions.
  { id: 'watermarks', label: 'Watermarks', opens: { kind: 'page' }, href: (d) => view(d, 'watermarks') },
  // Magpie's mail outbox (issue 14 "Mail"; offered with manageSettings): what Magpie sent, or holds without a mail server.
  { id: 'mailOutbox', label: 'Outbox', opens: { kind: 'page' }, href: (d) => view(d, 'mailOutbox') },
  { id: 'manageSite', label: 'Manage site', opens: { kind: 'page' }, href: (d) => view(d, 'management'), needsOverview: listsConfigSections },
  { id: 'manageSubscription', label: 'Manage subscription', opens: { kind: 'newTab' }, href: (d) => view(d, 'manageSubscription') },
  {
    id: 'installDesktopTool',
    label: 'Install the desktop tool',
    opens: { kind: 'page' },
    href: (d) => offered(d.fwdt?.views?.install) ?? offered(d.widgets?.fwdt?.views?.install),
  },
];

/** A pending count when it is a whole number above 0, else undefined. */
function positiveCount(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The settings menu for a descriptor, an overview state and the pending counts (spec 03 §2.1): the entries offered,
 * in table order, and the cog's badge (the sum of the shown entries' counts). `table` defaults to
 * {@link SETTINGS_ENTRIES}.
 */
export function settingsMenu(input: SettingsMenuInput, table: readonly SettingsEntryDefinition[] = SETTINGS_ENTRIES): SettingsMenu {
  const entries: SettingsEntry[] = [];
  for (const definition of table) {
    const href = definition.href(input.descriptor);
    if (href === undefined) continue;
    if (definition.needsOverview) {
      // Unknown (loading) or failed: dropped (spec 03 §2.1 "If the overview call fails, both are dropped").
      if (input.overview.status !== 'loaded' || !definition.needsOverview(input.overview.overview)) continue;
    }
    const count = definition.count ? positiveCount(input.counts?.[definition.count]) : undefined;
    entries.push({ id: definition.id, label: definition.label, opens: definition.opens, href, ...(count !== undefined ? { count } : {}) });
  }
  const badge = entries.reduce((sum, entry) => sum + (entry.count ?? 0), 0);
  return { entries, badge };
}

/**
 * True when some entry offered by the descriptor waits on the permissions overview, i.e. the overview is worth
 * fetching (a user without user management or the management view never calls it).
 */
export function needsPermissionsOverview(descriptor: SettingsDescriptorLike, table: readonly SettingsEntryDefinition[] = SETTINGS_ENTRIES): boolean {
  return table.some((definition) => definition.needsOverview !== undefined && definition.href(descriptor) !== undefined);
}
