import { USER_ADDRESS_DETAIL_FIELDS, USER_LICENSE_LEVELS, LICENSE_MODES, type Dam } from '@magpie/api-types';
import type { StoredAddress } from '../db/schema.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import type { UserActionFlags } from '../policies/user.policy.ts';
import { listPageHref, userDeviceTokensHref, userHref, userMemberOfHref } from './hrefs.ts';

type Schemas = Dam.components['schemas'];
/** A user, admin view (spec 03 §3.1; `application/vnd.fotoware.user+json`). */
export type UserView = Schemas['User'];
/** FotoWare's Beta user (`application/json`; FotoWare API "User Management (Beta)"). */
export type BetaUserView = Schemas['BetaUser'];
/** A page of users (`user-list`). */
export type UserListView = Schemas['UserList'];
/** Paging links of a list (spec 03 §3.5). */
export type PagingView = Schemas['Paging'];

/** What the admin view adds to a user row: whether the user is the site owner, and the caller's actions on it. */
export interface UserFacts {
  isSiteOwner: boolean;
  actions: UserActionFlags;
}

const ADDRESS_FIELDS = USER_ADDRESS_DETAIL_FIELDS satisfies readonly (keyof StoredAddress)[];

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);
const levelLabel = (level: number) => USER_LICENSE_LEVELS.find((l) => l.ValueNumeric === level)?.Label ?? 'None';
const modeLabel = (mode: number) => LICENSE_MODES.find((m) => m.ValueNumeric === mode)?.Label ?? 'Named';
const PAYMENT_NAMES = { 1: 'NoCharge', 2: 'Invoice', 4: 'CreditCard', 8: 'ManualAccept' } as const;

/** The license level's label (`USER_LICENSE_LEVELS`; `None` for a number it does not know). */
export { levelLabel as licenseLevelLabel };

/** A user row in the admin view of spec 03 §3.1 (`User`): every address field a string, the password never. */
export function presentUser(user: UserRecord, facts: UserFacts): UserView {
  const stored = user.address ?? {};
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, stored[field] ?? '']));
  return {
    id: user.id,
    href: userHref(user.id),
    username: user.username,
    fullName: user.full_name,
    description: user.description,
    company: user.company,
    propertyBag: user.property_bag ?? [],
    account: {
      isEnabled: user.is_enabled,
      expires: iso(user.expires),
      lastLoginDate: iso(user.last_login),
      externalIDs: (user.external_ids ?? []) as UserView['account']['externalIDs'],
      forcePasswordChange: user.force_password_change,
    },
    address: {
      ...(address as Omit<UserView['address'], 'firstName' | 'lastName' | 'email' | 'organization'>),
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      organization: user.company,
    },
    commerce: user.commerce,
    license: { level: user.license_level as UserView['license']['level'], mode: user.license_mode as UserView['license']['mode'] },
    isSiteOwner: facts.isSiteOwner,
    isMemberOfRegisteredUsers: user.kind !== 'guest',
    memberOfHref: userMemberOfHref(user.id),
    deviceTokensHref: userDeviceTokensHref(user.id),
    actions: facts.actions,
  };
}

/** A user row as FotoWare's Beta `User` (names for license and payment, `givenName`/`surname`, street lines as a list). */
export function presentBetaUser(user: UserRecord, facts: Pick<UserFacts, 'isSiteOwner'>): BetaUserView {
  const a = user.address ?? {};
  const streetAddress = [a.streetAddress, a.streetAddress1, a.streetAddress2, a.streetAddress3, a.streetAddress4].filter((line): line is string => !!line);
  return {
    id: user.id,
    created: iso(user.created),
    modified: iso(user.modified),
    username: user.username,
    fullName: user.full_name,
    description: user.description,
    address: {
      title: a.title ?? '',
      givenName: user.first_name,
      middleName: a.initial ?? '',
      surname: user.last_name,
      organization: user.company,
      email: user.email,
      profession: a.profession ?? '',
      businessType: a.businessType ?? '',
      streetAddress,
      city: a.city ?? '',
      state: a.state ?? '',
      zipCode: a.zipCode ?? '',
      country: a.country ?? '',
      phone: a.phone ?? '',
      fax: a.fax ?? '',
      homepage: a.homepage ?? '',
    },
    license: { level: levelLabel(user.license_level) as BetaUserView['license']['level'], mode: modeLabel(user.license_mode) as BetaUserView['license']['mode'] },
    commerce: { ...user.commerce, paymentMethod: PAYMENT_NAMES[user.commerce.paymentMethod] ?? 'NoCharge' },
    account: {
      hasPassword: user.password_hash !== null,
      forcePasswordChange: user.force_password_change,
      lastLoginDate: iso(user.last_login),
      expires: iso(user.expires),
      isEnabled: user.is_enabled,
      externalIds: (user.external_ids ?? []) as BetaUserView['account']['externalIds'],
      isSsoUser: false,
    },
    permissions: { isSiteOwner: facts.isSiteOwner },
    properties: user.property_bag ?? [],
    isGuest: user.kind === 'guest',
    isBuiltIn: user.kind === 'guest',
    isBuiltInAdministrator: facts.isSiteOwner,
  };
}

/** What a list page was asked for: the query its links repeat, the 0-based page, and the page size. */
export interface ListPage {
  query: { q?: string | undefined; sortfield?: string | undefined; sortdir?: string | undefined };
  page: number;
  pageSize: number;
}

/**
 * The `paging` of a list (spec 03 §3.5): `first` always, `prev`/`next` null at the ends, `last` the last page (the
 * first when the list is empty), each carrying the same `q`, `sortfield` and `sortdir`.
 */
export function presentPaging(listHref: string, page: ListPage, count: number): PagingView {
  const totalPages = Math.max(1, Math.ceil(count / page.pageSize));
  const at = (p: number) => listPageHref(listHref, page.query, p);
  return {
    first: at(0),
    prev: page.page > 0 ? at(Math.min(page.page - 1, totalPages - 1)) : null,
    next: page.page + 1 < totalPages ? at(page.page + 1) : null,
    last: at(totalPages - 1),
    index: page.page,
    totalPages,
    count,
  };
}
