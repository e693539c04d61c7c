/**
 * The mail outbox room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 14 "Mail"):
 * reading the outbox, one message, and sending oneself a test message need the group permission manageSettings (spec
 * 03 §3.3). There is nothing to hide, so a caller without it gets 403. The matrix DAM has no SMTP server and its users
 * no e-mail address, so a permitted test message is refused after the policy (400: no address to send to).
 */
import type { MatrixExpect, MatrixRow, MatrixWorld } from '../../testing/matrix.ts';

const OUTBOX = '/fotoweb/api/config/mail';
const grant = { groupPermissions: ['manageSettings'] } as const;
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
let made = 0;

/** A message held in the outbox for the request to read. */
async function message(w: MatrixWorld): Promise<string> {
  const held = await w.dam.ctx.mailer.queue({ purpose: 'test', to: `matrix${++made}@example.com`, subject: 'Matrix', text: 'Matrix' });
  return `${OUTBOX}/${held.id}`;
}

export const MAIL_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listMail', grant, request: async () => ({ method: 'GET', url: OUTBOX }), expect: needs(200), refusal: /manageSettings/ },
  { operation: 'getMail', grant, request: async (w) => ({ method: 'GET', url: await message(w) }), expect: needs(200), refusal: /manageSettings/ },
  { operation: 'sendTestMail', grant, request: async () => ({ method: 'POST', url: `${OUTBOX}/test` }), expect: needs([400, 'InvalidRequest']), refusal: /manageSettings/ },
];
