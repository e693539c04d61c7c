/**
 * The users grid's columns (spec 03 §2.4): which exist, which show by default (username and full name), and the
 * cells' texts (license label, expiry or Never and expired, last login or Never, enabled).
 */
import type { LicenseOption, User } from '@magpie/api-types';

/** A column of the users grid that can be shown or hidden (the checkbox and action cells always show). */
export type UserColumn = 'id' | 'username' | 'firstName' | 'lastName' | 'fullName' | 'license' | 'company' | 'expires' | 'lastLogin' | 'enabled';

/** The columns in grid order with their headers and default visibility (spec 03 §2.4 Column visibility). */
export const USER_COLUMNS: readonly { readonly field: UserColumn; readonly header: string; readonly visible: boolean }[] = [
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

/** A saved column choice (spec 03 §2.4: `shared.userGridSettings.columns`, field name plus visible flag). */
export interface ColumnSetting {
  readonly fieldName: string;
  readonly isVisible: boolean;
}

/**
 * The visible columns from the saved settings: each known field as saved, the defaults for the rest; unknown or
 * malformed entries are ignored, and at least one column always shows (the username).
 */
export function visibleUserColumns(saved: unknown): Set<UserColumn> {
  const visible = new Set(USER_COLUMNS.filter((c) => c.visible).map((c) => c.field));
  if (Array.isArray(saved)) {
    for (const entry of saved) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { fieldName, isVisible } = entry as Partial<ColumnSetting>;
      const column = USER_COLUMNS.find((c) => c.field === fieldName);
      if (!column || typeof isVisible !== 'boolean') continue;
      if (isVisible) visible.add(column.field);
      else visible.delete(column.field);
    }
  }
  if (visible.size === 0) visible.add('username');
  return visible;
}

/** The settings to save for `visible` (every column, in grid order). */
export function columnSettings(visible: ReadonlySet<UserColumn>): ColumnSetting[] {
  return USER_COLUMNS.map((c) => ({ fieldName: c.field, isVisible: visible.has(c.field) }));
}

/** Expiry date display format DD MMM YYYY (spec 03 §9), in UTC. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${String(date.getUTCDate()).padStart(2, '0')} ${month} ${date.getUTCFullYear()}`;
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
