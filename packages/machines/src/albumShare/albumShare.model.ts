/**
 * The Share dialog's test model (issue 13; FotoWeb sharing; spec 01 §8 "Share failed"): the outcomes
 * `albumShare.test.ts` runs on real actors, `tests/e2e/model/albumShare.model.spec.ts` runs in Chromium against the
 * real dialog, and `npm run paths -- albumShare` prints for QA. The album has one link; the new link's settings are
 * an expiry in the future or in the past, a good or too short password, and downloads on.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { albumShareMachine, type AlbumShareContext, type AlbumShareInput, type ShareLinkView } from './albumShare.machine.ts';

/** The input of every path. */
export const ALBUM_SHARE_MODEL_INPUT: AlbumShareInput = { sharesHref: '/fotoweb/users/15001/albums/1/.shares/', today: '2026-11-29' };

/** The album's one link. */
export const ALBUM_SHARE_MODEL_LINK: ShareLinkView = {
  href: '/fotoweb/users/15001/albums/1/.shares/links/1',
  url: '/fotoweb/shares/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/',
  expires: null,
  hasPassword: false,
  download: false,
};

/** The link a CREATE makes. */
export const ALBUM_SHARE_MODEL_NEW_URL = '/fotoweb/shares/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB/';

/** The settings a path types: an expiry in the future or the past, a good or a short password. */
export const ALBUM_SHARE_MODEL_VALUES = { expires: { good: '2026-12-31', past: '2026-01-01' }, password: { good: 'secret', short: 'abc' } } as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The link the server makes for the context's settings. */
export function albumShareModelNewLink(context: Pick<AlbumShareContext, 'expires' | 'password' | 'download'>): ShareLinkView {
  return {
    href: '/fotoweb/users/15001/albums/1/.shares/links/2',
    url: ALBUM_SHARE_MODEL_NEW_URL,
    expires: context.expires === '' ? null : `${context.expires}T23:59:59.000Z`,
    hasPassword: context.password !== '',
    download: context.download,
  };
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as AlbumShareContext;
    if (snapshot.matches('loading')) {
      return [event('xstate.done.actor.loadLinks', { output: [ALBUM_SHARE_MODEL_LINK] }), event('xstate.error.actor.loadLinks', { error: { status: 500 } }), event('CLOSE')];
    }
    if (snapshot.matches('loadFailed')) return [event('RETRY'), event('CLOSE')];
    if (snapshot.matches('ready')) {
      const { expires, password } = ALBUM_SHARE_MODEL_VALUES;
      // One setting per path, and one new link per path: the model stays finite and small.
      const untouched = context.expires === '' && context.password === '' && !context.download;
      const made = context.links.some((link) => link.url === ALBUM_SHARE_MODEL_NEW_URL);
      return [
        ...(untouched && !made
          ? [
              event('SET_EXPIRES', { value: expires.good }),
              event('SET_EXPIRES', { value: expires.past }),
              event('SET_PASSWORD', { value: password.good }),
              event('SET_PASSWORD', { value: password.short }),
              event('SET_DOWNLOAD', { value: true }),
            ]
          : []),
        ...(made ? [] : [event('CREATE')]),
        ...(context.links.length > 0 ? [event('REVOKE', { href: context.links.at(-1)!.href })] : []),
        event('CLOSE'),
      ];
    }
    if (snapshot.matches('creating')) {
      return [
        event('xstate.done.actor.createLink', { output: albumShareModelNewLink(context) }),
        event('xstate.error.actor.createLink', { error: { status: 500, responseJSON: null } }),
        ...(variant === 'shortest'
          ? [
              event('xstate.error.actor.createLink', {
                error: { status: 403, responseJSON: { value: 'Forbidden', message: 'You need the albums.shareWithGuests permission to share albums by link.' } },
              }),
            ]
          : []),
      ];
    }
    if (snapshot.matches('revoking')) {
      return [event('xstate.done.actor.revokeLink', { output: undefined }), event('xstate.error.actor.revokeLink', { error: { status: 500, responseJSON: null } })];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(albumShareMachine);

/** The `xstate/graph` test model for a variant, with {@link ALBUM_SHARE_MODEL_INPUT}. */
export function createAlbumShareTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ALBUM_SHARE_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The Share dialog's {@link MachineModel}. */
export const albumShareModel: MachineModel = {
  name: 'albumShare',
  title: 'Share an album by link: expiry, password and downloads checked; a refused link says "Share failed"; revoke a link',
  spec: 'spec 01 §8 "Share failed"; FotoWeb sharing (`type: everyone` links)',
  machine: albumShareMachine,
  testModel(variant: PathVariant) {
    return createAlbumShareTestModel(variant);
  },
};
