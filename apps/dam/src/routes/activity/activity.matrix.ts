/**
 * The activity room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15, spec 03 §2.1
 * activity exports): reading the activity log and downloading it need the group permission manageActivityExports (or
 * audit, checked in activity.test.ts). There is nothing to hide, so a caller without it gets 403.
 */
import type { MatrixExpect, MatrixRow } from '../../testing/matrix.ts';

const ACTIVITY = '/fotoweb/api/activity';
const grant = { groupPermissions: ['manageActivityExports'] } as const;
const needs: MatrixExpect = { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 };

export const ACTIVITY_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listActivity', grant, request: async () => ({ method: 'GET', url: ACTIVITY }), expect: needs, refusal: /manageActivityExports/ },
  { operation: 'exportActivity', grant, request: async () => ({ method: 'GET', url: `${ACTIVITY}/export` }), expect: needs, refusal: /manageActivityExports/ },
];
