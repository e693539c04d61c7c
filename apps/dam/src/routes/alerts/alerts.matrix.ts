/**
 * The alerts room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15, spec 01 §5, §6):
 * creating an alert needs the archive permission `Alert` (no View: 404, as for the archive itself; View alone: 403).
 * An alert is its user's own: another signed-in caller, the site owner included, gets 404 for it, as for an unknown
 * one. Listing one's alerts and notifications and marking them read are open to every signed-in caller (their own).
 */
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld, type OpenOperation } from '../../testing/matrix.ts';

const ALERTS = '/fotoweb/me/alerts/';
const NOTIFICATIONS = '/fotoweb/me/notifications/';
const grant = { archive: ['View', 'Alert'] } as const;
/** For an alert of the `permitted` caller: only they reach it. */
const ownOnly = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: ok, owner: [404, 'NotFound'] });
let made = 0;

/** A new alert of the row's `permitted` caller on the matrix archive; answers its href. */
async function permittedAlert(w: MatrixWorld): Promise<string> {
  const created = await w.dam.app.inject(as(w.permitted, jsonRequest('POST', ALERTS, { collection: w.archive.href, dtSearchString: `matrix${++made}` })));
  if (created.statusCode !== 201) throw new Error(`making the matrix alert failed: ${created.statusCode} ${created.body}`);
  return created.json().href as string;
}

export const ALERTS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'createAlert',
    grant,
    request: async (w) => jsonRequest('POST', ALERTS, { collection: w.archive.href, dtSearchString: `matrix-create${++made}` }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 },
    refusal: /Alert/,
  },
  { operation: 'getAlert', grant, request: async (w) => ({ method: 'GET', url: await permittedAlert(w) }), expect: ownOnly(200) },
  { operation: 'replaceAlert', grant, request: async (w) => jsonRequest('PUT', await permittedAlert(w), { interval: 'every_week' }), expect: ownOnly(200) },
  { operation: 'updateAlert', grant, request: async (w) => jsonRequest('PATCH', await permittedAlert(w), { interval: 'every_hour' }), expect: ownOnly(200) },
  { operation: 'deleteAlert', grant, request: async (w) => ({ method: 'DELETE', url: await permittedAlert(w) }), expect: ownOnly(204) },
];

/** The room's operations open to every signed-in caller (their own alerts and notifications), each with its reason. */
export const ALERTS_OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'listAlerts',
    reason: 'a signed-in user lists their own alerts only',
    request: () => ({ method: 'GET', url: ALERTS }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'listNotifications',
    reason: 'a signed-in user reads their own notifications only',
    request: () => ({ method: 'GET', url: NOTIFICATIONS }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
  {
    operation: 'markNotificationsRead',
    reason: 'a signed-in user marks their own notifications read only',
    request: () => ({ method: 'POST', url: `${NOTIFICATIONS}read` }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 204,
  },
];
