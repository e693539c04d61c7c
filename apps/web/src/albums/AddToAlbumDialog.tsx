/**
 * The Add to album dialog (issue 13; spec 01 §2 asset selection, §8 "Album could not be created, try again later"), on
 * the `albumAdd` machine: the user's albums (the descriptor's `albums_own`, then `albums_contribute`: those others
 * shared with them for contribution) as a radio list with "New album" and its
 * name; Add makes the new album if needed (the descriptor's `albums`) and adds the selected assets to the end of the
 * album. A refusal stays in the dialog; on success it closes with what was added.
 */
import { useEffect } from 'react';
import { Box, Button, Dialog, Field, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { albumAddMachine, ALBUM_NAME_LIMIT, type AlbumAddRequest, type AlbumAddResult, type AlbumChoice } from '@magpie/machines';
import type { FullApiDescriptor } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { toRequestError } from '../api/requestErrors.ts';
import { DialogFormEnd } from '../components/DialogFormEnd.tsx';

/** The user's albums as choices, newest first. */
async function loadAlbums(descriptor: FullApiDescriptor): Promise<AlbumChoice[]> {
  const [own, contribute] = await Promise.all([api.listAlbums(descriptor.albums_own!), descriptor.albums_contribute ? api.listAlbums(descriptor.albums_contribute) : undefined]);
  // Albums others shared for contribution follow the user's own, named with their owner's name.
  const shared = (contribute?.data ?? []).map((album) => {
    const owner = typeof album.props?.owner?.name === 'string' ? album.props.owner.name : '';
    return { href: album.href, name: owner ? `${album.name} (${owner})` : album.name, assetCount: album.assetCount };
  });
  return [...own.data.map((album) => ({ href: album.href, name: album.name, assetCount: album.assetCount })), ...shared];
}

/** Makes the new album when asked, then adds; a failure says which step failed (the machine's `AlbumAddFailure`). */
async function addToAlbum(descriptor: FullApiDescriptor, request: AlbumAddRequest): Promise<AlbumAddResult> {
  let album: { href: string; name: string; assetCount: number };
  if ('newName' in request) {
    try {
      album = await api.createAlbum(descriptor.albums!, { name: request.newName });
    } catch (error) {
      throw { stage: 'create', ...(toRequestError(error) as object) };
    }
  } else {
    album = { href: request.album, name: '', assetCount: 0 };
  }
  try {
    const { added, album: after } = await api.addAlbumAssets(album.href, request.assets);
    return { album: { href: after.href, name: after.name }, added };
  } catch (error) {
    const created = 'newName' in request ? { created: { href: album.href, name: album.name, assetCount: 0 } } : {};
    throw { stage: 'add', ...created, ...(toRequestError(error) as object) };
  }
}

function AddToAlbumBody({
  descriptor,
  assets,
  onClose,
}: {
  readonly descriptor: FullApiDescriptor;
  readonly assets: readonly string[];
  readonly onClose: (result: AlbumAddResult | undefined) => void;
}) {
  const [state, send] = useMachine(
    albumAddMachine.provide({
      actors: { loadAlbums: fromPromise(() => loadAlbums(descriptor)), addToAlbum: fromPromise(({ input }) => addToAlbum(descriptor, input)) },
    }),
    { input: { assets } },
  );
  const value = String(state.value);
  const { albums, choice, newName, problem, error, result } = state.context;
  useEffect(() => {
    if (value === 'done' || value === 'cancelled') onClose(result);
  }, [value, result, onClose]);
  const adding = value === 'adding';
  const count = assets.length === 1 ? '1 asset' : `${assets.length} assets`;
  return (
    <Dialog.Content data-testid="album-add-dialog" data-state={value} asChild>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Dialog.Header>
          <Dialog.Title>Add {count} to an album</Dialog.Title>
        </Dialog.Header>
        {value === 'loading' && (
          <Dialog.Body>
            <Spinner size="sm" aria-hidden="true" />{' '}
            <Text as="span" role="status">
              Loading your albums…
            </Text>
          </Dialog.Body>
        )}
        {value === 'loadFailed' && (
          <Dialog.Body>
            <Text role="alert" color="fg.error" data-testid="album-add-load-error">
              {error}
            </Text>
            <Button mt="3" size="sm" onClick={() => send({ type: 'RETRY' })} data-testid="album-add-retry">
              Try again
            </Button>
          </Dialog.Body>
        )}
        {(value === 'choosing' || adding) && (
          <Dialog.Body>
            <Field.Root invalid={problem !== undefined}>
              <Box as="fieldset" border="0" p="0" m="0" w="full">
                <Text as="legend" fontWeight="medium" mb="2">
                  Album
                </Text>
                <Stack gap="1" maxH="240px" overflowY="auto" data-testid="album-add-choices">
                  {albums.map((album) => (
                    <label key={album.href} data-testid="album-add-choice">
                      <input
                        type="radio"
                        name="album"
                        value={album.href}
                        checked={choice === album.href}
                        disabled={adding}
                        onChange={() => send({ type: 'CHOOSE', href: album.href })}
                      />{' '}
                      {album.name}{' '}
                      <Text as="span" color="fg.muted">
                        ({album.assetCount})
                      </Text>
                    </label>
                  ))}
                  <label>
                    <input
                      type="radio"
                      name="album"
                      value="new"
                      checked={choice === 'new'}
                      disabled={adding}
                      onChange={() => send({ type: 'CHOOSE_NEW' })}
                      data-testid="album-add-new"
                    />{' '}
                    New album
                  </label>
                </Stack>
              </Box>
              <Input
                mt="2"
                aria-label="New album name"
                placeholder="New album name"
                data-testid="album-add-name"
                value={newName}
                maxLength={ALBUM_NAME_LIMIT + 50}
                disabled={adding}
                onChange={(event) => send({ type: 'CHANGE_NAME', name: event.target.value })}
              />
              {problem !== undefined && <Field.ErrorText data-testid="album-add-problem">{problem}</Field.ErrorText>}
            </Field.Root>
          </Dialog.Body>
        )}
        <DialogFormEnd error={value === 'loadFailed' ? undefined : error} saving={adding} submitLabel="Add" onCancel={() => send({ type: 'CANCEL' })} testId="album-add" />
      </form>
    </Dialog.Content>
  );
}

/** See the module comment. `assets` opens it (undefined: closed); `onClose` gets what was added, or undefined. */
export function AddToAlbumDialog({
  descriptor,
  assets,
  onClose,
}: {
  readonly descriptor: FullApiDescriptor;
  readonly assets: readonly string[] | undefined;
  readonly onClose: (result: AlbumAddResult | undefined) => void;
}) {
  return (
    <Dialog.Root open={assets !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose(undefined))} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{assets && <AddToAlbumBody descriptor={descriptor} assets={assets} onClose={onClose} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
