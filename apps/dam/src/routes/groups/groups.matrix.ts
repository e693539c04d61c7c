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
];
