/**
 * The upload popover machine of `@magpie/machines` with the real uploader: FotoWeb's chunked Upload API over
 * `fetch`, with the session cookie and the CSRF header on every request (bff.yaml "CSRF"; spec 01 §4 Upload
 * popover). All of the popover's flow state lives in this machine; the view only reads it and sends events.
 */
import { fromPromise } from 'xstate';
import { createChunkedUploader, uploadPopoverMachine, type FetchLike, type UploadFileActorInput, type UploadFileOutput } from '@magpie/machines';
import { csrfHeaders } from '../api/client.ts';

/**
 * `fetch` for the uploader: same-origin credentials, never cached (status polls must see fresh answers). A 401 is
 * not turned into a redirect here: the file fails with "Access denied" and its retry link (spec 01 §8), and the
 * next page load goes to the login view.
 */
const uploadFetch: FetchLike = (url, init) => fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' });

/** The real chunked uploader (one per app; it keeps no per-file state). */
export const uploader = createChunkedUploader({ fetch: uploadFetch, headers: csrfHeaders });

/** The popover machine wired to the real uploader; the actor is aborted when the popover actor stops. */
export const appUploadPopoverMachine = uploadPopoverMachine.provide({
  actors: {
    uploadFile: fromPromise<UploadFileOutput, UploadFileActorInput>(({ input, signal }) => uploader.upload({ ...input, signal })),
  },
});
