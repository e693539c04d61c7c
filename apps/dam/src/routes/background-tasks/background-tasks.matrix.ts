/**
 * The background tasks room's rows of the authorization matrix (policies/authorization.matrix.test.ts). A task names
 * assets: one the caller may not view is refused as a bad href (400 `InvalidRequest`, the same answer as for an asset
 * that does not exist, so nothing is revealed); one the caller may view without the task's permission is 403. A task's
 * status is its creator's only: anyone else, the site owner included, gets 404.
 */
import { MEDIA_TYPES } from '@magpie/api-types';
import { as, jsonRequest, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';
import { assetHref } from '../../presenters/hrefs.ts';

const EDITING = { archive: ['View', 'EditText'] } as const;
/** Field 5 of the default metadata view (the title), a plain text field. */
const metadataEdit = (w: MatrixWorld) =>
  jsonRequest('POST', '/fotoweb/me/background-tasks/', { assets: [{ href: w.asset.href }], 'job-metadata': [{ field: 5, value: 'Matrix' }] }, MEDIA_TYPES.metadataEditRequest);
const createsTask = { none: 401, outsider: [400, 'InvalidRequest'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 } as const satisfies MatrixRow['expect'];

/**
 * A new asset for one call of a row that moves, renames or deletes what it names (the task runs at once, so each
 * caller needs its own): a copy of the world's asset, beside it.
 */
async function freshAsset(w: MatrixWorld): Promise<string> {
  const { ctx } = w.dam;
  const source = (await ctx.repos.assets.findByPath(w.archive.id, '', w.asset.filename))!;
  const copy = await ctx.ingest.duplicate({ asset: source, storageKey: source.storage_key, contentHash: source.content_hash, metadata: source.metadata, userName: 'matrix' });
  return assetHref({ id: w.archive.id, name: 'Matrix' }, copy.folder_path, copy.filename);
}

/** A file-operation task (issue 13) on a fresh asset (`fresh`) or the world's. */
const fileOperation =
  (type: keyof typeof MEDIA_TYPES, body: (w: MatrixWorld) => Promise<Record<string, unknown>> | Record<string, unknown>, fresh = true) =>
  async (w: MatrixWorld) =>
    jsonRequest('POST', '/fotoweb/me/background-tasks/', { assets: [{ href: fresh ? await freshAsset(w) : w.asset.href }], ...(await body(w)) }, MEDIA_TYPES[type]);

/** A folder of the matrix archive to move into. */
const movesFolder = async (w: MatrixWorld) => {
  await w.dam.ctx.repos.archives.ensureFolder(w.archive.id, 'matrix-moves');
  return { 'job-destination': `${w.archive.href}matrix-moves/` };
};

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
    operation: 'createBackgroundTask',
    label: 'rename',
    grant: { archive: ['View', 'Rename'] },
    request: fileOperation('renameRequest', (w) => ({ 'job-filename': `renamed-${w.self.id}.jpg` })),
    expect: createsTask,
    refusal: /Rename/,
  },
  {
    operation: 'createBackgroundTask',
    label: 'move',
    grant: { archive: ['View', 'MoveFrom', 'MoveTo'] },
    request: fileOperation('moveRequest', movesFolder),
    expect: createsTask,
    refusal: /MoveFrom/,
  },
  {
    operation: 'createBackgroundTask',
    label: 'copy',
    grant: { archive: ['View', 'CopyFrom', 'CopyTo'] },
    request: fileOperation('copyRequest', movesFolder, false),
    expect: createsTask,
    refusal: /CopyFrom/,
  },
  {
    operation: 'createBackgroundTask',
    label: 'rotate',
    grant: { archive: ['View', 'CropRotate'] },
    request: fileOperation('rotateRequest', () => ({ direction: '180' }), false),
    expect: createsTask,
    refusal: /CropRotate/,
  },
  {
    operation: 'createBackgroundTask',
    label: 'delete',
    grant: { archive: ['View', 'Delete'] },
    request: fileOperation('deleteRequest', () => ({})),
    expect: createsTask,
    refusal: /Delete/,
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
