/**
 * The folders room's rows of the authorization matrix (policies/authorization.matrix.test.ts): a caller who may not
 * View the archive gets 404 for its folders; making a folder needs UploadFile there, renaming one Rename, deleting one
 * Delete (403 naming it for a viewer). Each request acts on a folder made for it, so every caller meets a fresh one.
 * Styling an archive's tile (`PATCH` of the archive's root) needs the site permission manageArchives and View of the
 * archive (issue 13).
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const needing = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
let serial = 0;

/** A folder of the matrix archive made for one request (by the site owner); answers its href. */
async function freshFolder(w: MatrixWorld): Promise<string> {
  const res = await w.dam.app.inject({
    ...jsonRequest('POST', w.archive.href, { name: `matrix folder ${++serial}` }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.owner.token}` },
  });
  if (res.statusCode !== 201) throw new Error(`could not make a folder: ${res.body}`);
  return res.json().href as string;
}

export const FOLDERS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'createFolder',
    grant: { archive: ['View', 'UploadFile'] },
    request: async (w) => jsonRequest('POST', w.archive.href, { name: `made ${++serial}` }),
    expect: needing(201),
    refusal: /UploadFile/,
  },
  {
    operation: 'renameFolder',
    grant: { archive: ['View', 'Rename'] },
    request: async (w) => jsonRequest('PATCH', await freshFolder(w), { name: `renamed ${++serial}` }),
    expect: needing(200),
    refusal: /Rename/,
  },
  {
    operation: 'renameFolder',
    label: 'archive tile',
    grant: { groupPermissions: ['manageArchives'], archive: ['View'] },
    request: async (w) => jsonRequest('PATCH', w.archive.href, { iconCharacter: 'Star' }),
    expect: needing(200),
    refusal: /manageArchives/,
  },
  {
    operation: 'deleteFolder',
    grant: { archive: ['View', 'Delete'] },
    request: async (w) => ({ method: 'DELETE', url: await freshFolder(w) }),
    expect: needing(204),
    refusal: /Delete/,
  },
];
