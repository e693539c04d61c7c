import { describe, expect, it } from 'vitest';
import type { FullApiDescriptor } from '@magpie/api-types';
import {
  listsConfigSections,
  listsUserLicenseTypes,
  needsPermissionsOverview,
  OPEN_USER_MANAGEMENT_ACTION,
  SETTINGS_ENTRIES,
  settingsMenu,
  type PermissionsOverviewState,
  type SettingsDescriptorLike,
  type SettingsEntryId,
} from './settingsEntries.ts';

const USERS = '/fotoweb/users/';
const LICENSES = [
  { ValueNumeric: 0, Label: 'None' },
  { ValueNumeric: 35, Label: 'Standard' },
];
const LOADED: PermissionsOverviewState = { status: 'loaded', overview: { AvailableUserLicenseTypes: LICENSES, AvailableConfigSections: ['archives'] } };

/** FotoWare's full descriptor links (fotoweb-api-notes §1) for every entry of spec 03 §2.1. */
const EVERYTHING: SettingsDescriptorLike = {
  views: {
    createInvitations: '/fotoweb/views/invitations',
    manageInvitations: '/fotoweb/views/admin/invitations',
    signUpAdmin: '/fotoweb/views/admin/signups',
    signupSettings: '/fotoweb/views/admin/signup-settings',
    orderSettings: '/fotoweb/views/order-settings',
    admin_webhooks: '/fotoweb/views/admin/webhooks',
    manage_exports: '/fotoweb/views/exportlist',
    manageConsentForms: '/fotoweb/views/consent',
    activityExports: '/fotoweb/views/activity-exports',
    management: '/fotoweb/views/management',
    apiClients: '/fotoweb/views/api-clients',
    apiKeys: '/fotoweb/views/api-keys',
    processingProfiles: '/fotoweb/views/processing-profiles',
    watermarks: '/fotoweb/views/watermarks',
    mailOutbox: '/fotoweb/views/outbox',
    manageSubscription: 'https://subscriptions.example/manage',
  },
  userManagement: { userList: USERS },
  order: { admin: { pending: '/fotoweb/orders/pending/', views: { pending: '/fotoweb/views/orders/admin' } } },
  fwdt: { views: { install: '/fotoweb/views/install-fotoweb-desktop' } },
};

/** Magpie's DAM today: user management for a manageUsers holder, null or absent links for everything else. */
const MAGPIE: SettingsDescriptorLike = {
  views: {
    admin_webhooks: null,
    createInvitations: null,
    manage_exports: null,
    manageInvitations: null,
    signUpAdmin: null,
    changePassword: '/fotoweb/views/change-password',
  },
  userManagement: { userList: USERS },
  signups: null,
  order: null,
  fwdt: null,
  widgets: { fwdt: null },
};

const ids = (state: ReturnType<typeof settingsMenu>) => state.entries.map((entry) => entry.id);

describe('settings menu (spec 03 §2.1)', () => {
  it('lists every entry of §2.1 once, in the spec order, with Magpie’s sign-up settings, API clients and outbox beside Manage site', () => {
    expect(SETTINGS_ENTRIES.map((entry) => entry.id)).toEqual([
      'createInvitations',
      'manageInvitations',
      'pendingSignups',
      'manageUsersAndGroups',
      'webhooks',
      'manageExports',
      'pendingOrders',
      'consentForms',
      'activityExports',
      'signupSettings',
      'orderSettings',
      'apiClients',
      'apiKeys',
      'processingProfiles',
      'watermarks',
      'mailOutbox',
      'manageSite',
      'manageSubscription',
      'installDesktopTool',
    ]);
    expect(ids(settingsMenu({ descriptor: EVERYTHING, overview: LOADED }))).toEqual(SETTINGS_ENTRIES.map((entry) => entry.id));
  });

  it('shows only "Manage users and groups" for Magpie’s descriptor', () => {
    const menu = settingsMenu({ descriptor: MAGPIE, overview: LOADED });
    expect(menu.entries).toEqual([{ id: 'manageUsersAndGroups', label: 'Manage users and groups', opens: { kind: 'action', action: OPEN_USER_MANAGEMENT_ACTION }, href: USERS }]);
    expect(menu.badge).toBe(0);
  });

  // One row per entry: the descriptor link that offers it. Without it (null, absent or empty) the entry is absent.
  const OFFERED_BY: [SettingsEntryId, SettingsDescriptorLike, string][] = [
    ['createInvitations', { views: { createInvitations: '/v/inv' } }, '/v/inv'],
    ['manageInvitations', { views: { manageInvitations: '/v/minv' } }, '/v/minv'],
    ['pendingSignups', { views: { signUpAdmin: '/v/signups' } }, '/v/signups'],
    ['signupSettings', { views: { signupSettings: '/v/signup-settings' } }, '/v/signup-settings'],
    ['orderSettings', { views: { orderSettings: '/v/order-settings' } }, '/v/order-settings'],
    ['manageUsersAndGroups', { userManagement: { userList: USERS } }, USERS],
    ['webhooks', { views: { admin_webhooks: '/v/hooks' } }, '/v/hooks'],
    ['manageExports', { views: { manage_exports: '/v/exports' } }, '/v/exports'],
    ['pendingOrders', { order: { admin: { views: { pending: '/v/orders' } } } }, '/v/orders'],
    ['consentForms', { views: { manageConsentForms: '/fotoweb/views/consent' } }, '/fotoweb/views/consent'],
    ['activityExports', { views: { activityExports: '/fotoweb/views/activity-exports' } }, '/fotoweb/views/activity-exports'],
    ['apiClients', { views: { apiClients: '/fotoweb/views/api-clients' } }, '/fotoweb/views/api-clients'],
    ['apiKeys', { views: { apiKeys: '/fotoweb/views/api-keys' } }, '/fotoweb/views/api-keys'],
    ['processingProfiles', { views: { processingProfiles: '/fotoweb/views/processing-profiles' } }, '/fotoweb/views/processing-profiles'],
    ['watermarks', { views: { watermarks: '/fotoweb/views/watermarks' } }, '/fotoweb/views/watermarks'],
    ['mailOutbox', { views: { mailOutbox: '/fotoweb/views/outbox' } }, '/fotoweb/views/outbox'],
    ['manageSite', { views: { management: '/fotoweb/views/management' } }, '/fotoweb/views/management'],
    ['manageSubscription', { views: { manageSubscription: 'https://sub.example/' } }, 'https://sub.example/'],
    ['installDesktopTool', { fwdt: { views: { install: '/v/fwdt' } } }, '/v/fwdt'],
    ['installDesktopTool', { widgets: { fwdt: { views: { install: '/v/widget-fwdt' } } } }, '/v/widget-fwdt'],
  ];

  it.each(OFFERED_BY)('%s appears only when the descriptor offers it', (id, descriptor, href) => {
    expect(settingsMenu({ descriptor, overview: LOADED }).entries).toEqual([expect.objectContaining({ id, href })]);
    expect(settingsMenu({ descriptor: {}, overview: LOADED }).entries).toEqual([]);
  });

  it.each([null, undefined, '', 42, { href: '/x' }])('a link of %j does not offer anything', (link) => {
    const descriptor = {
      views: Object.fromEntries(
        [
          'createInvitations',
          'manageInvitations',
          'signUpAdmin',
          'signupSettings',
          'orderSettings',
          'admin_webhooks',
          'manage_exports',
          'manageConsentForms',
          'activityExports',
          'management',
          'apiClients',
          'apiKeys',
          'processingProfiles',
          'watermarks',
          'mailOutbox',
          'manageSubscription',
        ].map((k) => [k, link]),
      ),
      userManagement: { userList: link },
      order: { admin: { views: { pending: link } } },
      fwdt: { views: { install: link } },
    } as SettingsDescriptorLike;
    expect(settingsMenu({ descriptor, overview: LOADED }).entries).toEqual([]);
  });

  it('opens the users-and-groups modal through the action registry, pages in this tab, the subscription in a new tab', () => {
    const byId = new Map(settingsMenu({ descriptor: EVERYTHING, overview: LOADED }).entries.map((entry) => [entry.id, entry.opens]));
    expect(byId.get('manageUsersAndGroups')).toEqual({ kind: 'action', action: 'openUserManagement' });
    expect(byId.get('manageSubscription')).toEqual({ kind: 'newTab' });
    expect(byId.get('consentForms')).toEqual({ kind: 'page' });
    expect(byId.get('manageSite')).toEqual({ kind: 'page' });
  });

  // The overview rules: [case, overview state, users-and-groups shown, manage-site shown].
  const OVERVIEW_RULES: [string, PermissionsOverviewState, boolean, boolean][] = [
    ['both listed', LOADED, true, true],
    ['no license types', { status: 'loaded', overview: { AvailableUserLicenseTypes: [], AvailableConfigSections: ['archives'] } }, false, true],
    ['only the None license', { status: 'loaded', overview: { AvailableUserLicenseTypes: [{ ValueNumeric: 0, Label: 'None' }], AvailableConfigSections: ['a'] } }, false, true],
    ['license types null', { status: 'loaded', overview: { AvailableUserLicenseTypes: null, AvailableConfigSections: ['a'] } }, false, true],
    ['no config sections', { status: 'loaded', overview: { AvailableUserLicenseTypes: LICENSES, AvailableConfigSections: [] } }, true, false],
    ['config sections absent', { status: 'loaded', overview: { AvailableUserLicenseTypes: LICENSES } }, true, false],
    ['an empty overview (the §8 fallback)', { status: 'loaded', overview: {} }, false, false],
    ['the overview call failed', { status: 'failed' }, false, false],
    ['the overview not answered yet', { status: 'loading' }, false, false],
  ];

  it.each(OVERVIEW_RULES)('with %s: users and groups %s, manage site %s', (_case, overview, users, site) => {
    const shown = ids(settingsMenu({ descriptor: EVERYTHING, overview }));
    expect(shown.includes('manageUsersAndGroups')).toBe(users);
    expect(shown.includes('manageSite')).toBe(site);
    // The overview never decides any other entry.
    expect(shown.filter((id) => id !== 'manageUsersAndGroups' && id !== 'manageSite')).toHaveLength(SETTINGS_ENTRIES.length - 2);
  });

  it('is empty (the menu hides) when nothing is offered or only overview-bound entries are offered and dropped', () => {
    expect(settingsMenu({ descriptor: {}, overview: LOADED })).toEqual({ entries: [], badge: 0 });
    expect(settingsMenu({ descriptor: MAGPIE, overview: { status: 'failed' } })).toEqual({ entries: [], badge: 0 });
    const ordinaryUser = { ...MAGPIE, userManagement: null };
    expect(settingsMenu({ descriptor: ordinaryUser, overview: LOADED }).entries).toEqual([]);
  });

  // The badge: [case, counts, descriptor, badge, sign-up entry count, order entry count].
  const BADGES: [string, Parameters<typeof settingsMenu>[0]['counts'], SettingsDescriptorLike, number, number | undefined, number | undefined][] = [
    ['no counts known', undefined, EVERYTHING, 0, undefined, undefined],
    ['sign-ups only', { signups: 3 }, EVERYTHING, 3, 3, undefined],
    ['orders only', { orders: 2 }, EVERYTHING, 2, undefined, 2],
    ['both', { signups: 3, orders: 2 }, EVERYTHING, 5, 3, 2],
    ['zero counts show no badge', { signups: 0, orders: 0 }, EVERYTHING, 0, undefined, undefined],
    ['garbage counts are ignored', { signups: -1, orders: 1.5 }, EVERYTHING, 0, undefined, undefined],
    ['counts of entries not offered are not summed', { signups: 3, orders: 2 }, MAGPIE, 0, undefined, undefined],
  ];

  it.each(BADGES)('badge with %s', (_case, counts, descriptor, badge, signups, orders) => {
    const menu = settingsMenu({ descriptor, overview: LOADED, ...(counts ? { counts } : {}) });
    expect(menu.badge).toBe(badge);
    expect(menu.entries.find((entry) => entry.id === 'pendingSignups')?.count).toBe(signups);
    expect(menu.entries.find((entry) => entry.id === 'pendingOrders')?.count).toBe(orders);
  });

  it('asks for the overview only when an entry offered by the descriptor depends on it', () => {
    expect(needsPermissionsOverview(MAGPIE)).toBe(true);
    expect(needsPermissionsOverview({ views: { management: '/fotoweb/views/management' } })).toBe(true);
    expect(needsPermissionsOverview({ ...MAGPIE, userManagement: null })).toBe(false);
    expect(needsPermissionsOverview({ views: { createInvitations: '/v' } })).toBe(false);
  });

  it('reads license types and config sections as §3.4 lists them', () => {
    expect(listsUserLicenseTypes({ AvailableUserLicenseTypes: LICENSES })).toBe(true);
    expect(listsUserLicenseTypes({ AvailableUserLicenseTypes: [{ ValueNumeric: 0, Label: 'None' }] })).toBe(false);
    expect(listsUserLicenseTypes({})).toBe(false);
    expect(listsConfigSections({ AvailableConfigSections: [{ name: 'archives' }] })).toBe(true);
    expect(listsConfigSections({ AvailableConfigSections: null })).toBe(false);
  });

  it('reads the generated descriptor type', () => {
    // Compile-time: the app's descriptor is a SettingsDescriptorLike.
    const descriptor: SettingsDescriptorLike = {} as FullApiDescriptor;
    expect(settingsMenu({ descriptor, overview: { status: 'loading' } }).entries).toEqual([]);
  });
});
