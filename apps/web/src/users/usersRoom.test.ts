import { describe, expect, it } from 'vitest';
import { ApiError } from '@magpie/api-types/client';
import {
  CIRCULAR_GROUP_MEMBERS,
  CIRCULAR_GROUP_MEMBERS_TEXT,
  CIRCULAR_MEMBER_OF,
  CIRCULAR_MEMBER_OF_TEXT,
  DEFAULT_ERROR_MESSAGE,
  GROUP_EXISTS_TEXT,
  GROUP_FORBIDDEN_TEXT,
  GROUP_INVALID_TEXT,
  OUT_OF_LICENSES_MESSAGE,
  USER_FORBIDDEN_MESSAGE,
} from '@magpie/machines';
import type { User } from '@magpie/api-types';
import { batchSkippedText, groupSaveErrorText, memberListErrorText, SKIPPED_INVALID_TEXT, SKIPPED_NOT_FOUND_TEXT } from './errors.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { countText } from '../components/PagingBar.tsx';
import { addToSelection, refreshSelection, removeFromSelection, type SelectedUser } from './selection.ts';
import { columnSettings, isExpired, userCell, visibleUserColumns } from './userColumns.ts';
import { formatDay } from '../lib/format.ts';
import { userManagementLinks } from './usersApi.ts';
import { toRequestError } from '../api/requestErrors.ts';
import { sharedPreference, visibleColumns } from './gridColumns.ts';
import { GROUP_COLUMNS, hasDetailToggle } from './GroupsPanel.tsx';
import { cutListNotice } from './GroupForm.tsx';
import { isNearBottom, LOAD_MORE_WITHIN_PX } from './useMemberSearch.ts';
import { nextSort } from './useSearchedList.ts';
import { HANDOVER_LOGOUT_FAILED_TEXT, SITE_OWNER_FORBIDDEN_TEXT, SITE_OWNER_INVALID_TEXT, siteOwnerErrorText } from './errors.ts';
import { LOGOUT_ERROR, SITE_OWNER_FORBIDDEN, SITE_OWNER_INVALID_CONFIGURATION } from '@magpie/machines';

const actions = {
  update: true,
  updateAccountStatus: true,
  updateLicense: true,
  updateMemberships: true,
  updatePassword: true,
  resetDeviceTokens: true,
  delete: true,
  setNewSiteOwner: false,
};
const ada: SelectedUser = { href: '/fotoweb/api/users/15021', fullName: 'Ada Lovelace', username: 'ada', actions };
const grace: SelectedUser = { href: '/fotoweb/api/users/15022', fullName: 'Grace Hopper', username: 'grace', actions };

describe('groups grid columns and sorting (spec 03 §2.5, §3.5)', () => {
  it('hides the group id by default, reads either saved list, and sorts ascending first, then the other way', () => {
    expect([...visibleColumns(GROUP_COLUMNS, undefined, 'name')]).toEqual(['name', 'description']);
    const preferences = { shared: { configGrids: [{ fieldName: 'id', isVisible: true }], groupGridSettings: { columns: [{ fieldName: 'description', isVisible: false }] } } };
    expect(sharedPreference(preferences, 'groupGridSettings', 'columns')).toEqual([{ fieldName: 'description', isVisible: false }]);
    expect(sharedPreference(preferences, 'configGrids')).toEqual([{ fieldName: 'id', isVisible: true }]);
    expect(sharedPreference({ shared: { groupGridSettings: 'junk' } }, 'groupGridSettings', 'columns')).toBeUndefined();
    expect(sharedPreference(undefined, 'configGrids')).toBeUndefined();
    expect(nextSort(undefined, 'name')).toEqual({ field: 'name', dir: 'asc' });
    expect(nextSort({ field: 'name', dir: 'asc' }, 'name')).toEqual({ field: 'name', dir: 'desc' });
    expect(nextSort({ field: 'name', dir: 'desc' }, 'name')).toEqual({ field: 'name', dir: 'asc' });
    expect(nextSort({ field: 'name', dir: 'desc' }, 'id')).toEqual({ field: 'id', dir: 'asc' });
  });
});

describe('site-owner hand-over texts (spec 03 §8, spec 01 §8)', () => {
  it('words the machine keys and passes other messages through', () => {
    expect(siteOwnerErrorText(SITE_OWNER_INVALID_CONFIGURATION)).toBe(SITE_OWNER_INVALID_TEXT);
    expect(siteOwnerErrorText(SITE_OWNER_FORBIDDEN)).toBe(SITE_OWNER_FORBIDDEN_TEXT);
    expect(siteOwnerErrorText(LOGOUT_ERROR)).toBe(HANDOVER_LOGOUT_FAILED_TEXT);
    expect(siteOwnerErrorText(DEFAULT_ERROR_MESSAGE)).toBe(DEFAULT_ERROR_MESSAGE);
  });
});

describe('users grid columns (spec 03 §2.4)', () => {
  it('shows username and full name by default and applies saved choices', () => {
    expect([...visibleUserColumns(undefined)]).toEqual(['username', 'fullName']);
    const saved = [{ fieldName: 'company', isVisible: true }, { fieldName: 'fullName', isVisible: false }, { fieldName: 'bogus', isVisible: true }, 'junk'];
    expect([...visibleUserColumns(saved)].sort()).toEqual(['company', 'username']);
  });

  it('never hides every column, and saves every column with its flag', () => {
    expect([
      ...visibleUserColumns([
        { fieldName: 'username', isVisible: false },
        { fieldName: 'fullName', isVisible: false },
      ]),
    ]).toEqual(['username']);
    const settings = columnSettings(new Set(['id']));
    expect(settings).toHaveLength(10);
    expect(settings.filter((s) => s.isVisible)).toEqual([{ fieldName: 'id', isVisible: true }]);
  });

  it('writes expiry as DD MMM YYYY or Never, and marks the past as expired', () => {
    const user = {
      id: 15021,
      username: 'ada',
      fullName: 'Ada Lovelace',
      company: '',
      address: { firstName: 'Ada', lastName: 'Lovelace' },
      license: { level: 60, mode: 0 },
      account: { isEnabled: false, expires: '2024-03-05T00:00:00Z', lastLoginDate: null },
    } as unknown as User;
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(formatDay('2024-03-05T00:00:00Z')).toBe('05 Mar 2024');
    expect(isExpired(user, now)).toBe(true);
    expect(userCell(user, 'expires', [], now)).toBe('05 Mar 2024 (expired)');
    expect(userCell(user, 'lastLogin', [], now)).toBe('Never');
    expect(userCell(user, 'license', [{ ValueNumeric: 60, Label: 'Editor' }], now)).toBe('Editor');
    expect(userCell(user, 'enabled', [], now)).toBe('✗');
    expect(userCell({ ...user, account: { ...user.account, expires: null } }, 'expires', [], now)).toBe('Never');
  });
});

describe('selection across searches and pages (spec 03 §4)', () => {
  it('accumulates without duplicates and removes one by href', () => {
    let selection = addToSelection([], ada);
    selection = addToSelection(selection, grace);
    selection = addToSelection(selection, ada);
    expect(selection.map((u) => u.username)).toEqual(['ada', 'grace']);
    expect(removeFromSelection(selection, ada.href).map((u) => u.username)).toEqual(['grace']);
  });

  it("refreshes the chosen users' actions and names from a page of rows, and keeps the others (spec 03 §5)", () => {
    const selection = [ada, grace];
    expect(refreshSelection(selection, [ada])).toBe(selection);
    expect(refreshSelection(selection, [])).toBe(selection);
    const disabledAda = { ...ada, fullName: 'Ada King', actions: { ...actions, delete: false, setNewSiteOwner: true } };
    const refreshed = refreshSelection(selection, [disabledAda, { ...grace, href: '/fotoweb/api/users/15099' }]);
    expect(refreshed).toEqual([disabledAda, grace]);
    expect(refreshed[1]).toBe(grace);
  });

  it('counts in the singular or plural', () => {
    expect([countText(1, ['user', 'users']), countText(0, ['group', 'groups'])]).toEqual(['1 user', '0 groups']);
  });
});

describe('errors of spec 03 §8', () => {
  it('names the group errors by status and value', () => {
    expect(groupSaveErrorText(new ApiError(409, { value: 'GroupExists', message: 'taken' }))).toBe(GROUP_EXISTS_TEXT);
    expect(groupSaveErrorText(new ApiError(409, { value: 'CircularGroupMembers', message: 'loop' }))).toBe(CIRCULAR_GROUP_MEMBERS_TEXT);
    expect(groupSaveErrorText(new ApiError(400, { value: 'InvalidRequest', message: 'bad', issues: [{ path: 'body.name', message: 'Too long.' }] }))).toBe('Too long.');
    expect(groupSaveErrorText(new ApiError(400, undefined))).toBe(GROUP_INVALID_TEXT);
    expect(groupSaveErrorText(new ApiError(403, { value: 'Forbidden', message: 'no' }))).toBe(GROUP_FORBIDDEN_TEXT);
    expect(groupSaveErrorText(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it("words the member lists' keys, and shows a load error's heading unless 500", () => {
    expect([memberListErrorText(CIRCULAR_GROUP_MEMBERS), memberListErrorText(CIRCULAR_MEMBER_OF), memberListErrorText('Heading')]).toEqual([
      CIRCULAR_GROUP_MEMBERS_TEXT,
      CIRCULAR_MEMBER_OF_TEXT,
      'Heading',
    ]);
    expect(loadErrorText(new ApiError(403, { value: 'Forbidden', message: 'm', heading: 'No access' }))).toBe('No access');
    expect(loadErrorText(new ApiError(500, { value: 'InternalError', message: 'm', heading: 'Boom' }))).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it("words a batch's skipped users by value, never the raw symbol (spec 03 §8)", () => {
    expect(batchSkippedText({ value: 'out_of_licenses', message: 'out_of_licenses: all 1 seats of the Pro license (level 70) are taken.' })).toBe(OUT_OF_LICENSES_MESSAGE);
    expect(batchSkippedText({ value: 'NotFound', message: 'The user was not found.' })).toBe(SKIPPED_NOT_FOUND_TEXT);
    expect(batchSkippedText({ value: 'InvalidRequest', message: 'Not a user href.' })).toBe(SKIPPED_INVALID_TEXT);
    expect(batchSkippedText({ value: 'SiteOwnerProtected', message: 'The site owner cannot be deleted.' })).toBe('The site owner cannot be deleted.');
    expect(batchSkippedText({ value: 'Forbidden', message: ' ' })).toBe(USER_FORBIDDEN_MESSAGE);
    expect(batchSkippedText({ value: 'WeakThing', message: 'WeakThing: the reason.' })).toBe('the reason.');
    expect(batchSkippedText({ value: 'Other', message: '' })).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('hands the machines {status, responseJSON}', () => {
    expect(toRequestError(new ApiError(409, { value: 'out_of_licenses', message: 'out_of_licenses' }))).toEqual({
      status: 409,
      responseJSON: { value: 'out_of_licenses', message: 'out_of_licenses' },
    });
    const offline = new TypeError('offline');
    expect(toRequestError(offline)).toBe(offline);
  });
});

describe('descriptor links', () => {
  it('needs both lists, and knows the built-in groups by href', () => {
    expect(userManagementLinks(undefined)).toBeUndefined();
    const descriptor = {
      userManagement: {
        userList: '/fotoweb/users/',
        groupList: '/fotoweb/groups/',
        siteOwner: '/fotoweb/users/site-owner',
        everyoneGroup: '/fotoweb/api/groups/10001',
        registeredUsersGroup: '/fotoweb/api/groups/10002',
        adminUser: null,
        guestUser: null,
      },
    };
    expect(userManagementLinks(descriptor as never)).toEqual({
      userList: '/fotoweb/users/',
      groupList: '/fotoweb/groups/',
      siteOwner: '/fotoweb/users/site-owner',
      defaultGroupHrefs: ['/fotoweb/api/groups/10001', '/fotoweb/api/groups/10002'],
    });
  });
});

describe('groups grid detail toggle (spec 03 §2.5, §9)', () => {
  it('has none for guests (10000) and Everyone (10001), by builtinKey or id, and one for every other group', () => {
    expect(hasDetailToggle({ id: 10000, builtinKey: 'guests' })).toBe(false);
    expect(hasDetailToggle({ id: 10001, builtinKey: 'everyone' })).toBe(false);
    expect(hasDetailToggle({ id: 10001, builtinKey: null })).toBe(false);
    expect(hasDetailToggle({ id: 10002, builtinKey: 'registered' })).toBe(true);
    expect(hasDetailToggle({ id: 10021, builtinKey: null })).toBe(true);
  });
});

describe('member pickers and lists (spec 03 §2.6, §9)', () => {
  it('loads more within 150 px of the bottom of the results', () => {
    expect(LOAD_MORE_WITHIN_PX).toBe(150);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 240, scrollTop: 610 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 240, scrollTop: 609 })).toBe(false);
    expect(isNearBottom({ scrollHeight: 200, clientHeight: 240, scrollTop: 0 })).toBe(true);
  });

  it('says when a member list was cut, and nothing when it is whole', () => {
    const members = Array.from({ length: 500 }, (_, i) => ({ href: `/fotoweb/api/users/${16000 + i}`, name: `User ${i}`, type: 'user' as const }));
    expect(cutListNotice({ members, count: 500, cut: false }, 'users')).toBeUndefined();
    expect(cutListNotice({ members, count: 812, cut: true }, 'users')).toMatch(/^Only the first 500 of 812 users are listed here\./);
  });
});
