/**
 * The share link page's test model (issue 13): the outcomes `sharedAlbum.test.ts` runs on real actors,
 * `tests/e2e/model/sharedAlbum.model.spec.ts` runs in Chromium against the real public page, and `npm run paths --
 * sharedAlbum` prints for QA. The album has two pages of one asset each; the link may need the password `secret`.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { sharedAlbumMachine, type SharedAlbumContext, type SharedAlbumInput, type SharedAlbumPage } from './sharedAlbum.machine.ts';

/** The input of every path. */
export const SHARED_ALBUM_MODEL_INPUT: SharedAlbumInput = { href: '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/' };

/** The access value the password gives. */
export const SHARED_ALBUM_MODEL_ACCESS = 'access-1';

const asset = (id: string) => ({
  id,
  filename: `photo-${id}.jpg`,
  title: `Photo ${id}`,
  previews: [{ size: 400, width: 400, height: 300, square: false, href: `${SHARED_ALBUM_MODEL_INPUT.href}previews/${id}/400.a.jpg` }],
  download: null,
});

/** The album's pages: the first links to the second. */
export const SHARED_ALBUM_MODEL_PAGES: readonly [SharedAlbumPage, SharedAlbumPage] = [
  { name: 'Trip', description: 'By the sea', assetCount: 2, download: false, expires: null, assets: [asset('1')], paging: { next: `${SHARED_ALBUM_MODEL_INPUT.href}?p=1` } },
  { name: 'Trip', description: 'By the sea', assetCount: 2, download: false, expires: null, assets: [asset('2')], paging: { next: null } },
];

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const refusal = (status: number, value: string, message: string) => ({ status, responseJSON: { value, message } });

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as SharedAlbumContext;
    if (snapshot.matches('loading')) {
      return [
        event('xstate.done.actor.loadPage', { output: SHARED_ALBUM_MODEL_PAGES[0] }),
        ...(context.access === '' ? [event('xstate.error.actor.loadPage', { error: refusal(401, 'SharePasswordRequired', 'This share link needs its password.') })] : []),
        event('xstate.error.actor.loadPage', { error: refusal(410, 'ShareExpired', 'This share link has expired.') }),
        event('xstate.error.actor.loadPage', { error: refusal(404, 'ShareNotFound', 'This share link does not exist or was revoked.') }),
        ...(variant === 'shortest' ? [event('xstate.error.actor.loadPage', { error: { status: 500, responseJSON: null } })] : []),
      ];
    }
    if (snapshot.matches({ shown: 'idle' })) return context.next ? [event('LOAD_MORE')] : [];
    if (snapshot.matches({ shown: 'loadingMore' })) {
      return [event('xstate.done.actor.loadMore', { output: SHARED_ALBUM_MODEL_PAGES[1] }), event('xstate.error.actor.loadMore', { error: { status: 500, responseJSON: null } })];
    }
    if (snapshot.matches('locked')) return [...(context.password === '' ? [event('CHANGE', { password: 'secret' })] : []), event('SUBMIT')];
    if (snapshot.matches('unlocking')) {
      return [
        event('xstate.done.actor.unlock', { output: SHARED_ALBUM_MODEL_ACCESS }),
        event('xstate.error.actor.unlock', { error: refusal(403, 'WrongPassword', 'That is not the password of this share link.') }),
        ...(variant === 'shortest' ? [event('xstate.error.actor.unlock', { error: refusal(429, 'TooManyRequests', 'Too many wrong passwords. Try again in 15 minutes.') })] : []),
      ];
    }
    if (snapshot.matches('failed')) return [event('RETRY')];
    return [];
  };
}

const modelMachine = toTestModelMachine(sharedAlbumMachine);

/** The `xstate/graph` test model for a variant, with {@link SHARED_ALBUM_MODEL_INPUT}. */
export function createSharedAlbumTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: SHARED_ALBUM_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The share link page's {@link MachineModel}. */
export const sharedAlbumModel: MachineModel = {
  name: 'sharedAlbum',
  title: 'Open a share link: the album page by page, a password first when it has one, a clear page when expired or revoked',
  spec: 'issue 13 share links (expiry, password); FotoWeb sharing',
  machine: sharedAlbumMachine,
  testModel(variant: PathVariant) {
    return createSharedAlbumTestModel(variant);
  },
};
