/**
 * The activity room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15, spec 03 §2.1
 * activity exports): reading the activity log and downloading it need the group permission manageActivityExports (or
 * audit, checked in activity.test.ts); reading and changing what it records need manageActivityLogging. There is
 * nothing to hide, so a caller without the permission gets 403.
 */
import { jsonRequest, type MatrixExpect, type MatrixRow } from '../../testing/matrix.ts';

const ACTIVITY = '/fotoweb/api/activity';
const grant = { groupPermissions: ['manageActivityExports'] } as const;
const logging = { groupPermissions: ['manageActivityLogging'] } as const;
const ALL_ON = { enabled: true, categories: { assets: true, archives: true, usersAndGroups: true, decisions: true, logins: true, settings: true } };
const needs: MatrixExpect = { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 };

export const ACTIVITY_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listActivity', grant, request: async () => ({ method: 'GET', url: ACTIVITY }), expect: needs, refusal: /manageActivityExports/ },
  { operation: 'exportActivity', grant, request: async () => ({ method: 'GET', url: `${ACTIVITY}/export` }), expect: needs, refusal: /manageActivityExports/ },
  {
    operation: 'getActivitySettings',
    grant: logging,
    request: async () => ({ method: 'GET', url: `${ACTIVITY}/settings` }),
    expect: needs,
    refusal: /manageActivityLogging/,
  },
  {
    operation: 'updateActivitySettings',
    grant: logging,
    // Everything on, as it is by default: the matrix's calls leave the log recording.
    request: async () => jsonRequest('PUT', `${ACTIVITY}/settings`, ALL_ON),
    expect: needs,
    refusal: /manageActivityLogging/,
  },
];
