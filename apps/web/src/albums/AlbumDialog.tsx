/**
 * The New album and Rename album dialog (issue 13; FotoWeb API, Albums; spec 01 §8 "Album could not be created, try
 * again later"): the name dialog (components/NameDialog.tsx) on the `albumEdit` machine; `POST` the descriptor's
 * `albums` to create, `PATCH` the album's `edit` to rename.
 */
import { albumEditMachine, ALBUM_NAME_LIMIT, type NameEditInput, type SavedName } from '@magpie/machines';
import { api } from '../api/client.ts';
import { NameDialog, type NameDialogKind } from '../components/NameDialog.tsx';

const ALBUM_DIALOG: NameDialogKind = {
  machine: albumEditMachine,
  testId: 'album',
  label: 'Album name',
  maxLength: ALBUM_NAME_LIMIT + 50,
  title: (target) => (target.mode === 'create' ? 'New album' : `Rename “${target.name}”`),
  submitLabel: (target) => (target.mode === 'create' ? 'Create album' : 'Rename'),
  save: async (input) => {
    const album = input.mode === 'create' ? await api.createAlbum(input.href, { name: input.name }) : await api.updateAlbum(input.href, { name: input.name });
    return { href: album.href, name: album.name };
  },
};

/** See the module comment. `target` opens it (`href`: the descriptor's `albums`, or the album's `edit`). */
export function AlbumDialog({ target, onClose }: { readonly target: NameEditInput | undefined; readonly onClose: (saved: SavedName | undefined) => void }) {
  return <NameDialog kind={ALBUM_DIALOG} target={target} onClose={onClose} />;
}
