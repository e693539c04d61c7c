/**
 * The legacy API keys' rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 16): listing,
 * creating and revoking keys need the group permission manageSettings (as API clients do). There is nothing to hide,
 * so a caller without it gets 403. A permitted caller creates a key acting as themselves.
 */
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const KEYS = '/fotoweb/api/api-keys';
const grant = { groupPermissions: ['manageSettings'] } as const;
const needs = (ok: number): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
let made = 0;

/** A key the site owner made, for the request to revoke. */
async function key(w: MatrixWorld): Promise<string> {
  const res = await w.dam.app.inject(as(w.owner, jsonRequest('POST', KEYS, { name: `Matrix key ${++made}`, actingAs: `/fotoweb/api/users/${w.owner.id}` })));
  if (res.statusCode !== 201) throw new Error(`making a key failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { href: string }).href;
}

export const API_KEYS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listApiKeys', grant, request: async () => ({ method: 'GET', url: KEYS }), expect: needs(200), refusal: /manageSettings/ },
  {
    operation: 'createApiKey',
    grant,
    request: async (w) => jsonRequest('POST', KEYS, { name: `Matrix key ${++made}`, actingAs: `/fotoweb/api/users/${w.self.id}` }),
    expect: needs(201),
    refusal: /manageSettings/,
  },
  { operation: 'revokeApiKey', grant, request: async (w) => ({ method: 'DELETE', url: await key(w) }), expect: needs(204), refusal: /manageSettings/ },
];
