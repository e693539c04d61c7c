/**
 * The pins room's rows of the authorization matrix (policies/authorization.matrix.test.ts). Pinning needs View on
 * what is pinned: a caller who may not view the archive gets 404, as for the thing itself; anyone who may view it may
 * pin it (the pins are their own). Listing and unpinning one's own pins are open operations of the matrix.
 */
import { jsonRequest, type MatrixRow } from '../../testing/matrix.ts';

export const PINS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'addPins',
    label: 'an asset',
    grant: { archive: ['View'] },
    request: async (w) => jsonRequest('POST', '/fotoweb/me/pins/', { data: [w.asset.href] }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: 200, permitted: 200, owner: 200 },
  },
  {
    operation: 'addPins',
    label: 'the archive',
    grant: { archive: ['View'] },
    request: async (w) => jsonRequest('POST', '/fotoweb/me/pins/', { data: [w.archive.href] }),
    expect: { none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: 200, permitted: 200, owner: 200 },
  },
];
