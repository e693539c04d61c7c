/**
 * The uploads room's rows of the authorization matrix (policies/authorization.matrix.test.ts): an upload belongs to
 * the user who created it (`createUpload`, an archive row, needs UploadFile). Anyone else, the site owner included,
 * gets 404 for its chunks and 403 for its status (as FotoWeb answers). Each request names a new upload of the row's
 * `permitted` caller.
 */
import { as, jsonRequest, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const UPLOADING = { archive: ['View', 'UploadFile'] } as const;

/**
 * A new upload of two chunks by the `permitted` caller, so that sending its 1-byte last chunk stores the chunk and
 * leaves the upload waiting (no ingest runs). Answers its id.
 */
async function freshUpload(w: MatrixWorld): Promise<string> {
  const fileSize = w.dam.config.uploadChunkBytes + 1;
  const res = await w.dam.app.inject(as(w.permitted, jsonRequest('POST', '/fotoweb/api/uploads', { destination: w.archive.href, filename: 'matrix-upload.jpg', fileSize })));
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** The multipart body of a chunk: one part named `chunk`. */
async function chunkBody(bytes: Uint8Array): Promise<{ contentType: string; payload: Buffer }> {
  const form = new FormData();
  form.append('chunk', new Blob([bytes]), 'chunk');
  const request = new Request('http://matrix', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, payload: Buffer.from(await request.arrayBuffer()) };
}

export const UPLOADS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'uploadChunk',
    grant: UPLOADING,
    request: async (w) => {
      const { contentType, payload } = await chunkBody(new Uint8Array([0xff]));
      return { method: 'POST', url: `/fotoweb/api/uploads/${await freshUpload(w)}/chunks/1`, headers: { 'content-type': contentType }, payload };
    },
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 204, owner: [404, 'NotFound'] },
  },
  {
    operation: 'getUploadStatus',
    grant: UPLOADING,
    request: async (w) => ({ method: 'GET', url: `/fotoweb/api/uploads/${await freshUpload(w)}/status` }),
    expect: { none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: [403, 'Forbidden'] },
  },
];
