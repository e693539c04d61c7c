/**
 * The sign-ups room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 14): the pending
 * sign-ups, their count, PATCH, approving and rejecting need the group permission approvePendingSignups; reading the
 * sign-up settings approvePendingSignups (or manageSettings), changing them manageSettings. There is nothing to hide,
 * so a caller without it gets 403. The public form and sign-up are open operations (listed there).
 */
import type { InvitationsCreated, SignupList } from '@magpie/api-types';
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const SIGNUPS = '/fotoweb/signups/';
const approvers = { groupPermissions: ['approvePendingSignups'] } as const;
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
let made = 0;

/** A new pending sign-up through a link invitation the site owner made (each from its own client address). */
async function pendingSignup(w: MatrixWorld) {
  const n = ++made;
  const created = (await w.dam.app.inject(as(w.owner, jsonRequest('POST', '/fotoweb/invitations/', { link: true })))).json() as InvitationsCreated;
  const invitation = new URL(created.invitationLink!).searchParams.get('invitation')!;
  const email = `matrix-signup-${n}@example.com`;
  const body = { invitation, email, firstName: 'Matrix', lastName: `Person ${n}`, password: 'a matrix password' };
  const signup = jsonRequest('POST', '/fotoweb/signup/', body);
  const res = await w.dam.app.inject({ ...signup, headers: { ...signup.headers, 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` } });
  if (res.statusCode !== 201) throw new Error(`sign-up not made: ${res.body}`);
  const list = (await w.dam.app.inject(as(w.owner, { method: 'GET', url: SIGNUPS }))).json() as SignupList;
  return list.data.find((row) => row.email === email)!;
}

export const SIGNUPS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listSignups', grant: approvers, request: async () => ({ method: 'GET', url: SIGNUPS }), expect: needs(200), refusal: /approvePendingSignups/ },
  { operation: 'countSignups', grant: approvers, request: async () => ({ method: 'GET', url: `${SIGNUPS}count` }), expect: needs(200), refusal: /approvePendingSignups/ },
  {
    operation: 'updateSignup',
    grant: approvers,
    request: async (w) => jsonRequest('PATCH', (await pendingSignup(w)).href, { firstName: 'Changed' }),
    expect: needs(200),
    refusal: /approvePendingSignups/,
  },
  {
    operation: 'approveSignup',
    grant: approvers,
    request: async (w) => jsonRequest('POST', (await pendingSignup(w)).approve, {}),
    expect: needs(201),
    refusal: /approvePendingSignups/,
  },
  {
    operation: 'rejectSignup',
    grant: approvers,
    request: async (w) => jsonRequest('POST', (await pendingSignup(w)).reject, {}),
    expect: needs(204),
    refusal: /approvePendingSignups/,
  },
  {
    operation: 'getSignupSettings',
    grant: approvers,
    request: async () => ({ method: 'GET', url: '/fotoweb/api/config/signups' }),
    expect: needs(200),
    refusal: /manageSettings, approvePendingSignups/,
  },
  {
    operation: 'updateSignupSettings',
    grant: { groupPermissions: ['manageSettings'] },
    request: async () => jsonRequest('PUT', '/fotoweb/api/config/signups', { openSignup: false, adminCanAssignGroups: true, fields: [] }),
    expect: needs(200),
    refusal: /manageSettings/,
  },
];
