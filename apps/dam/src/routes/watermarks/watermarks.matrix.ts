/**
 * The watermarks' rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 16): every operation
 * needs the group permission manageArchives (there is nothing to hide, so 403 without it).
 */
import { randomUUID } from 'node:crypto';
import { jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const WATERMARKS = '/fotoweb/api/watermarks';
const MANAGING = { groupPermissions: ['manageArchives'] } as const;
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
/** A 1 × 1 px PNG, white and opaque. */
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWP4////fwAJ+wP9CNHoHgAAAABJRU5ErkJggg==';
const watermark = () => ({ name: `Matrix ${randomUUID()}`, position: 'center' as const, opacity: 50, scale: 20, image: DOT_PNG });

/** A watermark made for one request (as the site owner, through the service). */
async function madeWatermark(w: MatrixWorld): Promise<string> {
  const caller = await w.dam.ctx.auth.callerForUser(w.owner.id);
  return (await w.dam.ctx.watermarks.create(caller!, watermark())).href;
}

export const WATERMARKS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listWatermarks', grant: MANAGING, request: async () => ({ method: 'GET', url: WATERMARKS }), expect: needs(200), refusal: /manageArchives/ },
  { operation: 'createWatermark', grant: MANAGING, request: async () => jsonRequest('POST', WATERMARKS, watermark()), expect: needs(201), refusal: /manageArchives/ },
  {
    operation: 'updateWatermark',
    grant: MANAGING,
    request: async (w) => jsonRequest('PUT', await madeWatermark(w), { ...watermark(), image: undefined }),
    expect: needs(200),
    refusal: /manageArchives/,
  },
  { operation: 'deleteWatermark', grant: MANAGING, request: async (w) => ({ method: 'DELETE', url: await madeWatermark(w) }), expect: needs(204), refusal: /manageArchives/ },
  {
    operation: 'getWatermarkImage',
    grant: MANAGING,
    request: async (w) => ({ method: 'GET', url: `${await madeWatermark(w)}/image` }),
    expect: needs(200),
    refusal: /manageArchives/,
  },
];
