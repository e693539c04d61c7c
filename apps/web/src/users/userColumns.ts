/**
 * The users grid's columns (spec 03 §2.4): which exist, which show by default (username and full name), and the
 * cells' texts (license label, expiry or Never and expired, last login or Never, enabled).
 */
import type { LicenseOption, User } from '@magpie/api-types';
import { formatDay } from '../lib/format.ts';
import { settingsOf, visibleColumns, type ColumnSetting, type GridColumn } from './gridColumns.ts';

/** A column of the users grid that can be shown or hidden (the checkbox and action cells always show). */
export type UserColumn = 'id' | 'username' | 'firstName' | 'lastName' | 'fullName' | 'license' | 'company' | 'expires' | 'lastLogin' | 'enabled';

/** The columns in grid order with their headers and default visibility (spec 03 §2.4 Column visibility). */
export const USER_COLUMNS: readonly GridColumn<UserColumn>[] = [
  { field: 'id', header: 'Id', visible: false },
  { field: 'username', header: 'Username', visible: true },
  { field: 'firstName', header: 'First name', visible: false },
  { field: 'lastName', header: 'Last name', visible: false },
  { field: 'fullName', header: 'Full name', visible: true },
  { field: 'license', header: 'License', visible: false },
  { field: 'company', header: 'Company', visible: false },
  { field: 'expires', header: 'Expires', visible: false },
  { field: 'lastLogin', header: 'Last login', visible: false },
  { field: 'enabled', header: 'Enabled', visible: false },
];

/** The DAM's sort key of each column (dam.yaml `UserSortField`; spec 03 §7: the full name sorts on the first name). */
export const USER_SORT_FIELDS = {
  id: 'id',
  username: 'username',
  firstName: 'firstName',
  lastName: 'lastName',
  fullName: 'fullName',
  license: 'licenseLevel',
  company: 'company',
  expires: 'expires',
  lastLogin: 'lastLoginDate',
  enabled: 'isEnabled',
} as const satisfies Record<UserColumn, string>;

/** A sort key of the users list. */
export type UserSortField = (typeof USER_SORT_FIELDS)[UserColumn];

/**
 * The visible columns from the saved `shared.userGridSettings.columns` (see {@link visibleColumns}); at least the
 * username always shows.
 */
export function visibleUserColumns(saved: unknown): Set<UserColumn> {
  return visibleColumns(USER_COLUMNS, saved, 'username');
}

/** The settings to save for `visible` (every column, in grid order). */
export function columnSettings(visible: ReadonlySet<UserColumn>): ColumnSetting[] {
  return settingsOf(USER_COLUMNS, visible);
}

/** True when the user's expiry is in the past at `now` (spec 03 §4: shown as expired). */
export function isExpired(user: Pick<User, 'account'>, now: number): boolean {
  const expires = user.account.expires;
  return expires !== null && new Date(expires).getTime() <= now;
}

/** The text of a cell. `licenses` is the overview's user license list (for the label). */
export function userCell(user: User, column: UserColumn, licenses: readonly LicenseOption[], now: number): string {
  switch (column) {
    case 'id':
      return String(user.id);
    case 'username':
      return user.username;
    case 'firstName':
      return user.address.firstName;
    case 'lastName':
      return user.address.lastName;
    case 'fullName':
      return user.fullName;
    case 'license':
      return licenses.find((l) => l.ValueNumeric === user.license.level)?.Label ?? String(user.license.level);
    case 'company':
      return user.company;
    case 'expires':
      return user.account.expires === null ? 'Never' : `${formatDay(user.account.expires)}${isExpired(user, now) ? ' (expired)' : ''}`;
    case 'lastLogin':
      return user.account.lastLoginDate === null ? 'Never' : formatDay(user.account.lastLoginDate);
    case 'enabled':
      return user.account.isEnabled ? '✓' : '✗';
  }
}
