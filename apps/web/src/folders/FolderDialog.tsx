/**
 * The New folder and Rename folder dialog (issue 13; spec 01 §3 Folder, §5 file-name rule), on the `folderEdit`
 * machine: the name, checked when submitted (the rule's message under the field), the server's refusal in the
 * dialog, which stays open; on success it closes with the saved folder.
 */
import { useEffect } from 'react';
import { Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { DialogFormEnd } from '../components/DialogFormEnd.tsx';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { folderEditMachine, type FolderEditMode, type FolderSaveInput, type SavedFolder } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';

/** What the dialog edits: a new folder in `href`, or the folder at `href` named `name`. */
export interface FolderDialogTarget {
  readonly mode: FolderEditMode;
  readonly href: string;
  readonly name: string;
}

/** Saves through the typed client: `POST` the collection to create, `PATCH` the folder to rename. */
async function saveFolder(input: FolderSaveInput): Promise<SavedFolder> {
  const folder = await machineCall(() => (input.mode === 'create' ? api.createFolder(input.href, input.name) : api.renameFolder(input.href, input.name)));
  return { href: folder.href, name: folder.name };
}

function FolderDialogBody({ target, onClose }: { readonly target: FolderDialogTarget; readonly onClose: (saved: SavedFolder | undefined) => void }) {
  const [state, send] = useMachine(folderEditMachine.provide({ actors: { saveFolder: fromPromise(({ input }) => saveFolder(input)) } }), { input: target });
  const value = String(state.value);
  const { name, problem, error } = state.context;
  const saved = state.context.saved;
  useEffect(() => {
    if (value === 'done' || value === 'cancelled') onClose(saved);
  }, [value, saved, onClose]);
  const creating = target.mode === 'create';
  return (
    <Dialog.Content data-testid="folder-dialog" data-state={value} asChild>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Dialog.Header>
          <Dialog.Title>{creating ? 'New folder' : `Rename “${target.name}”`}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Field.Root invalid={problem !== undefined} required>
            <Field.Label>Folder name</Field.Label>
            <Input
              data-testid="folder-name"
              value={name}
              autoFocus
              maxLength={255}
              disabled={value === 'saving'}
              onChange={(event) => send({ type: 'CHANGE', name: event.target.value })}
            />
            {problem !== undefined && <Field.ErrorText data-testid="folder-name-problem">{problem}</Field.ErrorText>}
          </Field.Root>
        </Dialog.Body>
        <DialogFormEnd error={error} saving={value === 'saving'} submitLabel={creating ? 'Create folder' : 'Rename'} onCancel={() => send({ type: 'CANCEL' })} testId="folder" />
      </form>
    </Dialog.Content>
  );
}

/** See the module comment. `target` opens it (undefined: closed); `onClose` gets the saved folder, or undefined. */
export function FolderDialog({ target, onClose }: { readonly target: FolderDialogTarget | undefined; readonly onClose: (saved: SavedFolder | undefined) => void }) {
  return (
    <Dialog.Root open={target !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose(undefined))} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{target && <FolderDialogBody key={`${target.mode} ${target.href}`} target={target} onClose={onClose} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
