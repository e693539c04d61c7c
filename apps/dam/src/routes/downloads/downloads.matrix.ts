/**
 * The downloads room's rows of the authorization matrix (policies/authorization.matrix.test.ts): preparing a ZIP needs
 * Download on every asset's archive (an asset the caller may not view is a bad href, 400, revealing nothing); a
 * prepared ZIP is its creator's only: anyone else, the site owner included, gets 404.
 */
import { as, jsonRequest, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const DOWNLOADING = { archive: ['View', 'Download'] } as const;
const prepare = (w: MatrixWorld) => jsonRequest('POST', '/fotoweb/me/downloads/', { assets: [{ href: w.asset.href }] });

export const DOWNLOADS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'createDownload',
    grant: DOWNLOADING,
    request: async (w) => prepare(w),
    expect: { none: 401, outsider: [400, 'InvalidRequest'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 },
    refusal: /Download/,
  },
  {
    operation: 'getDownload',
    grant: DOWNLOADING,
    request: async (w) => {
      const created = await w.dam.app.inject(as(w.permitted, prepare(w)));
      if (created.statusCode !== 201) throw new Error(`download: ${created.statusCode} ${created.body}`);
      return { method: 'GET', url: String(created.headers.location) };
    },
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: [404, 'NotFound'] },
  },
];
