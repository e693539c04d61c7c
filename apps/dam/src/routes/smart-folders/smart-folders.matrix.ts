/**
 * The smart folders room's rows of the authorization matrix (policies/authorization.matrix.test.ts): anyone who may
 * view the archive lists its smart folders (404 for others, revealing nothing); making, changing and deleting one
 * needs EditSmartFolders (403 for viewers).
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const EDITING = { archive: ['View', 'EditSmartFolders'] } as const;
const list = (w: MatrixWorld) => `/fotoweb/smartfolders/${w.archive.id}/`;
let made = 0;

/** A smart folder of the matrix archive, made by the site owner, for one call. */
async function smartFolder(w: MatrixWorld): Promise<string> {
  const res = await w.dam.app.inject({
    ...jsonRequest('POST', list(w), { name: `Matrix ${++made}`, searchHref: `${w.archive.href}?q=matrix` }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.owner.token}` },
  });
  if (res.statusCode !== 201) throw new Error(`smart folder: ${res.statusCode} ${res.body}`);
  return String(res.headers.location);
}

const guarded: Pick<MatrixExpect, 'none' | 'outsider' | 'viewer'> = { none: 401, outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'] };

export const SMART_FOLDERS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'listSmartFolders',
    grant: { archive: ['View'] },
    request: async (w) => ({ method: 'GET', url: list(w) }),
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: 200, permitted: 200, owner: 200 },
  },
  {
    operation: 'createSmartFolder',
    grant: EDITING,
    request: async (w) => jsonRequest('POST', list(w), { name: `Matrix ${++made}`, searchHref: `${w.archive.href}?q=matrix` }),
    expect: { ...guarded, permitted: 201, owner: 201 },
    refusal: /EditSmartFolders/,
  },
  {
    operation: 'updateSmartFolder',
    grant: EDITING,
    request: async (w) => jsonRequest('PATCH', await smartFolder(w), { position: 0 }),
    expect: { ...guarded, permitted: 200, owner: 200 },
    refusal: /EditSmartFolders/,
  },
  {
    operation: 'deleteSmartFolder',
    grant: EDITING,
    request: async (w) => ({ method: 'DELETE', url: await smartFolder(w) }),
    expect: { ...guarded, permitted: 204, owner: 204 },
    refusal: /EditSmartFolders/,
  },
];
