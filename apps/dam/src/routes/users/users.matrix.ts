/**
 * The users room's rows of the authorization matrix (policies/authorization.matrix.test.ts; plan §3 "Matrix
 * mechanism"): one per operation, with the status each kind of caller gets.
 */
import type { InjectOptions } from 'fastify';
import type { DamOperation } from '../../http/operations.ts';
import { jsonRequest, type MatrixCaller } from '../../testing/matrix.ts';

/** The callers of the matrix (testing/matrix.ts); here `permitted` is a member of a group holding manageUsers. */
export type { MatrixCaller };
export { jsonRequest };

/** What a row's request may use: the caller (id 0 without a token) and fresh things to act on. */
export interface AdminMatrixWorld {
  self: { id: number };
  /** A new user (a person in no group), made for this request. */
  freshUser(): Promise<{ id: number; href: string }>;
  /** A new group (no members, no permissions), made for this request. */
  freshGroup(): Promise<{ id: number; href: string }>;
}

/** One operation of user or group administration and the status (and, for a refusal, the error value) per caller. */
export interface AdminMatrixRow {
  operation: DamOperation;
  /** Tells rows of one operation apart (e.g. reading one's own user). */
  label?: string;
  request: (world: AdminMatrixWorld) => Promise<InjectOptions>;
  expect: Record<MatrixCaller, number | [number, string]>;
}

/** Administration needs manageUsers: refused with 403 for lists and writes, with 404 for another's user (not revealed). */
const writes = (ok: number): AdminMatrixRow['expect'] => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const reads: AdminMatrixRow['expect'] = { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: 200 };
let serial = 0;

export const USERS_MATRIX_ROWS: AdminMatrixRow[] = [
  { operation: 'listUsers', request: async () => ({ method: 'GET', url: '/fotoweb/users/' }), expect: writes(200) },
  {
    operation: 'createUser',
    request: async () =>
      jsonRequest('POST', '/fotoweb/users/', {
        username: `matrix-new-${++serial}`,
        address: { firstName: 'Matrix', lastName: 'New', email: 'matrix@example.com' },
        account: { password: 'matrix password' },
      }),
    expect: writes(201),
  },
  {
    operation: 'updateUsers',
    request: async (w) => jsonRequest('PATCH', '/fotoweb/users/', { users: [(await w.freshUser()).href], data: { address: { organization: 'Matrix' } } }),
    expect: writes(200),
  },
  { operation: 'deleteUsers', request: async (w) => jsonRequest('DELETE', '/fotoweb/users/', { users: [(await w.freshUser()).href] }), expect: writes(200) },
  { operation: 'getUser', request: async (w) => ({ method: 'GET', url: (await w.freshUser()).href }), expect: reads },
  {
    operation: 'getUser',
    label: 'own',
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/users/${w.self.id}` }),
    expect: { none: 401, outsider: 200, viewer: 200, permitted: 200, owner: 200 },
  },
  { operation: 'updateUser', request: async (w) => jsonRequest('PATCH', (await w.freshUser()).href, { description: 'matrix' }), expect: writes(200) },
  { operation: 'deleteUser', request: async (w) => ({ method: 'DELETE', url: (await w.freshUser()).href }), expect: writes(204) },
  { operation: 'getUserMemberOf', request: async (w) => ({ method: 'GET', url: `${(await w.freshUser()).href}/member-of` }), expect: reads },
  {
    operation: 'getUserMemberOf',
    label: 'own',
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/users/${w.self.id}/member-of` }),
    expect: { none: 401, outsider: 200, viewer: 200, permitted: 200, owner: 200 },
  },
  {
    operation: 'updateUserMemberOf',
    request: async (w) => jsonRequest('PATCH', `${(await w.freshUser()).href}/member-of`, { add: [(await w.freshGroup()).href] }),
    expect: writes(204),
  },
  { operation: 'resetUserDeviceTokens', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/device-tokens` }), expect: writes(204) },
  // FotoWare's Beta user management (FotoWare API "User Management (Beta)").
  { operation: 'listBetaUsers', request: async () => ({ method: 'GET', url: '/fotoweb/api/users' }), expect: writes(200) },
  {
    operation: 'createBetaUser',
    request: async () =>
      jsonRequest('POST', '/fotoweb/api/users', { username: `matrix-beta-${++serial}`, address: { givenName: 'Matrix', surname: 'Beta', email: 'beta@example.com' } }),
    expect: writes(200),
  },
  { operation: 'countUsers', request: async () => ({ method: 'GET', url: '/fotoweb/api/users/count' }), expect: writes(200) },
  { operation: 'updateBetaUser', request: async (w) => jsonRequest('PUT', (await w.freshUser()).href, { description: 'matrix' }), expect: writes(204) },
  { operation: 'deleteUserPassword', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/password` }), expect: writes(204) },
  { operation: 'getUserProperties', request: async (w) => ({ method: 'GET', url: `${(await w.freshUser()).href}/properties` }), expect: reads },
  {
    operation: 'getUserProperties',
    label: 'own',
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/users/${w.self.id}/properties` }),
    expect: { none: 401, outsider: 200, viewer: 200, permitted: 200, owner: 200 },
  },
  { operation: 'deleteUserProperties', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/properties` }), expect: writes(204) },
  { operation: 'deleteUserProperty', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/properties/colour` }), expect: writes(204) },
  {
    operation: 'setUserMemberOf',
    request: async (w) => jsonRequest('PUT', `${(await w.freshUser()).href}/member-of`, { groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  {
    operation: 'addUserMemberOf',
    request: async (w) => jsonRequest('POST', `${(await w.freshUser()).href}/member-of`, { groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  { operation: 'deleteUserMemberOf', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/member-of` }), expect: writes(204) },
  { operation: 'countUserMemberOf', request: async (w) => ({ method: 'GET', url: `${(await w.freshUser()).href}/member-of/count` }), expect: reads },
  {
    operation: 'deleteUserMembership',
    request: async (w) => ({ method: 'DELETE', url: `${(await w.freshUser()).href}/member-of/${(await w.freshGroup()).id}` }),
    expect: writes(204),
  },
  { operation: 'listUserMemberOfRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshUser()).href}/member-of-recursive` }), expect: reads },
  {
    operation: 'listUserMemberOfRecursive',
    label: 'own',
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/users/${w.self.id}/member-of-recursive` }),
    expect: { none: 401, outsider: 200, viewer: 200, permitted: 200, owner: 200 },
  },
  { operation: 'countUserMemberOfRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshUser()).href}/member-of-recursive/count` }), expect: reads },
  { operation: 'setUserEnabled', request: async (w) => jsonRequest('PUT', `${(await w.freshUser()).href}/enabled`, { value: false }), expect: writes(204) },
];
