/**
 * The album name dialog's test model (issue 13; spec 01 §8 "Album could not be created, try again later"): the
 * outcomes `albumEdit.test.ts` runs on real actors, `tests/e2e/model/albumEdit.model.spec.ts` runs in Chromium against
 * the Albums view's New album dialog, and `npm run paths -- albumEdit` prints for QA. Names typed: an acceptable one
 * and a blank one.
 */
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { createNameEditModel } from '../nameEdit/nameEdit.model.ts';
import type { NameEditInput } from '../nameEdit/nameEdit.factory.ts';
import { albumEditMachine } from './albumEdit.machine.ts';

/** The input of every path: a new album in the user's albums. */
export const ALBUM_EDIT_MODEL_INPUT: NameEditInput = { mode: 'create', href: '/fotoweb/me/albums/', name: '' };

/** The names a path types: one the rules accept, one they refuse. */
export const ALBUM_EDIT_MODEL_NAMES = { good: 'Summer 2026', blank: '   ' } as const;

/** The album a save makes. */
export const ALBUM_EDIT_MODEL_SAVED_HREF = '/fotoweb/users/15001/albums/7/';

/** Refusals per variant: `shortest` a 403 (no albums.create) and a 500; `simple` the 500. */
export const ALBUM_EDIT_MODEL_FAILURES: Readonly<Record<PathVariant, readonly unknown[]>> = {
  shortest: [
    { status: 403, responseJSON: { value: 'Forbidden', message: 'You need the albums.create permission to create albums.' } },
    { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } },
  ],
  simple: [{ status: 500, responseJSON: { value: 'InternalError', message: 'boom' } }],
};

/** The name dialog's {@link MachineModel} (`nameEdit/nameEdit.model.ts`). */
export const albumEditModel: MachineModel = createNameEditModel({
  name: 'albumEdit',
  title: 'Make an album: a blank name refused, a refusal or a failure keeps the dialog open',
  spec: 'spec 01 §8 "Album could not be created, try again later"; FotoWeb API, Albums',
  machine: albumEditMachine,
  input: ALBUM_EDIT_MODEL_INPUT,
  names: ALBUM_EDIT_MODEL_NAMES,
  savedHref: () => ALBUM_EDIT_MODEL_SAVED_HREF,
  failures: ALBUM_EDIT_MODEL_FAILURES,
});
