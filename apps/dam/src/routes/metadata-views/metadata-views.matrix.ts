/**
 * The metadata views room's rows of the authorization matrix (policies/authorization.matrix.test.ts), beyond the
 * archive rows (which replace a view as the site owner): a view belongs to an archive, so a caller who may not View
 * it gets 404; replacing one needs the group permission manageSettings (403 without it), which a group can give.
 */
import { DEFAULT_METADATA_VIEW } from '../../metadata/default-view.ts';
import { jsonRequest, type MatrixRow } from '../../testing/matrix.ts';

export const METADATA_VIEWS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'replaceMetadataView',
    label: 'manageSettings through a group',
    grant: { groupPermissions: ['manageSettings'], archive: ['View'] },
    request: async (w) => jsonRequest('PUT', w.asset.metadataEditor!.href, DEFAULT_METADATA_VIEW),
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
  },
];
