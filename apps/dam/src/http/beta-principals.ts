import type { FastifyReply } from 'fastify';
import { GROUP_PERMISSIONS, LICENSE_MODES, NEW_USER_DEFAULTS, USER_LICENSE_LEVELS, type Dam } from '@magpie/api-types';
import type { HrefRef } from '../services/member-changes.ts';
import type { NewUserInput, UserChange } from '../services/users.service.ts';
import type { GroupCreateInput, GroupUpdateInput } from '../services/groups.service.ts';

// FotoWare's Beta user and group management (issue 11; FotoWare API "User Management (Beta)", "Group Management
// (Beta)"): answering its plain JSON, and reading its bodies (names for licenses and payment, ids for members) into
// the inputs the users and groups services take, so that every Beta operation goes through the same rules.

type Schemas = Dam.components['schemas'];
type BetaLicense = Schemas['BetaLicenseInput'];
type BetaAddress = Schemas['BetaAddressInput'];

/** Sends a Beta answer: plain JSON, personal data, never stored by a cache (as `sendAdmin`). */
export function sendBeta(reply: FastifyReply, body: unknown, status = 200) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify(body));
}

/** FotoWare's count (`ValueModelInteger`). */
export const countOf = (value: number): Schemas['BetaCount'] => ({ value });

/** Ids from a Beta body as references (`key` the id as text, for the messages of a refusal). */
export const idRefs = (ids: readonly number[] | undefined): HrefRef[] => (ids ?? []).map((id) => ({ key: String(id), id }));

const PAYMENT_METHOD_OF = { NoCharge: 1, Invoice: 2, CreditCard: 4, ManualAccept: 8 } as const;
/** The number of a license level's name (`USER_LICENSE_LEVELS`). */
export const licenseLevelOf = (name: NonNullable<BetaLicense['level']>) => USER_LICENSE_LEVELS.find((l) => l.Label === name)!.ValueNumeric;
/** The number of a license mode's name (`LICENSE_MODES`). */
export const licenseModeOf = (name: NonNullable<BetaLicense['mode']>) => LICENSE_MODES.find((m) => m.Label === name)!.ValueNumeric;

/** A Beta address as the admin view's address fields: given name → first name, middle name → initial, street lines → `streetAddress`…`streetAddress4`. */
function addressOf(address: BetaAddress) {
  const { givenName, surname, middleName, streetAddress, ...rest } = address;
  const lines =
    streetAddress === undefined
      ? {}
      : Object.fromEntries(['streetAddress', 'streetAddress1', 'streetAddress2', 'streetAddress3', 'streetAddress4'].map((key, i) => [key, streetAddress[i] ?? '']));
  return {
    ...rest,
    ...lines,
    ...(givenName !== undefined ? { firstName: givenName } : {}),
    ...(surname !== undefined ? { lastName: surname } : {}),
    ...(middleName !== undefined ? { initial: middleName } : {}),
  };
}

/** A Beta commerce change in the admin view's numbers. */
function commerceOf(commerce: NonNullable<Schemas['BetaUserUpdate']['commerce']>) {
  const { paymentMethod, ...rest } = commerce;
  return { ...rest, ...(paymentMethod !== undefined ? { paymentMethod: PAYMENT_METHOD_OF[paymentMethod] } : {}) };
}

/** A Beta license change in the admin view's numbers (only the parts given). */
function licenseOf(license: BetaLicense) {
  return { ...(license.level !== undefined ? { level: licenseLevelOf(license.level) } : {}), ...(license.mode !== undefined ? { mode: licenseModeOf(license.mode) } : {}) };
}

/** `PUT /fotoweb/api/users/{id}` (FotoWare `User_UpdateUser`): the parts given, as a user change. */
export function userChangeOf(body: Schemas['BetaUserUpdate']): UserChange {
  return {
    ...(body.username !== undefined ? { username: body.username } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.address ? { address: addressOf(body.address) } : {}),
    ...(body.license ? { license: licenseOf(body.license) } : {}),
    ...(body.commerce ? { commerce: commerceOf(body.commerce) } : {}),
    ...(body.account ? { account: body.account } : {}),
    ...(body.properties ? { propertyBag: body.properties } : {}),
  };
}

/** `POST /fotoweb/api/users` (FotoWare `User_CreateNewUser`): a new user, with `NEW_USER_DEFAULTS` for the license parts not given. */
export function newUserOf(body: Schemas['BetaUserCreate']): NewUserInput {
  const { deletePassword: _, ...account } = body.account ?? {};
  const license = { ...NEW_USER_DEFAULTS.license, ...licenseOf(body.license ?? {}) };
  const address = addressOf(body.address);
  return {
    username: body.username,
    ...(body.description !== undefined ? { description: body.description } : {}),
    address: { ...address, firstName: body.address.givenName, lastName: body.address.surname, email: body.address.email },
    account,
    license: license as NewUserInput['license'] & object,
    ...(body.commerce ? { commerce: commerceOf(body.commerce) } : {}),
    ...(body.properties ? { propertyBag: body.properties } : {}),
  };
}

/** FotoWare's permission booleans as Magpie's permission list: what is true is held (`uploadToUploadArea` is `uploadArea`). */
function permissionsOf(flags: Schemas['BetaGroupPermissions']): GroupCreateInput['permissions'] & object {
  const albums = (flags.albums ?? {}) as Record<string, boolean | undefined>;
  const plain = flags as Record<string, unknown>;
  return GROUP_PERMISSIONS.filter((p) => (p.startsWith('albums.') ? albums[p.slice('albums.'.length)] : plain[p === 'uploadArea' ? 'uploadToUploadArea' : p]) === true);
}

/** `PUT /fotoweb/api/groups/{id}` (FotoWare `Group_UpdateGroup`): the parts given; a given `permissions` is the whole set. */
export function groupChangeOf(body: Schemas['BetaGroupUpdate']): GroupUpdateInput {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.license
      ? {
          license: {
            ...(body.license.level !== undefined ? { defaultLevel: licenseLevelOf(body.license.level) } : {}),
            ...(body.license.mode !== undefined ? { defaultConcurrencyMode: licenseModeOf(body.license.mode) } : {}),
          },
        }
      : {}),
    ...(body.permissions ? { permissions: permissionsOf(body.permissions) } : {}),
    ...(body.properties ? { propertyBag: body.properties } : {}),
  };
}

/** `POST /fotoweb/api/groups` (FotoWare `Group_CreateNewGroup`): a new group (license parts not given: Standard, Named). */
export function newGroupOf(body: Schemas['BetaGroupCreate']): GroupCreateInput {
  const { license, ...rest } = groupChangeOf(body);
  return { ...rest, name: body.name, license: { defaultLevel: license?.defaultLevel ?? 35, defaultConcurrencyMode: license?.defaultConcurrencyMode ?? 0 } };
}
