/**
 * The background tasks room's rows of the authorization matrix (policies/authorization.matrix.test.ts). A task names
 * assets: one the caller may not view is refused as a bad href (400 `InvalidRequest`, the same answer as for an asset
 * that does not exist, so nothing is revealed); one the caller may view without the task's permission is 403. A task's
 * status is its creator's only: anyone else, the site owner included, gets 404.
 */
import { MEDIA_TYPES } from '@magpie/api-types';
import { as, jsonRequest, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const EDITING = { archive: ['View', 'EditText'] } as const;
/** Field 5 of the default metadata view (the title), a plain text field. */
const metadataEdit = (w: MatrixWorld) =>
  jsonRequest('POST', '/fotoweb/me/background-tasks/', { assets: [{ href: w.asset.href }], 'job-metadata': [{ field: 5, value: 'Matrix' }] }, MEDIA_TYPES.metadataEditRequest);
const createsTask = { none: 401, outsider: [400, 'InvalidRequest'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 } as const satisfies MatrixRow['expect'];

export const BACKGROUND_TASKS_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'createBackgroundTask', label: 'metadata edit', grant: EDITING, request: async (w) => metadataEdit(w), expect: createsTask },
  {
    operation: 'createBackgroundTask',
    label: 'duplicate',
    grant: { archive: ['View', 'DuplicateFile'] },
    request: async (w) => jsonRequest('POST', '/fotoweb/me/background-tasks/', { assets: [{ href: w.asset.href }] }, MEDIA_TYPES.duplicateRequest),
    expect: createsTask,
  },
  {
    operation: 'getBackgroundTask',
    grant: EDITING,
    request: async (w) => {
      const created = await w.dam.app.inject(as(w.permitted, metadataEdit(w)));
      if (created.statusCode !== 201) throw new Error(`background task: ${created.statusCode} ${created.body}`);
      return { method: 'GET', url: String(created.headers.location) };
    },
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: [404, 'NotFound'] },
  },
];
