/**
 * "New metadata view" from the archive dialog (issue 12; spec 03 §2.12 Metadata management, §7 metadata views), on
 * the `metadataViewCreate` machine: a name and where the fields come from (a copy of one of the views, or the default
 * fields); a refusal stays in the dialog; once made, the archive dialog chooses the new view.
 */
import { useEffect } from 'react';
import { Dialog, Field, Input, NativeSelect, Portal } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { METADATA_VIEW_NAME_MAX, metadataViewCreateMachine, type CreatedMetadataView, type MetadataViewCreateCall } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { DialogFormEnd } from '../components/DialogFormEnd.tsx';
import type { Choice } from './archiveForm.ts';

/** `POST /fotoweb/api/config/metadataviews` through the typed client. */
async function createView(input: MetadataViewCreateCall): Promise<CreatedMetadataView> {
  const view = await machineCall(() => api.createMetadataViewConfig({ Name: input.name, CopyFrom: input.copyFrom }));
  return { id: view.Id, name: view.Name };
}

/** The value of "the default fields" in the source select. */
const DEFAULT_FIELDS = '';

function NewViewBody({ views, copyFrom, onClose }: { views: readonly Choice[]; copyFrom: string | null; onClose: (view: CreatedMetadataView | undefined) => void }) {
  const [state, send] = useMachine(metadataViewCreateMachine.provide({ actors: { createView: fromPromise(({ input }) => createView(input)) } }), { input: { copyFrom } });
  const value = String(state.value);
  const { name, problem, error, created } = state.context;
  useEffect(() => {
    if (value === 'done' || value === 'cancelled') onClose(created);
  }, [value, created, onClose]);
  return (
    <Dialog.Content data-testid="new-view-dialog" data-state={value} asChild>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Dialog.Header>
          <Dialog.Title>New metadata view</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Field.Root invalid={problem !== undefined} required>
            <Field.Label>Name</Field.Label>
            <Input
              data-testid="new-view-name"
              value={name}
              autoFocus
              maxLength={METADATA_VIEW_NAME_MAX}
              disabled={value === 'saving'}
              onChange={(event) => send({ type: 'CHANGE', name: event.target.value })}
            />
            {problem !== undefined && <Field.ErrorText data-testid="new-view-problem">{problem}</Field.ErrorText>}
          </Field.Root>
          <Field.Root mt="4" disabled={value === 'saving'}>
            <Field.Label>Start from</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                data-testid="new-view-source"
                value={state.context.copyFrom ?? DEFAULT_FIELDS}
                onChange={(event) => send({ type: 'SOURCE', copyFrom: event.target.value === DEFAULT_FIELDS ? null : event.target.value })}
              >
                <option value={DEFAULT_FIELDS}>The default fields</option>
                {views.map((view) => (
                  <option key={view.id} value={view.id}>
                    A copy of {view.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Dialog.Body>
        <DialogFormEnd error={error} saving={value === 'saving'} submitLabel="Create view" onCancel={() => send({ type: 'CANCEL' })} testId="new-view" />
      </form>
    </Dialog.Content>
  );
}

/** See the module comment. Open while `open`; `onClose` gets the view made, or undefined. */
export function NewMetadataViewDialog({
  open,
  views,
  copyFrom,
  onClose,
}: {
  readonly open: boolean;
  readonly views: readonly Choice[];
  /** The view offered to copy at first (the archive's), or null for the default fields. */
  readonly copyFrom: string | null;
  readonly onClose: (view: CreatedMetadataView | undefined) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => (details.open ? undefined : onClose(undefined))} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{open && <NewViewBody views={views} copyFrom={copyFrom} onClose={onClose} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
