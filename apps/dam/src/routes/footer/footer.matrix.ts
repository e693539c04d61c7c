/**
 * The footer room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15): anyone reads
 * the site's footer, with or without a token; changing it needs the group permission manageSettings. There is nothing
 * to hide, so a caller without it gets 403.
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type OpenOperation } from '../../testing/matrix.ts';

const FOOTER = '/fotoweb/api/footer';
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });

/** Changing the footer: manageSettings. */
export const FOOTER_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'updateSiteFooter',
    grant: { groupPermissions: ['manageSettings'] },
    request: async () => jsonRequest('PUT', FOOTER, { markdown: 'Matrix footer' }),
    expect: needs(200),
    refusal: /manageSettings/,
  },
];

/** Reading the footer: open to anyone. */
export const FOOTER_OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'getSiteFooter',
    reason: 'the footer shows on every page, the login page and the guests’ pages too (spec 02 §2)',
    request: () => ({ method: 'GET', url: FOOTER }),
    anonymous: 200,
    signedIn: 200,
  },
];
