/**
 * The invitations room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 14): listing,
 * creating and revoking invitations need the group permission inviteUsers; the group picker needs inviteUsers (or
 * approvePendingSignups, or manageUsers: routes/invitations/invitations.test.ts). There is nothing to hide, so a caller
 * without it gets 403.
 */
import type { InvitationList } from '@magpie/api-types';
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const INVITATIONS = '/fotoweb/invitations/';
const grant = { groupPermissions: ['inviteUsers'] } as const;
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
let made = 0;

/** A new link invitation made by the site owner; answers where to revoke it. */
async function revokeLink(w: MatrixWorld): Promise<string> {
  const description = `matrix invitation ${++made}`;
  const created = await w.dam.app.inject(as(w.owner, jsonRequest('POST', INVITATIONS, { link: true, description })));
  if (created.statusCode !== 201) throw new Error(`invitation not made: ${created.body}`);
  const listed = (await w.dam.app.inject(as(w.owner, { method: 'GET', url: INVITATIONS }))).json() as InvitationList;
  return listed.data.find((row) => row.description === description)!.revoke;
}

export const INVITATIONS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listInvitations', grant, request: async () => ({ method: 'GET', url: INVITATIONS }), expect: needs(200), refusal: /inviteUsers/ },
  { operation: 'createInvitations', grant, request: async () => jsonRequest('POST', INVITATIONS, { link: true }), expect: needs(201), refusal: /inviteUsers/ },
  { operation: 'revokeInvitation', grant, request: async (w) => jsonRequest('POST', await revokeLink(w), {}), expect: needs(204), refusal: /inviteUsers/ },
  {
    operation: 'listGrantableGroups',
    grant,
    request: async () => ({ method: 'GET', url: '/fotoweb/groups/grantable?q=matrix' }),
    expect: needs(200),
    refusal: /inviteUsers, approvePendingSignups, manageUsers/,
  },
];
