/** The groups room's rows of the authorization matrix (see routes/users/users.matrix.ts). */
import { jsonRequest, type AdminMatrixRow } from '../users/users.matrix.ts';

const writes = (ok: number): AdminMatrixRow['expect'] => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
/** A group is not revealed to callers who may not administer groups. */
const reads: AdminMatrixRow['expect'] = { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: 200 };
let serial = 0;

export const GROUPS_MATRIX_ROWS: AdminMatrixRow[] = [
  { operation: 'listGroups', request: async () => ({ method: 'GET', url: '/fotoweb/groups/' }), expect: writes(200) },
  { operation: 'createGroup', request: async () => jsonRequest('POST', '/fotoweb/groups/', { name: `Matrix group ${++serial}`, permissions: ['api'] }), expect: writes(201) },
  { operation: 'getGroup', request: async (w) => ({ method: 'GET', url: (await w.freshGroup()).href }), expect: reads },
  { operation: 'updateGroup', request: async (w) => jsonRequest('PATCH', (await w.freshGroup()).href, { description: 'matrix', permissions: ['audit'] }), expect: writes(200) },
  { operation: 'deleteGroup', request: async (w) => ({ method: 'DELETE', url: (await w.freshGroup()).href }), expect: writes(204) },
  { operation: 'listGroupUsers', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/users` }), expect: reads },
  {
    operation: 'updateGroupUsers',
    request: async (w) => jsonRequest('PATCH', `${(await w.freshGroup()).href}/users`, { add: [(await w.freshUser()).href] }),
    expect: writes(204),
  },
  { operation: 'listGroupGroups', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/groups` }), expect: reads },
  {
    operation: 'updateGroupGroups',
    request: async (w) => jsonRequest('PATCH', `${(await w.freshGroup()).href}/groups`, { add: [(await w.freshGroup()).href] }),
    expect: writes(204),
  },
  { operation: 'getGroupMemberOf', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/member-of` }), expect: reads },
  {
    operation: 'updateGroupMemberOf',
    request: async (w) => jsonRequest('PATCH', `${(await w.freshGroup()).href}/member-of`, { add: [(await w.freshGroup()).href] }),
    expect: writes(204),
  },
  // FotoWare's Beta group management (FotoWare API "Group Management (Beta)").
  { operation: 'listBetaGroups', request: async () => ({ method: 'GET', url: '/fotoweb/api/groups' }), expect: writes(200) },
  {
    operation: 'createBetaGroup',
    request: async () => jsonRequest('POST', '/fotoweb/api/groups', { name: `Matrix beta group ${++serial}`, permissions: { api: true } }),
    expect: writes(200),
  },
  { operation: 'countGroups', request: async () => ({ method: 'GET', url: '/fotoweb/api/groups/count' }), expect: writes(200) },
  { operation: 'updateBetaGroup', request: async (w) => jsonRequest('PUT', (await w.freshGroup()).href, { description: 'matrix' }), expect: writes(204) },
  { operation: 'getGroupProperties', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/properties` }), expect: reads },
  { operation: 'deleteGroupProperties', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/properties` }), expect: writes(204) },
  { operation: 'deleteGroupProperty', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/properties/colour` }), expect: writes(204) },
  {
    operation: 'setGroupMemberOf',
    request: async (w) => jsonRequest('PUT', `${(await w.freshGroup()).href}/member-of`, { groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  {
    operation: 'addGroupMemberOf',
    request: async (w) => jsonRequest('POST', `${(await w.freshGroup()).href}/member-of`, { groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  { operation: 'deleteGroupMemberOf', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/member-of` }), expect: writes(204) },
  { operation: 'countGroupMemberOf', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/member-of/count` }), expect: reads },
  {
    operation: 'deleteGroupMembership',
    request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/member-of/${(await w.freshGroup()).id}` }),
    expect: writes(204),
  },
  { operation: 'listGroupMemberOfRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/member-of-recursive` }), expect: reads },
  { operation: 'countGroupMemberOfRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/member-of-recursive/count` }), expect: reads },
  { operation: 'setGroupUsers', request: async (w) => jsonRequest('PUT', `${(await w.freshGroup()).href}/users`, { users: [(await w.freshUser()).id] }), expect: writes(204) },
  { operation: 'addGroupUsers', request: async (w) => jsonRequest('POST', `${(await w.freshGroup()).href}/users`, { users: [(await w.freshUser()).id] }), expect: writes(204) },
  { operation: 'deleteGroupUsers', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/users` }), expect: writes(204) },
  { operation: 'countGroupUsers', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/users/count` }), expect: reads },
  { operation: 'listGroupUsersRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/users-recursive` }), expect: reads },
  { operation: 'countGroupUsersRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/users-recursive/count` }), expect: reads },
  { operation: 'deleteGroupUser', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/users/${(await w.freshUser()).id}` }), expect: writes(204) },
  { operation: 'setGroupGroups', request: async (w) => jsonRequest('PUT', `${(await w.freshGroup()).href}/groups`, { groups: [(await w.freshGroup()).id] }), expect: writes(204) },
  { operation: 'addGroupGroups', request: async (w) => jsonRequest('POST', `${(await w.freshGroup()).href}/groups`, { groups: [(await w.freshGroup()).id] }), expect: writes(204) },
  { operation: 'deleteGroupGroups', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/groups` }), expect: writes(204) },
  { operation: 'countGroupGroups', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/groups/count` }), expect: reads },
  { operation: 'listGroupGroupsRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/groups-recursive` }), expect: reads },
  { operation: 'countGroupGroupsRecursive', request: async (w) => ({ method: 'GET', url: `${(await w.freshGroup()).href}/groups-recursive/count` }), expect: reads },
  { operation: 'deleteGroupGroup', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/groups/${(await w.freshGroup()).id}` }), expect: writes(204) },
  {
    operation: 'setGroupMembers',
    request: async (w) => jsonRequest('PUT', `${(await w.freshGroup()).href}/members`, { users: [(await w.freshUser()).id], groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  {
    operation: 'addGroupMembers',
    request: async (w) => jsonRequest('POST', `${(await w.freshGroup()).href}/members`, { users: [(await w.freshUser()).id], groups: [(await w.freshGroup()).id] }),
    expect: writes(204),
  },
  { operation: 'deleteGroupMembers', request: async (w) => ({ method: 'DELETE', url: `${(await w.freshGroup()).href}/members` }), expect: writes(204) },
];
