/**
 * The Add to album dialog's test model (issue 13; spec 01 §2, §8 "Album could not be created, try again later"): the
 * outcomes `albumAdd.test.ts` runs on real actors, `tests/e2e/model/albumAdd.model.spec.ts` runs in Chromium against
 * the real dialog, and `npm run paths -- albumAdd` prints for QA. The user has one album, `Holiday`; a new album is
 * named `Trip` (or left blank).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { albumAddMachine, type AlbumAddContext, type AlbumAddInput, type AlbumChoice } from './albumAdd.machine.ts';

/** The input of every path: two assets of Photos. */
export const ALBUM_ADD_MODEL_INPUT: AlbumAddInput = {
  assets: ['/fotoweb/archives/5000-Photos/model/a.jpg.info', '/fotoweb/archives/5000-Photos/model/b.jpg.info'],
};

/** The user's one album. */
export const ALBUM_ADD_MODEL_ALBUM: AlbumChoice = { href: '/fotoweb/users/15001/albums/1/', name: 'Holiday', assetCount: 3 };

/** The names a path types for a new album: an acceptable one and a blank one. */
export const ALBUM_ADD_MODEL_NAMES = { good: 'Trip', blank: '  ' } as const;

/** The album a new name makes. */
export const ALBUM_ADD_MODEL_CREATED: AlbumChoice = { href: '/fotoweb/users/15001/albums/2/', name: 'Trip', assetCount: 0 };

const CREATE_FAILED = { stage: 'create', status: 500, responseJSON: { value: 'InternalError', message: 'boom' } };
const ASSET_GONE = { status: 404, responseJSON: { value: 'NotFound', message: 'The asset was not found.' } };

/**
 * Refusals of adding, by the choice: for a new album, its creation failing, or (shortest paths) the add failing after
 * it was made (`created`); for an existing album, the add failing (shortest paths).
 */
export const ALBUM_ADD_MODEL_FAILURES: Readonly<Record<PathVariant, { readonly new: readonly unknown[]; readonly existing: readonly unknown[] }>> = {
  shortest: { new: [CREATE_FAILED, { stage: 'add', created: ALBUM_ADD_MODEL_CREATED, ...ASSET_GONE }], existing: [{ stage: 'add', ...ASSET_GONE }] },
  simple: { new: [CREATE_FAILED], existing: [] },
};

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as AlbumAddContext;
    if (snapshot.matches('loading')) {
      // Simple paths leave the load failure to the shortest ones.
      const failures = variant === 'simple' ? [] : [event('xstate.error.actor.loadAlbums', { error: { status: 500 } })];
      return [event('xstate.done.actor.loadAlbums', { output: [ALBUM_ADD_MODEL_ALBUM] }), ...failures, event('CANCEL')];
    }
    if (snapshot.matches('loadFailed')) return [event('RETRY'), event('CANCEL')];
    if (snapshot.matches('choosing')) {
      // Simple paths type only the good name, once, so that their number stays small.
      const names = variant === 'simple' ? (context.newName === '' ? [ALBUM_ADD_MODEL_NAMES.good] : []) : Object.values(ALBUM_ADD_MODEL_NAMES);
      return [
        ...(context.choice === ALBUM_ADD_MODEL_ALBUM.href ? [] : [event('CHOOSE', { href: ALBUM_ADD_MODEL_ALBUM.href })]),
        ...(context.choice === 'new' || variant === 'simple' ? [] : [event('CHOOSE_NEW')]),
        ...names.filter((name) => name !== context.newName).map((name) => event('CHANGE_NAME', { name })),
        event('SUBMIT'),
        event('CANCEL'),
      ];
    }
    if (snapshot.matches('adding')) {
      const album =
        context.choice === 'new' ? { href: ALBUM_ADD_MODEL_CREATED.href, name: context.newName.trim() } : { href: ALBUM_ADD_MODEL_ALBUM.href, name: ALBUM_ADD_MODEL_ALBUM.name };
      return [
        event('xstate.done.actor.addToAlbum', { output: { album, added: context.assets.length } }),
        ...ALBUM_ADD_MODEL_FAILURES[variant][context.choice === 'new' ? 'new' : 'existing']
          // The new album is made once per path: its context would otherwise grow without end.
          .filter((error) => !(error as { created?: unknown }).created || !context.albums.some((album) => album.href === ALBUM_ADD_MODEL_CREATED.href))
          .map((error) => event('xstate.error.actor.addToAlbum', { error })),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(albumAddMachine);

/** The `xstate/graph` test model for a variant, with {@link ALBUM_ADD_MODEL_INPUT}. */
export function createAlbumAddTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ALBUM_ADD_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The Add to album dialog's {@link MachineModel}. */
export const albumAddModel: MachineModel = {
  name: 'albumAdd',
  title: 'Add the selection to an album: choose one or name a new one; a failed creation or add keeps the dialog open',
  spec: 'spec 01 §2 asset selection, §8 "Album could not be created, try again later"',
  machine: albumAddMachine,
  testModel(variant: PathVariant) {
    return createAlbumAddTestModel(variant);
  },
};
